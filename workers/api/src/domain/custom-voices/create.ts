import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import { plans, members, voices } from "#db/schema";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_LANGS, VOICE_MOODS, VOICE_TONES } from "#contracts/voices";
import { CUSTOM_VOICE_FORM, type CustomVoice, type CustomVoiceStarted } from "#contracts/custom-voices";
import type { SpeechProfile } from "#contracts/open-voices";
import type { CustomVoiceSpec } from "../../durable/job-types";
import type { VoiceParams } from "../../speech/types";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { IMAGE_EXTENSION } from "../../lib/image";
import { admitJob, finishJob, JOB_LIMIT_REFUSAL } from "../../lib/jobs";
import { LIVE_CUSTOM } from "../../lib/allowance";
import { hit } from "../../lib/rate-limit";
import { plainText, stripControls } from "../../lib/validate";
import { sniffFormat } from "../../speech/decode";
import { VOICE_RECORDING_RULES } from "../../speech/recording-check";
import { checkImage, list } from "../open-voices";
import type { MemberScope } from "../scope";
import { customVoicePrefix, deleteCustomVoiceFiles } from "./slots";

/*
 * Custom voice creation (spec sections 3, 5, 6 and 8; docs/decisions/0034): the plan gate, the
 * three consents, the design fields and the files' own rules (count, size, format by content) are checked
 * at once; then the voice row is inserted as "creating" in one statement that counts the member's live
 * custom voices against the plan's slots, so the slot is taken atomically (two creations at the last slot:
 * one wins). The files go to R2 under the voice's prefix and a job (the GenerationJob Durable Object,
 * domain/custom-voices/job.ts) checks each file's speech, makes the voice from all of them and speaks its
 * preview. A custom voice is private: every answer here is its owner's, anyone else gets 404.
 */

/** The design fields sent with the files (step 1): the library's tag codes. */
export const customVoiceFields = z.object({
  lang: z.enum(VOICE_LANGS),
  gender: z.enum(CUSTOM_VOICE_FORM.genders),
  age: z.enum(VOICE_AGES),
  tone: z.enum(VOICE_TONES),
  moods: list(VOICE_MOODS, 0, CUSTOM_VOICE_FORM.moodsMax),
  categories: list(VOICE_CATEGORIES, CUSTOM_VOICE_FORM.categoriesMin, CUSTOM_VOICE_FORM.categoriesMax),
});
export type CustomVoiceFields = z.output<typeof customVoiceFields>;

/** The profile step's fields: name up to 14 characters including spaces, intro up to 10 (code points). */
export const customVoiceProfileFields = z.object({
  name: plainText(1, CUSTOM_VOICE_FORM.nameMax).refine((v) => [...v].length <= CUSTOM_VOICE_FORM.nameMax),
  intro: plainText(1, CUSTOM_VOICE_FORM.introMax).refine((v) => [...v].length <= CUSTOM_VOICE_FORM.introMax),
});

/** The whole form's bytes at most: 5 files of 10 MB (each is checked on its own too) and the text fields. */
export const CUSTOM_VOICE_BODY_MAX = CUSTOM_VOICE_FORM.maxFiles * VOICE_RECORDING_RULES.maxBytes;

/** The consents the form names and which of them were not given ("on", "true" or "1"). */
export function missingConsents(form: Record<string, unknown>) {
  return CUSTOM_VOICE_FORM.consents.filter((name) => !["on", "true", "1", "yes"].includes(String(form[name] ?? "").toLowerCase()));
}

/** A file name as it may be shown back: controls removed, at most 80 characters, "recording-N" when there is none. */
const shownName = (file: File, index: number) => {
  const name = stripControls(file.name ?? "").trim();
  return name ? [...name].slice(0, 80).join("") : `recording-${index + 1}`;
};

/** The plan gate: Free cannot create (4470); at the plan's slots (-1 unlimited) no more (4471). */
async function planGate(s: MemberScope): Promise<Result<{ slots: number }>> {
  const row = await s.db
    .select({ tier: plans.tier, price: plans.price, slots: plans.cvCnt })
    .from(members)
    .leftJoin(plans, eq(plans.plan, members.plan))
    .where(eq(members.id, s.member.id))
    .get();
  if (!row || row.tier === null || row.tier === 0 || !row.price) return refusal(Code.CUSTOM_VOICE_NEEDS_STARTER);
  const slots = row.slots ?? 0;
  if (slots >= 0) {
    const used = await s.env.DB.prepare(`SELECT COUNT(*) AS n FROM voices WHERE owner_id = ?1 AND ${LIVE_CUSTOM}`)
      .bind(s.member.id)
      .first<{ n: number }>();
    if ((used?.n ?? 0) >= slots) return refusal(Code.CUSTOM_VOICE_SLOTS_FULL, { params: { slots } });
  }
  return done({ slots });
}

/** Each file's own rules, at once and before anything is stored: count 1-5, size 10 MB each, an audio format by content. */
async function checkFiles(files: File[]): Promise<Result<{ file: File; name: string; format: string }[]>> {
  if (files.length === 0) return refusal(Code.CUSTOM_VOICE_FILES_REQUIRED);
  if (files.length > CUSTOM_VOICE_FORM.maxFiles)
    return refusal(Code.CUSTOM_VOICE_TOO_MANY_FILES, { params: { max: CUSTOM_VOICE_FORM.maxFiles } });
  const out: { file: File; name: string; format: string }[] = [];
  for (const [i, file] of files.entries()) {
    const name = shownName(file, i);
    const which = { data: { file: { index: i + 1, name } } };
    if (file.size > VOICE_RECORDING_RULES.maxBytes)
      return refusal(Code.CUSTOM_VOICE_FILE_TOO_LARGE, { params: { name, max: VOICE_RECORDING_RULES.maxBytes / 1024 / 1024 }, ...which });
    if (file.size === 0) return refusal(Code.CUSTOM_VOICE_FILE_NOT_AUDIO, { params: { name }, ...which });
    const sniffed = sniffFormat(new Uint8Array(await file.slice(0, 8192).arrayBuffer()));
    if (sniffed.format === null) return refusal(Code.CUSTOM_VOICE_FILE_NOT_AUDIO, { params: { name }, ...which });
    out.push({ file, name, format: sniffed.format });
  }
  return done(out);
}

const jobStub = (s: MemberScope, jobId: string) => s.env.GENERATION_JOB.get(s.env.GENERATION_JOB.idFromName(jobId));

/**
 * POST /voices/custom: checks everything that can be checked at once, takes the slot atomically, stores the
 * files under the voice's prefix and starts the creation job. Answers `{job_id, voice_id}`.
 */
export async function startCustomVoice(
  s: MemberScope,
  form: { fields: Record<string, unknown>; files: File[] },
  parse: (fields: Record<string, unknown>) => Result<CustomVoiceFields>,
): Promise<Result<CustomVoiceStarted>> {
  const gate = await planGate(s);
  if (!gate.ok) return gate;
  const missing = missingConsents(form.fields);
  if (missing.length) return refusal(Code.CUSTOM_VOICE_CONSENT_REQUIRED, { data: { missing } });
  const design = parse(form.fields);
  if (!design.ok) return design;
  const files = await checkFiles(form.files);
  if (!files.ok) return files;
  if (!(await hit(s.env, "customVoicePerMember", s.member.id)).allowed) return refusal(Code.RATE_LIMITED);

  const d = design.value;
  const jobId = crypto.randomUUID();
  const voiceId = `cv-${crypto.randomUUID()}`;
  const now = Date.now();
  if (!(await admitJob(s.env.DB, { id: jobId, memberId: s.member.id, kind: "custom-voice" })).ok) return JOB_LIMIT_REFUSAL;
  // The slot: the row is inserted only while the member's live custom voices are fewer than the plan's slots
  // (or the plan's are unlimited), in one statement, so concurrent creations at the last slot cannot both pass.
  const inserted = await s.env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at,
                         status, consents, consented_at, file_count, job_id)
     SELECT ?1, 'custom', ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, '{}', 0, ?10, 'creating', ?11, ?10, ?12, ?13
     WHERE (SELECT COALESCE(p.cv_cnt, 0) FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?2) < 0
        OR (SELECT COUNT(*) FROM voices WHERE owner_id = ?2 AND ${LIVE_CUSTOM})
           < (SELECT COALESCE(p.cv_cnt, 0) FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?2)`,
  )
    .bind(
      voiceId,
      s.member.id,
      d.lang,
      JSON.stringify({ ko: "", en: "" }),
      d.tone,
      d.gender,
      d.age,
      JSON.stringify(d.moods),
      JSON.stringify(d.categories),
      now,
      JSON.stringify(CUSTOM_VOICE_FORM.consents),
      files.value.length,
      jobId,
    )
    .run();
  if (inserted.meta.changes !== 1) {
    await finishJob(s.env.DB, jobId);
    return refusal(Code.CUSTOM_VOICE_SLOTS_FULL, { params: { slots: gate.value.slots } });
  }
  const prefix = customVoicePrefix(s.member.id, voiceId);
  const stored: CustomVoiceSpec["files"] = [];
  try {
    for (const [i, f] of files.value.entries()) {
      const key = `${prefix}files/${i + 1}`;
      await s.env.MEDIA.put(key, f.file.stream(), { httpMetadata: { contentType: f.file.type || "application/octet-stream" } });
      stored.push({ key, name: f.name });
    }
    await jobStub(s, jobId).startCustomVoice({
      kind: "custom-voice",
      jobId,
      memberId: s.member.id,
      email: s.member.email,
      locale: s.locale,
      voiceId,
      lang: d.lang,
      gender: d.gender,
      files: stored,
    });
  } catch (err) {
    // Nothing was started: the slot is given back at once.
    await s.db.delete(voices).where(eq(voices.id, voiceId));
    await deleteCustomVoiceFiles(s.env.MEDIA, s.member.id, [voiceId]);
    await finishJob(s.env.DB, jobId);
    throw err;
  }
  return done({ job_id: jobId, voice_id: voiceId });
}

type VoiceRow = typeof voices.$inferSelect;

/** The member's own custom voice (not deleted), or undefined: anyone else's, or a forged id, is not found. */
export const ownCustomVoice = (s: MemberScope, id: string) =>
  s.db
    .select()
    .from(voices)
    .where(and(eq(voices.id, id), eq(voices.type, "custom"), eq(voices.ownerId, s.member.id), isNull(voices.deletedAt)))
    .get();

const previewKey = (memberId: string, voiceId: string) => `${customVoicePrefix(memberId, voiceId)}preview.wav`;
export { previewKey as customVoicePreviewKey };

function customVoiceOut(v: VoiceRow, locale: "ko" | "en"): CustomVoice {
  const stored = (v.profile ?? {}) as { recording?: SpeechProfile; derived?: SpeechProfile; engine?: string };
  return {
    id: v.id,
    status: v.status,
    lang: v.lang,
    design: {
      lang: v.lang,
      gender: v.gender === "female" ? "female" : "male",
      age: v.age,
      tone: v.tone,
      moods: v.features,
      categories: v.categories,
    },
    name: v.name[locale] ?? "",
    intro: v.intro[locale] ?? "",
    profileImageURL: `/api/v1/voices/custom/${encodeURIComponent(v.id)}/image`,
    audioURL: v.status === "ready" ? `/api/v1/voices/custom/${encodeURIComponent(v.id)}/preview` : null,
    consentedAt: v.consentedAt ?? v.createdAt,
    files: v.fileCount ?? 0,
    createdAt: v.createdAt,
    ...(stored.recording && stored.engine
      ? { profile: { recording: stored.recording, derived: stored.derived, engine: stored.engine } }
      : {}),
    ...(v.status === "failed" && v.failure ? { failure: { code: v.failure.code, reason: v.failure.reason } } : {}),
    segment: segmentOf(v),
  };
}

function segmentOf(v: VoiceRow): CustomVoice["segment"] {
  const seg = (v.engine as VoiceParams | null)?.segment;
  return v.status === "ready" && seg
    ? { file: seg.recording + 1, start: seg.start, end: seg.end, index: seg.index ?? 0, choices: seg.choices }
    : null;
}

/** GET /voices/custom/:id: the owner's custom voice, whatever its state. */
export async function customVoice(s: MemberScope, id: string): Promise<Result<CustomVoice>> {
  const v = await ownCustomVoice(s, id);
  return v ? done(customVoiceOut(v, s.locale)) : refusal(Code.NOT_FOUND);
}

/** The R2 key of a ready custom voice's preview (the owner's only). */
export async function customVoicePreview(s: MemberScope, id: string): Promise<Result<string>> {
  const v = await ownCustomVoice(s, id);
  if (!v) return refusal(Code.NOT_FOUND);
  if (v.status !== "ready") return refusal(Code.CUSTOM_VOICE_NOT_READY);
  return done(previewKey(s.member.id, v.id));
}

/** The stored profile image of the owner's custom voice, if it has one (else the generated one answers). */
export async function customVoiceImage(s: MemberScope, id: string) {
  const v = await ownCustomVoice(s, id);
  if (!v) return refusal(Code.NOT_FOUND);
  return done(v.imageKey && v.imageType ? { key: v.imageKey, type: v.imageType, voice: v } : { key: null, type: null, voice: v });
}

/**
 * POST /voices/custom/:id/profile: the profile step (name, intro, optional 240x240 image checked by content;
 * without one the generated image stays). Only for a ready voice of the member's own.
 */
export async function setCustomVoiceProfile(s: MemberScope, id: string, fields: { name: string; intro: string }, image: File | null) {
  const v = await ownCustomVoice(s, id);
  if (!v) return refusal(Code.NOT_FOUND);
  if (v.status !== "ready") return refusal(Code.CUSTOM_VOICE_NOT_READY);
  const picture = await checkImage(image);
  if (!picture.ok) return picture;
  let imageKey = v.imageKey;
  let imageType = v.imageType;
  if (picture.value) {
    const key = `${customVoicePrefix(s.member.id, v.id)}profile.${IMAGE_EXTENSION[picture.value.type]}`;
    await s.env.MEDIA.put(key, picture.value.bytes, { httpMetadata: { contentType: picture.value.type } });
    if (imageKey && imageKey !== key) await s.env.MEDIA.delete(imageKey);
    imageKey = key;
    imageType = picture.value.type;
  }
  const [row] = await s.db
    .update(voices)
    .set({ name: { ko: fields.name, en: fields.name }, intro: { ko: fields.intro, en: fields.intro }, imageKey, imageType })
    .where(and(eq(voices.id, v.id), eq(voices.ownerId, s.member.id), isNull(voices.deletedAt)))
    .returning();
  return row ? done(customVoiceOut(row, s.locale)) : refusal(Code.NOT_FOUND);
}
