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
  /** Calls back with 16-bit chunks until done; returning non-zero from the callback stops it. */
  synthesize(text: string, callback: (audio: Int16Array, events: unknown[]) => number): void;
};
type EspeakModule = { eSpeakNGWorker: new () => EspeakWorker };

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

let instance: Promise<EspeakWorker> | undefined;

/** Start-up once per isolate (about 0.3 s), then reused by every request. */
function espeak(): Promise<EspeakWorker> {
  instance ??= (async () => {
    const module = (await createEspeakModule({
      // Emscripten's file packager asks for espeak-ng.data here instead of fetching it. A copy,
      // because the in-memory file system keeps views into the buffer.
      getPreloadedPackage: () => espeakData.slice(0),
      print: () => {},
      printErr: (message: string) => console.warn(`espeak: ${message}`),
    })) as EspeakModule;
    return new module.eSpeakNGWorker();
  })().catch((error: unknown) => {
    instance = undefined; // let the next request try again
    throw error;
  });
  return instance;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Text to mono float samples at eSpeak's own rate (22.05 kHz). */
export async function espeakSynthesize(text: string, settings: EspeakSettings): Promise<{ samples: Float32Array; sampleRate: number }> {
  const worker = await espeak();
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
