// docs/decisions/0049: the form schemas of ./library.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { ACTOR_APPLICATION } from "#contracts/actors";
import {
  COMMENT_MAX,
  RATING_MAX,
  RATING_MIN,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX,
  VOICE_AGES,
  VOICE_CATEGORIES,
  VOICE_GENDERS,
  VOICE_LANGS,
  VOICE_MOODS,
  VOICE_TONES,
} from "#contracts/voices";
import { OPEN_VOICE, codePoints } from "./library";

const httpLink = z
  .string()
  .trim()
  .max(ACTOR_APPLICATION.linkMax, "validation.tooLong")
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "library:actors.form.errors.url");

/** The voice actor application: a sample link or file (or both), consent required. */
export const ActorApplicationSchema = z
  .object({
    name: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(ACTOR_APPLICATION.nameMax, "validation.tooLong"),
    contact: z
      .string({ error: "validation.required" })
      .trim()
      .min(3, "validation.required")
      .max(ACTOR_APPLICATION.contactMax, "validation.tooLong"),
    sample_url: httpLink.optional(),
    file: z
      .instanceof(File)
      .refine((f) => f.size <= ACTOR_APPLICATION.sampleMaxBytes, "library:actors.form.errors.fileTooLarge")
      .optional(),
    consent: z.literal("on", { error: "library:actors.form.errors.consent" }),
  })
  .refine((v) => !!v?.sample_url || (v?.file instanceof File && v.file.size > 0), {
    message: "library:actors.form.errors.sampleRequired",
    path: ["sample_url"],
    // Said together with the other fields' problems, not only once they are fixed.
    when: () => true,
  });

/** "Use this voice": a new TTS project with it chosen, or the speech-to-speech studio offering it. */
export const UseVoiceSchema = z.object({
  intent: z.literal("use"),
  voice_id: z.string().min(1).max(64),
  to: z.enum(["tts", "sts"]).default("tts"),
  /** An existing TTS project to add the voice to (offered when the plan holds no more projects). */
  project: z.string().min(1).max(64).optional(),
});

const commentText = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(COMMENT_MAX, "validation.tooLong");
const reportFields = {
  category: z.enum(REPORT_CATEGORIES, { error: "library:detail.report.categoryRequired" }),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX, "validation.tooLong").optional(),
};

/** The voice detail's forms, by `intent`. */
export const VoiceDetailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("bookmark") }),
  z.object({ intent: z.literal("unbookmark") }),
  z.object({
    intent: z.literal("rate"),
    score: z.number({ error: "validation.required" }).int().min(RATING_MIN, "validation.required").max(RATING_MAX, "validation.required"),
  }),
  z.object({ intent: z.literal("comment"), text: commentText }),
  z.object({ intent: z.literal("edit-comment"), comment_id: z.string().min(1).max(64), text: commentText }),
  z.object({ intent: z.literal("delete-comment"), comment_id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("report"), ...reportFields }),
  z.object({ intent: z.literal("report-comment"), comment_id: z.string().min(1).max(64), ...reportFields }),
  z.object({ intent: z.literal("delete-voice") }),
]);
export type VoiceDetailIntent = z.infer<typeof VoiceDetailSchema>["intent"];

/** Step 1: the tags (and the language the voice speaks, which its AI voice needs). */
export const OpenVoiceTagsSchema = z.object({
  lang: z.enum(VOICE_LANGS, { error: "validation.required" }),
  tone: z.enum(VOICE_TONES, { error: "validation.required" }),
  gender: z.enum(VOICE_GENDERS, { error: "validation.required" }),
  age: z.enum(VOICE_AGES, { error: "validation.required" }),
  features: z.array(z.enum(VOICE_MOODS), { error: "library:wizard.errors.moods" }).length(OPEN_VOICE.moods, "library:wizard.errors.moods"),
  categories: z
    .array(z.enum(VOICE_CATEGORIES), { error: "library:wizard.errors.categories" })
    .min(1, "library:wizard.errors.categories")
    .max(OPEN_VOICE.categoriesMax, "library:wizard.errors.categories"),
});
export type OpenVoiceTags = z.infer<typeof OpenVoiceTagsSchema>;

/** Step 2: one recording (in the browser) or one upload. */
export const OpenVoiceRecordingSchema = z.object({
  file: z.instanceof(File, { error: "validation.fileRequired" }).refine((f) => f.size > 0, "validation.fileRequired"),
  method: z.enum(["record", "upload"]).default("upload"),
});

/** Step 3: the profile. */
export const OpenVoiceProfileSchema = z.object({
  name: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= OPEN_VOICE.nameMax, "library:wizard.errors.name"),
  intro: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= OPEN_VOICE.introMax, "library:wizard.errors.intro"),
  image: z.instanceof(File).optional(),
});

/** The wizard's forms, by `intent`. */
export const OpenVoiceWizardSchema = z.discriminatedUnion("intent", [
  OpenVoiceTagsSchema.extend({ intent: z.literal("tags") }),
  OpenVoiceRecordingSchema.extend({ intent: z.literal("recording") }),
  OpenVoiceProfileSchema.extend({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("restart") }),
  // Another part of the same recording as the cloned voice's reference clip (Xinference).
  z.object({ intent: z.literal("segment") }),
]);
