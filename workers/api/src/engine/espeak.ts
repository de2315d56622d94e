// eSpeak NG (GPL-3.0-or-later) inside the api worker, compiled to WebAssembly: the espeak-ng command
// line program from the npm package `espeak-ng`, reading the Korean + English data of
// @echogarden/espeak-ng-emscripten (the data the engine always read: same phonemes, same voices).
// scripts/engine-data.mjs (postinstall) builds both from the packages. Decisions 0009 and 0027.
//
// One instance per isolate, started on first use (compiling the .wasm is done by workerd when the
// worker loads). Each request runs the program once (`espeak-ng -v <voice> ... -w out.wav -f in.txt`);
// before each run the module's memory is put back as it was when the module had started (the
// stretches listed in ESPEAK_SNAPSHOT, measured at build time), so every run starts like a fresh
// process: no state, heap or random seed carried from one request to the next. The file system
// (the data, and the last VARIANTS_KEPT voice variants written by shiftedVariant) lives in JavaScript and is kept.
import espeakData from "./generated/espeak-ko-en.data";
import { ESPEAK_FILES, ESPEAK_SNAPSHOT } from "./generated/espeak-files.js";
import createEspeakModule from "./generated/espeak-ng.js";
import espeakWasm from "./generated/espeak-ng.wasm";

/** The part of the Emscripten module we use. */
type EspeakModule = {
  /** Runs the program's main() with these arguments; its exit status. */
  callMain(args: string[]): number;
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: string | Uint8Array, opts?: { canOwn?: boolean }): void;
    readFile(path: string, opts: { encoding: "utf8" }): string;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    readdir(path: string): string[];
    analyzePath(path: string): { exists: boolean };
  };
};
type EspeakExports = {
  memory: WebAssembly.Memory;
  stackSave(): number;
  stackRestore(pointer: number): void;
};
type Espeak = {
  module: EspeakModule;
  exports: EspeakExports;
  /** The memory as it was once the module had started, one copy per ESPEAK_SNAPSHOT stretch. */
  snapshot: Uint8Array[];
  /** What the program printed to stdout and stderr in the current run. */
  out: string[];
  err: string[];
};

/** Where the data is mounted: espeak-ng reads `${ROOT}/espeak-ng-data/...` (its --path). */
const ROOT = "/vs";
const DATA = `${ROOT}/espeak-ng-data`;
const VARIANTS = `${DATA}/voices/!v`;
const TEXT_FILE = `${ROOT}/in.txt`;
const WAV_FILE = `${ROOT}/out.wav`;
/** espeak-ng's WAV header (16-bit mono PCM). */
const WAV_HEADER = 44;
const SAMPLE_RATE = 22050;

export type EspeakSettings = {
  /** Full voice name, e.g. `ko`, `ko+f2`, `en-us+m3`. */
  voice: string;
  /** Words per minute, 80..450. */
  rate: number;
  /** Base pitch 0..99. */
  pitch: number;
  /** Pitch range 0..99. */
  range: number;
};

let instance: Promise<Espeak> | undefined;

async function start(): Promise<Espeak> {
  let exports: EspeakExports | undefined;
  const state = { out: [] as string[], err: [] as string[] };
  const module = (await createEspeakModule({
    noInitialRun: true,
    print: (line: string) => state.out.push(line),
    printErr: (line: string) => state.err.push(line),
    // The module workerd compiled when the worker loaded (wrangler imports .wasm as a WebAssembly.Module).
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      const created = new WebAssembly.Instance(espeakWasm, imports);
      exports = created.exports as unknown as EspeakExports;
      done(created, espeakWasm);
      return created.exports;
    },
  })) as EspeakModule;
  if (!exports) throw new Error("espeak: the module did not start");
  const memory = new Uint8Array(exports.memory.buffer);
  const snapshot = ESPEAK_SNAPSHOT.map(([from, to]) => memory.slice(from, to));
  // The data files are views of the imported data (never written: espeak opens them read-only).
  const data = new Uint8Array(espeakData);
  for (const [path, from, to] of ESPEAK_FILES) {
    module.FS.mkdirTree(`${DATA}/${path.slice(0, path.lastIndexOf("/") + 1)}`);
    module.FS.writeFile(`${DATA}/${path}`, data.subarray(from, to), { canOwn: true });
  }
  return Object.assign(state, { module, exports, snapshot });
}

/** Start-up once per isolate, then reused by every request. */
function espeak(): Promise<Espeak> {
  instance ??= start().catch((error: unknown) => {
    instance = undefined; // let the next request try again
    throw error;
  });
  return instance;
}

/**
 * The text without markup tags but emphasis. eSpeak reads its input as SSML (as the previous build's binding did:
 * tags are not spoken), and some tags would let a short text make hours of audio (<break time="600s"/>,
 * <prosody rate="x-slow">): bounded output for any input means no other tag reaches it. `<emphasis>` stresses the
 * words it holds and adds no time of its own.
 */
export function withoutMarkup(text: string): string {
  return text.replace(/<(?!\/?emphasis>)[^<>]*>/g, " ");
}

/** Runs espeak-ng once on `text` with these arguments; what it printed. Throws on a non-zero exit. */
function run(engine: Espeak, text: string, args: string[]): string[] {
  const memory = new Uint8Array(engine.exports.memory.buffer);
  ESPEAK_SNAPSHOT.forEach(([from], i) => memory.set(engine.snapshot[i]!, from));
  engine.out = [];
  engine.err = [];
  engine.module.FS.writeFile(TEXT_FILE, withoutMarkup(text));
  const stack = engine.exports.stackSave();
  let status: number;
  try {
    // -m: markup as the previous build's eSpeak binding read it (espeakSSML: tags are not spoken).
    status = engine.module.callMain([`--path=${ROOT}`, "-m", ...args, "-f", TEXT_FILE]);
  } catch (error) {
    instance = undefined; // an abort leaves the module unusable: start a new one next time
    throw error;
  } finally {
    engine.exports.stackRestore(stack); // exit() unwinds by throwing, past the C stack's own restore
  }
  if (status !== 0) throw new Error(`espeak: ${engine.err.join(" ").trim() || `exit status ${status}`}`);
  return engine.out;
}

/** Voice names as the files in espeak's data know them: `ko`, `en-us`, `ko+f2`, `en-gb-x-rp+vs_...`. */
function checkVoice(engine: Espeak, voice: string) {
  const variant = voice.split("+")[1];
  if (!/^[a-z]{2}(-[a-z0-9]+)*(\+[\w-]+)?$/i.test(voice) || (variant && !engine.module.FS.analyzePath(`${VARIANTS}/${variant}`).exists)) {
    throw new Error(`espeak: unknown voice "${voice}"`);
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Text to mono float samples at eSpeak's own rate (22.05 kHz). */
export async function espeakSynthesize(text: string, settings: EspeakSettings): Promise<{ samples: Float32Array; sampleRate: number }> {
  const engine = await espeak();
  checkVoice(engine, settings.voice);
  const number = (value: number, min: number, max: number) => String(Math.round(clamp(value, min, max)));
  try {
    run(engine, text, [
      "-z", // no pause after the last sentence (the engine's callers add their own pauses)
      "-D", // the same random sequence every run (breath and flutter noise): the same text, the same audio
      ...["-v", settings.voice],
      ...["-s", number(settings.rate, 80, 450)],
      ...["-p", number(settings.pitch, 0, 99)],
      ...["-P", number(settings.range, 0, 99)],
      ...["-w", WAV_FILE],
    ]);
    const wav = engine.module.FS.readFile(WAV_FILE);
    const pcm = new Int16Array(wav.buffer, wav.byteOffset + WAV_HEADER, (wav.byteLength - WAV_HEADER) >> 1);
    const samples = new Float32Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 32768;
    return { samples, sampleRate: SAMPLE_RATE };
  } finally {
    if (engine.module.FS.analyzePath(WAV_FILE).exists) engine.module.FS.unlink(WAV_FILE);
  }
}

/** The IPA eSpeak NG reads for a text (`ko` or `en-us`): 사라밈니다 -> sɐɾˈɐmimnˌidɐ; clauses apart by " | ". */
export async function espeakPhonemes(text: string, voice: string): Promise<string> {
  const engine = await espeak();
  checkVoice(engine, voice);
  const lines = run(engine, text, ["-q", "--ipa", "-v", voice]);
  return lines
    .map((line) => line.replace(/_/g, "").replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" | ");
}

/** eSpeak's pitch when a voice file sets none ("pitch 80 118": base and top of the range, Hz). */
const DEFAULT_PITCH = [80, 118] as const;
const FORMANTS = 9;

/**
 * The shifted variants written in this isolate, least recently used first. Each custom or open voice has a shift of
 * its own, so the files (kept in JavaScript with the module) would grow with the catalogue for the isolate's life;
 * past VARIANTS_KEPT the least recently used is deleted, and written again (a few hundred bytes) when next wanted.
 */
export const VARIANTS_KEPT = 256;
const variantsUsed = new Set<string>();

function keepVariant(module: EspeakModule, name: string) {
  variantsUsed.delete(name);
  variantsUsed.add(name);
  for (const oldest of variantsUsed) {
    if (variantsUsed.size <= VARIANTS_KEPT) break;
    variantsUsed.delete(oldest);
    if (module.FS.analyzePath(`${VARIANTS}/${oldest}`).exists) module.FS.unlink(`${VARIANTS}/${oldest}`);
  }
}

/** How many shifted variant files this isolate's eSpeak holds. */
export async function variantsKept(): Promise<number> {
  const { module } = await espeak();
  return module.FS.readdir(VARIANTS).filter((f) => f.startsWith("vs_")).length;
}

/**
 * A voice variant with the base variant's character moved by `semitones` and its formants scaled by
 * `formant`, written once into eSpeak's in-memory data and named by its parameters (`vs_f2_p3_f1.15`).
 * eSpeak's own formant synthesis does the shift, so a basic voice's register and timbre cost nothing
 * at run time (Rubber Band is left for a member's own pitch and tempo changes).
 *
 * In a variant file `pitch <p1> <p2>` sets the base as (p1 - 9) and the range as (p2 - p1) (espeak-ng
 * voices.c), so both are scaled around 9; `formant <n> <freq%> <height%> <width%>` scales each of the
 * nine formants (absent lines mean 100%).
 */
export async function shiftedVariant(base: string | undefined, semitones: number, formant: number): Promise<string> {
  const { module } = await espeak();
  const name = `vs_${base || "x"}_p${Math.round(semitones * 100)}_f${Math.round(formant * 1000)}`;
  const path = `${VARIANTS}/${name}`;
  keepVariant(module, name);
  if (module.FS.analyzePath(path).exists) return name;
  const source = base ? module.FS.readFile(`${VARIANTS}/${base}`, { encoding: "utf8" }) : "language variant\n";
  const ratio = 2 ** (semitones / 12);
  const lines = source.split("\n").filter((l) => !/^\s*(name|pitch|formant)\b/.test(l));
  const pitch = source.match(/^\s*pitch\s+(\d+)\s+(\d+)/m);
  const [p1, p2] = pitch ? [Number(pitch[1]), Number(pitch[2])] : DEFAULT_PITCH;
  const low = 9 + (p1 - 9) * ratio;
  lines.push(`name ${name}`, `pitch ${Math.round(low)} ${Math.round(low + (p2 - p1) * ratio)}`);
  for (let n = 0; n < FORMANTS; n++) {
    const line = source.match(new RegExp(`^\\s*formant\\s+${n}\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)(.*)$`, "m"));
    const [freq, height, width, rest] = line ? [Number(line[1]), line[2], line[3], line[4] ?? ""] : [100, "100", "100", ""];
    lines.push(`formant ${n} ${Math.round(freq * formant)} ${height} ${width}${rest}`);
  }
  module.FS.writeFile(path, lines.join("\n") + "\n");
  return name;
}
