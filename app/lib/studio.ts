import { z } from "zod/v4";
import { Code } from "../../contracts/codes";

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
  source_id: string | null;
  share: { share_id: string; url: string } | null;
  review: { score: number; text: string } | null;
  /** It answers another shared result (issue 19). */
  isReply: boolean;
  /** Its video letter (labs, issue 20), or null. */
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

/**
 * The list's buttons (`intent`): new project, import a script, delete or generate the selected ones, generate all.
 * Issue 19: "delete" asks first (a confirmation dialog, a real page without JavaScript) unless `confirmed`;
 * "restore" is its undo.
 */
export const ProjectListSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("new") }),
  z.object({ intent: z.literal("import"), file: z.instanceof(File).refine((f) => f.size > 0) }),
  z.object({ intent: z.literal("delete"), id: z.array(z.string()).default([]), confirmed: z.literal("1").optional() }),
  z.object({ intent: z.literal("restore"), id: z.array(z.string()).default([]) }),
  z.object({ intent: z.literal("generate"), id: z.array(z.string()).default([]) }),
  z.object({ intent: z.literal("generate-all") }),
]);

// ---- The TTS editor (/studio/projects/text-to-speech) ------------------------------------------

/**
 * The voices a studio voice picker offers: every voice the member may use (no library tab), most used first,
 * one page of the library's largest size (contracts/voices.ts LIBRARY_PAGE).
 */
export const PICKER_VOICES = "/voices?sort=usage&limit=100";
/** The page URL parameter of the pickers' voice search (app/utils/picker-voices.server.ts). */
export const PICKER_SEARCH_PARAM = "voice_q";
/** What the pickers' search asked and found: `shown` of `total` voices. */
export type PickerSearch = { q: string; shown: number; total: number };

export const TTS_STYLES = ["neutral", "angry", "happy", "sad", "anxious", "sports"] as const;
export const TTS_LANGS = ["ko", "en", "multi"] as const;
/** Characters of one paragraph (spec section 4; the api's lib/tts-text.ts). */
export const TTS_MAX_CHARS = 500;

export const ParagraphSchema = z.object({
  id: z.string().max(64).optional(),
  text: z.string().max(TTS_MAX_CHARS, "validation.textTooLong").default(""),
  voice_id: z.string({ error: "validation.required" }).max(64),
  style: z.enum(TTS_STYLES).default("neutral"),
  lang: z.enum(TTS_LANGS).default("ko"),
  pitch: z
    .number({ error: "validation.number" })
    .int("validation.number")
    .min(-24, "validation.number")
    .max(24, "validation.number")
    .default(0),
  tempo: z.number({ error: "validation.number" }).min(0.5, "validation.number").max(2, "validation.number").default(1),
  pause_ms: z
    .number({ error: "validation.number" })
    .int("validation.number")
    .min(0, "validation.number")
    .max(10_000, "validation.number")
    .default(300),
});
/** The paragraphs form (save; `generate` is the button pressed: "all" or a paragraph's index). */
export const EditorSchema = z.object({ paragraphs: z.array(ParagraphSchema).min(1) });
export const RenameSchema = z.object({
  name: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(60, "validation.tooLong"),
});

const index = z
  .string()
  .regex(/^\d{1,3}$/)
  .optional();
const id = z.string().min(1).max(64);

/**
 * The editor's forms (`intent`): rename; save (and generate) the paragraphs; and (issue 19, docs/decisions/0037)
 * delete a paragraph after its confirmation, restore, delete and undelete a saved version.
 */
export const TtsEditorSchema = z.discriminatedUnion("intent", [
  RenameSchema.extend({ intent: z.literal("rename") }),
  // `generate`: "all" or a paragraph's index; `pronounce`: the index of the paragraph whose reading to show;
  // `remove`: the index of the paragraph to delete (saved first, then confirmed); `revision`: the one the page
  // has; `overwrite`: the revision a conflict answered (save over it); `autosave`: answer data, not a page.
  EditorSchema.extend({
    intent: z.literal("save"),
    generate: z.string().optional(),
    pronounce: index,
    remove: index,
    revision: z.number().int().min(0).optional(),
    overwrite: z.number().int().min(0).optional(),
    autosave: z.literal("1").optional(),
  }),
  z.object({ intent: z.literal("delete-paragraph"), paragraph: id }),
  z.object({ intent: z.literal("restore-version"), version: id }),
  z.object({ intent: z.literal("delete-version"), version: id }),
  z.object({ intent: z.literal("undelete-version"), version: id }),
]);

/** Issue 19: the editor's autosave waits this long after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 1200;
/** Issue 19: how long the page offers "undo" (the api keeps it restorable a while longer). */
export { UNDO_SHOWN_MS } from "./undo";
/** A saved version as GET /studio/projects/:id/versions lists it. */
export type ProjectVersion = { id: string; revision: number; savedAt: number; paragraphs: number; preview: string; current: boolean };

export type TtsParagraph = z.infer<typeof ParagraphSchema> & { id: string; audioURL: string | null; audioCurrent: boolean };
export type TtsProject = { id: string; name: string; type: "tts" | "sts"; revision: number; paragraphs: TtsParagraph[] };

// ---- Speech to speech (/studio/projects/speech-to-speech) --------------------------------------

/** Spec section 9 / api speech/conversion.ts: at most 5 minutes a file. */
export const STS_MAX_SECONDS = 300;

export const UploadSchema = z.object({
  // No file chosen (a nameless empty part) is "choose a file"; a chosen file of 0 bytes is the empty-file message (issue 19).
  file: z
    .instanceof(File, { error: "validation.fileRequired" })
    .refine((f) => f.size > 0 || !f.name, { error: "validation.fileEmpty", abort: true })
    .refine((f) => f.size > 0, "validation.fileRequired"),
  method: z.enum(["record", "upload"]).default("upload"),
});
export const ConvertSchema = z.object({ voice_id: z.string({ error: "validation.required" }).min(1, "validation.required").max(64) });
export const ReviewSchema = z.object({
  score: z.number({ error: "validation.required" }).int("validation.required").min(1, "validation.required").max(5, "validation.required"),
  text: z.string().max(1000, "validation.tooLong").optional(),
});

/** The STS page's forms (`intent`): upload a file, convert it, share or unshare the result, review it. */
export const StsSchema = z.discriminatedUnion("intent", [
  UploadSchema.extend({ intent: z.literal("upload") }),
  ConvertSchema.extend({ intent: z.literal("convert") }),
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("unshare") }),
  ReviewSchema.extend({ intent: z.literal("review") }),
]);

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
export type StsProject = { id: string; name: string; type: "sts"; sources: StsSource[]; conversions: StudioResult[] };

/** The STS page with the given steps' params (`id`, `source`, `job`, `result`, `step`); empty ones left out. */
export const stsPath = (q: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));
  const s = params.toString();
  return `/studio/projects/speech-to-speech${s ? `?${s}` : ""}`;
};

// ---- History (/studio/history) -----------------------------------------------------------------

/** Deleting one result (spec: POST /studio/delHistory); a missing id is the api's to refuse. */
/**
 * The work history's forms (issue 19): "delete" asks first (without `confirmed` it answers the confirmation page,
 * `?confirm=delete&id=`), then deletes with an undo offered for a few seconds ("restore").
 */
export const DeleteHistorySchema = z.object({
  intent: z.enum(["delete", "restore"]).default("delete"),
  inference_id: z.string().max(64).default(""),
  confirmed: z.literal("1").optional(),
});

/** The pronunciation dictionary page (/studio/dictionary): the limits of POST /studio/dictionary. */
export const DICTIONARY = { word: 40, reading: 80 } as const;
export type DictionaryEntry = { id: string; lang: "ko" | "en"; word: string; reading: string; createdAt: number };
const dictionaryText = (max: number) =>
  z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(max, "validation.tooLong");
export const DictionaryAddSchema = z.object({
  lang: z.enum(["ko", "en"]),
  word: dictionaryText(DICTIONARY.word),
  reading: dictionaryText(DICTIONARY.reading),
});
export const DictionarySchema = z.discriminatedUnion("intent", [
  DictionaryAddSchema.extend({ intent: z.literal("add") }),
  z.object({ intent: z.literal("update"), id: z.string().min(1).max(64), reading: dictionaryText(DICTIONARY.reading) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
]);
