#!/usr/bin/env node
// Builds the voice engine's generated modules from the installed npm packages (run by `npm install`
// as the postinstall script; no network). See docs/decisions/0009-voice-engine.md and
// docs/decisions/0027-engine-cold-start.md.
//
// Output in workers/api/src/engine/generated/ (git-ignored):
//   espeak-ko-en.data  eSpeak NG's data trimmed to Korean + English (~0.95 MB instead of 24 MB), from
//                      @echogarden/espeak-ng-emscripten (the data the engine has always read)
//   espeak-files.js    its file table ([path, start, end]) and the extent of the eSpeak module's memory
//                      to restore before each run (below)
//   espeak-ng.wasm     eSpeak NG 1.52-dev compiled to WebAssembly (the npm package `espeak-ng`: the
//                      espeak-ng command line program), with the 18 MB of data it embeds for every
//                      language dropped from its data section (we mount the Korean + English data)
//   espeak-ng.js       that package's Emscripten glue, patched to run in workerd (below)
//   rubberband.js      @echogarden/rubberband-wasm's module, patched the same way (its .wasm is imported
//                      from the package as is)
//   *.d.ts             their types
//
// Patches (each must match exactly as often as expected, so a package update fails here, not at run
// time): `import.meta.url` is undefined in workerd, so it becomes a constant; Node detection is turned
// off (with nodejs_compat workerd has a `process`, and the Node branch would `import("module")` and
// read files); espeak's embedded-file loader does nothing (the files it would list are dropped);
// `callMain` is exposed so that one instance runs the program once per request.
//
// Idempotent: a stamp of the inputs (package versions + this script) skips the work when unchanged.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "workers/api/src/engine/generated");
const require = createRequire(join(root, "package.json"));

/** Which files of espeak-ng-data to keep (paths relative to /usr/share/espeak-ng-data/). */
const KEEP = [
  /^phon(data|index|tab)$/, // the phoneme tables and sound data every voice needs
  /^intonations$/,
  /^(ko|en)_dict$/, // the two languages' dictionaries / rules
  /^lang\/ko$/,
  /^lang\/gmw\/en(-.*)?$/, // en, en-US, en-GB-x-rp, ...
  /^voices\/!v\//, // the variants (+f2, +m3, +whisper, ...): 94 small files
];
const DATA_ROOT = "/usr/share/espeak-ng-data/";

function packageDir(name) {
  return dirname(require.resolve(`${name}/package.json`));
}

/** Replaces every occurrence of `from` in `text`, insisting on exactly `count` of them. */
function patch(text, from, to, count, what) {
  const found = text.split(from).length - 1;
  if (found !== count) throw new Error(`engine-data: ${what}: expected ${count} match(es) of ${JSON.stringify(from)}, found ${found}`);
  return text.split(from).join(to);
}

function writeAtomic(path, content) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

const NODE_DETECT =
  'typeof process=="object"&&typeof process.versions=="object"&&typeof process.versions.node=="string"&&process.type!="renderer"';

/** eSpeak NG's data for Korean and English, cut out of @echogarden/espeak-ng-emscripten's data package. */
function buildEspeakData(dir) {
  const js = readFileSync(join(dir, "espeak-ng.js"), "utf8");
  const data = readFileSync(join(dir, "espeak-ng.data"));

  // The file packager's table: loadPackage({files:[{filename,start,end},...],remote_package_size:N})
  const table = js.match(/loadPackage\((\{files:\[[^\]]*\],remote_package_size:\d+\})\)/);
  if (!table) throw new Error("engine-data: espeak file table not found");
  const files = [...table[1].matchAll(/\{filename:"([^"]+)",start:(\d+),end:(\d+)\}/g)].map((m) => ({
    filename: m[1],
    start: Number(m[2]),
    end: Number(m[3]),
  }));
  const kept = files.filter((f) => f.filename.startsWith(DATA_ROOT) && KEEP.some((re) => re.test(f.filename.slice(DATA_ROOT.length))));
  for (const need of ["phondata", "phontab", "phonindex", "intonations", "ko_dict", "en_dict", "lang/ko", "lang/gmw/en"]) {
    if (!kept.some((f) => f.filename === DATA_ROOT + need)) throw new Error(`engine-data: ${need} missing from the espeak data`);
  }

  // Concatenate the kept files and give them new offsets; the dropped files simply do not exist.
  const parts = [];
  let offset = 0;
  const table2 = kept.map((f) => {
    parts.push(data.subarray(f.start, f.end));
    const entry = [f.filename.slice(DATA_ROOT.length), offset, offset + (f.end - f.start)];
    offset = entry[2];
    return entry;
  });
  return { data: Buffer.concat(parts), files: table2 };
}

/** The sections of a WebAssembly binary: [{id, start, end}] (start/end of the payload). */
function wasmSections(bytes) {
  const sections = [];
  let at = 8;
  const leb = () => {
    let result = 0,
      shift = 0,
      byte;
    do {
      byte = bytes[at++];
      result |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return result >>> 0;
  };
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = leb();
    sections.push({ id, start: at, end: at + size });
    at += size;
  }
  return { sections, leb: (pos) => ((at = pos), [leb(), at]) };
}

function uleb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}
function sleb(n) {
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) {
      out.push(byte);
      return Buffer.from(out);
    }
    out.push(byte | 0x80);
  }
}

/**
 * The `espeak-ng` package's WebAssembly with the files it embeds (eSpeak NG's data for every language,
 * 18 MB, listed at `__emscripten_embedded_file_data`) zeroed, and its data section rewritten without
 * runs of zeros (linear memory starts zeroed, so the memory image is the same minus those files).
 */
function buildEspeakWasm(wasm, tableAddress) {
  const { sections, leb } = wasmSections(wasm);
  const dataSection = sections.find((s) => s.id === 11);
  if (!dataSection || sections.some((s) => s.id === 12)) throw new Error("engine-data: espeak-ng.wasm: unexpected data sections");
  // Active segments of memory 0 with an i32.const offset: [flag 0][0x41 offset 0x0b][size][bytes]
  let [count, at] = leb(dataSection.start);
  const image = [];
  for (let i = 0; i < count; i++) {
    if (wasm[at] !== 0 || wasm[at + 1] !== 0x41) throw new Error("engine-data: espeak-ng.wasm: unexpected data segment form");
    let address;
    [address, at] = leb(at + 2);
    if (wasm[at++] !== 0x0b) throw new Error("engine-data: espeak-ng.wasm: unexpected data segment offset");
    let size;
    [size, at] = leb(at);
    image.push({ address, bytes: Buffer.from(wasm.subarray(at, at + size)) });
    at += size;
  }
  const u32 = (address) => {
    const seg = image.find((s) => address >= s.address && address + 4 <= s.address + s.bytes.length);
    if (!seg) throw new Error(`engine-data: espeak-ng.wasm: address ${address} outside its data`);
    return seg.bytes.readUInt32LE(address - seg.address);
  };
  const zero = (address, length) => {
    const seg = image.find((s) => address >= s.address && address + length <= s.address + s.bytes.length);
    if (!seg) throw new Error(`engine-data: espeak-ng.wasm: file at ${address} outside its data`);
    seg.bytes.fill(0, address - seg.address, address - seg.address + length);
  };
  // The table: {name pointer, length, content pointer} entries up to a zero name pointer.
  let dropped = 0;
  let files = 0;
  const extents = [];
  for (let entry = tableAddress; u32(entry) !== 0; entry += 12) {
    const length = u32(entry + 4);
    zero(u32(entry + 8), length);
    extents.push([u32(entry + 8), u32(entry + 8) + length]);
    dropped += length;
    files++;
  }
  // The files' stretch of memory (alignment padding between them included): never written at run time.
  extents.sort((x, y) => x[0] - y[0]);
  const gaps = [];
  for (const [start, end] of extents) {
    const last = gaps.at(-1);
    if (last && start - last[1] <= 16) last[1] = Math.max(last[1], end);
    else gaps.push([start, end]);
  }
  if (files < 100 || dropped < 10_000_000) throw new Error(`engine-data: espeak-ng.wasm: only ${files} embedded files (${dropped} bytes)`);

  // New segments: the non-zero stretches of the image (zero runs of 64 bytes or more left out).
  const segments = [];
  for (const { address, bytes } of image) {
    let i = 0;
    while (i < bytes.length) {
      while (i < bytes.length && bytes[i] === 0) i++;
      if (i >= bytes.length) break;
      let end = i;
      let zeros = 0;
      while (end < bytes.length && zeros < 64) {
        zeros = bytes[end] === 0 ? zeros + 1 : 0;
        end++;
      }
      end -= zeros;
      segments.push(Buffer.concat([Buffer.from([0, 0x41]), sleb(address + i), Buffer.from([0x0b]), uleb(end - i), bytes.subarray(i, end)]));
      i = end;
    }
  }
  const payload = Buffer.concat([uleb(segments.length), ...segments]);
  const out = Buffer.concat([
    wasm.subarray(0, dataSection.start - 1 - uleb(dataSection.end - dataSection.start).length),
    Buffer.from([11]),
    uleb(payload.length),
    payload,
    wasm.subarray(dataSection.end),
  ]);
  if (!WebAssembly.validate(out)) throw new Error("engine-data: espeak-ng.wasm: the rewritten module does not validate");
  return { wasm: out, files, dropped, gaps: gaps.filter(([start, end]) => end - start >= 65536) };
}

/** The `espeak-ng` package's Emscripten glue, patched for workerd (see the top of this file). */
function buildEspeakGlue(js) {
  let out = patch(js, "import.meta.url", '"file:///espeak-ng/espeak-ng.js"', 6, "espeak-ng import.meta.url");
  out = patch(
    out,
    "var ENVIRONMENT_IS_NODE = typeof process == 'object' && typeof process.versions == 'object' && typeof process.versions.node == 'string';",
    "var ENVIRONMENT_IS_NODE = false;",
    1,
    "espeak-ng node detection",
  );
  // workerd is neither a browser nor Node: Emscripten's "shell" branch, which this build asserts against.
  out = patch(
    out,
    `assert(!ENVIRONMENT_IS_SHELL, "shell environment detected but not enabled at build time.  Add 'shell' to \`-sENVIRONMENT\` to enable.");`,
    "",
    1,
    "espeak-ng shell assertion",
  );
  // The embedded files are gone (buildEspeakWasm); the data is mounted by engine/espeak.ts instead.
  out = patch(
    out,
    "var __emscripten_fs_load_embedded_files = (ptr) => {",
    "var __emscripten_fs_load_embedded_files = (ptr) => { return;",
    1,
    "espeak-ng embedded files",
  );
  // One instance runs the program once per request (engine/espeak.ts restores its memory in between).
  out = patch(
    out,
    "\nrun();\n",
    '\nObject.defineProperty(Module, "callMain", { value: callMain, configurable: true });\nrun();\n',
    1,
    "espeak-ng callMain",
  );
  const table = js.match(/var ___emscripten_embedded_file_data = Module\['___emscripten_embedded_file_data'\] = (\d+);/);
  if (!table) throw new Error("engine-data: espeak-ng: embedded file table address not found");
  const header =
    "/* eslint-disable */\n// GENERATED by scripts/engine-data.mjs from the npm package espeak-ng (eSpeak NG, GPL-3.0-or-later). Do not edit.\n";
  return { js: header + out, tableAddress: Number(table[1]) };
}

/**
 * Which parts of the module's memory engine/espeak.ts restores before each run: everything up to the
 * last non-zero byte once the module has started (its static data, stack and the heap its
 * constructors allocated), rounded up to 64 KiB, less the stretches where the dropped files were
 * (zero, and nothing writes there). The module starts the same way every time (no input reaches it
 * before this point), so this is measured here once, in Node, on the built module.
 */
async function measureSnapshot(glueFile, wasm, gaps) {
  const { default: factory } = await import(`${pathToFileURL(glueFile).href}?${Date.now()}`);
  const compiled = new WebAssembly.Module(wasm);
  let exports;
  await factory({
    noInitialRun: true,
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports, done) {
      const instance = new WebAssembly.Instance(compiled, imports);
      exports = instance.exports;
      done(instance, compiled);
      return instance.exports;
    },
  });
  const memory = new Uint8Array(exports.memory.buffer);
  let last = memory.length - 1;
  while (last > 0 && memory[last] === 0) last--;
  const stackBase = exports.emscripten_stack_get_base();
  const end = Math.ceil((Math.max(last + 1, stackBase) + 1) / 65536) * 65536;
  const ranges = [];
  let from = 0;
  for (const [start, stop] of gaps) {
    if (memory.subarray(start, stop).some((b) => b !== 0)) throw new Error("engine-data: espeak-ng: the dropped files' memory is not zero");
    ranges.push([from, start]);
    from = stop;
  }
  ranges.push([from, end]);
  return { ranges, bytes: ranges.reduce((n, [a, b]) => n + b - a, 0), memory: memory.length };
}

function buildRubberband(dir) {
  let out = readFileSync(join(dir, "rubberband.js"), "utf8");
  out = patch(out, "import.meta.url", '"file:///rubberband/rubberband.js"', 5, "rubberband import.meta.url");
  out = patch(out, `ENVIRONMENT_IS_NODE=${NODE_DETECT}`, "ENVIRONMENT_IS_NODE=false", 1, "rubberband node detection");
  const header =
    "/* eslint-disable */\n// GENERATED by scripts/engine-data.mjs from @echogarden/rubberband-wasm (Rubber Band, GPL-2.0-only). Do not edit.\n";
  return header + out;
}

const EMSCRIPTEN_DTS = `// GENERATED by scripts/engine-data.mjs. An Emscripten module factory; engine/*.ts types the module.
declare const factory: (moduleArg?: Record<string, unknown>) => Promise<unknown>;
export default factory;
`;

const echogardenDir = packageDir("@echogarden/espeak-ng-emscripten");
const espeakDir = packageDir("espeak-ng");
const rubberbandDir = packageDir("@echogarden/rubberband-wasm");
const stamp = createHash("sha256")
  .update(readFileSync(join(echogardenDir, "package.json")))
  .update(readFileSync(join(espeakDir, "package.json")))
  .update(readFileSync(join(rubberbandDir, "package.json")))
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest("hex");
const stampFile = join(outDir, ".stamp");
const outputs = [
  "espeak-ko-en.data",
  "espeak-files.js",
  "espeak-files.d.ts",
  "espeak-ng.wasm",
  "espeak-ng.js",
  "espeak-ng.d.ts",
  "rubberband.js",
  "rubberband.d.ts",
];

const FILES_DTS = `// GENERATED by scripts/engine-data.mjs.
/** eSpeak NG's data files in espeak-ko-en.data: [path under espeak-ng-data/, start, end]. */
export declare const ESPEAK_FILES: readonly (readonly [string, number, number])[];
/** The stretches [start, end) of the eSpeak module's memory to restore before each run (see engine/espeak.ts). */
export declare const ESPEAK_SNAPSHOT: readonly (readonly [number, number])[];
`;

if (
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === stamp &&
  outputs.every((f) => existsSync(join(outDir, f))) &&
  !process.argv.includes("--force")
) {
  console.log("engine-data: up to date");
} else {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  const data = buildEspeakData(echogardenDir);
  const glue = buildEspeakGlue(readFileSync(join(espeakDir, "dist/espeak-ng.js"), "utf8"));
  const wasm = buildEspeakWasm(readFileSync(join(espeakDir, "dist/espeak-ng.wasm")), glue.tableAddress);
  writeAtomic(join(outDir, "espeak-ko-en.data"), data.data);
  writeAtomic(join(outDir, "espeak-ng.wasm"), wasm.wasm);
  writeAtomic(join(outDir, "espeak-ng.js"), glue.js);
  writeAtomic(join(outDir, "espeak-ng.d.ts"), EMSCRIPTEN_DTS);
  const snapshot = await measureSnapshot(join(outDir, "espeak-ng.js"), wasm.wasm, wasm.gaps);
  writeAtomic(
    join(outDir, "espeak-files.js"),
    `// GENERATED by scripts/engine-data.mjs. Do not edit.\nexport const ESPEAK_FILES = ${JSON.stringify(data.files)};\n` +
      `export const ESPEAK_SNAPSHOT = ${JSON.stringify(snapshot.ranges)};\n`,
  );
  writeAtomic(join(outDir, "espeak-files.d.ts"), FILES_DTS);
  writeAtomic(join(outDir, "rubberband.js"), buildRubberband(rubberbandDir));
  writeAtomic(join(outDir, "rubberband.d.ts"), EMSCRIPTEN_DTS);
  writeAtomic(stampFile, stamp);
  console.log(
    `engine-data: espeak-ko-en.data ${data.data.length} bytes (${data.files.length} files); espeak-ng.wasm ${wasm.wasm.length} bytes (${wasm.files} embedded files, ${wasm.dropped} bytes, dropped; memory to restore per run ${snapshot.bytes} of ${snapshot.memory} bytes); modules patched, in ${Math.round(performance.now() - started)} ms`,
  );
}
