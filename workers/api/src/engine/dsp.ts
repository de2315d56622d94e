// Audio processing for the voice engine: pitch/tempo/formants with Rubber Band (GPL-2.0-only, WASM,
// server-side only), resampling, BS.1770 loudness normalisation with a true-peak limiter, fades,
// silence and WAV encoding. All mono Float32Array in -1..1. See docs/decisions/0009-voice-engine.md.
import rubberbandWasm from "@echogarden/rubberband-wasm/rubberband.wasm";
import createRubberbandModule from "./generated/rubberband.js";

const dbToGain = (db: number) => 10 ** (db / 20);

// ---------------------------------------------------------------------------------------------
// Rubber Band: pitch shift (semitones), tempo (without changing pitch) and formant factor.

/** The part of the Emscripten module we use (the library's C API, rubberband-c.h). */
type RubberbandModule = {
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _rubberband_new(sampleRate: number, channels: number, options: number, timeRatio: number, pitchScale: number): number;
  _rubberband_delete(state: number): void;
  _rubberband_set_formant_scale(state: number, scale: number): void;
  _rubberband_set_expected_input_duration(state: number, samples: number): void;
  _rubberband_set_max_process_size(state: number, samples: number): void;
  _rubberband_study(state: number, input: number, samples: number, final: number): void;
  _rubberband_process(state: number, input: number, samples: number, final: number): void;
  _rubberband_available(state: number): number;
  _rubberband_retrieve(state: number, output: number, samples: number): number;
};

// RubberBandOptions (rubberband-c.h): offline, the higher-quality R3 ("finer") engine, formants
// preserved (so a pitch shift does not sound like a chipmunk), no threads (there are none in WASM).
const OPTION_FORMANT_PRESERVED = 0x01000000;
const OPTION_THREADING_NEVER = 0x00010000;
const OPTION_ENGINE_FINER = 0x20000000;
// R3's short analysis window: measured 2.6x faster than its standard window on a 7 s Korean sentence
// shifted +12 semitones (276 ms against 726 ms, same run), with the shifted F0 within 3.5% of the target
// (1.934x against 1.954x). Formants stay roughly where they were, a little less exactly: after a +7 semitone
// shift the mean spectral centroid of a Korean sentence moved -17% (standard window: -9%; a shift without
// preservation scales every frequency, the centroid too, by 1.5). Measured in workerd, 2026-11-23.
const OPTION_WINDOW_SHORT = 0x00100000;
const RUBBERBAND_OPTIONS = OPTION_ENGINE_FINER | OPTION_FORMANT_PRESERVED | OPTION_THREADING_NEVER | OPTION_WINDOW_SHORT;
const BLOCK = 8192;

let rubberband: Promise<RubberbandModule> | undefined;

/** Instantiated once per isolate from the .wasm that wrangler imports as a compiled module. */
function rubberbandModule(): Promise<RubberbandModule> {
  rubberband ??= (
    createRubberbandModule({
      instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void) {
        const instance = new WebAssembly.Instance(rubberbandWasm, imports);
        receive(instance);
        return instance.exports;
      },
      print: () => {},
      printErr: () => {},
    }) as Promise<RubberbandModule>
  ).catch((error: unknown) => {
    rubberband = undefined;
    throw error;
  });
  return rubberband;
}

export type StretchOptions = {
  /** Pitch shift in semitones (0 = none). */
  semitones: number;
  /** Tempo factor (2 = twice as fast, half the duration; 1 = unchanged). */
  tempo: number;
  /** Formant factor relative to the original (1 = unchanged), independent of the pitch shift. */
  formant: number;
  /**
   * Called with the fraction processed every PROGRESS_BLOCKS blocks of the processing pass, and
   * awaited: a long stretch can report progress and let other events in between.
   */
  progress?: (fraction: number) => Promise<void> | void;
};

/** Blocks between two progress calls of `stretch`: 4 × 8192 samples, 1.4 s of audio at 24 kHz (some 70 ms of CPU). */
const PROGRESS_BLOCKS = 4;

/** Pitch, tempo and formants with Rubber Band's R3 engine, offline (study, then process). */
export async function stretch(input: Float32Array, sampleRate: number, options: StretchOptions): Promise<Float32Array> {
  const pitchScale = 2 ** (options.semitones / 12);
  if (pitchScale === 1 && options.tempo === 1 && options.formant === 1) return input.slice();
  const rb = await rubberbandModule();
  const state = rb._rubberband_new(sampleRate, 1, RUBBERBAND_OPTIONS, 1 / options.tempo, pitchScale);
  // The formant scale is relative to the shifted pitch: to move the formants by k relative to the
  // original, pass k / pitchScale (0, the default, keeps them where they were).
  if (options.formant !== 1) rb._rubberband_set_formant_scale(state, options.formant / pitchScale);
  rb._rubberband_set_expected_input_duration(state, input.length);
  rb._rubberband_set_max_process_size(state, BLOCK);

  // One channel: a float* buffer and the float** that points at it.
  const buffer = rb._malloc(BLOCK * 4);
  const channels = rb._malloc(4);
  rb.HEAPU32[channels >> 2] = buffer;
  const output: Float32Array[] = [];
  let outputLength = 0;
  const drain = () => {
    for (let available = rb._rubberband_available(state); available > 0; available = rb._rubberband_available(state)) {
      const got = rb._rubberband_retrieve(state, channels, Math.min(available, BLOCK));
      output.push(rb.HEAPF32.slice(buffer >> 2, (buffer >> 2) + got)); // HEAPF32 is re-read: memory may grow
      outputLength += got;
    }
  };
  const feed = async (step: (state: number, input: number, samples: number, final: number) => void, retrieve: boolean) => {
    for (let start = 0, n = 0; start < input.length || start === 0; start += BLOCK, n++) {
      const block = input.subarray(start, start + BLOCK);
      rb.HEAPF32.set(block, buffer >> 2);
      step(state, channels, block.length, start + BLOCK >= input.length ? 1 : 0);
      if (retrieve) drain();
      if (retrieve && options.progress && n % PROGRESS_BLOCKS === PROGRESS_BLOCKS - 1)
        await options.progress(Math.min(1, (start + BLOCK) / input.length));
    }
  };
  try {
    await feed(rb._rubberband_study, false);
    await feed(rb._rubberband_process, true);
    drain();
  } finally {
    rb._free(channels);
    rb._free(buffer);
    rb._rubberband_delete(state);
  }
  const result = new Float32Array(outputLength);
  let offset = 0;
  for (const part of output) {
    result.set(part, offset);
    offset += part.length;
  }
  return pitchScale < 1 && options.tempo === 1 ? keepBand(input, result, sampleRate, pitchScale) : result;
}

/**
 * A downward pitch shift moves the whole spectrum down with the pitch, so above (rate / 2) x pitchScale the
 * shifted signal is empty: after -13 semitones at 24 kHz, everything above 5.7 kHz was gone. That
 * band of speech is mostly noise (fricatives, breath) and the upper formants' envelope, which the shift is
 * meant to keep (formants preserved) anyway: it is taken from the input, unshifted, through a 4th-order
 * Linkwitz-Riley crossover at 90% of the shifted band's top (the shifted signal low-passed, the input
 * high-passed there), so the result keeps the input's band. Only for a pure pitch shift (tempo 1): the
 * input and the result then have the same timing (Rubber Band's offline mode starts without delay).
 */
function keepBand(input: Float32Array, shifted: Float32Array, sampleRate: number, pitchScale: number): Float32Array {
  const crossover = 0.9 * (sampleRate / 2) * pitchScale;
  const low = biquadTwice(shifted, sampleRate, crossover, "low");
  const high = biquadTwice(input.subarray(0, shifted.length), sampleRate, crossover, "high");
  for (let i = 0; i < high.length; i++) low[i] = low[i]! + high[i]!;
  return low;
}

/** A Butterworth (Q = 1/√2) low- or high-pass biquad applied twice: a Linkwitz-Riley 4th-order crossover half. */
function biquadTwice(x: Float32Array, sampleRate: number, hz: number, kind: "low" | "high"): Float32Array {
  const w = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w) / Math.SQRT2;
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b1 = (kind === "low" ? 1 - cos : -(1 + cos)) / a0;
  const b0 = b1 / (kind === "low" ? 2 : -2);
  const a1 = (-2 * cos) / a0,
    a2 = (1 - alpha) / a0;
  const y = new Float32Array(x.length);
  for (let pass = 0; pass < 2; pass++) {
    const from = pass === 0 ? x : y;
    let x1 = 0,
      x2 = 0,
      y1 = 0,
      y2 = 0;
    for (let i = 0; i < from.length; i++) {
      const v = from[i]!;
      const out = b0 * v + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = v;
      y2 = y1;
      y1 = out;
      y[i] = out;
    }
  }
  return y;
}

// ---------------------------------------------------------------------------------------------
// Resampling: windowed-sinc interpolation (Blackman window, 16 zero crossings each side by default). The
// sample rates are integers, so output sample i sits at input position i * down / up (the ratio in
// lowest terms) and only `up` different fractional offsets occur: the filter is precomputed for
// each of them (polyphase), which leaves a plain dot product per output sample. The cut-off sits at
// 95% of the lower Nyquist frequency.

/** Blackman-windowed sinc at `u` zero crossings from the centre, `zeros` on each side. */
function windowedSinc(u: number, zeros: number): number {
  const a = Math.abs(u);
  if (a >= zeros) return 0;
  const sinc = a === 0 ? 1 : Math.sin(Math.PI * a) / (Math.PI * a);
  return sinc * (0.42 + 0.5 * Math.cos((Math.PI * a) / zeros) + 0.08 * Math.cos((2 * Math.PI * a) / zeros));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** `zeros`: filter length in zero crossings per side (16 for output audio; 6 is enough to find peaks). */
export function resample(input: Float32Array, from: number, to: number, zeros = 16): Float32Array {
  if (from === to) return input.slice();
  const g = gcd(Math.round(from), Math.round(to));
  const up = Math.round(to) / g,
    down = Math.round(from) / g;
  const cutoff = Math.min(1, to / from) * 0.95; // relative to the input's Nyquist frequency
  const reach = Math.ceil(zeros / cutoff); // input samples on each side
  const taps = 2 * reach;
  // phases[p * taps + j]: weight of input sample (centre - reach + 1 + j) at fractional offset p / up
  const phases = new Float32Array(up * taps);
  for (let p = 0; p < up; p++) {
    for (let j = 0; j < taps; j++) phases[p * taps + j] = cutoff * windowedSinc(cutoff * (p / up + reach - 1 - j), zeros);
  }
  const output = new Float32Array(Math.round((input.length * up) / down));
  for (let i = 0; i < output.length; i++) {
    const centre = Math.floor((i * down) / up);
    const base = (i * down - centre * up) * taps;
    const first = centre - reach + 1;
    const lo = Math.max(0, -first),
      hi = Math.min(taps, input.length - first);
    let acc = 0;
    for (let j = lo; j < hi; j++) acc += input[first + j]! * phases[base + j]!;
    output[i] = acc;
  }
  return output;
}

// ---------------------------------------------------------------------------------------------
// Loudness: ITU-R BS.1770-4 integrated loudness of a mono signal.

/** A biquad's coefficients [b0, b1, b2, a1, a2] (a0 = 1). */
type Biquad = [number, number, number, number, number];

/** The two biquads of the K-weighting filter. */
function kWeightingCoefficients(sampleRate: number): [Biquad, Biquad] {
  // A high shelf of +4 dB above ~1.7 kHz, then the RLB high-pass at ~38 Hz, designed for the given
  // sample rate by the bilinear transform (prewarped at f0; the same derivation as libebur128).
  // At 48 kHz this gives the coefficients tabulated in BS.1770 to 1e-15.
  let shelf: Biquad;
  {
    const f0 = 1681.974450955533,
      gainDb = 3.999843853973347,
      q = 0.7071752369554196;
    const k = Math.tan((Math.PI * f0) / sampleRate);
    const vh = 10 ** (gainDb / 20),
      vb = vh ** 0.4996667741545416;
    const a0 = 1 + k / q + k * k;
    shelf = [
      (vh + (vb * k) / q + k * k) / a0,
      (2 * (k * k - vh)) / a0,
      (vh - (vb * k) / q + k * k) / a0,
      (2 * (k * k - 1)) / a0,
      (1 - k / q + k * k) / a0,
    ];
  }
  const f0 = 38.13547087602444,
    q = 0.5003270373238773;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const a0 = 1 + k / q + k * k;
  return [shelf, [1, -2, 1, (2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0]];
}

/**
 * Integrated loudness in LUFS: mean square of the K-weighted signal over 400 ms blocks overlapping
 * by 75%, gated absolutely at -70 LUFS and then relatively at 10 LU below the ungated mean.
 * Returns -Infinity for silence. A clip shorter than one block counts as one block.
 *
 * Streaming: both filters run in one pass and only one sum of squares per 100 ms is kept (a block
 * is four of them), so it allocates 8 bytes per 100 ms rather than a copy of the signal (a 5-minute
 * 48 kHz upload would otherwise need two Float64 copies, 230 MB, more than a worker has), and it is
 * faster: 60 s at 24 kHz took 24 ms against 34-46 ms for the two-pass version with prefix sums it
 * replaced (workerd, 2026-11-23). A block is 4 x round(0.1 s) samples.
 */
export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  const [[b0, b1, b2, a1, a2], [c0, c1, c2, d1, d2]] = kWeightingCoefficients(sampleRate);
  const hop = Math.round(0.1 * sampleRate);
  const quarters = new Float64Array(Math.ceil(samples.length / hop));
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0,
    z1 = 0,
    z2 = 0;
  for (let q = 0, n = 0; q < quarters.length; q++) {
    let sum = 0;
    for (const end = Math.min(n + hop, samples.length); n < end; n++) {
      const x = samples[n]!;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      const z = c0 * y + c1 * y1 + c2 * y2 - d1 * z1 - d2 * z2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    quarters[q] = sum;
  }
  const size = Math.min(4 * hop, samples.length);
  const blocks: number[] = [];
  if (samples.length < 4 * hop) blocks.push(quarters.reduce((a, v) => a + v, 0) / Math.max(1, size));
  else
    for (let q = 0; q + 4 <= Math.floor(samples.length / hop); q++)
      blocks.push((quarters[q]! + quarters[q + 1]! + quarters[q + 2]! + quarters[q + 3]!) / size);
  const lufs = (z: number) => -0.691 + 10 * Math.log10(z);
  const gatedMean = (threshold: number) => {
    const kept = blocks.filter((z) => lufs(z) > threshold);
    return kept.length ? kept.reduce((a, z) => a + z, 0) / kept.length : 0;
  };
  const absolute = gatedMean(-70);
  if (absolute === 0) return -Infinity;
  return lufs(gatedMean(Math.max(-70, lufs(absolute) - 10)));
}

/**
 * True peak in dBFS: the highest absolute value of the signal oversampled 4x (BS.1770 annex 2,
 * which uses 12 taps per phase; so does this).
 */
export function truePeakDb(samples: Float32Array, sampleRate: number): number {
  const up = resample(samples, sampleRate, sampleRate * 4, 6);
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  for (const v of up) peak = Math.max(peak, Math.abs(v));
  return 20 * Math.log10(peak);
}

/**
 * Gain per sample that keeps |gain * peaks| under the ceiling: the needed reduction, spread by a
 * running minimum over ±`reach` samples and then a moving average of the same width. Each averaged
 * value is a mean of minima that all include the sample itself, so it never exceeds what that
 * sample needs; the ramps are 2 * reach long, which avoids clicks.
 */
function limiterGain(peaks: Float32Array, gain: number, ceiling: number, reach: number): Float32Array {
  const n = peaks.length;
  const need = new Float32Array(n);
  for (let i = 0; i < n; i++) need[i] = Math.min(1, ceiling / Math.max(gain * peaks[i]!, 1e-12));
  // running minimum over [i - reach, i + reach] with a monotonic deque
  const minimum = new Float32Array(n);
  const deque = new Int32Array(n);
  let head = 0,
    tail = 0;
  for (let i = 0, added = 0; i < n; i++) {
    for (; added < Math.min(n, i + reach + 1); added++) {
      while (tail > head && need[deque[tail - 1]!]! >= need[added]!) tail--;
      deque[tail++] = added;
    }
    while (deque[head]! < i - reach) head++;
    minimum[i] = need[deque[head]!]!;
  }
  // moving average over the same window (edges: the window is cut off)
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sums[i + 1] = sums[i]! + minimum[i]!;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - reach),
      hi = Math.min(n, i + reach + 1);
    out[i] = (sums[hi]! - sums[lo]!) / (hi - lo);
  }
  return out;
}

/** What normalizeLoudness did to one clip (for the tests and the bench; the "share of clips limited"). */
export type LoudnessReport = {
  /** Integrated loudness before and after, LUFS. */
  inputLufs: number;
  outputLufs: number;
  /** The true peak the plain gain would have given, dBTP. */
  gainPeakDb: number;
  /** The leveller's largest reduction, dB (0: it did nothing). */
  levelDb: number;
  /** Whether the limiter had to act, and its largest gain reduction in dB (0 when it did not). */
  limited: boolean;
  limitDb: number;
  /** Seconds of pause the gate silenced. */
  gatedSeconds: number;
};

/**
 * Running tally of normalizeLoudness in this isolate, so the tests and the bench measure the product's
 * own path: clips normalised, how many the leveller and the limiter acted on, and the last 1000 reports.
 */
export const loudnessTally = {
  clips: 0,
  levelled: 0,
  limited: 0,
  reports: [] as LoudnessReport[],
  reset() {
    this.clips = this.levelled = this.limited = 0;
    this.reports = [];
  },
};

export type NormalizeOptions = {
  /** Silence the pauses (see gatePauses); default true. */
  gate?: boolean;
};

/**
 * Normalises to the target integrated loudness (default -20 LUFS, engine/types.ts TARGET_LUFS) with the true peak at most `ceilingDb`
 * (default -1 dBTP), limiting as little as possible (the old path, gain then a 5 ms limiter
 * and rounds of make-up gain, limited 98% of clips). Each step runs only when the one before was not enough:
 *
 * 1. The pauses are gated to silence (gatePauses), so a breathy voice's breath noise is not heard
 *    between phrases.
 * 2. One gain to the target, measured once. If the true peak then stays under the ceiling, that is all.
 * 3. Otherwise the leveller (levelPeaks) turns the loudest syllables down at syllable rate, and the gain
 *    is measured again and set once more.
 * 4. Only if a peak still crosses the ceiling, the 5 ms look-ahead limiter on the 4x-oversampled peaks
 *    takes the rest, with make-up gain rounds as before.
 * docs/decisions/0026-cleaner-sound.md has the measurements (phase rotation was tried and made the peaks
 * of eSpeak's speech higher, not lower).
 */
export function normalizeLoudness(
  samples: Float32Array,
  sampleRate: number,
  targetLufs = -20,
  ceilingDb = -1,
  options: NormalizeOptions = {},
): Float32Array {
  const gated = options.gate === false ? { samples, seconds: 0 } : gatePauses(samples, sampleRate);
  const loudness = integratedLoudness(gated.samples, sampleRate);
  const report: LoudnessReport = {
    inputLufs: loudness,
    outputLufs: loudness,
    gainPeakDb: -Infinity,
    levelDb: 0,
    limited: false,
    limitDb: 0,
    gatedSeconds: gated.seconds,
  };
  const done = (output: Float32Array) => {
    loudnessTally.clips++;
    if (report.levelDb > 0) loudnessTally.levelled++;
    if (report.limited) loudnessTally.limited++;
    if (loudnessTally.reports.push(report) > 1000) loudnessTally.reports.shift();
    return output;
  };
  if (!Number.isFinite(loudness)) return done(gated.samples === samples ? samples.slice() : gated.samples); // silence stays silence
  const ceiling = dbToGain(ceilingDb - 0.2); // a little headroom for the 4x estimate and 16-bit rounding
  let gain = dbToGain(targetLufs - loudness);
  let peak = fastTruePeak(gated.samples, ceiling / gain);
  report.gainPeakDb = 20 * Math.log10(peak * gain);
  let x = gated.samples;
  if (peak * gain > ceiling) {
    // Levelling lowers the loudness a little, so the gain that follows is higher than `gain`: the first
    // pass finds by how much, the second levels against that gain (from the unlevelled signal again).
    let levelled = x;
    for (let pass = 0; pass < 3; pass++) {
      levelled = x.slice();
      report.levelDb = levelPeaks(levelled, sampleRate, gain, ceilingDb - 0.2 - LEVELLER.belowCeilingDb);
      gain = dbToGain(targetLufs - integratedLoudness(levelled, sampleRate));
    }
    x = levelled;
    peak = fastTruePeak(x, ceiling / gain);
  }
  let output = new Float32Array(x.length);
  if (peak * gain <= ceiling) {
    for (let i = 0; i < x.length; i++) output[i] = x[i]! * gain;
  } else {
    report.limited = true;
    const peaks = samplePeaks(x, sampleRate);
    const reach = Math.round(0.005 * sampleRate);
    for (let round = 0; round < 4; round++) {
      const limit = limiterGain(peaks, gain, ceiling, reach);
      let least = 1;
      output = new Float32Array(x.length);
      for (let i = 0; i < x.length; i++) {
        output[i] = x[i]! * gain * limit[i]!;
        if (limit[i]! < least) least = limit[i]!;
      }
      report.limitDb = -20 * Math.log10(least);
      const error = targetLufs - integratedLoudness(output, sampleRate);
      if (Math.abs(error) < 0.1) break;
      gain *= dbToGain(error);
    }
  }
  report.outputLufs = report.limited ? integratedLoudness(output, sampleRate) : targetLufs;
  return done(output);
}

/** Per-sample peak including the inter-sample peaks of the 4x-oversampled signal around it (the limiter's input). */
function samplePeaks(samples: Float32Array, sampleRate: number): Float32Array {
  const up = resample(samples, sampleRate, sampleRate * 4, 6);
  const peaks = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    let p = Math.abs(samples[i]!);
    for (let j = Math.max(0, 4 * i - 3); j <= Math.min(up.length - 1, 4 * i + 3); j++) p = Math.max(p, Math.abs(up[j]!));
    peaks[i] = p;
  }
  return peaks;
}

/** The 4x interpolation filter of fastTruePeak: 3 phases (1/4, 2/4, 3/4) of 12 taps (as BS.1770 annex 2). */
const TRUE_PEAK_TAPS = 12;
const TRUE_PEAK_PHASES = (() => {
  const phases = new Float64Array(3 * TRUE_PEAK_TAPS);
  for (let p = 1; p <= 3; p++)
    for (let j = 0; j < TRUE_PEAK_TAPS; j++) {
      // weight of sample (i - 5 + j) for the point i + p/4
      phases[(p - 1) * TRUE_PEAK_TAPS + j] = windowedSinc(p / 4 + TRUE_PEAK_TAPS / 2 - 1 - j, TRUE_PEAK_TAPS / 2 + 0.5);
    }
  return phases;
})();

/**
 * True peak (linear) by 4x interpolation, computed only between samples that could reach `threshold`: an
 * inter-sample peak of speech exceeds its neighbouring samples by far less than 6 dB, so points whose two
 * neighbours are both below half the threshold are skipped. Exact (same filter) wherever it looks; the
 * full version is truePeakDb. With `threshold` 0 it looks everywhere.
 */
export function fastTruePeak(samples: Float32Array, threshold = 0): number {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const a = Math.abs(samples[i]!);
    if (a > peak) peak = a;
  }
  const look = Math.min(threshold, peak) / 2;
  const n = samples.length;
  for (let i = 0; i + 1 < n; i++) {
    if (Math.abs(samples[i]!) < look && Math.abs(samples[i + 1]!) < look) continue;
    for (let p = 0; p < 3; p++) {
      let acc = 0;
      const base = p * TRUE_PEAK_TAPS;
      for (let j = 0; j < TRUE_PEAK_TAPS; j++) {
        const k = i - TRUE_PEAK_TAPS / 2 + 1 + j;
        if (k >= 0 && k < n) acc += samples[k]! * TRUE_PEAK_PHASES[base + j]!;
      }
      if (Math.abs(acc) > peak) peak = Math.abs(acc);
    }
  }
  return peak;
}

/** The leveller's settings (see levelPeaks). */
export const LEVELLER = {
  /** Threshold below the ceiling, dB: peaks above it are turned down by the ratio. */
  belowCeilingDb: 0.5,
  ratio: 20,
  /** Look-ahead: the reduction ramps in over this long before the peak. */
  attackMs: 10,
  /** ...and lets go over this time constant after it. */
  releaseMs: 100,
  /** Frame of the peak detector. */
  frameMs: 2.5,
};

/**
 * The leveller, in place: a peak-sensing compressor at syllable rate. The true peak (sample peak + 0.5
 * dB for the inter-sample overshoot) of each 2.5 ms frame, after `gain`, above `thresholdDb` is turned
 * down by the ratio; the reduction ramps in over the 10 ms before the peak (look-ahead, a linear ramp in
 * dB) and decays over 100 ms after it. Slow compared with the limiter (5 ms look-ahead, ±5 ms), so it
 * moves a syllable's level rather than cutting the top off single glottal pulses. Answers the largest
 * reduction in dB (0: nothing above the threshold).
 */
export function levelPeaks(samples: Float32Array, sampleRate: number, gain: number, thresholdDb: number): number {
  const hop = Math.max(1, Math.round((LEVELLER.frameMs / 1000) * sampleRate));
  const frames = Math.ceil(samples.length / hop);
  const need = new Float32Array(frames); // dB of reduction per frame
  let any = false;
  const overshoot = 10 ** (0.5 / 20);
  for (let f = 0; f < frames; f++) {
    let p = 0;
    const end = Math.min(samples.length, (f + 1) * hop);
    for (let i = f * hop; i < end; i++) p = Math.max(p, Math.abs(samples[i]!));
    const level = 20 * Math.log10(p * gain * overshoot + 1e-30);
    if (level > thresholdDb) {
      need[f] = (level - thresholdDb) * (1 - 1 / LEVELLER.ratio);
      any = true;
    }
  }
  if (!any) return 0;
  // Frame values are interpolated per sample below: hold each need over its neighbours first, so the
  // interpolation never dips under it; then the look-ahead ramp and the release.
  const held = new Float32Array(frames);
  for (let f = 0; f < frames; f++) held[f] = Math.max(need[f]!, need[f - 1] ?? 0, need[f + 1] ?? 0);
  const attack = Math.max(1, Math.round(LEVELLER.attackMs / LEVELLER.frameMs));
  const release = Math.exp(-LEVELLER.frameMs / LEVELLER.releaseMs);
  const curve = new Float32Array(frames);
  let decaying = 0;
  for (let f = 0; f < frames; f++) {
    let ahead = 0;
    for (let j = f; j <= Math.min(frames - 1, f + attack); j++) ahead = Math.max(ahead, held[j]! * (1 - (j - f) / (attack + 1)));
    decaying = Math.max(ahead, decaying * release);
    curve[f] = decaying;
  }
  let most = 0;
  for (let f = 0; f < frames; f++) {
    const a = curve[f]!,
      b = curve[Math.min(frames - 1, f + 1)]!;
    most = Math.max(most, a);
    const end = Math.min(samples.length, (f + 1) * hop);
    for (let i = f * hop; i < end; i++) {
      const db = a + ((b - a) * (i - f * hop)) / hop;
      if (db > 0) samples[i] = samples[i]! * dbToGain(-db);
    }
  }
  return most;
}

/** Pause gate: frames, thresholds and ramps. */
const GATE = {
  /** Level measured per 10 ms frame. */
  frameMs: 10,
  /** A frame belongs to a pause when it is this far below the median level of the speech frames. */
  belowSpeechDb: 24,
  /** ...and to a pause only if the quiet run lasts at least this long. */
  minPauseMs: 150,
  /** Kept open after the sound before the pause (its decay) and before the sound after it (the onset). */
  holdMs: 40,
  leadMs: 20,
  /** Raised-cosine ramps in and out of silence. */
  rampMs: 10,
};

/**
 * Silences the pauses: runs of at least 150 ms whose 10 ms frames all lie 24 dB or more below the median
 * level of the speech (the frames within 20 dB of the loudest one), keeping 40 ms after the sound before
 * and 20 ms before the sound after, with 10 ms raised-cosine ramps. Breathy voices (eSpeak's f2/f3
 * variants) otherwise leave breath noise at -40 to -51 dBFS between phrases; a clean pause is already
 * silence and stays so. Answers the seconds silenced and the result: a new array when anything was
 * silenced, otherwise the input itself (never changed).
 */
export function gatePauses(samples: Float32Array, sampleRate: number): { samples: Float32Array; seconds: number } {
  const unchanged = { samples, seconds: 0 };
  const size = Math.round((GATE.frameMs / 1000) * sampleRate);
  const count = Math.floor(samples.length / size);
  if (count < 2) return unchanged;
  const levels = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let e = 0;
    for (let i = f * size; i < (f + 1) * size; i++) e += samples[i]! * samples[i]!;
    levels[f] = 10 * Math.log10(e / size + 1e-30);
  }
  let loudest = -Infinity;
  for (const l of levels) loudest = Math.max(loudest, l);
  if (loudest < -100) return unchanged;
  const speech = levels.filter((l) => l > loudest - 20).sort();
  const threshold = speech[Math.floor(speech.length / 2)]! - GATE.belowSpeechDb;
  const frames = (ms: number) => Math.round(ms / GATE.frameMs);
  const ramp = Math.round((GATE.rampMs / 1000) * sampleRate);
  let out: Float32Array | undefined;
  let gated = 0;
  for (let f = 0; f < count;) {
    if (levels[f]! >= threshold) {
      f++;
      continue;
    }
    let end = f;
    while (end < count && levels[end]! < threshold) end++;
    // A run that reaches the clip's end counts to the last sample.
    if (end - f >= frames(GATE.minPauseMs)) {
      const from = (f + frames(GATE.holdMs)) * size;
      const to = end === count ? samples.length : (end - frames(GATE.leadMs)) * size;
      if (to - from > 2 * ramp) {
        out ??= samples.slice();
        for (let i = 0; i < ramp; i++) {
          const g = 0.5 + 0.5 * Math.cos((Math.PI * (i + 1)) / (ramp + 1)); // 1 -> 0
          out[from + i] = out[from + i]! * g;
          if (end !== count) out[to - 1 - i] = out[to - 1 - i]! * g;
        }
        out.fill(0, from + ramp, end === count ? to : to - ramp);
        gated += to - from;
      }
    }
    f = end;
  }
  return out ? { samples: out, seconds: gated / sampleRate } : unchanged;
}

// ---------------------------------------------------------------------------------------------
// Spectral tilt.

/**
 * A high shelf (RBJ cookbook, shelf slope 1) at `frequency` Hz with `gainDb` above it, in place: a
 * derived voice's brightness (docs/decisions/0029). Positive gain flattens the spectral tilt (brighter,
 * breathier), negative steepens it (darker).
 */
export function highShelf(samples: Float32Array, sampleRate: number, frequency: number, gainDb: number): Float32Array {
  if (gainDb === 0) return samples;
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * frequency) / sampleRate;
  const cos = Math.cos(w),
    alpha = (Math.sin(w) / 2) * Math.SQRT2;
  const root = 2 * Math.sqrt(a) * alpha;
  const a0 = a + 1 - (a - 1) * cos + root;
  const b0 = (a * (a + 1 + (a - 1) * cos + root)) / a0,
    b1 = (-2 * a * (a - 1 + (a + 1) * cos)) / a0,
    b2 = (a * (a + 1 + (a - 1) * cos - root)) / a0,
    a1 = (2 * (a - 1 - (a + 1) * cos)) / a0,
    a2 = (a + 1 - (a - 1) * cos - root) / a0;
  let x1 = 0,
    x2 = 0,
    y1 = 0,
    y2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    samples[i] = y;
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// Edges, silence, WAV.

/** Raised-cosine fade-in and fade-out of `ms` each, in place (avoids clicks at cut edges). */
export function fadeEdges(samples: Float32Array, sampleRate: number, ms = 5): Float32Array {
  const n = Math.min(Math.round((ms / 1000) * sampleRate), Math.floor(samples.length / 2));
  for (let i = 0; i < n; i++) {
    const g = 0.5 - 0.5 * Math.cos((Math.PI * i) / n);
    samples[i] = samples[i]! * g;
    samples[samples.length - 1 - i] = samples[samples.length - 1 - i]! * g;
  }
  return samples;
}

/** Exactly `ms` milliseconds of silence (rounded to the nearest sample). */
export function silence(ms: number, sampleRate: number): Float32Array {
  return new Float32Array(Math.max(0, Math.round((ms / 1000) * sampleRate)));
}

/** 16-bit PCM mono WAV (RIFF/WAVE, 44-byte header). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(v * 32767), true);
  }
  return bytes;
}
