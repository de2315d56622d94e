import { and, desc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { z } from "zod/v4";
import { voiceReferences, voices } from "#db/schema";
import { RECORDING_RULES } from "#contracts/open-voices";
import { REFERENCE_KINDS, REFERENCE_LICENCES, REFERENCE_LIMITS as L, type VoiceReference } from "#contracts/voice-references";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_GENDERS, VOICE_LANGS, VOICE_MOODS, VOICE_TONES } from "#contracts/voices";
import { encodeWav } from "../../engine/dsp";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { plainText } from "../../lib/validate";
import { speechEngine } from "../../speech/engine";
import { checkVoiceRecording } from "../../speech/recording-check";
import { renderPassage } from "../../speech/render";
import { EngineError, type VoiceParams } from "../../speech/types";
import { deriveVoice, PREVIEW, profileOf } from "../../speech/voice-profile";
import { xinferenceConfig } from "../../speech/xinference";
import { list } from "../open-voices";
import type { Db, MemberScope } from "../scope";
import { entry } from "./audit";

/**
 * Basic voices made by operators (docs/decisions/0062). A reference is staged (a consented speaker's clip with its
 * exact transcript, or a model's preset speaker, with the card the voice will have), auditioned with the engine
 * configured now, then published as a basic voice of the library. Every change writes an audit row; the row stays after
 * publishing as the voice's provenance (who spoke it, their consent, the licence).
 *
 * A clip's voice carries both what a cloning model speaks it from (`prompt`: the clip and its transcript) and the
 * embedded engine's parameters derived from the same clip, so it speaks in every deployment: cloned on Xinference,
 * as the clip's register and brightness on the embedded engine.
 */

type Row = typeof voiceReferences.$inferSelect;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .transform((v) => Date.parse(`${v}T00:00:00+09:00`))
  .refine((v) => Number.isFinite(v));
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), plainText(1, max).optional());

/** The console's form (multipart text fields, the clip as `file`); kind-specific requirements below. */
export const referenceFields = z
  .object({
    kind: z.enum(REFERENCE_KINDS),
    lang: z.enum(VOICE_LANGS),
    name_ko: plainText(1, L.nameMax),
    name_en: plainText(1, L.nameMax),
    intro_ko: plainText(1, L.introMax),
    intro_en: plainText(1, L.introMax),
    tone: z.enum(VOICE_TONES),
    gender: z.enum(VOICE_GENDERS),
    age: z.enum(VOICE_AGES),
    features: list(VOICE_MOODS, L.moods, L.moods),
    categories: list(VOICE_CATEGORIES, L.categoriesMin, L.categoriesMax),
    speaker: plainText(1, L.speakerMax),
    licence: z.enum(REFERENCE_LICENCES),
    licence_note: optionalText(L.noteMax),
    licence_ends_on: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    transcript: optionalText(L.transcriptMax),
    consent_on: z.preprocess((v) => (v === "" ? undefined : v), day.optional()),
    consent_document: optionalText(L.documentMax),
    preset_speaker: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(new RegExp(L.presetSpeakerPattern)).optional()),
    preset_model: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(new RegExp(L.modelUidPattern)).optional()),
    file: z.instanceof(File).optional(),
  })
  .superRefine((v, ctx) => {
    const rule = (path: string, name: string) => ctx.addIssue({ code: "custom", path: [path], params: { rule: name } });
    if (v.kind === "clip") {
      if (!v.file || v.file.size === 0) rule("file", "referenceClip");
      if (!v.transcript) rule("transcript", "referenceTranscript");
      if (v.consent_on === undefined) rule("consent_on", "referenceConsent");
      if (!v.consent_document) rule("consent_document", "referenceConsent");
      if (v.licence === "model") rule("licence", "referenceLicence");
    } else {
      if (!v.preset_speaker) rule("preset_speaker", "referencePreset");
      if (v.licence !== "model") rule("licence", "referenceLicence");
    }
  });
export type ReferenceFields = z.output<typeof referenceFields>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const BASE = "/api/v1/admin/voice-references";

function out(r: Row): VoiceReference {
  const params = r.engine as VoiceParams;
  return {
    id: r.id,
    kind: r.kind,
    lang: r.lang,
    name: r.name,
    intro: r.intro,
    tone: r.tone,
    gender: r.gender,
    age: r.age,
    features: r.features as VoiceReference["features"],
    categories: r.categories as VoiceReference["categories"],
    transcript: r.transcript,
    clipSeconds: r.clipSeconds,
    clipURL: r.clipKey ? `${BASE}/${r.id}/clip` : null,
    preset: params.preset ? { speaker: params.preset.speaker, model: params.preset.model ?? null } : null,
    speaker: r.speaker,
    consentAt: iso(r.consentAt),
    consentDocument: r.consentDocument,
    licence: r.licence,
    licenceNote: r.licenceNote,
    licenceEndsAt: iso(r.licenceEndsAt),
    audition:
      r.auditionKey && r.auditionedAt !== null
        ? { text: r.auditionText ?? "", at: iso(r.auditionedAt)!, engine: r.auditionEngine ?? "", url: `${BASE}/${r.id}/audition` }
        : null,
    voiceId: r.voiceId,
    publishedAt: iso(r.publishedAt),
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt)!,
  };
}

const find = (s: MemberScope, id: string) => s.db.select().from(voiceReferences).where(eq(voiceReferences.id, id)).get();

/** The newest 100 references, staged and published. */
export async function referenceList(s: MemberScope) {
  const rows = await s.db.select().from(voiceReferences).orderBy(desc(voiceReferences.createdAt)).limit(100);
  return done({ items: rows.map(out) });
}

export async function reference(s: MemberScope, id: string): Promise<Result<VoiceReference>> {
  const row = await find(s, id);
  return row ? done(out(row)) : refusal(Code.NOT_FOUND);
}

/**
 * Stages a reference. A clip is checked as a member's recording is (format, speech onset, level, noise, one speaker),
 * held to 5-15 s because a cloning model hears it whole with its transcript; it is kept in R2 and the embedded engine's
 * parameters are derived from it. A preset speaker needs a preset model the engine can reach.
 */
export async function createReference(s: MemberScope, f: ReferenceFields, now: number): Promise<Result<VoiceReference>> {
  const id = crypto.randomUUID();
  let params: VoiceParams;
  let clip: { key: string; seconds: number; bytes: Uint8Array } | null = null;
  if (f.kind === "clip") {
    const checked = await checkVoiceRecording(new Uint8Array(await f.file!.arrayBuffer()), s.locale, {
      ...RECORDING_RULES,
      minSeconds: L.clipMinSeconds,
      maxSeconds: L.clipMaxSeconds,
    });
    if (!checked.ok) return { ok: false, code: checked.code, message: checked.message, data: { facts: checked.facts } };
    const derived = await deriveVoice(profileOf(checked.analysis), f.lang, f.gender);
    const key = `voices/references/${id}.wav`;
    params = { ...derived.params, prompt: { key, text: f.transcript! } };
    clip = { key, seconds: checked.facts.duration, bytes: encodeWav(checked.audio.samples, checked.audio.sampleRate) };
  } else {
    const presets = s.env.VOICE_ENGINE === "xinference" ? xinferenceConfig(s.env).presets : {};
    if (!f.preset_model && !presets[f.lang]) return refusal(Code.REFERENCE_PRESET_UNAVAILABLE, { params: { lang: f.lang.toUpperCase() } });
    params = { preset: { speaker: f.preset_speaker!, ...(f.preset_model ? { model: f.preset_model } : {}) } };
  }
  const row: Row = {
    id,
    kind: f.kind,
    lang: f.lang,
    name: { ko: f.name_ko, en: f.name_en },
    intro: { ko: f.intro_ko, en: f.intro_en },
    tone: f.tone,
    gender: f.gender,
    age: f.age,
    features: f.features,
    categories: f.categories,
    engine: params,
    clipKey: clip?.key ?? null,
    transcript: f.kind === "clip" ? f.transcript! : null,
    clipSeconds: clip ? Math.round(clip.seconds * 100) / 100 : null,
    speaker: f.speaker,
    consentAt: f.kind === "clip" ? f.consent_on! : (f.consent_on ?? null),
    consentDocument: f.consent_document ?? null,
    licence: f.licence,
    licenceNote: f.licence_note ?? null,
    licenceEndsAt: f.licence_ends_on ?? null,
    auditionKey: null,
    auditionText: null,
    auditionEngine: null,
    auditionedAt: null,
    voiceId: null,
    publishedAt: null,
    createdBy: s.member.id,
    createdAt: now,
  };
  if (clip) await s.env.MEDIA.put(clip.key, clip.bytes, { httpMetadata: { contentType: "audio/wav" } });
  try {
    await s.db.batch([
      s.db.insert(voiceReferences).values(row),
      entry(s.db, s.member, { action: "voice_reference.create", targetType: "voice_reference", targetId: id, after: out(row) }, now),
    ]);
  } catch (err) {
    if (clip) await s.env.MEDIA.delete(clip.key);
    throw err;
  }
  return done(out(row));
}

/**
 * Speaks `text` (the language's preview sentence when empty) in the staged voice with the engine configured now and
 * keeps it as the reference's audition, replacing the last one. The engine's own reason is shown: operators fix a preset
 * speaker's name or the engine's configuration from it.
 */
export async function audition(s: MemberScope, id: string, text: string | undefined, now: number): Promise<Result<VoiceReference>> {
  const row = await find(s, id);
  if (!row) return refusal(Code.NOT_FOUND);
  const spoken = text?.trim() || PREVIEW[row.lang];
  let engineName: string;
  let audio;
  try {
    const engine = speechEngine(s.env);
    engineName = engine.name;
    audio = await renderPassage(engine, {
      text: spoken,
      lang: row.lang,
      voice: { id: `reference-${row.id}`, params: row.engine as VoiceParams },
      style: "neutral",
      pitch: 0,
      tempo: 1,
    });
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    return refusal(Code.REFERENCE_AUDITION_FAILED, { params: { reason: err.message.slice(0, 300) } });
  }
  const key = `voices/references/auditions/${row.id}.wav`;
  await s.env.MEDIA.put(key, encodeWav(audio.samples, audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
  const changed = { auditionKey: key, auditionText: spoken, auditionEngine: engineName, auditionedAt: now };
  await s.db.update(voiceReferences).set(changed).where(eq(voiceReferences.id, row.id));
  return done(out({ ...row, ...changed }));
}

/** The R2 key of the reference's clip or last audition. */
export async function referenceAudio(s: MemberScope, id: string, which: "clip" | "audition"): Promise<Result<string>> {
  const row = await find(s, id);
  const key = which === "clip" ? row?.clipKey : row?.auditionKey;
  return key ? done(key) : refusal(Code.NOT_FOUND);
}

/**
 * Publishes the reference as a basic voice: listed in the library, usable commercially by every member. Refused before
 * an audition with the engine configured now (what the operator heard is what members will hear), after the licence
 * ended, or a second time (the unique voice_id and the guarded update make a double submit publish once).
 */
export async function publishReference(s: MemberScope, id: string, now: number): Promise<Result<{ voiceId: string }>> {
  const row = await find(s, id);
  if (!row) return refusal(Code.NOT_FOUND);
  if (row.voiceId || row.publishedAt !== null) return refusal(Code.REFERENCE_PUBLISHED);
  if (row.licenceEndsAt !== null && row.licenceEndsAt <= now) return refusal(Code.REFERENCE_LICENCE_ENDED);
  let engineName: string | null = null;
  try {
    engineName = speechEngine(s.env).name;
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
  }
  if (!row.auditionedAt || row.auditionEngine !== engineName) return refusal(Code.REFERENCE_NOT_AUDITIONED);
  const voiceId = `basic-${row.lang}-${row.id.slice(0, 8)}`;
  // Claimed by the first of two concurrent publishes: the other finds it published and changes nothing.
  const claimed = await s.db
    .update(voiceReferences)
    .set({ publishedAt: now })
    .where(and(eq(voiceReferences.id, row.id), isNull(voiceReferences.publishedAt)))
    .returning({ id: voiceReferences.id });
  if (claimed.length === 0) return refusal(Code.REFERENCE_PUBLISHED);
  try {
    await s.db.batch([
      s.db.insert(voices).values({
        id: voiceId,
        type: "basic",
        ownerId: null,
        lang: row.lang,
        name: row.name,
        intro: row.intro,
        tone: row.tone,
        gender: row.gender,
        age: row.age,
        features: row.features,
        categories: row.categories,
        engine: row.engine,
        createdAt: now,
      }),
      s.db.update(voiceReferences).set({ voiceId }).where(eq(voiceReferences.id, row.id)),
      entry(
        s.db,
        s.member,
        { action: "voice_reference.publish", targetType: "voice_reference", targetId: row.id, after: { voiceId } },
        now,
      ),
    ]);
  } catch (err) {
    // The claim is given back: the reference stays staged, to be published again.
    await s.db.update(voiceReferences).set({ publishedAt: null }).where(eq(voiceReferences.id, row.id));
    throw err;
  }
  return done({ voiceId });
}

/** Deletes a staged reference and its files; a published one stays (it is the voice's provenance). */
export async function deleteReference(s: MemberScope, id: string, now: number): Promise<Result<{ deleted: true }>> {
  const row = await find(s, id);
  if (!row) return refusal(Code.NOT_FOUND);
  if (row.voiceId || row.publishedAt !== null) return refusal(Code.REFERENCE_PUBLISHED);
  // Only while unpublished: a publish that claimed it meanwhile keeps it.
  const deleted = await s.db
    .delete(voiceReferences)
    .where(and(eq(voiceReferences.id, row.id), isNull(voiceReferences.publishedAt)))
    .returning({ id: voiceReferences.id });
  if (deleted.length === 0) return refusal(Code.REFERENCE_PUBLISHED);
  await entry(s.db, s.member, { action: "voice_reference.delete", targetType: "voice_reference", targetId: row.id, before: out(row) }, now);
  await s.env.MEDIA.delete([row.clipKey, row.auditionKey].filter((k): k is string => k !== null));
  return done({ deleted: true as const });
}

/** Why a basic voice left the library when its speaker's licence ended (shown where a hidden voice's reason is). */
export const LICENCE_ENDED_REASON = "licence ended";

/**
 * Takes the basic voices whose licence has ended out of the library (the library's hide: projects keep their audio),
 * from the hourly cron. Answers how many were hidden.
 */
export async function hideEndedLicences(db: Db, now: number): Promise<number> {
  const ended = db
    .select({ id: voiceReferences.voiceId })
    .from(voiceReferences)
    .where(and(isNotNull(voiceReferences.voiceId), lte(voiceReferences.licenceEndsAt, now)));
  const hidden = await db
    .update(voices)
    .set({ hiddenAt: now, hiddenReason: LICENCE_ENDED_REASON })
    .where(and(isNull(voices.hiddenAt), inArray(voices.id, ended)))
    .returning({ id: voices.id });
  return hidden.length;
}
