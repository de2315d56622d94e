#!/usr/bin/env node
// Builds the upload decoders' generated modules from the installed npm packages (run by `npm install`
// as part of the postinstall script, after engine-data.mjs; no network). Used by
// workers/api/src/speech/decode.ts. See docs/decisions/0009-voice-engine.md for why this is done at
// install time: workerd cannot compile WebAssembly from bytes at run time, so every .wasm must reach
// the worker as a module that wrangler (and the workerd test pool) compiled ahead of time.
//
// The packages embed their WebAssembly inside JavaScript and compile it when first used:
//   mpg123-decoder, opus-decoder (@wasm-audio-decoders family): a "dynEncode" string, deflated,
//     inflated by a small puff.wasm and passed to WebAssembly.compile();
//   @audio/decode-aac: Emscripten SINGLE_FILE, `binaryDecode('...')` passed to WebAssembly.instantiate().
// This script takes the bytes out once, in Node, and writes them as .wasm files (imported by wrangler's
// default `**/*.wasm` CompiledWasm rule), and copies the decoders' JavaScript with these patches:
//   - each decoder gets its compiled module through the hook the package already has (the family's
//     static `Decoder.module`, which the web-worker variant uses; Emscripten's `instantiateWasm`);
//   - the embedded bytes are removed (160 KB of MP3/Opus strings, 360 KB of AAC), and the copies import
//     `./common.js` instead of the family's index, whose web-worker class runs `class extends Worker`
//     when it is loaded (workerd has no Worker, so merely importing the package fails there);
//   - the compile-from-bytes path of the family's common code throws instead of importing simple-yenc.
//
// Output in workers/api/src/speech/generated/ (git-ignored):
//   mpg123.wasm, mpg123-decoder.js (+ .d.ts)    MP1/2/3 (libmpg123)
//   opus.wasm, opus-decoder.js (+ .d.ts)         raw Opus packets (libopus), Ogg and WebM are demuxed in decode.ts
//   aac.wasm, decode-aac.js (+ .d.ts), alac.js   AAC in MP4 (FAAD2) and ALAC
//   common.js, *-emscripten.js                   the pieces those import
//
// Each patch must match an exact number of times, so a package update fails here, not at run time.
// Idempotent: a stamp of the inputs (package versions + this script) skips the work when unchanged.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "workers/api/src/speech/generated");
const require = createRequire(join(root, "package.json"));

/** The installed folder of a package, looked up as Node would from `from` (their exports hide package.json). */
function packageDir(name, from = require) {
  for (const base of from.resolve.paths(name) ?? []) {
    if (existsSync(join(base, name, "package.json"))) return join(base, name);
  }
  throw new Error(`decoders-data: ${name} is not installed (run npm install)`);
}

/** Replaces every occurrence of `from` in `text`, insisting on exactly `count` of them. */
function patch(text, from, to, count, what) {
  const found = text.split(from).length - 1;
  if (found !== count) throw new Error(`decoders-data: ${what}: expected ${count} match(es) of ${JSON.stringify(from)}, found ${found}`);
  return text.split(from).join(to);
}

/** Replaces `head` (which must occur once) up to the first `tail` after it by `to`; `inner` is what lay between. */
function cut(text, head, tail, to, what) {
  const start = text.indexOf(head);
  if (start < 0 || text.indexOf(head, start + 1) >= 0) throw new Error(`decoders-data: ${what}: expected one ${JSON.stringify(head)}`);
  const end = text.indexOf(tail, start + head.length);
  if (end < 0) throw new Error(`decoders-data: ${what}: no ${JSON.stringify(tail)} after it`);
  return { inner: text.slice(start + head.length, end), out: text.slice(0, start) + to + text.slice(end + tail.length) };
}

function writeAtomic(path, content) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/**
 * Compiles the bytes (so they are WebAssembly) and checks them against their glue: every export the glue
 * reads (`wasmExports["x"]`) exists, and every import the module needs is a key of the glue's
 * `wasmImports`, so bytes from another build of the package cannot slip through.
 */
function checkWasm(bytes, glue, what) {
  const module = new WebAssembly.Module(bytes);
  const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
  // (Emscripten's glue also reads __indirect_function_table, which a build without function pointers
  // handed to JavaScript does not export: it stays undefined and unused.)
  const used = [...glue.matchAll(/wasmExports\["(\w+)"\]/g)].map((m) => m[1]).filter((name) => name !== "__indirect_function_table");
  const table = glue.match(/var wasmImports\s*=\s*\{([^}]*)\}/);
  if (!used.length || !table) throw new Error(`decoders-data: ${what}: glue without wasmExports/wasmImports`);
  const provided = new Set([...table[1].matchAll(/"?(\w+)"?\s*:/g)].map((m) => m[1]));
  for (const name of used) if (!exported.has(name)) throw new Error(`decoders-data: ${what}: export ${name} missing`);
  for (const { name } of WebAssembly.Module.imports(module))
    if (!provided.has(name)) throw new Error(`decoders-data: ${what}: import ${name} not provided`);
  return bytes;
}

const header = (from, licence) =>
  `/* eslint-disable */\n// @ts-nocheck\n// GENERATED by scripts/decoders-data.mjs from ${from} (${licence}). Do not edit.\n`;

const WASM_STRING_HEAD = 'if (!EmscriptenWASM.wasm) Object.defineProperty(EmscriptenWASM, "wasm", {get: () => String.raw`';
const COMMON_IMPORT = 'import { WASMAudioDecoderCommon } from "@wasm-audio-decoders/common";';

/** The family's common code, without the import of simple-yenc (only needed to compile from bytes). */
function buildCommon(commonDir) {
  let out = readFileSync(join(commonDir, "src/WASMAudioDecoderCommon.js"), "utf8");
  out = patch(
    out,
    'import { decode } from "simple-yenc";',
    'const decode = () => { throw new Error("compiling WebAssembly from bytes is not possible in workerd; see scripts/decoders-data.mjs"); };',
    1,
    "common simple-yenc import",
  );
  return header("@wasm-audio-decoders/common", "MIT") + out;
}

/**
 * One decoder of the family: its wasm taken out of the Emscripten glue, the glue without it, and the
 * decoder class reading the compiled module from `./<name>.wasm`.
 */
async function buildFamilyDecoder({ pkg, className, name, licence }) {
  const dir = packageDir(pkg);
  const commonDir = packageDir("@wasm-audio-decoders/common", createRequire(join(dir, "package.json")));
  const { default: Common } = await import(pathToFileURL(join(commonDir, "src/WASMAudioDecoderCommon.js")).href);
  const { default: EmscriptenWASM } = await import(pathToFileURL(join(dir, "src/EmscriptenWasm.js")).href);
  new Common(); // defines the static helpers
  new EmscriptenWASM(Common); // defines EmscriptenWASM.wasm, the embedded string (nothing is instantiated)
  const glue = readFileSync(join(dir, "src/EmscriptenWasm.js"), "utf8");
  const wasm = checkWasm(await Common.inflateDynEncodeString(EmscriptenWASM.wasm), glue, `${pkg} wasm`);
  const stripped = cut(glue, WASM_STRING_HEAD, "`});", "", `${pkg} embedded wasm`).out;

  let cls = readFileSync(join(dir, `src/${className}.js`), "utf8");
  cls = patch(cls, COMMON_IMPORT, 'import { default as WASMAudioDecoderCommon } from "./common.js";', 1, `${pkg} common import`);
  cls = patch(
    cls,
    'import EmscriptenWASM from "./EmscriptenWasm.js";',
    `import EmscriptenWASM from "./${name}-emscripten.js";\nimport compiledWasm from "./${name}.wasm";`,
    1,
    `${pkg} glue import`,
  );
  cls = patch(cls, `this._module = ${className}.module;`, `this._module = ${className}.module || compiledWasm;`, 1, `${pkg} module hook`);
  return {
    wasm,
    glue: header(pkg, licence) + stripped,
    decoder: header(pkg, licence) + cls,
  };
}

/** @audio/decode-aac: FAAD2's wasm taken out of the SINGLE_FILE glue, handed back through instantiateWasm. */
function buildAac() {
  const dir = packageDir("@audio/decode-aac");
  const glue = readFileSync(join(dir, "src/aac.wasm.js"), "utf8");
  const fn = glue.match(/function binaryDecode\(bin\)\{[^}]*\}return o\}/);
  if (!fn) throw new Error("decoders-data: @audio/decode-aac binaryDecode not found");
  const { inner, out } = cut(
    glue,
    "function findWasmBinary(){return binaryDecode(",
    ")}",
    'function findWasmBinary(){throw new Error("the AAC wasm comes through instantiateWasm")}',
    "@audio/decode-aac embedded wasm",
  );
  // `inner` is one JavaScript string literal: let JavaScript read it, then decode it as the glue does.
  if (!/^'[\s\S]*'$/.test(inner)) throw new Error("decoders-data: @audio/decode-aac: unexpected wasm literal");
  const binaryDecode = new Function(`${fn[0]}; return binaryDecode;`)();
  const wasm = checkWasm(Buffer.from(binaryDecode(new Function(`return ${inner};`)())), glue, "@audio/decode-aac wasm");
  let stripped = patch(out, "import.meta.url", '"file:///decode-aac/aac.wasm.js"', 1, "@audio/decode-aac import.meta.url");
  // Emscripten's hook has no failure callback: hand it `reject`, so a failed instantiation rejects
  // createAAC() (and decode-aac retries on the next call) instead of leaving it pending forever.
  stripped = patch(
    stripped,
    'Module["instantiateWasm"](info,(inst,mod)=>{resolve(receiveInstance(inst,mod))})',
    'Module["instantiateWasm"](info,(inst,mod)=>{resolve(receiveInstance(inst,mod))},reject)',
    1,
    "@audio/decode-aac instantiateWasm failure",
  );

  let main = readFileSync(join(dir, "decode-aac.js"), "utf8");
  main = patch(
    main,
    "import createAAC from './src/aac.wasm.js'",
    'import createAAC from "./aac-emscripten.js";\nimport compiledWasm from "./aac.wasm";',
    1,
    "@audio/decode-aac glue import",
  );
  main = patch(
    main,
    "let p = createAAC()",
    "let p = createAAC({ instantiateWasm: (imports, done, fail) => { WebAssembly.instantiate(compiledWasm, imports).then((instance) => done(instance, compiledWasm), fail); return {}; } })",
    1,
    "@audio/decode-aac instantiateWasm",
  );
  return {
    wasm,
    glue: header("@audio/decode-aac", "FAAD2, GPL-2.0") + stripped,
    decoder: header("@audio/decode-aac", "GPL-2.0") + main,
    alac: header("@audio/decode-aac", "GPL-2.0") + readFileSync(join(dir, "alac.js"), "utf8"),
  };
}

const FAMILY_DTS = (name, options) => `// GENERATED by scripts/decoders-data.mjs. The part of the decoder's API that decode.ts uses.
export type DecodedAudio = {
  errors: { message: string }[];
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
};
declare class ${name} {
  constructor(options?: ${options});
  readonly ready: Promise<void>;
  free(): void;
  ${name === "MPEGDecoder" ? "decode(data: Uint8Array): DecodedAudio;" : "decodeFrame(frame: Uint8Array): DecodedAudio;"}
}
export default ${name};
`;

const AAC_DTS = `// GENERATED by scripts/decoders-data.mjs. The part of @audio/decode-aac's API that decode.ts uses.
export type Gapless = { start: number; duration?: number };
export type AacDecoded = { channelData: Float32Array[]; sampleRate: number; errors?: number };
export function decoder(opts?: { asc?: Uint8Array; alac?: Uint8Array; gapless?: Gapless }): Promise<{
  decode(chunk: Uint8Array | Uint8Array[]): AacDecoded;
  flush(): AacDecoded;
  free(): void;
}>;
/** Box bodies (after the 8-byte header) of the audio track. */
export function gapless(boxes: {
  elst?: Uint8Array;
  mdhd?: Uint8Array;
  stts?: Uint8Array;
  mvhd?: Uint8Array;
  ilst?: Uint8Array;
  asc?: Uint8Array;
  alac?: Uint8Array;
}): Gapless | null;
`;

const inputs = ["mpg123-decoder", "opus-decoder", "@audio/decode-aac"].map((p) => join(packageDir(p), "package.json"));
const stamp = createHash("sha256");
for (const file of inputs) stamp.update(readFileSync(file));
stamp.update(readFileSync(fileURLToPath(import.meta.url)));
const digest = stamp.digest("hex");
const stampFile = join(outDir, ".stamp");
const outputs = [
  "common.js",
  "mpg123.wasm",
  "mpg123-emscripten.js",
  "mpg123-decoder.js",
  "mpg123-decoder.d.ts",
  "opus.wasm",
  "opus-emscripten.js",
  "opus-decoder.js",
  "opus-decoder.d.ts",
  "aac.wasm",
  "aac-emscripten.js",
  "decode-aac.js",
  "decode-aac.d.ts",
  "alac.js",
];

if (
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === digest &&
  outputs.every((f) => existsSync(join(outDir, f))) &&
  !process.argv.includes("--force")
) {
  console.log("decoders-data: up to date");
} else {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  const mpg123 = await buildFamilyDecoder({
    pkg: "mpg123-decoder",
    className: "MPEGDecoder",
    name: "mpg123",
    licence: "MIT; libmpg123 LGPL-2.1",
  });
  const opus = await buildFamilyDecoder({
    pkg: "opus-decoder",
    className: "OpusDecoder",
    name: "opus",
    licence: "MIT; libopus BSD-3-Clause",
  });
  const aac = buildAac();
  writeAtomic(join(outDir, "common.js"), buildCommon(packageDir("@wasm-audio-decoders/common", createRequire(inputs[0]))));
  for (const [name, built, cls, options] of [
    ["mpg123", mpg123, "MPEGDecoder", "{ enableGapless?: boolean }"],
    [
      "opus",
      opus,
      "OpusDecoder",
      "{ sampleRate?: number; channels?: number; streamCount?: number; coupledStreamCount?: number; channelMappingTable?: number[]; preSkip?: number; forceStereo?: boolean }",
    ],
  ]) {
    writeAtomic(join(outDir, `${name}.wasm`), built.wasm);
    writeAtomic(join(outDir, `${name}-emscripten.js`), built.glue);
    writeAtomic(join(outDir, `${name}-decoder.js`), built.decoder);
    writeAtomic(join(outDir, `${name}-decoder.d.ts`), FAMILY_DTS(cls, options));
  }
  writeAtomic(join(outDir, "aac.wasm"), aac.wasm);
  writeAtomic(join(outDir, "aac-emscripten.js"), aac.glue);
  writeAtomic(join(outDir, "decode-aac.js"), aac.decoder);
  writeAtomic(join(outDir, "decode-aac.d.ts"), AAC_DTS);
  writeAtomic(join(outDir, "alac.js"), aac.alac);
  writeAtomic(stampFile, digest);
  console.log(
    `decoders-data: mpg123.wasm ${mpg123.wasm.length}, opus.wasm ${opus.wasm.length}, aac.wasm ${aac.wasm.length} bytes, modules patched, in ${Math.round(performance.now() - started)} ms`,
  );
}
