// docs/decisions/0049: the form schemas of ./admin.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { REFERENCE_KINDS, REFERENCE_LICENCES, REFERENCE_LIMITS } from "#contracts/voice-references";
import { APPLICATION_STATUSES, kstMs } from "./admin";
import { OpenVoiceTagsSchema } from "./library-schemas";

const kstTime = z
  .string({ error: "admin:validation.time" })
  .refine((v) => kstMs(v) !== null, "admin:validation.time")
  .transform((v) => kstMs(v)!);

/** A required text of at most `max` characters (the api's limits: workers/api/src/domain/content/schemas.ts). */
const required = (max: number) => z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(max);
/** Every content page's second form: publish or unpublish one row. */
const publication = z.object({ intent: z.literal(["publish", "unpublish"]), id: z.string().min(1).max(64) });
const saving = { intent: z.literal("save"), id: z.string().max(64).optional() };

/** The notices page's forms: save a notice (new, or `id` to change one), publish or unpublish one. */
export const NoticeFormSchema = z.discriminatedUnion("intent", [
  z.object({
    ...saving,
    category: z.enum(["notice", "release"]),
    pinned: z.literal("on").optional(),
    title_ko: required(120),
    title_en: required(120),
    body_ko: required(20_000),
    body_en: required(20_000),
  }),
  publication,
]);

export const FaqFormSchema = z.discriminatedUnion("intent", [
  z.object({
    ...saving,
    category: z.enum(["service", "plan"]),
    position: z.number({ error: "admin:validation.position" }).int("admin:validation.position").min(0).max(10_000).default(0),
    question_ko: required(200),
    question_en: required(200),
    answer_ko: required(4_000),
    answer_en: required(4_000),
  }),
  publication,
]);

export const ContestFormSchema = z.discriminatedUnion("intent", [
  z
    .object({
      ...saving,
      slug: z
        .string({ error: "admin:validation.slug" })
        .trim()
        .regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/, "admin:validation.slug"),
      title_ko: required(120),
      title_en: required(120),
      summary_ko: required(1_000),
      summary_en: required(1_000),
      rules_ko: required(10_000),
      rules_en: required(10_000),
      prize_ko: required(2_000),
      prize_en: required(2_000),
      starts_at: kstTime,
      ends_at: kstTime,
    })
    .refine((v) => v.ends_at > v.starts_at, { message: "admin:validation.period", path: ["ends_at"] }),
  publication,
]);

export const FeatureFormSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("add"),
      voice_id: z.string({ error: "admin:validation.voice" }).trim().min(1, "admin:validation.voice").max(64),
      starts_at: kstTime,
      ends_at: kstTime,
    })
    .refine((v) => v.ends_at > v.starts_at, { message: "admin:validation.period", path: ["ends_at"] }),
  z.object({ intent: z.literal("remove"), id: z.string().min(1).max(64) }),
]);

export const ReportActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("hide"),
    kind: z.enum(["voice", "comment"]),
    target: z.string().min(1).max(64),
    reason: z.string({ error: "admin:validation.reason" }).trim().min(1, "admin:validation.reason").max(500),
  }),
  z.object({ intent: z.literal("restore"), kind: z.enum(["voice", "comment"]), target: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("dismiss"), kind: z.enum(["voice", "comment"]), report: z.string().min(1).max(64) }),
]);

export const ApplicationStatusSchema = z.object({ id: z.string().min(1).max(64), status: z.enum(APPLICATION_STATUSES) });

/** An optional field: an empty input is no value. */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "admin:validation.day");

/**
 * A basic voice staged in the console (/admin/voices/new; the api's rules: workers/api/src/domain/admin/voice-references.ts):
 * a speaker's clip needs its exact transcript and the speaker's written consent; a preset speaker its name.
 */
export const VoiceReferenceFormSchema = OpenVoiceTagsSchema.extend({
  kind: z.enum(REFERENCE_KINDS, { error: "validation.required" }),
  name_ko: required(REFERENCE_LIMITS.nameMax),
  name_en: required(REFERENCE_LIMITS.nameMax),
  intro_ko: required(REFERENCE_LIMITS.introMax),
  intro_en: required(REFERENCE_LIMITS.introMax),
  speaker: required(REFERENCE_LIMITS.speakerMax),
  licence: z.enum(REFERENCE_LICENCES, { error: "validation.required" }),
  licence_note: blank(z.string().trim().max(REFERENCE_LIMITS.noteMax)),
  licence_ends_on: blank(calendarDay),
  file: z.instanceof(File).optional(),
  transcript: blank(z.string().trim().max(REFERENCE_LIMITS.transcriptMax)),
  consent_on: blank(calendarDay),
  consent_document: blank(z.string().trim().max(REFERENCE_LIMITS.documentMax)),
  preset_speaker: blank(z.string().trim().regex(new RegExp(REFERENCE_LIMITS.presetSpeakerPattern), "admin:voices.errors.presetSpeaker")),
  preset_model: blank(z.string().trim().regex(new RegExp(REFERENCE_LIMITS.modelUidPattern), "admin:voices.errors.presetModel")),
}).superRefine((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.kind === "clip") {
    if (!(v.file instanceof File) || v.file.size === 0) issue("file", "admin:voices.errors.clip");
    if (!v.transcript) issue("transcript", "admin:voices.errors.transcript");
    if (!v.consent_on) issue("consent_on", "admin:voices.errors.consent");
    if (!v.consent_document) issue("consent_document", "admin:voices.errors.consent");
    if (v.licence === "model") issue("licence", "admin:voices.errors.licence");
  } else if (v.kind === "preset") {
    if (!v.preset_speaker) issue("preset_speaker", "admin:voices.errors.presetSpeaker");
    if (v.licence !== "model") issue("licence", "admin:voices.errors.licence");
  }
});

/** A staged basic voice's page: hear it (optionally with one's own text), publish it, or delete it. */
export const VoiceReferenceActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("audition"), text: blank(z.string().trim().max(REFERENCE_LIMITS.auditionMax, "validation.tooLong")) }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("delete") }),
]);
