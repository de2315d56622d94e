/**
 * Frame analysis of a speech recording, shared by the upload rules of open and custom voices
 * (recording-check.ts) and the voice profile derived from them (voice-profile.ts); docs/decisions/0029.
 *
 * Everything runs on one 8 kHz copy of the signal (speech's first three formants and its F0 lie below
 * 4 kHz), in 20 ms frames (160 samples). Per frame: the energy (dB re full scale, after a DC blocker)
 * and, for frames louder than the floor, YIN's F0 and aperiodicity over a 40 ms window with the lag
 * searched only between 50 and 500 Hz. Formants come from 10th-order LPC (autocorrelation method,
 * Levinson-Durbin) of voiced frames: the envelope 1/|A(e^jw)| is evaluated on 256 points and its first
 * three peaks above 150 Hz are F1-F3.
 *
 * Work is bounded by the signal's length: a frame costs at most one YIN pass (160 lags x 320 samples,
 * 51,200 multiply-adds) plus one LPC pass of 320 x 11 and 256 x 11; the caller bounds the length
 * (the open-voice rules stop decoding at 61 s, so at most 3,050 frames, measured at about 0.2 s CPU).
 */
import { resample } from "../engine/dsp";

export const ANALYSIS_RATE = 8000;
/** 20 ms frames. */
export const HOP = 160;
/** YIN and LPC look at 40 ms around each frame. */
const WINDOW = 320;
const MIN_F0 = 50;
const MAX_F0 = 500;
const MIN_LAG = Math.floor(ANALYSIS_RATE / MAX_F0);
const MAX_LAG = Math.ceil(ANALYSIS_RATE / MIN_F0);
/** YIN's threshold on the cumulative mean normalised difference: below it a frame is voiced. */
const YIN_THRESHOLD = 0.2;
/** Energy of a frame of digital silence, so that logarithms stay finite. */
export const FLOOR_DB = -100;

export type Frame = {
  /** Mean power of the 20 ms, in dB re full scale (FLOOR_DB for silence). */
  db: number;
  /** F0 in Hz when the frame is voiced, else null. */
  f0: number | null;
};

export type FrameAnalysis = {
  frames: Frame[];
  /** The 8 kHz copy (DC removed) the frames were measured on. */
  signal: Float32Array;
  /** Mean power (dB) of the quietest 15% of frames: the background under the speech. */
  noiseDb: number;
};

const power = (x: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += x[i]! * x[i]!;
  return sum / Math.max(1, to - from);
};
const toDb = (p: number) => Math.max(FLOOR_DB, 10 * Math.log10(p + 1e-12));
export const fromDb = (db: number) => 10 ** (db / 10);

/** Mean power, in dB, of a list of frame energies given in dB. */
export function meanDb(values: number[]) {
  if (values.length === 0) return FLOOR_DB;
  return toDb(values.reduce((sum, db) => sum + fromDb(db), 0) / values.length);
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]!;
}

/**
 * YIN (de Cheveigné and Kawahara 2002) over `x[at .. at + WINDOW + MAX_LAG)`: the F0 in Hz with
 * parabolic interpolation of the dip, or null when no lag's normalised difference falls below the
 * threshold (unvoiced, noise).
 */
function yin(x: Float32Array, at: number, d: Float64Array): number | null {
  const w = Math.min(WINDOW, x.length - at - MAX_LAG);
  if (w < WINDOW / 2) return null;
  let running = 0;
  d[0] = 1;
  for (let tau = 1; tau <= MAX_LAG; tau++) {
    let sum = 0;
    for (let i = at; i < at + w; i++) {
      const delta = x[i]! - x[i + tau]!;
      sum += delta * delta;
    }
    running += sum;
    d[tau] = running > 0 ? (sum * tau) / running : 1;
  }
  for (let tau = MIN_LAG; tau < MAX_LAG; tau++) {
    if (d[tau]! < YIN_THRESHOLD) {
      while (tau + 1 < MAX_LAG && d[tau + 1]! < d[tau]!) tau++;
      const [a, b, c] = [d[tau - 1]!, d[tau]!, d[tau + 1]!];
      const shift = a + c - 2 * b !== 0 ? (a - c) / (2 * (a + c - 2 * b)) : 0;
      return ANALYSIS_RATE / (tau + Math.max(-1, Math.min(1, shift)));
    }
  }
  return null;
}

/** The 8 kHz, DC-free copy of a recording that every measure here uses. */
export function analysisSignal(samples: Float32Array, sampleRate: number): Float32Array {
  const x = sampleRate === ANALYSIS_RATE ? samples.slice() : resample(samples, sampleRate, ANALYSIS_RATE, 6);
  // One-pole DC blocker (corner about 20 Hz): a recording's offset must not count as sound.
  let prevIn = 0,
    prevOut = 0;
  for (let i = 0; i < x.length; i++) {
    const out = x[i]! - prevIn + 0.985 * prevOut;
    prevIn = x[i]!;
    x[i] = prevOut = out;
  }
  return x;
}

/**
 * Energy and F0 of every 20 ms frame. F0 is looked for only in frames at least 10 dB above the
 * background and above -60 dBFS (the rest cannot be speech worth measuring), which keeps a mostly
 * silent upload cheap.
 */
export function analyseFrames(samples: Float32Array, sampleRate: number): FrameAnalysis {
  const signal = analysisSignal(samples, sampleRate);
  const count = Math.floor(signal.length / HOP);
  const dbs = new Float64Array(count);
  for (let f = 0; f < count; f++) dbs[f] = toDb(power(signal, f * HOP, (f + 1) * HOP));
  const sorted = [...dbs].sort((a, b) => a - b);
  const noiseDb = meanDb(sorted.slice(0, Math.max(1, Math.floor(0.15 * sorted.length))));
  const d = new Float64Array(MAX_LAG + 1);
  const frames: Frame[] = [];
  for (let f = 0; f < count; f++) {
    const db = dbs[f]!;
    const f0 = db > noiseDb + 10 && db > -60 ? yin(signal, f * HOP, d) : null;
    frames.push({ db, f0 });
  }
  return { frames, signal, noiseDb };
}

// ---------------------------------------------------------------------------------------------
// Formants

const LPC_ORDER = 10;
const ENVELOPE_POINTS = 256;

/** LPC coefficients a[1..p] of a windowed frame (autocorrelation, Levinson-Durbin); null when silent. */
function lpc(frame: Float64Array): Float64Array | null {
  const r = new Float64Array(LPC_ORDER + 1);
  for (let lag = 0; lag <= LPC_ORDER; lag++) {
    let sum = 0;
    for (let i = lag; i < frame.length; i++) sum += frame[i]! * frame[i - lag]!;
    r[lag] = sum;
  }
  if (r[0]! <= 1e-10) return null;
  r[0] = r[0]! * (1 + 1e-9); // a little white noise: keeps the recursion stable
  const a = new Float64Array(LPC_ORDER + 1);
  const tmp = new Float64Array(LPC_ORDER + 1);
  a[0] = 1;
  let error = r[0]!;
  for (let i = 1; i <= LPC_ORDER; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / error;
    tmp.set(a);
    for (let j = 1; j < i; j++) a[j] = tmp[j]! + k * tmp[i - j]!;
    a[i] = k;
    error *= 1 - k * k;
    if (error <= 0) return null;
  }
  return a;
}

/** F1-F3 of one voiced frame: the first three peaks of the LPC envelope between 150 Hz and 3.8 kHz. */
function frameFormants(signal: Float32Array, at: number): [number, number, number] | null {
  if (at + WINDOW > signal.length) return null;
  const frame = new Float64Array(WINDOW);
  // Pre-emphasis (0.9) and a Hamming window.
  for (let i = 0; i < WINDOW; i++) {
    const x = signal[at + i]! - 0.9 * (i > 0 ? signal[at + i - 1]! : 0);
    frame[i] = x * (0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)));
  }
  const a = lpc(frame);
  if (!a) return null;
  const envelope = new Float64Array(ENVELOPE_POINTS);
  for (let k = 0; k < ENVELOPE_POINTS; k++) {
    const w = (Math.PI * k) / ENVELOPE_POINTS;
    let re = 0,
      im = 0;
    for (let j = 0; j <= LPC_ORDER; j++) {
      re += a[j]! * Math.cos(w * j);
      im -= a[j]! * Math.sin(w * j);
    }
    envelope[k] = 1 / (re * re + im * im);
  }
  const hz = (k: number) => (k * ANALYSIS_RATE) / 2 / ENVELOPE_POINTS;
  const peaks: number[] = [];
  for (let k = 1; k < ENVELOPE_POINTS - 1 && peaks.length < 3; k++) {
    if (hz(k) < 150 || hz(k) > 3800) continue;
    if (envelope[k]! > envelope[k - 1]! && envelope[k]! >= envelope[k + 1]!) {
      const [l, c, r] = [Math.log(envelope[k - 1]!), Math.log(envelope[k]!), Math.log(envelope[k + 1]!)];
      const shift = l + r - 2 * c !== 0 ? (l - r) / (2 * (l + r - 2 * c)) : 0;
      peaks.push(hz(k + Math.max(-1, Math.min(1, shift))));
    }
  }
  return peaks.length === 3 ? [peaks[0]!, peaks[1]!, peaks[2]!] : null;
}

/**
 * Median F1, F2, F3 (Hz) over the voiced frames (every second one, at most 600: enough for a stable
 * median, and bounded); null when fewer than 10 frames gave three formants.
 */
export function medianFormants(analysis: FrameAnalysis): [number, number, number] | null {
  const voiced = analysis.frames.map((f, i) => (f.f0 ? i : -1)).filter((i) => i >= 0);
  const step = Math.max(2, Math.ceil(voiced.length / 600));
  const found: [number, number, number][] = [];
  for (let n = 0; n < voiced.length; n += step) {
    const f = frameFormants(analysis.signal, voiced[n]! * HOP);
    if (f) found.push(f);
  }
  if (found.length < 10) return null;
  const median = (i: 0 | 1 | 2) =>
    percentile(
      found.map((f) => f[i]).sort((a, b) => a - b),
      0.5,
    );
  return [median(0), median(1), median(2)];
}

// ---------------------------------------------------------------------------------------------
// Spectral tilt

const DFT_SIZE = 256;
let tables: { cos: Float64Array; sin: Float64Array; hann: Float64Array } | undefined;
/** One period of cos and sin at the DFT's resolution, and its Hann window, made once per isolate. */
function dftTables() {
  if (!tables) {
    const cos = new Float64Array(DFT_SIZE),
      sin = new Float64Array(DFT_SIZE),
      hann = new Float64Array(DFT_SIZE);
    for (let i = 0; i < DFT_SIZE; i++) {
      cos[i] = Math.cos((2 * Math.PI * i) / DFT_SIZE);
      sin[i] = Math.sin((2 * Math.PI * i) / DFT_SIZE);
      hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (DFT_SIZE - 1));
    }
    tables = { cos, sin, hann };
  }
  return tables;
}

/** Octave bands whose levels give the tilt (Hz, lower edges; the last ends at 3.8 kHz). */
const TILT_BANDS = [250, 500, 1000, 2000, 3800];

/**
 * Spectral tilt in dB per octave: the slope of the long-term average spectrum of the voiced frames
 * over the octave bands 250 Hz-3.8 kHz (a least-squares line through the band levels against their
 * centres in octaves). Speech falls by some 6-12 dB an octave; a breathier or brighter voice less.
 * Measured with a DFT at the bands' bins, every fourth voiced frame, at most 300.
 */
export function spectralTilt(analysis: FrameAnalysis): number | null {
  const voiced = analysis.frames.map((f, i) => (f.f0 ? i : -1)).filter((i) => i >= 0);
  if (voiced.length < 10) return null;
  const size = DFT_SIZE;
  const binHz = ANALYSIS_RATE / size;
  const { cos, sin, hann } = dftTables();
  const x = new Float64Array(size);
  const bands = new Float64Array(TILT_BANDS.length - 1);
  const step = Math.max(4, Math.ceil(voiced.length / 300));
  for (let n = 0; n < voiced.length; n += step) {
    const at = voiced[n]! * HOP;
    if (at + size > analysis.signal.length) continue;
    for (let i = 0; i < size; i++) x[i] = analysis.signal[at + i]! * hann[i]!;
    for (let b = 0; b < bands.length; b++) {
      const lo = Math.ceil(TILT_BANDS[b]! / binHz),
        hi = Math.floor(TILT_BANDS[b + 1]! / binHz);
      for (let k = lo; k < hi; k++) {
        let re = 0,
          im = 0;
        for (let i = 0; i < size; i++) {
          const t = (k * i) % size;
          re += x[i]! * cos[t]!;
          im -= x[i]! * sin[t]!;
        }
        bands[b] = bands[b]! + (re * re + im * im) / (hi - lo);
      }
    }
  }
  const xs = TILT_BANDS.slice(0, -1).map((lo, b) => Math.log2(Math.sqrt(lo * TILT_BANDS[b + 1]!)));
  const ys = [...bands].map((p) => 10 * Math.log10(p + 1e-20));
  const mx = xs.reduce((a, v) => a + v, 0) / xs.length,
    my = ys.reduce((a, v) => a + v, 0) / ys.length;
  let num = 0,
    den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

// ---------------------------------------------------------------------------------------------
// Pitch statistics and speaking rate

/** Semitones between two frequencies. */
export const semitones = (from: number, to: number) => 12 * Math.log2(to / from);

/** Median F0 and its spread (10th to 90th percentile, in semitones) over the voiced frames. */
export function pitchStats(analysis: FrameAnalysis): { f0: number; rangeSemitones: number } | null {
  const f0s = analysis.frames
    .map((f) => f.f0)
    .filter((f): f is number => f !== null)
    .sort((a, b) => a - b);
  if (f0s.length < 10) return null;
  return { f0: percentile(f0s, 0.5), rangeSemitones: semitones(percentile(f0s, 0.1), percentile(f0s, 0.9)) };
}

/**
 * Syllables a second of speech: peaks of the energy contour (smoothed over 3 frames) that are voiced,
 * at least 3 dB above the dips on both sides and at least 100 ms apart, divided by the time between
 * the first and the last voiced frame less pauses longer than 300 ms.
 */
export function syllableRate(analysis: FrameAnalysis): number | null {
  const { frames } = analysis;
  const smooth = frames.map((_, i) => meanDb(frames.slice(Math.max(0, i - 1), i + 2).map((f) => f.db)));
  const peaks: number[] = [];
  for (let i = 1; i < frames.length - 1; i++) {
    if (!frames[i]!.f0 || !(smooth[i]! >= smooth[i - 1]! && smooth[i]! > smooth[i + 1]!)) continue;
    // The dip on each side before the contour climbs above this peak again.
    let left = smooth[i]!,
      right = smooth[i]!;
    // (Looked for within 500 ms each way: bounded work per frame.)
    for (let j = i - 1; j >= Math.max(0, i - 25) && smooth[j]! <= smooth[i]!; j--) left = Math.min(left, smooth[j]!);
    for (let j = i + 1; j < Math.min(frames.length, i + 26) && smooth[j]! <= smooth[i]!; j++) right = Math.min(right, smooth[j]!);
    if (smooth[i]! - Math.max(left, right) < 3) continue;
    if (peaks.length && i - peaks.at(-1)! < 5) continue;
    peaks.push(i);
  }
  const voiced = frames.map((f, i) => (f.f0 ? i : -1)).filter((i) => i >= 0);
  if (voiced.length < 10 || peaks.length < 3) return null;
  let speechFrames = 0;
  for (let n = 1; n < voiced.length; n++) {
    const gap = voiced[n]! - voiced[n - 1]!;
    speechFrames += gap > 15 ? 1 : gap;
  }
  return peaks.length / ((speechFrames * HOP) / ANALYSIS_RATE);
}
