import { inList } from "../lib/in-list";
import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { z } from "zod/v4";
import { voiceDrafts, voices } from "#db/schema";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_GENDERS, VOICE_LANGS, VOICE_MOODS, VOICE_TONES } from "#contracts/voices";
import { OPEN_VOICE_FORM, type CreatedOpenVoice, type VoiceDraft } from "#contracts/open-voices";
import { encodeWav } from "../engine/dsp";
import { Code } from "../lib/codes";
import { done, refusal, type Refusal, type Result } from "../lib/envelope";
import { decodes, IMAGE_EXTENSION, imageInfo, PROFILE_IMAGE } from "../lib/image";
import { JOB_LIMIT_REFUSAL, runSlot } from "../lib/jobs";
import { hit, type LimitName } from "../lib/rate-limit";
import { plainText } from "../lib/validate";
import { speechEngine } from "../speech/engine";
import { checkVoiceRecording, type CheckedRecording, type RecordingFacts } from "../speech/recording-check";
import { renderPassage } from "../speech/render";
import { EngineError, type VoiceParams } from "../speech/types";
import { PREVIEW, profileOf, type SpeechProfile } from "../speech/voice-profile";
import { decodeWav } from "../speech/wav";
import { deleteCustomVoiceFiles } from "./custom-voices/slots";
import type { Db, MemberScope } from "./scope";

/**
 * Open voices (spec: the 3-step registration wizard;; docs/decisions/0029): the recording
 * check (step 2), drafts (a checked recording kept with its derived voice and its preview), creation
 * from the three steps' fields (step 3) and deletion by the creator.
 */

/** How long a draft (a checked recording with its derived voice) is kept for step 3. */
export const DRAFT_KEEP_MS = 24 * 3600_000;
/** Drafts one member may hold at once (older ones are released when a new one is made). */
const DRAFTS_PER_MEMBER = 5;

/** A rate limit per member: the refusal when it is spent. */
async function limited(s: MemberScope, name: LimitName): Promise<Refusal | null> {
  return (await hit(s.env, name, s.member.id)).allowed ? null : refusal(Code.RATE_LIMITED);
}

/**
 * Decoding and measuring hold the upload several times over: one of the member's running slots is
 * taken first (docs/decisions/0017), so nobody can have more than two checks in memory at once.
 */
async function withSlot<T>(s: MemberScope, work: () => Promise<Result<T>>): Promise<Result<T>> {
  const slot = await runSlot(s.env.DB, s.member.id, "voice-call");
  if (!slot) return JOB_LIMIT_REFUSAL;
  try {
    return await work();
  } finally {
    await slot.release();
  }
}

/** The checked recording, or the failed rule's refusal carrying the facts measured so far in `data`. */
async function checked(s: MemberScope, file: File): Promise<Result<CheckedRecording>> {
  const result = await checkVoiceRecording(new Uint8Array(await file.arrayBuffer()), s.locale);
  if (!result.ok) return { ok: false, code: result.code, message: result.message, data: { facts: result.facts } };
  return done(result);
}

/** POST /voices/open/check: the upload rules only; nothing is stored. */
export async function checkOpenRecording(s: MemberScope, file: File): Promise<Result<{ passed: true; facts: RecordingFacts }>> {
  const refused = await limited(s, "voiceCheckPerMember");
  if (refused) return refused;
  return withSlot(s, async () => {
    const result = await checked(s, file);
    if (!result.ok) return result;
    return done({ passed: true as const, facts: result.value.facts });
  });
}

// ---------------------------------------------------------------------------------------------
// Drafts: step 2's checked recording, its derived voice and its preview

type DraftRow = typeof voiceDrafts.$inferSelect;
type DraftProfile = { recording: SpeechProfile; base?: SpeechProfile; derived?: SpeechProfile; engine: string };

export const draftFields = z.object({
  lang: z.enum(VOICE_LANGS),
  gender: z.enum(VOICE_GENDERS),
});

const draftOut = (d: DraftRow): VoiceDraft => ({
  draft_id: d.id,
  lang: d.lang,
  gender: d.gender,
  facts: d.facts as RecordingFacts,
  profile: d.profile as DraftProfile,
  previewURL: `/api/v1/voices/open/drafts/${d.id}/preview`,
  audioURL: `/api/v1/voices/open/drafts/${d.id}/audio`,
  expiresAt: d.expiresAt,
  segment: segmentOf(d),
});

function segmentOf(d: DraftRow): VoiceDraft["segment"] {
  const seg = (d.engine as VoiceParams).segment;
  return seg ? { start: seg.start, end: seg.end, index: seg.index ?? 0, choices: seg.choices } : null;
}

const ownDraft = (db: Db, memberId: string, id: string) =>
  db
    .select()
    .from(voiceDrafts)
    .where(and(eq(voiceDrafts.id, id), eq(voiceDrafts.memberId, memberId)))
    .get();

/** Deletes drafts and their files (the recording unless a voice took it, the preview). */
async function releaseDrafts(s: Pick<MemberScope, "env" | "db">, rows: DraftRow[], keepRecording = false) {
  if (rows.length === 0) return;
  await s.db.delete(voiceDrafts).where(
    inList(
      voiceDrafts.id,
      rows.map((r) => r.id),
    ),
  );
  const keys = rows.flatMap((r) => [keepRecording ? null : r.audioKey, r.previewKey]).filter((k): k is string => !!k);
  if (keys.length) await s.env.MEDIA.delete(keys);
}

/**
 * The recording checked, its profile measured and the voice made from it by the engine
 * (`createVoice`: parameters derived for eSpeak, or a cloned voice's reference clip), kept for 24 hours as
 * a draft with its recording in R2: step 3 publishes it, and its preview can be heard before that.
 */
async function makeDraft(s: MemberScope, file: File, fields: z.output<typeof draftFields>): Promise<Result<DraftRow>> {
  const result = await checked(s, file);
  if (!result.ok) return result;
  const { audio, facts, analysis } = result.value;
  const recording = profileOf(analysis);
  const engine = speechEngine(s.env);
  const id = crypto.randomUUID();
  let created;
  try {
    created = await engine.createVoice({
      recordings: [audio],
      lang: fields.lang,
      gender: fields.gender,
      profile: recording,
      promptKey: `voices/prompts/${s.member.id}/${id}.wav`,
    });
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    console.error("voice creation failed", err.message);
    return refusal(Code.VOICE_CREATE_FAILED);
  }
  const now = Date.now();
  const row: DraftRow = {
    id,
    memberId: s.member.id,
    lang: fields.lang,
    gender: fields.gender,
    audioKey: `voices/recordings/${s.member.id}/${id}.wav`,
    facts,
    profile: { recording, base: created.base, derived: created.derived, engine: engine.name } satisfies DraftProfile,
    engine: created.params,
    previewKey: null,
    createdAt: now,
    expiresAt: now + DRAFT_KEEP_MS,
  };
  try {
    await s.env.MEDIA.put(row.audioKey, encodeWav(audio.samples, audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
    await s.db.insert(voiceDrafts).values(row);
  } catch (err) {
    // No draft row holds the clip yet, so no trigger would ever queue it: it goes now.
    const prompt = (created.params as VoiceParams).prompt;
    await s.env.MEDIA.delete([row.audioKey, ...(prompt ? [prompt.key] : [])]);
    throw err;
  }
  // A member keeps at most DRAFTS_PER_MEMBER: the oldest beyond go with their files.
  const all = await s.db.select().from(voiceDrafts).where(eq(voiceDrafts.memberId, s.member.id)).orderBy(voiceDrafts.createdAt);
  await releaseDrafts(s, all.slice(0, Math.max(0, all.length - DRAFTS_PER_MEMBER)));
  return done(row);
}

/** POST /voices/open/drafts: step 2. The check, the derived voice, the draft (facts, profile, preview URL). */
export async function createDraft(s: MemberScope, file: File, fields: z.output<typeof draftFields>) {
  const refused = await limited(s, "voiceDraftPerMember");
  if (refused) return refused;
  const made = await withSlot(s, () => makeDraft(s, file, fields));
  return made.ok ? done(draftOut(made.value)) : made;
}

/** A draft of the member's that is still kept (an expired one answers 4438 and is released). */
async function liveDraft(s: MemberScope, id: string): Promise<Result<DraftRow>> {
  const row = await ownDraft(s.db, s.member.id, id);
  if (!row) return refusal(Code.NOT_FOUND);
  if (row.expiresAt <= Date.now()) {
    await releaseDrafts(s, [row]);
    return refusal(Code.DRAFT_EXPIRED);
  }
  return done(row);
}

export async function draft(s: MemberScope, id: string) {
  const row = await liveDraft(s, id);
  return row.ok ? done(draftOut(row.value)) : row;
}

/** The draft's recording (the member's own). */
export async function draftAudio(s: MemberScope, id: string) {
  const row = await liveDraft(s, id);
  return row.ok ? done(row.value.audioKey) : row;
}

/**
 * The preview sentence in the new voice, spoken the first time it is asked for and kept with the
 * draft (R2, WAV). Costs the member nothing (no characters), like a library sample.
 */
export async function draftPreview(s: MemberScope, id: string): Promise<Result<string>> {
  const row = await liveDraft(s, id);
  if (!row.ok) return row;
  const d = row.value;
  if (d.previewKey) return done(d.previewKey);
  let audio;
  try {
    audio = await renderPassage(speechEngine(s.env), {
      text: PREVIEW[d.lang],
      lang: d.lang,
      voice: { id: `draft-${d.id}`, params: d.engine as VoiceParams },
      style: "neutral",
      pitch: 0,
      tempo: 1,
    });
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    console.error("preview failed", err.message);
    return refusal(Code.ENGINE_FAILED);
  }
  const key = `voices/previews/${s.member.id}/${d.id}.wav`;
  await s.env.MEDIA.put(key, encodeWav(audio.samples, audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
  await s.db.update(voiceDrafts).set({ previewKey: key }).where(eq(voiceDrafts.id, d.id));
  return done(key);
}

/**
 * POST /voices/open/drafts/:id/segment: the member did not like the preview; the voice is made again from the next
 * candidate stretch of the same recording (a cloned voice's reference clip, Xinference), its clip replaced in place and
 * its preview spoken anew on the next listen. 4670 when the engine made the voice otherwise or found only one stretch.
 */
export async function nextDraftSegment(s: MemberScope, id: string) {
  const row = await liveDraft(s, id);
  if (!row.ok) return row;
  const d = row.value;
  const params = d.engine as VoiceParams;
  let engine;
  try {
    engine = speechEngine(s.env);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    return refusal(Code.VOICE_CREATE_FAILED);
  }
  // Only the engine that cloned it can clone it again (a changed VOICE_ENGINE would leave the clip behind).
  if (engine.name !== "xinference" || !params.segment || !params.prompt || params.segment.choices < 2)
    return refusal(Code.NO_OTHER_SEGMENT);
  const stored = await s.env.MEDIA.get(d.audioKey);
  if (!stored) return refusal(Code.DRAFT_EXPIRED);
  const audio = decodeWav(await stored.arrayBuffer());
  // A new clip under a new key: the draft keeps its clip and transcript together until the swap below.
  const promptKey = `voices/prompts/${s.member.id}/${d.id}-${crypto.randomUUID().slice(0, 8)}.wav`;
  const made = await withSlot(s, async () => {
    try {
      const created = await engine.createVoice({
        recordings: [audio],
        lang: d.lang,
        gender: d.gender,
        profile: (d.profile as DraftProfile).recording,
        promptKey,
        segment: (params.segment!.index ?? 0) + 1,
      });
      return done(created.params);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      console.error("voice creation failed", err.message);
      return refusal(Code.VOICE_CREATE_FAILED);
    }
  });
  if (!made.ok) {
    await s.env.MEDIA.delete(promptKey);
    return made;
  }
  const swapped = await s.db
    .update(voiceDrafts)
    .set({ engine: made.value, previewKey: null })
    .where(and(eq(voiceDrafts.id, d.id), eq(voiceDrafts.memberId, s.member.id)))
    .returning({ id: voiceDrafts.id });
  if (swapped.length === 0) {
    // Published or released meanwhile: the voice (if any) keeps the clip it took.
    await s.env.MEDIA.delete(promptKey);
    return refusal(Code.NOT_FOUND);
  }
  await s.env.MEDIA.delete([params.prompt.key, ...(d.previewKey ? [d.previewKey] : [])]);
  return done(draftOut({ ...d, engine: made.value, previewKey: null }));
}

/** The daily clean-up: drafts past their 24 hours, with their files. */
export async function expireDrafts(s: Pick<MemberScope, "env" | "db">, now = Date.now()) {
  const old = await s.db.select().from(voiceDrafts).where(lt(voiceDrafts.expiresAt, now)).limit(200);
  await releaseDrafts(s, old);
  return old.length;
}

// ---------------------------------------------------------------------------------------------
// Creation (step 3: publish)

/** A list field: repeated (`features=a&features=b`) or comma-joined (`features=a,b`). */
export const list = <T extends readonly [string, ...string[]]>(values: T, min: number, max: number) =>
  z.preprocess(
    (v) => {
      const items: unknown[] = Array.isArray(v) ? v : [v];
      return items.flatMap((x) => (typeof x === "string" ? x.split(",") : [x])).filter((x) => x !== "" && x !== undefined);
    },
    z
      .array(z.enum(values))
      .min(min)
      .max(max)
      .refine((items) => new Set(items).size === items.length),
  );

/**
 * The wizard's fields: step 1's tags (tone, gender, age, exactly two moods, one to three content
 * categories), step 3's profile (name up to 14 characters including spaces, intro up to 10), and
 * the draft of step 2 (`draft_id`). Lengths count characters as people see them (code points).
 */
export const openVoiceFields = z.object({
  draft_id: z.string().min(1).max(64),
  tone: z.enum(VOICE_TONES),
  gender: z.enum(VOICE_GENDERS),
  age: z.enum(VOICE_AGES),
  features: list(VOICE_MOODS, OPEN_VOICE_FORM.moods, OPEN_VOICE_FORM.moods),
  categories: list(VOICE_CATEGORIES, OPEN_VOICE_FORM.categoriesMin, OPEN_VOICE_FORM.categoriesMax),
  name: plainText(1, OPEN_VOICE_FORM.nameMax).refine((v) => [...v].length <= OPEN_VOICE_FORM.nameMax),
  intro: plainText(1, OPEN_VOICE_FORM.introMax).refine((v) => [...v].length <= OPEN_VOICE_FORM.introMax),
});
export type OpenVoiceFields = z.output<typeof openVoiceFields>;

/** The profile image, checked by content: PNG, JPEG or WebP that decodes whole, exactly 240x240, at most 1 MB. */
export async function checkImage(file: File | null) {
  if (!file || file.size === 0) return done(null);
  if (file.size > PROFILE_IMAGE.maxBytes) return refusal(Code.IMAGE_INVALID);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = imageInfo(bytes);
  if (!info) return refusal(Code.IMAGE_INVALID);
  if (info.width !== PROFILE_IMAGE.width || info.height !== PROFILE_IMAGE.height)
    return refusal(Code.IMAGE_SIZE, { params: { width: info.width, height: info.height } });
  if (!(await decodes(bytes, info))) return refusal(Code.IMAGE_INVALID);
  return done({ bytes, type: info.type });
}

/**
 * POST /voices/open: publishes the draft as an open voice (public, free for every member, personal
 * use, listed under Open voice). The recording stays in R2 as the voice's source; the draft goes.
 */
export async function createOpenVoice(s: MemberScope, fields: OpenVoiceFields, image: File | null) {
  const refused = await limited(s, "voiceCreatePerMember");
  if (refused) return refused;
  const picture = await checkImage(image);
  if (!picture.ok) return picture;
  const found = await liveDraft(s, fields.draft_id);
  if (!found.ok) return found;
  const d = found.value;
  const id = `open-${crypto.randomUUID()}`;
  const now = Date.now();
  const imageKey = picture.value ? `voices/images/${id}.${IMAGE_EXTENSION[picture.value.type]}` : null;
  if (picture.value && imageKey)
    await s.env.MEDIA.put(imageKey, picture.value.bytes, { httpMetadata: { contentType: picture.value.type } });
  const name = { ko: fields.name, en: fields.name };
  const intro = { ko: fields.intro, en: fields.intro };
  // The draft row is consumed in the same batch: a second publish of one draft finds nothing (404).
  const [, gone] = await s.db.batch([
    s.db.insert(voices).values({
      id,
      type: "open",
      ownerId: s.member.id,
      lang: d.lang,
      name,
      intro,
      tone: fields.tone,
      gender: fields.gender,
      age: fields.age,
      features: fields.features,
      categories: fields.categories,
      engine: d.engine,
      profile: { ...(d.profile as DraftProfile), facts: d.facts },
      sourceKey: d.audioKey,
      imageKey,
      imageType: picture.value?.type ?? null,
      createdAt: now,
    }),
    s.db
      .delete(voiceDrafts)
      .where(and(eq(voiceDrafts.id, d.id), eq(voiceDrafts.memberId, s.member.id)))
      .returning({ id: voiceDrafts.id }),
  ]);
  if (gone.length === 0) {
    // Another request published this draft at the same moment: this one's row goes again.
    await s.db.delete(voices).where(eq(voices.id, id));
    if (imageKey) await s.env.MEDIA.delete(imageKey);
    return refusal(Code.NOT_FOUND);
  }
  if (d.previewKey) await s.env.MEDIA.delete(d.previewKey);
  return done<CreatedOpenVoice>({
    id,
    type: "open" as const,
    lang: d.lang,
    name: fields.name,
    pr: fields.intro,
    profileImageURL: `/api/v1/voices/${id}/image`,
    audioURL: `/api/v1/voices/${id}/sample`,
    createdAt: now,
  });
}

// ---------------------------------------------------------------------------------------------
// Deletion

/**
 * DELETE /voices/:id: the creator deletes their voice. It is gone from every list and detail (deleted_at,
 * the library's rule), new generations with it are refused with 4412, and projects keep their audio
 * (their results are separate files). Its recording and image are deleted now. Anyone else, and a
 * voice already deleted, is 404.
 */
export async function deleteOwnVoice(s: MemberScope, id: string) {
  const [row] = await s.db
    .update(voices)
    .set({ deletedAt: Date.now() })
    .where(and(eq(voices.id, id), eq(voices.ownerId, s.member.id), isNull(voices.deletedAt)))
    .returning({ id: voices.id, type: voices.type, sourceKey: voices.sourceKey, imageKey: voices.imageKey });
  if (!row) return refusal(Code.NOT_FOUND);
  // The voice the HTTP engine made for it was queued by the update (migration 0029); the route deletes it after the answer.
  // A custom voice: its slot is free from now (deleted voices do not count) and every file under its prefix goes.
  if (row.type === "custom") await deleteCustomVoiceFiles(s.env.MEDIA, s.member.id, [row.id]);
  const keys = [row.sourceKey, row.imageKey].filter((k): k is string => !!k);
  if (keys.length) await s.env.MEDIA.delete(keys);
  await s.db.update(voices).set({ sourceKey: null, imageKey: null, imageType: null }).where(eq(voices.id, row.id));
  return done({ id: row.id, deleted: true as const });
}

/**
 * The stored profile image of a voice the caller may see (not deleted; a basic or open voice that is not
 * hidden, or the caller's own), when it has one; otherwise the library's generated image answers. `shared`:
 * anyone may see it (a basic or visible open voice), so shared caches may keep it.
 */
export async function storedImage(db: Db, memberId: string | null, id: string) {
  const shared = and(inArray(voices.type, ["basic", "open"]), isNull(voices.hiddenAt));
  const visible = or(shared, memberId ? eq(voices.ownerId, memberId) : undefined);
  const row = await db
    .select({ key: voices.imageKey, type: voices.imageType, voiceType: voices.type, hiddenAt: voices.hiddenAt })
    .from(voices)
    .where(and(eq(voices.id, id), isNull(voices.deletedAt), isNotNull(voices.imageKey), visible))
    .get();
  if (!row?.key || !row.type) return null;
  return { key: row.key, type: row.type, shared: (row.voiceType === "basic" || row.voiceType === "open") && row.hiddenAt === null };
}
