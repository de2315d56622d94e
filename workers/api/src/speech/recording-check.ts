/**
 * The upload rules of a voice recording (spec section 5, "Open voice upload"; custom voices check each
 * of their files the same way): 5 s to 1 min, at most 10 MB, speech within the first 2 s, not too
 * quiet, not too noisy, one speaker. docs/decisions/0029 says what each measure is and what it misses.
 *
 * The file is decoded by ./decode.ts (by content, with its hostile-file protections; decoding stops
 * at the maximum length + 1 s, so the work is bounded by the rules, not by what the file claims), then
 * measured once by ./analysis.ts. The rules run cheapest first and the first that fails is answered
 * with its code and the measured facts so far.
 */
import { RECORDING_RULES, type RecordingFacts } from "#contracts/open-voices";
import { Code, formatDuration, message, type Locale } from "../lib/codes";
import { integratedLoudness } from "../engine/dsp";
import { resample } from "../engine/dsp";
import { analyseFrames, HOP, ANALYSIS_RATE, meanDb, percentile, semitones, type FrameAnalysis } from "./analysis";
import { decodeAudio, type DecodeFailure } from "./decode";
import { RENDER } from "./render";
import type { Audio } from "./wav";

/** The rules (contracts/open-voices.ts, shared with the wizard). */
export const VOICE_RECORDING_RULES = RECORDING_RULES;
/** The rules with other bounds (an operator's reference clip is held to 5-15 s). */
export type RecordingRules = { [K in keyof typeof RECORDING_RULES]: number };

/** What the check measured (seconds, dB); a rule that failed early leaves the later facts out. */
export type { RecordingFacts };

export type CheckedRecording = {
  ok: true;
  /** The recording at the render rate (24 kHz mono). */
  audio: Audio;
  facts: Required<Omit<RecordingFacts, "registers">> & { registers: number[] };
  analysis: FrameAnalysis;
};
export type RecordingRefusal = { ok: false; code: Code; message: string; facts: RecordingFacts };

const DECODE_REFUSAL: Record<DecodeFailure, Code> = {
  empty: Code.AUDIO_EMPTY,
  "too-large": Code.AUDIO_TOO_LARGE,
  "not-audio": Code.AUDIO_NOT_AUDIO,
  unsupported: Code.AUDIO_UNSUPPORTED,
  corrupt: Code.AUDIO_CORRUPT,
  "too-long": Code.RECORDING_TOO_LONG,
  silent: Code.AUDIO_SILENT,
};

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const frameSeconds = HOP / ANALYSIS_RATE;

/**
 * Speech onset (s): the first 200 ms window in which at least half the frames are voiced speech
 * (YIN found a period) and at least 10 dB above the background; the onset is that window's first
 * voiced frame. Null when no such window exists.
 */
export function speechOnset(analysis: FrameAnalysis): number | null {
  const speech = analysis.frames.map((f) => f.f0 !== null && f.db > analysis.noiseDb + 10);
  const win = 10;
  let inWindow = 0;
  for (let i = 0; i < speech.length; i++) {
    if (speech[i]) inWindow++;
    if (i >= win && speech[i - win]) inWindow--;
    if (i >= win - 1 && inWindow >= win / 2) {
      const start = i - win + 1;
      for (let j = start; j <= i; j++) if (speech[j]) return j * frameSeconds;
    }
  }
  return null;
}

/**
 * Signal-to-noise estimate (dB): the mean power of the frames 10 dB or more above the background (the
 * quietest 15% of frames) over that background. Without such frames (steady noise, a hum), the
 * spread between the 95th and 15th percentile frame. Capped at 60 dB (digital silence between words).
 */
export function snrEstimate(analysis: FrameAnalysis): number {
  const active = analysis.frames.filter((f) => f.db > analysis.noiseDb + 10).map((f) => f.db);
  const speechDb =
    active.length >= 5
      ? meanDb(active)
      : percentile(
          analysis.frames.map((f) => f.db).sort((a, b) => a - b),
          0.95,
        );
  return Math.min(60, speechDb - analysis.noiseDb);
}

/**
 * How many speakers take turns, by pitch register (docs/decisions/0029): the voiced frames are cut into
 * segments (runs of voiced frames, gaps of one frame bridged, at least 100 ms), each segment is
 * summarised by its median F0 in semitones, and the segments are split into two groups by 1-D
 * 2-means weighted by their length (the split that leaves the least variance within the groups).
 * Two speakers when both groups hold at least 20% of the voiced time, their means are at least
 * `gap` semitones apart, and that distance is at least 2.5 times their pooled spread (one speaker's
 * intonation moves the segments about a mean; two registers leave a gap between two tight groups).
 * It catches a man and a woman, or an adult and a child, taking turns; it misses two speakers of
 * a similar register, and overlapping speech.
 */
export function speakerRegisters(analysis: FrameAnalysis, gap: number = VOICE_RECORDING_RULES.speakerGapSemitones): number[] {
  type Segment = { pitch: number; weight: number };
  const segments: Segment[] = [];
  let run: number[] = [];
  let missing = 0;
  const close = () => {
    if (run.length >= 5) {
      const sorted = run.map((f) => semitones(100, f)).sort((a, b) => a - b);
      segments.push({ pitch: percentile(sorted, 0.5), weight: run.length });
    }
    run = [];
  };
  for (const frame of analysis.frames) {
    if (frame.f0) {
      run.push(frame.f0);
      missing = 0;
    } else if (run.length && ++missing > 1) close();
  }
  close();
  const total = segments.reduce((n, s) => n + s.weight, 0);
  const hz = (st: number) => Math.round(100 * 2 ** (st / 12));
  const mean = (group: Segment[]) =>
    group.reduce((a, s) => a + s.pitch * s.weight, 0) /
    Math.max(
      1,
      group.reduce((n, s) => n + s.weight, 0),
    );
  if (segments.length < 4) return segments.length ? [hz(mean(segments))] : [];
  segments.sort((a, b) => a.pitch - b.pitch);
  let best = { cost: Infinity, at: 0 };
  for (let at = 1; at < segments.length; at++) {
    const [lo, hi] = [segments.slice(0, at), segments.slice(at)];
    const [mlo, mhi] = [mean(lo), mean(hi)];
    const cost = lo.reduce((a, s) => a + s.weight * (s.pitch - mlo) ** 2, 0) + hi.reduce((a, s) => a + s.weight * (s.pitch - mhi) ** 2, 0);
    if (cost < best.cost) best = { cost, at };
  }
  const [lo, hi] = [segments.slice(0, best.at), segments.slice(best.at)];
  const [wlo, whi] = [lo.reduce((n, s) => n + s.weight, 0), hi.reduce((n, s) => n + s.weight, 0)];
  const distance = mean(hi) - mean(lo);
  const spread = Math.sqrt(best.cost / total);
  const two = wlo >= 0.2 * total && whi >= 0.2 * total && distance >= gap && distance >= 2.5 * spread;
  return two ? [hz(mean(lo)), hz(mean(hi))] : [hz(mean(segments))];
}

/**
 * Checks a voice recording against the rules. Answers the recording at the render rate with its
 * facts and frame analysis, or the first failed rule's code and localized message with the facts
 * measured up to it. Nothing is stored here.
 */
export async function checkVoiceRecording(
  bytes: Uint8Array,
  locale: Locale,
  rules: RecordingRules = VOICE_RECORDING_RULES,
): Promise<CheckedRecording | RecordingRefusal> {
  const facts: RecordingFacts = {};
  const refuse = (code: Code, params?: Record<string, string | number>): RecordingRefusal => ({
    ok: false,
    code,
    message: message(code, locale, params),
    facts,
  });
  const decoded = await decodeAudio(bytes, { maxBytes: rules.maxBytes, maxSeconds: rules.maxSeconds });
  if (!decoded.ok) {
    if (decoded.format) facts.format = decoded.format;
    const code = DECODE_REFUSAL[decoded.reason];
    if (code === Code.AUDIO_TOO_LARGE) return refuse(code, { max: rules.maxBytes / 1024 / 1024 });
    if (code === Code.RECORDING_TOO_LONG) return refuse(code, { max: formatDuration(rules.maxSeconds, locale) });
    return refuse(code);
  }
  facts.format = decoded.format;
  facts.duration = decoded.durationMs / 1000;
  if (decoded.durationMs < rules.minSeconds * 1000)
    return refuse(Code.RECORDING_TOO_SHORT, { min: formatDuration(rules.minSeconds, locale) });

  const { samples, sampleRate } = decoded.audio;
  facts.level = round(integratedLoudness(samples, sampleRate));
  if (!(facts.level >= rules.minLufs)) return refuse(Code.RECORDING_TOO_QUIET);
  const analysis = analyseFrames(samples, sampleRate);
  facts.snr = round(snrEstimate(analysis));
  if (facts.snr < rules.minSnrDb) return refuse(Code.RECORDING_TOO_NOISY);
  const onset = speechOnset(analysis);
  facts.onset = onset === null ? null : round(onset, 2);
  if (onset === null || onset > rules.onsetSeconds) return refuse(Code.RECORDING_LATE_SPEECH, { seconds: rules.onsetSeconds });
  const registers = speakerRegisters(analysis, rules.speakerGapSemitones);
  facts.registers = registers;
  facts.speakers = registers.length > 1 ? 2 : 1;
  if (facts.speakers > 1) return refuse(Code.RECORDING_SPEAKERS);

  const audio =
    sampleRate === RENDER.sampleRate
      ? decoded.audio
      : { samples: resample(samples, sampleRate, RENDER.sampleRate), sampleRate: RENDER.sampleRate };
  return {
    ok: true,
    audio,
    facts: {
      format: facts.format,
      duration: facts.duration,
      onset: facts.onset,
      level: facts.level,
      snr: facts.snr,
      speakers: facts.speakers,
      registers,
    },
    analysis,
  };
}
