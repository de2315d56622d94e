// docs/decisions/0049: the form schemas of ./studio.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { DICTIONARY, TTS_LANGS, TTS_MAX_CHARS, TTS_STYLES, type StsSource, type StudioResult } from "./studio";

const index = z
  .string()
  .regex(/^\d{1,3}$/)
  .optional();

/**
 * The list's buttons (`intent`): new project, import a script, delete or generate the selected ones, generate all.
 * 9: "delete" asks first (a confirmation dialog, a real page without JavaScript) unless `confirmed`;
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

const id = z.string().min(1).max(64);

/**
 * The editor's forms (`intent`): rename; save (and generate) the paragraphs; and (docs/decisions/0037)
 * delete a paragraph after its confirmation, restore, delete and undelete a saved version.
 */
export const TtsEditorSchema = z.discriminatedUnion("intent", [
  RenameSchema.extend({ intent: z.literal("rename") }),
  // `generate`: "all" or a paragraph's index; `pronounce`: the index of the paragraph whose reading to show;
  // `remove`: the index of the paragraph to delete (saved first, then confirmed); `revision`: the one the page
  // has; `overwrite`: the revision a conflict answered (save over it); `autosave`: answer data, not a page;
  // `language`: "index:lang:voice", a paragraph switched to the language its text is written in (and to a voice of
  // it, when one is named).
  EditorSchema.extend({
    intent: z.literal("save"),
    language: z
      .string()
      .regex(/^\d{1,3}:(?:ko|en):[\w-]{0,64}$/)
      .optional(),
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
  z.object({ intent: z.literal("pick-take"), paragraph: id, take: id }),
]);

/** A saved version as GET /studio/projects/:id/versions lists it. */
export type ProjectVersion = { id: string; revision: number; savedAt: number; paragraphs: number; preview: string; current: boolean };

export type TtsParagraph = z.infer<typeof ParagraphSchema> & {
  id: string;
  audioURL: string | null;
  audioCurrent: boolean;
  /** How many takes it has (the editor's read only). */
  takes?: number;
};
export type Take = {
  id: string;
  text: string;
  style: string;
  tempo: number;
  pitch: number;
  durationMs: number;
  audioURL: string;
  picked: boolean;
};
/** A TTS project's background music, as the editor shows it. */
export type ProjectMusic = { name: string; durationMs: number; level: number; audioURL: string };
export type TtsProject = {
  id: string;
  name: string;
  type: "tts" | "sts";
  revision: number;
  paragraphs: TtsParagraph[];
  music?: ProjectMusic | null;
};

export const UploadSchema = z.object({
  // No file chosen (a nameless empty part) is "choose a file"; a chosen file of 0 bytes is the empty-file message.
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

export type StsProject = { id: string; name: string; type: "sts"; sources: StsSource[]; conversions: StudioResult[] };

/** Deleting one result (spec: POST /studio/delHistory); a missing id is the api's to refuse. */
/**
 * The work history's forms: "delete" asks first (without `confirmed` it answers the confirmation page,
 * `?confirm=delete&id=`), then deletes with an undo offered for a few seconds ("restore").
 */
export const DeleteHistorySchema = z.object({
  intent: z.enum(["delete", "restore"]).default("delete"),
  inference_id: z.string().max(64).default(""),
  confirmed: z.literal("1").optional(),
});

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
