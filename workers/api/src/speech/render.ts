import { segments } from "../lib/tts-text";
import { normalizeLoudness } from "./loudness";
import type { SpeechEngine, SynthesisRequest } from "./types";
import type { Audio } from "./wav";

/** Every rendered file: 24 kHz mono, -16 LUFS, peaks at most -1 dBFS (the TTS issue's output targets). */
export const RENDER = { sampleRate: 24_000, lufs: -16, ceilingDbfs: -1, fadeMs: 5 } as const;

/** Linear-interpolation resampling (engines are asked for 24 kHz; this only covers one that ignores it). */
export function resample({ samples, sampleRate }: Audio, to: number): Float32Array {
  if (sampleRate === to) return samples;
  const out = new Float32Array(Math.round((samples.length * to) / sampleRate));
  const ratio = sampleRate / to;
  for (let i = 0; i < out.length; i++) {
    const x = i * ratio;
    const j = Math.floor(x);
    const f = x - j;
    out[i] = (samples[j] ?? 0) * (1 - f) + (samples[j + 1] ?? samples[j] ?? 0) * f;
  }
  return out;
}

/** Short linear fades at both ends (in place), so joins never click. */
export function fadeEdges(samples: Float32Array, sampleRate: number, ms: number = RENDER.fadeMs) {
  const n = Math.min(Math.round((ms / 1000) * sampleRate), Math.floor(samples.length / 2));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    samples[i]! *= g;
    samples[samples.length - 1 - i]! *= g;
  }
  return samples;
}

/** Exactly `ms` of silence at the render rate. */
export const silence = (ms: number, sampleRate: number = RENDER.sampleRate) => new Float32Array(Math.round((ms / 1000) * sampleRate));

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
 * silence, and the whole normalised to -16 LUFS with peaks at most -1 dBFS.
 */
export async function renderPassage(engine: SpeechEngine, request: SynthesisRequest, trailingPauseMs = 0): Promise<Audio> {
  const parts: Float32Array[] = [];
  for (const piece of segments(request.text)) {
    if ("pauseMs" in piece) parts.push(silence(piece.pauseMs));
    else parts.push(fadeEdges(resample(await engine.synthesize({ ...request, text: piece.text }), RENDER.sampleRate), RENDER.sampleRate));
  }
  if (trailingPauseMs > 0) parts.push(silence(trailingPauseMs));
  const samples = concat(parts);
  normalizeLoudness(samples, RENDER.sampleRate, RENDER.lufs, RENDER.ceilingDbfs);
  return { samples, sampleRate: RENDER.sampleRate };
}
