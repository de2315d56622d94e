/** Custom voices and their slots (spec sections 3, 4 and 9), as the API answers them. */

import type { SpeechProfile } from "./open-voices";

/** One of the member's custom voices on the slots page. */
export type SlotVoice = {
  id: string;
  name: string;
  intro: string;
  lang: "ko" | "en";
  createdAt: string;
  profileImageURL: string;
  audioURL: string;
  /** True while a choice is due and this voice is beyond the plan's slots (it cannot be used until the choice). */
  overSlots: boolean;
};

/** GET /voices/slots. */
export type CustomVoiceSlots = {
  /** The plan's slots (`cv_cnt`); -1 when unlimited (shown as '∞'). */
  slots: number;
  unlimited: boolean;
  used: number;
  /** A plan change left more custom voices than slots: the member chooses once which to keep. */
  mustChoose: boolean;
  voices: SlotVoice[];
};

/** POST /voices/slots/keep. */
export type SlotChoice = { kept: string[]; deleted: string[] };

/**
 * Custom voice creation (spec sections 3, 5 and 8: the custom voice form, 4 steps, up to 5 files, three
 * consents). `POST /api/v1/voices/custom` is multipart: 1 to `CUSTOM_VOICE_FORM.maxFiles` `file` parts (each checked
 * as an open voice recording is: `RECORDING_RULES` in open-voices.ts), the design fields below and the three consents
 * (`consent_rights`, `consent_training`, `consent_no_harm`, each "on"). The file's format, size and count and the
 * fields are checked at once (codes); the speech rules (length, onset, loudness, noise, one speaker) and the voice's
 * making run in a job followed with `GET /studio/jobs/:job_id` and its events (`CustomVoiceJobState`).
 */
export const CUSTOM_VOICE_FORM = {
  maxFiles: 5,
  genders: ["male", "female"],
  /** Characters including spaces (profile step). */
  nameMax: 14,
  introMax: 10,
  /** Moods (the spec's "features"): the library's mood codes. */
  moodsMax: 2,
  categoriesMin: 1,
  categoriesMax: 5,
  consents: ["consent_rights", "consent_training", "consent_no_harm"],
} as const;

/** Step 1 (design), sent with the files: the library's tag codes (contracts/voices.ts). */
export type CustomVoiceDesign = {
  lang: "ko" | "en";
  gender: (typeof CUSTOM_VOICE_FORM.genders)[number];
  age: string;
  tone: string;
  moods: string[];
  categories: string[];
};

/** `POST /voices/custom`: the job and the voice it makes (the voice counts a slot from this moment). */
export type CustomVoiceStarted = { job_id: string; voice_id: string };

/** A custom voice's own state: being made, made (profile step due or done), or failed (its slot given back). */
export type CustomVoiceStatus = "creating" | "ready" | "failed";

/**
 * The creation job's state (the job endpoints answer it; the studio's jobs answer `JobState` of jobs.ts).
 * A failed creation names the rule's code and message in the member's language and, for a file's rule, the file.
 */
export type CustomVoiceJobState =
  | { status: "queued"; kind: "custom-voice"; voiceId: string }
  | { status: "generating"; kind: "custom-voice"; voiceId: string; step: "checking" | "profiling" | "preview"; done: number; total: number }
  | { status: "completed"; kind: "custom-voice"; voiceId: string }
  | { status: "failed"; kind: "custom-voice"; voiceId: string; code: number; reason: string; file?: { index: number; name: string } };

/** `GET /voices/custom/:id` (owner only; 404 for anyone else) and the answer of the profile step. */
export type CustomVoice = {
  id: string;
  status: CustomVoiceStatus;
  lang: "ko" | "en";
  design: CustomVoiceDesign;
  /** Empty until the profile step. */
  name: string;
  intro: string;
  profileImageURL: string;
  /** The preview sentence in the new voice, once made. */
  audioURL: string | null;
  /** Milliseconds since the epoch when the three consents were given. */
  consentedAt: number;
  files: number;
  createdAt: number;
  /** With the embedded engine: the recordings' measured profile and the new voice's (what moved). */
  profile?: { recording: SpeechProfile; derived?: SpeechProfile; engine: string };
  /** The failed job's code and reason (status "failed"). */
  failure?: { code: number; reason: string };
  /**
   * A cloned voice's reference clip (Xinference): which file and where in it (seconds), which candidate (0 = the best) of
   * how many; `POST /voices/custom/:id/segment` takes the next. Null with an engine that makes voices otherwise.
   */
  segment: { file: number; start: number; end: number; index: number; choices: number } | null;
};

/** `POST /voices/custom/:id/profile` (multipart `name`, `intro`, optional `image` 240x240): the voice. */
export type CustomVoiceProfileForm = { name: string; intro: string };
