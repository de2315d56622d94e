// Generated recordings for the open voice tests: a voice-like signal with a known register, syllables,
// pauses and intonation, and the ways an upload can break the rules (docs/decisions/0029).
import { encodeWav } from "../../workers/api/src/engine/dsp";

export const RATE = 24_000;

/** A deterministic pseudo-random source (tests must not depend on Math.random). */
export function noiseSource(seed = 1) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/**
 * `seconds` of a voice at `f0` Hz: harmonics shaped like a vowel (falling about 9 dB an octave), four
 * syllables a second, a 350 ms pause every 2 s, intonation that wanders ±2 semitones and falls at each
 * phrase's end, at `gain` (0.3 gives about -20 LUFS).
 */
export function voice(seconds: number, f0 = 140, opts: { gain?: number; phase?: number } = {}) {
  const gain = opts.gain ?? 0.3;
  const out = new Float32Array(Math.round(seconds * RATE));
  let phase = opts.phase ?? 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / RATE;
    const inPhrase = t % 2;
    if (inPhrase > 1.65) continue; // the pause between phrases
    const pitch = f0 * 2 ** ((2 * Math.sin(2 * Math.PI * 0.7 * t) - 1.5 * (inPhrase / 1.65)) / 12);
    phase += (2 * Math.PI * pitch) / RATE;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 0.7;
    let v = 0;
    for (let h = 1; h <= 12; h++) v += Math.sin(h * phase) / h ** 1.5;
    out[n] = gain * syllable * v * 0.5;
  }
  return out;
}

/** Joins pieces of audio. */
export function join(...parts: Float32Array[]) {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

/** Adds white noise of the given RMS (full scale 1) in place. */
export function withNoise(x: Float32Array, rms: number, seed = 7) {
  const next = noiseSource(seed);
  // A uniform variable in -0.5..0.5 has RMS 1/sqrt(12).
  for (let i = 0; i < x.length; i++) x[i] = x[i]! + next() * rms * Math.sqrt(12);
  return x;
}

export const wavOf = (x: Float32Array, rate = RATE) => encodeWav(x, rate);
