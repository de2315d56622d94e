/**
 * Speech-to-speech by resynthesis (docs/decisions/0061): the recording transcribed with timestamps, each segment spoken
 * again in the target voice and laid where the original was. This changes who is speaking, which moving the register
 * (engine/convert.ts) cannot; what it cannot keep is the original's exact intonation inside a segment.
 *
 * Fitting a segment to its time: its speech is time-stretched toward the original's length, but never beyond
 * `RESYNTHESIS.stretch` either way (more sounds unnatural); what is still short is padded with silence, what is still
 * long runs into the pause after it and pushes later segments back. Level: each segment is brought to its original's
 * loudness relative to the whole, within `RESYNTHESIS.gainDb`, then the whole to the render targets.
 */
import { fadeEdges, normalizeLoudness, stretch } from "../engine/dsp";
import { RENDER } from "./render";
import { EngineError, type ConversionRequest, type SpeechEngine } from "./types";
import type { Audio } from "./wav";

/** What a speech recognition model heard, with each segment's time (seconds). */
export type Transcript = { text: string; segments: { start: number; end: number; text: string }[] };

/** The engine resynthesis runs on: speech recognition with timestamps, and synthesis in the target voice. */
export type Resynthesizer = Pick<SpeechEngine, "synthesize"> & {
  transcribe(audio: Audio, lang: "ko" | "en", segments: boolean): Promise<Transcript>;
};

export const RESYNTHESIS = { stretch: 1.3, gainDb: 12, maxSegments: 200 } as const;

const rmsDb = (x: Float32Array, from = 0, to = x.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-12);
};

export async function resynthesize(engine: Resynthesizer, request: ConversionRequest): Promise<Audio & { normalized: true }> {
  const source = request.audio;
  const transcript: Transcript = await engine.transcribe(source, request.lang, true);
  const segments = transcript.segments.slice(0, RESYNTHESIS.maxSegments);
  if (segments.length === 0) throw new EngineError("no speech was recognised in the recording");
  const rate = RENDER.sampleRate;
  const total = Math.round((source.samples.length / source.sampleRate) * rate);
  const wholeDb = rmsDb(source.samples);
  const placed: { at: number; samples: Float32Array }[] = [];
  let cursor = 0;
  for (const [i, segment] of segments.entries()) {
    await request.progress?.(i / segments.length);
    const spoken = await engine.synthesize({
      text: segment.text,
      lang: request.lang,
      voice: request.voice,
      style: "neutral",
      pitch: 0,
      tempo: 1,
    });
    const target = Math.max(1, Math.round((segment.end - segment.start) * rate));
    const ratio = Math.min(RESYNTHESIS.stretch, Math.max(1 / RESYNTHESIS.stretch, spoken.samples.length / target));
    let samples =
      Math.abs(ratio - 1) < 0.02 ? spoken.samples : await stretch(spoken.samples, rate, { semitones: 0, tempo: ratio, formant: 1 });
    // The original segment's loudness relative to the whole recording, given to the new speech.
    const from = Math.floor(segment.start * source.sampleRate);
    const to = Math.max(from + 1, Math.ceil(segment.end * source.sampleRate));
    const wanted = rmsDb(source.samples, from, Math.min(to, source.samples.length)) - wholeDb;
    // Every spoken segment comes at the same loudness: the original's differences are put back.
    const gainDb = Math.min(RESYNTHESIS.gainDb, Math.max(-RESYNTHESIS.gainDb, wanted));
    if (gainDb !== 0) {
      const g = 10 ** (gainDb / 20);
      samples = samples.map((s) => s * g);
    }
    const at = Math.max(cursor, Math.round(segment.start * rate));
    placed.push({ at, samples });
    cursor = at + samples.length;
  }
  await request.progress?.(1);
  // Segments pushed back by long speech may run past the original's end, up to a third of its length.
  const out = new Float32Array(Math.min(Math.max(total, cursor), Math.ceil(total * 1.3) + rate));
  for (const p of placed) if (p.at < out.length) out.set(p.samples.subarray(0, out.length - p.at), p.at);
  const normalized = normalizeLoudness(out, rate, RENDER.lufs, RENDER.ceilingDbfs);
  return { samples: fadeEdges(normalized, rate, RENDER.fadeMs), sampleRate: rate, normalized: true };
}
