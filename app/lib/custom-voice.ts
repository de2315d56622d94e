import { z } from "zod/v4";
import { CUSTOM_VOICE_FORM } from "../../contracts/custom-voices";
import { RECORDING_RULES } from "../../contracts/open-voices";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_LANGS, VOICE_MOODS, VOICE_TONES } from "../../contracts/voices";

/**
 * Custom voice creation (/dashboard/custom; issue 17, spec sections 3, 5 and 8): the four steps' zod schemas
 * (the page's client validation and the action's `parseWithZod`), as the api checks them
 * (contracts/custom-voices.ts). Client-safe.
 */

export const CUSTOM_VOICE = {
  maxFiles: CUSTOM_VOICE_FORM.maxFiles,
  nameMax: CUSTOM_VOICE_FORM.nameMax,
  introMax: CUSTOM_VOICE_FORM.introMax,
  moodsMax: CUSTOM_VOICE_FORM.moodsMax,
  categoriesMax: CUSTOM_VOICE_FORM.categoriesMax,
  /** Each file as an open voice recording: up to a minute, at most 10 MB. */
  recordingMaxSeconds: RECORDING_RULES.maxSeconds,
  fileMaxBytes: RECORDING_RULES.maxBytes,
  consents: CUSTOM_VOICE_FORM.consents,
  imageSize: 240,
} as const;

export type CustomVoiceStep = 1 | 2 | 3 | 4;

/** What the file inputs offer (the api decides by content). */
export const AUDIO_ACCEPT = "audio/*,.wav,.mp3,.ogg,.webm,.m4a";

const codePoints = (v: string) => [...v].length;

/** Step 1: the design (gender is male or female for a custom voice). */
export const CustomDesignSchema = z.object({
  lang: z.enum(VOICE_LANGS, { error: "validation.required" }),
  gender: z.enum(CUSTOM_VOICE_FORM.genders, { error: "validation.required" }),
  age: z.enum(VOICE_AGES, { error: "validation.required" }),
  tone: z.enum(VOICE_TONES, { error: "validation.required" }),
  moods: z.array(z.enum(VOICE_MOODS)).max(CUSTOM_VOICE.moodsMax, "custom:errors.moods").default([]),
  categories: z
    .array(z.enum(VOICE_CATEGORIES), { error: "custom:errors.categories" })
    .min(CUSTOM_VOICE_FORM.categoriesMin, "custom:errors.categories")
    .max(CUSTOM_VOICE.categoriesMax, "custom:errors.categories"),
});
export type CustomDesign = z.infer<typeof CustomDesignSchema>;

const consent = (key: string) => z.literal("on", { error: `custom:errors.consents.${key}` });

/** Step 2: one to five files (recorded or uploaded) and the three required consents. */
export const CustomGenerateSchema = z.object({
  file: z
    .array(z.instanceof(File))
    .default([])
    .transform((files) => files.filter((f) => f.size > 0))
    .refine((files) => files.length >= 1, "custom:errors.files")
    .refine((files) => files.length <= CUSTOM_VOICE.maxFiles, "custom:errors.tooManyFiles")
    .refine((files) => files.every((f) => f.size <= CUSTOM_VOICE.fileMaxBytes), "custom:errors.fileTooLarge"),
  consent_rights: consent("rights"),
  consent_training: consent("training"),
  consent_no_harm: consent("noHarm"),
});

/** Step 3: the profile (name 14 and intro 10 characters with spaces; an optional 240x240 image). */
export const CustomProfileSchema = z.object({
  name: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= CUSTOM_VOICE.nameMax, "custom:errors.name"),
  intro: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= CUSTOM_VOICE.introMax, "custom:errors.intro"),
  image: z.instanceof(File).optional(),
});

/** The page's forms, by `intent`. */
export const CustomVoiceWizardSchema = z.discriminatedUnion("intent", [
  CustomDesignSchema.extend({ intent: z.literal("design") }),
  CustomGenerateSchema.extend({ intent: z.literal("generate") }),
  CustomProfileSchema.extend({ intent: z.literal("profile") }),
  // After a failed creation: the generate step again (with JavaScript the chosen files are still there).
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("restart") }),
]);

/** The 1:1 inquiry a failed creation offers, its category prefilled (the help page reads `?category=`). */
export const CUSTOM_VOICE_INQUIRY = "/dashboard/help?category=service";
