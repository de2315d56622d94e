// The basic-voice library: each basic voice is a set of engine parameters, as measured on one
// sentence in shared/notes/engine.md (median F0 / spectral centroid in the comments).
import type { VoiceParams } from "./types";

export const BASIC_VOICES = {
  /** F0 74 Hz, centroid 717 Hz. */
  "male-low": { semitones: -2, formant: 0.92 },
  /** eSpeak's defaults: F0 100 Hz, centroid 859 Hz. */
  "male-mid": {},
  /** F0 177 Hz, centroid 1039 Hz. */
  "female-mid": { semitones: 8, formant: 1.15 },
  /** F0 221 Hz, centroid 1068 Hz. */
  "female-bright": { variant: "f4", semitones: 3 },
  /** F0 209 Hz, centroid 1138 Hz. */
  child: { semitones: 12, formant: 1.25 },
  /** F0 67 Hz, centroid 754 Hz. */
  elder: { variant: "m3", semitones: -3, tempo: 0.92 },
  /** F0 124 Hz, centroid 1013 Hz. */
  announcer: { rate: 195 },
  /** Unvoiced, centroid 2232 Hz. */
  whisper: { variant: "whisper" },
} as const satisfies Record<string, VoiceParams>;

export type BasicVoiceId = keyof typeof BASIC_VOICES;
