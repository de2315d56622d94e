/**
 * The reference clip of a cloned voice: the cleanest 5-15 s stretch of a member's checked recordings, cut at pauses,
 * which a cloning model hears (with its transcript) before every sentence it speaks in that voice
 * (docs/decisions/0061). Cloning models copy what they hear, noise and clipped words included: so the clip starts
 * and ends in a pause, holds as much speech and as little background as the recording allows, and sits near 10 s,
 * the length the models' own examples use (shorter clips carry less of the timbre, longer ones slow every request).
 *
 * Works on the frame analysis the recording check already made (20 ms frames); the search is over pause pairs at
 * most 15 s apart, so its work is bounded by the recording's length.
 */
import { ANALYSIS_RATE, HOP, percentile, type FrameAnalysis } from "./analysis";
import type { Audio } from "./wav";

export const PROMPT_SEGMENT = { minSeconds: 5, maxSeconds: 15, idealSeconds: 10, minPauseFrames: 4 } as const;

export type PromptSegment = {
  /** Which recording (index into the list given). */
  recording: number;
  /** Seconds from that recording's start. */
  start: number;
  end: number;
  /** What the choice rests on: the share of frames that are speech, and speech over the clip's own pauses (dB). */
  speech: number;
  snr: number;
};

const FRAME_SECONDS = HOP / ANALYSIS_RATE;

/** Pauses of one recording: the middle frame of every run of quiet frames, plus its first and last frame. */
function cuts(quiet: boolean[]): number[] {
  const points = [0];
  let run = 0;
  for (let i = 0; i <= quiet.length; i++) {
    if (i < quiet.length && quiet[i]) run++;
    else {
      if (run >= PROMPT_SEGMENT.minPauseFrames && i - run > 0 && i < quiet.length) points.push(i - Math.ceil(run / 2));
      run = 0;
    }
  }
  points.push(quiet.length);
  return points;
}

/**
 * The candidate segments of every recording, best first (at most `limit`, none overlapping the ones before it), so
 * that a member who does not like the first can hear the next. Every recording passed the recording check (5-60 s,
 * one speaker, speech within 2 s): when one has no pause to cut at, its first 15 s (or all of it) is a candidate.
 */
export function promptSegments(recordings: { analysis: FrameAnalysis }[], limit = 3): PromptSegment[] {
  const found: (PromptSegment & { score: number })[] = [];
  recordings.forEach(({ analysis }, index) => {
    const frames = analysis.frames;
    if (frames.length === 0) return;
    const sorted = frames.map((f) => f.db).sort((a, b) => a - b);
    const loud = percentile(sorted, 0.9);
    // Quiet: nearer the background than the speech (a third of the way up).
    const gate = analysis.noiseDb + (loud - analysis.noiseDb) / 3;
    const quiet = frames.map((f) => f.db < gate);
    const speechPrefix = [0];
    const quietDbPrefix = [0];
    const loudDbPrefix = [0];
    for (let i = 0; i < frames.length; i++) {
      speechPrefix.push(speechPrefix[i]! + (quiet[i] ? 0 : 1));
      quietDbPrefix.push(quietDbPrefix[i]! + (quiet[i] ? 10 ** (frames[i]!.db / 10) : 0));
      loudDbPrefix.push(loudDbPrefix[i]! + (quiet[i] ? 0 : 10 ** (frames[i]!.db / 10)));
    }
    const points = cuts(quiet);
    const minFrames = Math.round(PROMPT_SEGMENT.minSeconds / FRAME_SECONDS);
    const maxFrames = Math.round(PROMPT_SEGMENT.maxSeconds / FRAME_SECONDS);
    const consider = (a: number, b: number) => {
      const n = b - a;
      const speechFrames = speechPrefix[b]! - speechPrefix[a]!;
      const quietFrames = n - speechFrames;
      const speechPower = (loudDbPrefix[b]! - loudDbPrefix[a]!) / Math.max(1, speechFrames);
      const quietPower = quietFrames > 0 ? (quietDbPrefix[b]! - quietDbPrefix[a]!) / quietFrames : 10 ** (analysis.noiseDb / 10);
      const snr = 10 * Math.log10((speechPower + 1e-12) / (quietPower + 1e-12));
      const speech = speechFrames / Math.max(1, n);
      const seconds = n * FRAME_SECONDS;
      // Speech density counts most, then a quiet background (capped: past 40 dB it is clean), then closeness to 10 s.
      const score = speech + Math.min(snr, 40) / 80 - Math.abs(seconds - PROMPT_SEGMENT.idealSeconds) / 20;
      found.push({ recording: index, start: a * FRAME_SECONDS, end: b * FRAME_SECONDS, speech, snr, score });
    };
    let any = false;
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const n = points[j]! - points[i]!;
        if (n > maxFrames) break;
        if (n >= minFrames) {
          consider(points[i]!, points[j]!);
          any = true;
        }
      }
    }
    if (!any) consider(0, Math.min(frames.length, maxFrames));
  });
  found.sort((x, y) => y.score - x.score);
  const chosen: PromptSegment[] = [];
  for (const s of found) {
    if (chosen.length >= limit) break;
    if (chosen.some((c) => c.recording === s.recording && s.start < c.end && c.start < s.end)) continue;
    chosen.push({ recording: s.recording, start: round(s.start), end: round(s.end), speech: round(s.speech), snr: round(s.snr) });
  }
  return chosen;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** The segment's samples, from `audio` (the recording at any rate); its edges lie in the middle of pauses. */
export function cutSegment(audio: Audio, segment: Pick<PromptSegment, "start" | "end">): Audio {
  const from = Math.max(0, Math.floor(segment.start * audio.sampleRate));
  const to = Math.min(audio.samples.length, Math.ceil(segment.end * audio.sampleRate));
  return { samples: audio.samples.slice(from, Math.max(from, to)), sampleRate: audio.sampleRate };
}
