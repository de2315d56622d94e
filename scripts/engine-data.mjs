#!/usr/bin/env node
// Builds the voice engine's generated modules from the installed npm packages (run by `npm install`
// as the postinstall script; no network). See docs/decisions/0009-voice-engine.md.
//
// Output in workers/api/src/engine/generated/ (git-ignored):
//   espeak-ko-en.data  eSpeak NG's data trimmed to Korean + English (~0.95 MB instead of 24 MB)
//   espeak-ng.js       @echogarden/espeak-ng-emscripten's module, with its file table rewritten for the
//                      trimmed data and patched to run in workerd (below)
//   rubberband.js      @echogarden/rubberband-wasm's module, patched the same way (its .wasm is imported
//                      from the package as is)
//   *.d.ts             their types
//
// Patches (each must match exactly as often as expected, so a package update fails here, not at run
// time): `import.meta.url` is undefined in workerd, so it becomes a constant; Node detection is turned
// off (with nodejs_compat workerd has a `process`, and the Node branch would `import("module")` and
// read files); the web-worker branch of espeak no longer reads `self.location` (workerd has none).
// The data reaches espeak through Emscripten's `Module.getPreloadedPackage` hook, not fetch or fs.
//
// Idempotent: a stamp of the inputs (package versions + this script) skips the work when unchanged.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

function buildEspeak(dir) {
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
  const newFiles = kept.map((f) => {
    parts.push(data.subarray(f.start, f.end));
    const entry = { filename: f.filename, start: offset, end: offset + (f.end - f.start) };
    offset = entry.end;
    return entry;
  });
  const trimmed = Buffer.concat(parts);
  const newTable = `{files:${JSON.stringify(newFiles).replace(/"(filename|start|end)":/g, "$1:")},remote_package_size:${trimmed.length}}`;

  let out = js.replace(table[0], () => `loadPackage(${newTable})`);
  out = patch(out, "import.meta.url", '"file:///espeak-ng/espeak-ng.js"', 6, "espeak import.meta.url");
  out = patch(out, `ENVIRONMENT_IS_NODE=${NODE_DETECT}`, "ENVIRONMENT_IS_NODE=false", 1, "espeak node detection");
  out = patch(
    out,
    'isNode=typeof process==="object"&&typeof process.versions==="object"&&typeof process.versions.node==="string"',
    "isNode=false",
    1,
    "espeak packager node detection",
  );
  out = patch(out, "scriptDirectory=self.location.href", 'scriptDirectory=""', 1, "espeak self.location");
  const header =
    "/* eslint-disable */\n// GENERATED by scripts/engine-data.mjs from @echogarden/espeak-ng-emscripten (eSpeak NG, GPL-3.0). Do not edit.\n";
  return { js: header + out, data: trimmed, count: newFiles.length };
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

const espeakDir = packageDir("@echogarden/espeak-ng-emscripten");
const rubberbandDir = packageDir("@echogarden/rubberband-wasm");
const stamp = createHash("sha256")
  .update(readFileSync(join(espeakDir, "package.json")))
  .update(readFileSync(join(rubberbandDir, "package.json")))
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest("hex");
const stampFile = join(outDir, ".stamp");
const outputs = ["espeak-ko-en.data", "espeak-ng.js", "espeak-ng.d.ts", "rubberband.js", "rubberband.d.ts"];

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
  const espeak = buildEspeak(espeakDir);
  writeAtomic(join(outDir, "espeak-ko-en.data"), espeak.data);
  writeAtomic(join(outDir, "espeak-ng.js"), espeak.js);
  writeAtomic(join(outDir, "espeak-ng.d.ts"), EMSCRIPTEN_DTS);
  writeAtomic(join(outDir, "rubberband.js"), buildRubberband(rubberbandDir));
  writeAtomic(join(outDir, "rubberband.d.ts"), EMSCRIPTEN_DTS);
  writeAtomic(stampFile, stamp);
  console.log(
    `engine-data: espeak-ko-en.data ${espeak.data.length} bytes (${espeak.count} files), modules patched, in ${Math.round(performance.now() - started)} ms`,
  );
}
