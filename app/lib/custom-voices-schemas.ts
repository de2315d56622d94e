// docs/decisions/0049: the form schemas of ./custom-voices.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { CUSTOM_VOICE_FORM } from "#contracts/custom-voices";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_LANGS, VOICE_MOODS, VOICE_TONES } from "#contracts/voices";
import { CUSTOM_VOICE, codePoints } from "./custom-voices";

/** Step 1: the design (gender is male or female for a custom voice). */
export const CustomDesignSchema = z.object({
  lang: z.enum(VOICE_LANGS, { error: "validation.required" }),
  gender: z.enum(CUSTOM_VOICE_FORM.genders, { error: "validation.required" }),
  age: z.enum(VOICE_AGES, { error: "validation.required" }),
  tone: z.enum(VOICE_TONES, { error: "validation.required" }),
  moods: z.array(z.enum(VOICE_MOODS)).max(CUSTOM_VOICE.moodsMax, "custom-voices:errors.moods").default([]),
  categories: z
    .array(z.enum(VOICE_CATEGORIES), { error: "custom-voices:errors.categories" })
    .min(CUSTOM_VOICE_FORM.categoriesMin, "custom-voices:errors.categories")
    .max(CUSTOM_VOICE.categoriesMax, "custom-voices:errors.categories"),
});
export type CustomDesign = z.infer<typeof CustomDesignSchema>;

const consent = (key: string) => z.literal("on", { error: `custom-voices:errors.consents.${key}` });

/** Step 2: one to five files (recorded or uploaded) and the three required consents. */
export const CustomGenerateSchema = z.object({
  file: z
    .array(z.instanceof(File))
    .default([])
    .transform((files) => files.filter((f) => f.size > 0))
    .refine((files) => files.length >= 1, "custom-voices:errors.files")
    .refine((files) => files.length <= CUSTOM_VOICE.maxFiles, "custom-voices:errors.tooManyFiles")
    .refine((files) => files.every((f) => f.size <= CUSTOM_VOICE.fileMaxBytes), "custom-voices:errors.fileTooLarge"),
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
    .refine((v) => codePoints(v) <= CUSTOM_VOICE.nameMax, "custom-voices:errors.name"),
  intro: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= CUSTOM_VOICE.introMax, "custom-voices:errors.intro"),
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
  // Another part of the files as the cloned voice's reference clip (Xinference).
  z.object({ intent: z.literal("segment") }),
]);
