// Speech-to-speech with the embedded engine: the recording keeps its words and timing, and its pitch
// register and formants move to the chosen voice's. This changes register and timbre, not speaker
// identity (a neural model behind the HTTP engine does that). See docs/decisions/0009-voice-engine.md.
import { fadeEdges, normalizeLoudness, resample, stretch } from "./dsp";
import { EmbeddedEngine } from "./embedded";
import { OUTPUT_SAMPLE_RATE, PEAK_CEILING_DBFS, TARGET_LUFS, type EngineLang, type SynthesisResult, type VoiceParams } from "./types";

/** What a recording sounds like: the median F0 of its voiced frames (null: none found). */
export type VoiceProfile = { f0: number | null };

const ANALYSIS_RATE = 8000;
/** Formants move by at most this factor either way (beyond it speech turns cartoonish). */
const FORMANT_LIMIT = 1.3;

const rms = (x: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / Math.max(1, x.length));
};

/**
 * Median F0 by YIN (yinF0, pitchfinder's YIN computed lazily) over 64 ms frames of an 8 kHz copy, every 20 ms, voiced frames only
 * (louder than 30% of the whole's RMS, 50..800 Hz); null when fewer than 10 frames are voiced.
 */
export function medianF0(samples: Float32Array, sampleRate: number): number | null {
  const frames = f0Frames(samples, sampleRate);
  frames.run(Infinity);
  return frames.median();
}

/** The same, awaiting `pause` every 500 frames (10 s of audio): a long analysis lets other work in. */
export async function medianF0Async(samples: Float32Array, sampleRate: number, pause: () => Promise<void> | void): Promise<number | null> {
  const frames = f0Frames(samples, sampleRate);
  while (!frames.run(500)) await pause();
  return frames.median();
}

/** Frame and hop of the F0 analysis at ANALYSIS_RATE: 64 ms frames every 20 ms. */
const FRAME = 513;
const HOP = 160;
const YIN_THRESHOLD = 0.15;

/**
 * YIN (de Cheveigné and Kawahara 2002) as pitchfinder's YIN computes it (the same difference function over
 * the first 256 samples, cumulative-mean normalisation, absolute threshold 0.15 then the next local minimum,
 * probability threshold 0.1, parabolic interpolation), but lazily: the difference function is computed one
 * lag at a time and stops at the minimum it answers, instead of for all 256 lags. A 200 Hz voice at 8 kHz
 * needs some 41 lags, so the analysis costs a fraction of the full one and answers the same F0
 * (measured in docs/decisions/0026). `buffer` is scratch space of at least 256 floats.
 */
export function yinF0(frame: Float32Array, sampleRate: number, buffer: Float32Array): number | null {
  const size = 256; // half of the largest power of two below the 513-sample frame, as pitchfinder
  const d = buffer;
  d[0] = d[1] = 1;
  // pitchfinder overwrites lag 1's difference with 1 before the running sum, so the sum starts at 1
  let runningSum = 1;
  const diff = (t: number) => {
    let sum = 0;
    for (let i = 0; i < size; i++) {
      const delta = frame[i]! - frame[i + t]!;
      sum += delta * delta;
    }
    runningSum += sum;
    return runningSum === 0 ? 1 : (sum * t) / runningSum;
  };
  let tau = -1;
  let computed = 1;
  for (let t = 2; t < size; t++) {
    d[t] = diff(t);
    computed = t;
    if (d[t]! < YIN_THRESHOLD) {
      tau = t;
      break;
    }
  }
  if (tau < 0) return null;
  // walk down to the local minimum, computing lags as needed
  for (;;) {
    if (tau + 1 >= size) break;
    if (computed < tau + 1) {
      d[tau + 1] = diff(tau + 1);
      computed = tau + 1;
    }
    if (d[tau + 1]! < d[tau]!) tau++;
    else break;
  }
  if (1 - d[tau]! < 0.1) return null;
  if (tau + 1 < size && computed < tau + 1) d[tau + 1] = diff(tau + 1);
  const s0 = d[tau - 1]!,
    s1 = d[tau]!,
    s2 = tau + 1 < size ? d[tau + 1]! : s1;
  const better = tau + 1 < size ? tau + (s2 - s0) / (2 * (2 * s1 - s2 - s0)) : tau;
  return sampleRate / better;
}

function f0Frames(samples: Float32Array, sampleRate: number) {
  const x = resample(samples, sampleRate, ANALYSIS_RATE, 6);
  const floor = 0.3 * rms(x);
  const scratch = new Float32Array(256);
  const found: number[] = [];
  let start = 0;
  return {
    /** Analyses up to `count` more frames; true once every frame is done. */
    run(count: number) {
      for (let n = 0; n < count && start + FRAME <= x.length; n++, start += HOP) {
        const frame = x.subarray(start, start + FRAME);
        if (rms(frame) < floor) continue;
        const f0 = yinF0(frame, ANALYSIS_RATE, scratch);
        if (f0 && f0 > 50 && f0 < 800) found.push(f0);
      }
      return start + FRAME > x.length;
    },
    median() {
      if (found.length < 10) return null;
      found.sort((a, b) => a - b);
      return found[Math.floor(found.length / 2)]!;
    },
  };
}

export const profile = (audio: SynthesisResult): VoiceProfile => ({ f0: medianF0(audio.samples, audio.sampleRate) });

/**
 * Between speakers, formant frequencies differ far less than F0: adult male to female voices differ by
 * about an octave in F0 but some 15-20% in formants, which the exponent 0.25 reproduces (2^0.25 = 1.19).
 * (A spectral-centroid ratio was tried first: for male-low to female-bright it came out at 0.91, downwards.)
 */
const FORMANT_EXPONENT = 0.25;

/** A reference sentence per language, spoken by a voice to learn its profile. */
const REFERENCE: Record<EngineLang, string> = {
  ko: "안녕하세요. 오늘은 날씨가 맑고 바람이 시원합니다. 천천히 산책을 해 볼까요?",
  en: "Hello there. The weather is clear today and the breeze is cool. Shall we take a slow walk?",
};

let engine: EmbeddedEngine | undefined;
/**
 * Profiles measured in this isolate, the least recently used dropped past PROFILES_KEPT: every custom and open voice
 * has parameters of its own, so a map without a bound grows with the catalogue for the isolate's life. Measuring one
 * again costs one reference sentence.
 */
export const PROFILES_KEPT = 256;
const profiles = new Map<string, Promise<VoiceProfile>>();

/** How many profiles this isolate holds. */
export const profilesKept = () => profiles.size;

/** A voice's profile, measured once per isolate on its reference sentence (while it is among the last PROFILES_KEPT used). */
export function voiceProfile(voice: VoiceParams, lang: EngineLang): Promise<VoiceProfile> {
  const key = JSON.stringify([voice, lang]);
  let known = profiles.get(key);
  if (known)
    profiles.delete(key); // set again below: the most recently used is last
  else {
    engine ??= new EmbeddedEngine();
    known = engine.synthesize({ text: REFERENCE[lang], lang, voice, pitch: 0, tempo: 1 }).then(profile);
    const measuring = known;
    known.catch(() => {
      if (profiles.get(key) === measuring) profiles.delete(key);
    });
  }
  profiles.set(key, known);
  for (const oldest of profiles.keys()) {
    if (profiles.size <= PROFILES_KEPT) break;
    profiles.delete(oldest);
  }
  return known;
}

/**
 * Converts a recording to a voice: the pitch moves by the semitones between the recording's median F0
 * and the voice's (so the melody of the speech is kept), the formants by that ratio to the power 0.25
 * (within ±30%), timing unchanged (a downward shift keeps the band above it: dsp.ts keepBand); then
 * 24 kHz, pauses gated to silence, the target loudness (-20 LUFS) with the true peak at most -1 dBTP, fades (normalizeLoudness).
 * An unvoiced recording (whisper, noise) is left as it is, normalised.
 */
export async function convertToVoice(
  audio: SynthesisResult,
  voice: VoiceParams,
  lang: EngineLang,
  /** Awaited with the fraction done (0..1) between the steps and during the pitch shift. */
  progress?: (fraction: number) => Promise<void> | void,
): Promise<SynthesisResult & { semitones: number; formant: number }> {
  const target = await voiceProfile(voice, lang);
  // Rubber Band works at the output rate: less to process than 44.1/48 kHz recordings.
  const source = audio.sampleRate === OUTPUT_SAMPLE_RATE ? audio.samples : resample(audio.samples, audio.sampleRate, OUTPUT_SAMPLE_RATE);
  await progress?.(0.05);
  const from: VoiceProfile = {
    f0: progress ? await medianF0Async(source, OUTPUT_SAMPLE_RATE, () => progress(0.05)) : medianF0(source, OUTPUT_SAMPLE_RATE),
  };
  // Measured shares of the work (scripts/bench-sts.mjs, docs/decisions/0026): F0 9%, Rubber Band 84%, loudness 7%.
  await progress?.(0.25);
  const semitones = from.f0 && target.f0 ? Math.max(-24, Math.min(24, 12 * Math.log2(target.f0 / from.f0))) : 0;
  const formant =
    from.f0 && target.f0 ? Math.max(1 / FORMANT_LIMIT, Math.min(FORMANT_LIMIT, (target.f0 / from.f0) ** FORMANT_EXPONENT)) : 1;
  const shifted = await stretch(source, OUTPUT_SAMPLE_RATE, {
    semitones,
    tempo: 1,
    formant,
    progress: progress && ((f) => progress(0.25 + 0.6 * f)),
  });
  await progress?.(0.85);
  const normalized = normalizeLoudness(shifted, OUTPUT_SAMPLE_RATE, TARGET_LUFS, PEAK_CEILING_DBFS);
  return { samples: fadeEdges(normalized, OUTPUT_SAMPLE_RATE), sampleRate: OUTPUT_SAMPLE_RATE, semitones, formant };
}
