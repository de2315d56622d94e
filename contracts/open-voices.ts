/**
 * Open voice registration as the api answers it and the wizard reads it (docs/decisions/0029):
 * the recording rules, the measured facts, drafts and the publish form's limits. The api builds these in
 * workers/api/src/domain/open-voices.ts. No runtime dependencies.
 */

/** The upload rules (spec section 5, "Open voice upload"); custom voices check each file the same way. */
export const RECORDING_RULES = {
  maxBytes: 10 * 1024 * 1024,
  minSeconds: 5,
  maxSeconds: 60,
  /** Speech must begin within this many seconds. */
  onsetSeconds: 2,
  /** Integrated loudness (LUFS) below this is "too quiet". */
  minLufs: -40,
  /** Speech over background (dB) below this is "too noisy". */
  minSnrDb: 15,
  /** Two pitch registers this many semitones apart, each a fifth of the voiced time, are two speakers. */
  speakerGapSemitones: 5,
} as const;

/** What the check measured; a rule that failed early leaves the later facts out. */
export type RecordingFacts = {
  format?: "wav" | "mp3" | "ogg-opus" | "webm-opus" | "m4a";
  /** Seconds. */
  duration?: number;
  /** When speech begins (s), or null when none was found. */
  onset?: number | null;
  /** Integrated loudness, LUFS. */
  level?: number;
  /** Speech over background, dB (capped at 60). */
  snr?: number;
  speakers?: 1 | 2;
  /** Median F0 of each pitch register found, Hz. */
  registers?: number[];
};

/** `POST /api/v1/voices/open/check`: the facts (a refusal carries them in `data.facts`). */
export type RecordingCheckAnswer = { passed: true; facts: RecordingFacts };

/** What a recording (or a voice's output) sounds like; null where it could not be measured. */
export type SpeechProfile = {
  /** Median F0, Hz. */
  f0: number | null;
  /** F0 spread, 10th to 90th percentile, semitones. */
  f0Range: number | null;
  /** Median F1, F2, F3, Hz. */
  formants: [number, number, number] | null;
  /** Spectral slope, dB per octave. */
  tilt: number | null;
  /** Syllables per second. */
  rate: number | null;
};

/** `POST /api/v1/voices/open/drafts` (multipart `file`, `lang`, `gender`) and `GET .../drafts/:id`. */
export type VoiceDraft = {
  draft_id: string;
  lang: "ko" | "en";
  gender: "male" | "female" | "other";
  facts: RecordingFacts;
  /** The recording's profile; with the embedded engine also the base voice's and the derived voice's. */
  profile: { recording: SpeechProfile; base?: SpeechProfile; derived?: SpeechProfile; engine: string };
  /** The preview sentence in the new voice (WAV; `?format=mp3`). */
  previewURL: string;
  /** The checked recording. */
  audioURL: string;
  /** Milliseconds since the epoch; after it the draft answers 4438. */
  expiresAt: number;
  /**
   * A cloned voice's reference clip (Xinference): where in the recording it is (seconds), which candidate (0 = the best)
   * of how many; `POST .../segment` takes the next. Null with an engine that makes voices otherwise.
   */
  segment: { start: number; end: number; index: number; choices: number } | null;
};

/** `POST /api/v1/voices/open` (multipart): the publish form's limits. */
export const OPEN_VOICE_FORM = {
  /** Characters including spaces. */
  nameMax: 14,
  introMax: 10,
  /** Exactly this many moods. */
  moods: 2,
  categoriesMin: 1,
  categoriesMax: 5,
  image: { width: 240, height: 240, maxBytes: 1024 * 1024, types: ["image/png", "image/jpeg", "image/webp"] },
} as const;

/** `POST /api/v1/voices/open`: the new voice. */
export type CreatedOpenVoice = {
  id: string;
  type: "open";
  lang: "ko" | "en";
  name: string;
  pr: string;
  profileImageURL: string;
  audioURL: string;
  createdAt: number;
};
