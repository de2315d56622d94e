/**
 * A voice profile derived from a recording (open voices; custom voices reuse it with up to 5 files):
 * what the recording sounds like, measured by ./analysis.ts, and the embedded engine's parameters
 * that bring an eSpeak base voice of the right language and gender toward it (docs/decisions/0029).
 *
 * This moves register, melody range, timbre (formants, tilt) and pace; it does not copy a speaker's
 * identity (eSpeak is a formant synthesiser; a neural service behind the HTTP engine does that).
 */
import type { SpeechProfile } from "#contracts/open-voices";
import { EmbeddedEngine } from "../engine/embedded";
import type { EngineLang, VoiceParams } from "../engine/types";
import { analyseFrames, HOP, medianFormants, pitchStats, semitones, spectralTilt, syllableRate, type FrameAnalysis } from "./analysis";
import type { Audio } from "./wav";

/** What a recording (or an engine voice's output) sounds like; null where it could not be measured. */
export type { SpeechProfile };

export type Gender = "male" | "female" | "other";

const round = (v: number | null, digits = 1) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The profile of an analysed recording. */
export function profileOf(analysis: FrameAnalysis): SpeechProfile {
  const pitch = pitchStats(analysis);
  const formants = medianFormants(analysis);
  return {
    f0: round(pitch?.f0 ?? null),
    f0Range: round(pitch?.rangeSemitones ?? null, 2),
    formants: formants ? (formants.map((f) => Math.round(f)) as [number, number, number]) : null,
    tilt: round(spectralTilt(analysis), 2),
    rate: round(syllableRate(analysis), 2),
  };
}

export const measure = (audio: Audio) => profileOf(analyseFrames(audio.samples, audio.sampleRate));

/**
 * One analysis of several recordings (a custom voice's up to 5 files, docs/decisions/0034): their frames end to
 * end over their 8 kHz signals, each file's signal cut or padded to its own frames so that every frame still
 * points at its own samples. `profileOf` over it pools the voiced frames of all the files (median F0 and spread,
 * formants, tilt, rate), so a longer file weighs more, as its speech does. Bounded: 5 files of at most 61 s are
 * about 2.4 M samples (9.8 MB).
 */
export function poolAnalyses(list: FrameAnalysis[]): FrameAnalysis {
  if (list.length === 1) return list[0]!;
  const frames = list.flatMap((a) => a.frames);
  // A tail longer than the analysis windows (LPC 320, DFT 256 samples): the last frames read zeros, not past the end.
  const signal = new Float32Array(frames.length * HOP + 512);
  let at = 0;
  for (const a of list) {
    const n = a.frames.length * HOP;
    signal.set(a.signal.subarray(0, Math.min(n, a.signal.length)), at);
    at += n;
  }
  const noise = list.map((a) => a.noiseDb).sort((x, y) => x - y);
  return { frames, signal, noiseDb: noise[Math.floor(noise.length / 2)]! };
}

/** The sentence a base voice is measured on, and the one a new voice's preview says. */
export const REFERENCE: Record<EngineLang, string> = {
  ko: "안녕하세요. 오늘은 날씨가 맑고 바람이 시원합니다. 천천히 산책을 하면서 이야기를 나눠 볼까요?",
  en: "Hello there. The weather is clear today and the breeze is cool. Shall we take a slow walk and talk for a while?",
};
export const PREVIEW: Record<EngineLang, string> = {
  ko: "안녕하세요. 새로 만든 제 목소리예요. 오늘 하루도 즐겁게 보내세요.",
  en: "Hello. This is my new voice. I hope you have a wonderful day.",
};

/**
 * The eSpeak variant a derived voice starts from: its default (male) voice, or `f2` for a female
 * voice; "other" follows the recording's register (160 Hz and above: f2).
 */
export function baseVariant(gender: Gender, f0: number | null): string {
  if (gender === "female") return "f2";
  if (gender === "male") return "";
  return f0 !== null && f0 >= 160 ? "f2" : "";
}

/** Limits of the derived parameters (beyond them eSpeak's output stops sounding like speech). */
export const DERIVE_LIMITS = {
  semitones: 16,
  formant: [0.8, 1.25] as const,
  range: [5, 99] as const,
  rate: [110, 260] as const,
  tilt: 9,
};
const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));

let engine: EmbeddedEngine | undefined;
const speak = (voice: VoiceParams, lang: EngineLang, text = REFERENCE[lang]) => {
  engine ??= new EmbeddedEngine();
  return engine.synthesize({ text, lang, voice, pitch: 0, tempo: 1 });
};

const baseProfiles = new Map<string, Promise<SpeechProfile>>();
/** A base variant's profile on the reference sentence, measured once per isolate. */
function baseProfile(variant: string, lang: EngineLang) {
  const key = `${variant}/${lang}`;
  let known = baseProfiles.get(key);
  if (!known) {
    known = speak({ variant }, lang).then(measure);
    known.catch(() => baseProfiles.delete(key));
    baseProfiles.set(key, known);
  }
  return known;
}

/** Geometric mean of the formant ratios F1-F3 of `to` over `from`. */
export function formantRatio(from: [number, number, number] | null, to: [number, number, number] | null): number | null {
  if (!from || !to) return null;
  return Math.cbrt((to[0] / from[0]) * (to[1] / from[1]) * (to[2] / from[2]));
}

/** How far one profile is from another: semitones of F0, the formant ratio, tilt and rate differences. */
export function distance(from: SpeechProfile, to: SpeechProfile) {
  const ratio = formantRatio(from.formants, to.formants);
  return {
    f0Semitones: from.f0 && to.f0 ? round(semitones(from.f0, to.f0), 2) : null,
    formantPercent: ratio === null ? null : round(100 * (ratio - 1), 1),
    tiltDbPerOctave: from.tilt !== null && to.tilt !== null ? round(to.tilt - from.tilt, 2) : null,
    ratePercent: from.rate && to.rate ? round(100 * (to.rate / from.rate - 1), 1) : null,
  };
}

export type DerivedVoice = {
  params: VoiceParams;
  /** The recording's profile, the base voice's and the derived voice's (on the reference sentence). */
  recording: SpeechProfile;
  base: SpeechProfile;
  derived: SpeechProfile;
};

/**
 * Derives the embedded engine's parameters for a recording: the base variant by gender, then
 *   semitones  from the base's median F0 to the recording's (within ±16),
 *   espeakRange the base's range (50) scaled by the ratio of the F0 spreads (5..99),
 *   formant    the geometric mean of the F1-F3 ratios (0.8..1.25),
 *   rate       eSpeak's 175 words a minute scaled by the ratio of syllable rates (110..260),
 *   tilt       a 1 kHz shelf of 3 dB per dB/octave of tilt difference (±9 dB),
 * then one calibration round: the derived voice is spoken and measured, and the F0, rate and tilt
 * corrected by what is still missing (eSpeak's pitch and rate controls are not exactly linear).
 * About 3 engine sentences and 4 analyses; some 0.5-1 s of CPU.
 */
export async function deriveVoice(recording: SpeechProfile, lang: EngineLang, gender: Gender): Promise<DerivedVoice> {
  const variant = baseVariant(gender, recording.f0);
  const base = await baseProfile(variant, lang);
  const params: VoiceParams = { variant };
  if (recording.f0 && base.f0)
    params.semitones = clamp(semitones(base.f0, recording.f0), [-DERIVE_LIMITS.semitones, DERIVE_LIMITS.semitones]);
  if (recording.f0Range && base.f0Range)
    params.espeakRange = Math.round(clamp(50 * (recording.f0Range / base.f0Range), DERIVE_LIMITS.range));
  const ratio = formantRatio(base.formants, recording.formants);
  if (ratio) params.formant = clamp(ratio, DERIVE_LIMITS.formant);
  if (recording.rate && base.rate) params.rate = Math.round(clamp(175 * (recording.rate / base.rate), DERIVE_LIMITS.rate));
  if (recording.tilt !== null && base.tilt !== null)
    params.tilt = clamp(3 * (recording.tilt - base.tilt), [-DERIVE_LIMITS.tilt, DERIVE_LIMITS.tilt]);

  // Calibration: speak with the first guess, measure, and correct by the residual once.
  let derived = measure(await speak(params, lang));
  const fix: VoiceParams = { ...params };
  if (recording.f0 && derived.f0 && params.semitones !== undefined)
    fix.semitones = clamp(params.semitones + semitones(derived.f0, recording.f0), [-DERIVE_LIMITS.semitones, DERIVE_LIMITS.semitones]);
  if (recording.rate && derived.rate && params.rate !== undefined)
    fix.rate = Math.round(clamp(params.rate * (recording.rate / derived.rate), DERIVE_LIMITS.rate));
  if (recording.tilt !== null && derived.tilt !== null && params.tilt !== undefined && base.tilt !== null) {
    const moved = derived.tilt - base.tilt;
    const wanted = recording.tilt - base.tilt;
    // dB of shelf per dB/octave of tilt, as this voice showed it (kept within 1..6 when the move was too small to tell).
    const perUnit = Math.abs(moved) > 0.3 ? clamp(params.tilt / moved, [1, 6]) : 3;
    fix.tilt = clamp(perUnit * wanted, [-DERIVE_LIMITS.tilt, DERIVE_LIMITS.tilt]);
  }
  if (JSON.stringify(fix) !== JSON.stringify(params)) derived = measure(await speak(fix, lang));
  const rounded: VoiceParams = { variant: fix.variant };
  if (fix.semitones !== undefined) rounded.semitones = Math.round(fix.semitones * 100) / 100;
  if (fix.espeakRange !== undefined) rounded.espeakRange = fix.espeakRange;
  if (fix.formant !== undefined) rounded.formant = Math.round(fix.formant * 1000) / 1000;
  if (fix.rate !== undefined) rounded.rate = fix.rate;
  if (fix.tilt !== undefined) rounded.tilt = Math.round(fix.tilt * 10) / 10;
  return { params: rounded, recording, base, derived };
}
