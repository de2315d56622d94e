import { segments } from "../lib/tts-text";
import { fadeEdges, normalizeLoudness, resample, silence } from "../engine/dsp";
import { OUTPUT_SAMPLE_RATE, PEAK_CEILING_DBFS, TARGET_LUFS } from "../engine/types";
import type { SpeechEngine, SynthesisRequest } from "./types";
import type { Audio } from "./wav";

/** Every rendered file: 24 kHz mono, -20 LUFS (engine/types.ts TARGET_LUFS), peaks at most -1 dBFS. */
export const RENDER = { sampleRate: OUTPUT_SAMPLE_RATE, lufs: TARGET_LUFS, ceilingDbfs: PEAK_CEILING_DBFS, fadeMs: 5 } as const;

/** Exactly `ms` of silence at the render rate. */
const pause = (ms: number) => silence(ms, RENDER.sampleRate);

export function concat(parts: Float32Array[]) {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * One passage as the product renders it: the text split at its pauses (line breaks, 5+ spaces), each
 * piece synthesised and faded, the pauses inserted as exact silence, then `trailingPauseMs` of
 * silence, and the whole normalised to the target loudness with peaks at most -1 dBFS.
 */
export async function renderPassage(engine: SpeechEngine, request: SynthesisRequest, trailingPauseMs = 0): Promise<Audio> {
  const parts: Float32Array[] = [];
  // Pieces the engine already brought to the targets are joined as they are: silence between them is
  // gated out of the loudness measure and adds no peaks, so a second pass would change nothing and
  // cost about a sixth of the render (measured by scripts/bench-engine.mjs).
  let normalized = true;
  for (const piece of segments(request.text)) {
    if ("pauseMs" in piece) parts.push(pause(piece.pauseMs));
    else {
      const audio = await engine.synthesize({ ...request, text: piece.text });
      if (!(audio.normalized && audio.sampleRate === RENDER.sampleRate)) normalized = false;
      parts.push(fadeEdges(resample(audio.samples, audio.sampleRate, RENDER.sampleRate), RENDER.sampleRate, RENDER.fadeMs));
    }
  }
  if (trailingPauseMs > 0) parts.push(pause(trailingPauseMs));
  const joined = concat(parts);
  const samples = normalized ? joined : normalizeLoudness(joined, RENDER.sampleRate, RENDER.lufs, RENDER.ceilingDbfs);
  return { samples, sampleRate: RENDER.sampleRate };
}
