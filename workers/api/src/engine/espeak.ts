// eSpeak NG (GPL-3.0) inside the api worker, from @echogarden/espeak-ng-emscripten compiled to plain
// JavaScript. The module and its data (Korean + English only) are generated from the npm package by
// scripts/engine-data.mjs (postinstall); see docs/decisions/0009-voice-engine.md.
import espeakData from "./generated/espeak-ko-en.data";
import createEspeakModule from "./generated/espeak-ng.js";

/** The part of the Emscripten/WebIDL binding we use. */
type EspeakWorker = {
  /** `ko`, `ko+f2`, `en-us+m3`, ...; returns 0 on success. */
  set_voice(name: string): number;
  set_rate(wpm: number): void;
  set_pitch(pitch: number): void;
  set_range(range: number): void;
  get_samplerate(): number;
  /** The phonemes of a text (IPA, `_` between phonemes) as a pointer to a C string in the module's memory. */
  text_to_phonemes(text: string, ipa: number): { ptr: number };
  /** Calls back with 16-bit chunks until done; returning non-zero from the callback stops it. */
  synthesize(text: string, callback: (audio: Int16Array, events: unknown[]) => number): void;
};
type EspeakModule = {
  eSpeakNGWorker: new () => EspeakWorker;
  HEAPU8: Uint8Array;
  FS: {
    readFile(path: string, opts: { encoding: "utf8" }): string;
    writeFile(path: string, data: string): void;
    analyzePath(path: string): { exists: boolean };
  };
};

/** Where the file packager puts eSpeak's data (scripts/engine-data.mjs). */
const VARIANTS = "/usr/share/espeak-ng-data/voices/!v";

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

let instance: Promise<{ worker: EspeakWorker; module: EspeakModule }> | undefined;

/** Start-up once per isolate (about 0.3 s), then reused by every request. */
function espeak(): Promise<{ worker: EspeakWorker; module: EspeakModule }> {
  instance ??= (async () => {
    const module = (await createEspeakModule({
      // Emscripten's file packager asks for espeak-ng.data here instead of fetching it. A copy,
      // because the in-memory file system keeps views into the buffer.
      getPreloadedPackage: () => espeakData.slice(0),
      print: () => {},
      printErr: (message: string) => console.warn(`espeak: ${message}`),
    })) as EspeakModule;
    return { worker: new module.eSpeakNGWorker(), module };
  })().catch((error: unknown) => {
    instance = undefined; // let the next request try again
    throw error;
  });
  return instance;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Text to mono float samples at eSpeak's own rate (22.05 kHz). */
export async function espeakSynthesize(text: string, settings: EspeakSettings): Promise<{ samples: Float32Array; sampleRate: number }> {
  const { worker } = await espeak();
  if (worker.set_voice(settings.voice) !== 0) throw new Error(`espeak: unknown voice "${settings.voice}"`);
  worker.set_rate(Math.round(clamp(settings.rate, 80, 450)));
  worker.set_pitch(Math.round(clamp(settings.pitch, 0, 99)));
  worker.set_range(Math.round(clamp(settings.range, 0, 99)));

  const chunks: Int16Array[] = [];
  let length = 0;
  worker.synthesize(text, (audio) => {
    chunks.push(audio);
    length += audio.length;
    return 0;
  });
  const samples = new Float32Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) samples[offset + i] = chunk[i]! / 32768;
    offset += chunk.length;
  }
  return { samples, sampleRate: worker.get_samplerate() };
}

/** The IPA eSpeak NG reads for a text (`ko` or `en-us`): 사라밈니다 -> sɐɾˈɐmimnˌidɐ; clauses apart by " | ". */
export async function espeakPhonemes(text: string, voice: string): Promise<string> {
  const { worker, module } = await espeak();
  if (worker.set_voice(voice) !== 0) throw new Error(`espeak: unknown voice "${voice}"`);
  const { ptr } = worker.text_to_phonemes(text, 1);
  const heap = module.HEAPU8;
  let end = ptr;
  while (end < heap.length && heap[end] !== 0) end++;
  return new TextDecoder().decode(heap.subarray(ptr, end)).replace(/_/g, "").replace(/\s+/g, " ").trim();
}

/** eSpeak's pitch when a voice file sets none ("pitch 80 118": base and top of the range, Hz). */
const DEFAULT_PITCH = [80, 118] as const;
const FORMANTS = 9;

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
