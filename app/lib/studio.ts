import { Code } from "#contracts/codes";

/**
 * The studio pages' shapes and form schemas (client-safe): each schema is used by its page's form
 * (conform's `onValidate`) and by the page's action (app/routes/<route>.server.ts, `parseWithZod`).
 * Messages are `validation.*` keys of the common namespace.
 */

/** A generation or conversion result as the api answers it (workers/api/src/lib/results.ts). */
export type StudioResult = {
  inference_id: string;
  project_id: string | null;
  method: "tts" | "record" | "upload";
  /** The text spoken (TTS) or the original file's name (STS). */
  text: string;
  voice_id: string;
  voiceName: string;
  characters: number;
  seconds: number;
  duration: number;
  quality: string;
  createdAt: number;
  audioURL: string;
  sourceURL: string | null;
  /** How a conversion was made (null for TTS): pitch and timbre moved, or spoken again in the voice. */
  conversion: "register" | "resynthesis" | null;
  source_id: string | null;
  share: { share_id: string; url: string } | null;
  review: { score: number; text: string } | null;
  /** It answers another shared result. */
  isReply: boolean;
  /** Its video letter (labs), or null. */
  videoURL: string | null;
  /** The short template the video was made from (docs/decisions/0042), or null. */
  videoTemplate: string | null;
};

/** The usage-limit dialogs of spec section 8 that the studio raises (components/studio/UsageDialog.tsx). */
export type UsageLimit = "charsShort" | "charsExhausted" | "projectLimit" | "timeExhausted" | "fileTooLong";
/** What an action answers to open a usage dialog: the limit and the api's message (with the figures). */
export type UsageDialogData = { kind: UsageLimit; message: string } | null;

/** Api codes that open a usage dialog. */
const LIMITS: Record<number, UsageLimit> = {
  [Code.CHARS_SHORT]: "charsShort",
  [Code.CHARS_EXHAUSTED]: "charsExhausted",
  [Code.PROJECT_LIMIT]: "projectLimit",
  [Code.AUDIO_TOO_LONG]: "fileTooLong",
  [Code.TIME_EXHAUSTED]: "timeExhausted",
};
export const usageLimitFor = (code: number): UsageLimit | null => LIMITS[code] ?? null;

// ---- The project list (/studio) ----------------------------------------------------------------

export const PROJECT_TABS = ["all", "tts", "sts"] as const;

// ---- The TTS editor (/studio/projects/text-to-speech) ------------------------------------------

/**
 * The query of GET /voices for the voices a studio voice picker offers: every voice the member may use (no library tab), most used first,
 * one page of the library's largest size (contracts/voices.ts LIBRARY_PAGE).
 */
export const PICKER_VOICES = { sort: "usage", limit: 100 } as const;
/** The page URL parameter of the pickers' voice search (app/utils/picker-voices.server.ts). */
export const PICKER_SEARCH_PARAM = "voice_q";
/** What the pickers' search asked and found: `shown` of `total` voices. */
export type PickerSearch = { q: string; shown: number; total: number };

export const TTS_STYLES = ["neutral", "angry", "happy", "sad", "anxious", "sports"] as const;
export const TTS_LANGS = ["ko", "en", "multi"] as const;
/** Characters of one paragraph (spec section 4; the api's lib/tts-text.ts). */
export const TTS_MAX_CHARS = 500;

/** The editor's autosave waits this long after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 1200;
/** How long the page offers "undo" (the api keeps it restorable a while longer). */
export { UNDO_SHOWN_MS } from "./undo";
// ---- Speech to speech (/studio/projects/speech-to-speech) --------------------------------------

/** Spec section 9 / api speech/conversion.ts: at most 5 minutes a file. */
export const STS_MAX_SECONDS = 300;

export type StsSource = {
  source_id: string;
  project_id: string;
  name: string;
  method: "record" | "upload";
  format: string;
  duration: number;
  seconds: number;
  audioURL: string;
};
/** The STS page with the given steps' params (`id`, `source`, `job`, `result`, `step`); empty ones left out. */
export const stsPath = (q: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));
  const s = params.toString();
  return `/studio/projects/speech-to-speech${s ? `?${s}` : ""}`;
};

// ---- History (/studio/history) -----------------------------------------------------------------

/** The pronunciation dictionary page (/studio/dictionary): the limits of POST /studio/dictionary. */
export const DICTIONARY = { word: 40, reading: 80 } as const;
