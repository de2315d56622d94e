import { and, eq, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import { voices } from "#db/schema";
import type { CustomVoiceJobState } from "#contracts/custom-voices";
import type { CustomVoiceSpec } from "../../durable/job-types";
import { encodeWav } from "../../engine/dsp";
import type { Bindings } from "../../env";
import { Code, message } from "../../lib/codes";
import { CUSTOM_VOICE_NAME } from "../../lib/labels";
import type { FrameAnalysis } from "../../speech/analysis";
import { speechEngine } from "../../speech/engine";
import { checkVoiceRecording, type CheckedRecording } from "../../speech/recording-check";
import { renderPassage } from "../../speech/render";
import { EngineError, type SpeechEngine, type VoiceParams } from "../../speech/types";
import { analyseFrames } from "../../speech/analysis";
import { done, refusal, type Result } from "../../lib/envelope";
import { poolAnalyses, PREVIEW, profileOf } from "../../speech/voice-profile";
import type { Audio } from "../../speech/wav";
import { customVoicePreviewKey } from "./create";
import { customVoicePrefix, deleteCustomVoiceFiles } from "./slots";

/*
 * The custom voice creation job (docs/decisions/0034), run by the GenerationJob Durable Object from an alarm:
 * each file through the recording check (length, onset within 2 s, loudness, noise, one speaker), then the voice
 * from all the files together (the embedded engine: a profile of the pooled recordings and the eSpeak parameters
 * derived from it; Xinference: a reference clip chosen from the files and transcribed), then the preview sentence. A failure
 * marks the voice "failed" with the rule's words naming the file, deletes its files and so gives its slot back.
 */

type Report = (state: CustomVoiceJobState) => Promise<void>;
type Failure = { code: Code; reason: string; file?: { index: number; name: string } };

/** What making the voice from checked recordings answers (the part that does not touch storage; the benchmark calls it). */
export type MadeVoice = {
  params: Record<string, unknown>;
  profile: {
    recording: ReturnType<typeof profileOf>;
    base?: ReturnType<typeof profileOf>;
    derived?: ReturnType<typeof profileOf>;
    engine: string;
  };
};

/** The voice from all the checked recordings together: one pooled profile, then the engine's creation call. */
export async function voiceFromRecordings(
  engine: SpeechEngine,
  recordings: { audio: Audio; analysis: FrameAnalysis }[],
  lang: "ko" | "en",
  gender: "male" | "female",
  promptKey?: string,
): Promise<MadeVoice> {
  const recording = profileOf(poolAnalyses(recordings.map((r) => r.analysis)));
  const created = await engine.createVoice({ recordings: recordings.map((r) => r.audio), lang, gender, profile: recording, promptKey });
  return { params: created.params, profile: { recording, base: created.base, derived: created.derived, engine: engine.name } };
}

/** The preview sentence in a new voice, as the voice's page plays it. */
const speakPreview = (engine: SpeechEngine, lang: "ko" | "en", id: string, params: VoiceParams) =>
  renderPassage(engine, { text: PREVIEW[lang], lang, voice: { id, params }, style: "neutral", pitch: 0, tempo: 1 });

const keepPreview = (env: Bindings, memberId: string, voiceId: string, preview: Audio) =>
  env.MEDIA.put(customVoicePreviewKey(memberId, voiceId), encodeWav(preview.samples, preview.sampleRate), {
    httpMetadata: { contentType: "audio/wav" },
  });

/** Marks the voice failed (it no longer takes a slot), deletes its files, and answers the failed state. */
async function failed(env: Bindings, spec: CustomVoiceSpec, f: Failure): Promise<CustomVoiceJobState> {
  await env.DB.prepare("UPDATE voices SET status = 'failed', failure = ?2 WHERE id = ?1 AND owner_id = ?3 AND status = 'creating'")
    .bind(spec.voiceId, JSON.stringify(f), spec.memberId)
    .run();
  await deleteCustomVoiceFiles(env.MEDIA, spec.memberId, [spec.voiceId]);
  return {
    status: "failed",
    kind: "custom-voice",
    voiceId: spec.voiceId,
    code: f.code,
    reason: f.reason,
    ...(f.file ? { file: f.file } : {}),
  };
}

const general = (spec: CustomVoiceSpec, code: Code = Code.CUSTOM_VOICE_FAILED): Failure => ({
  code,
  reason: message(Code.CUSTOM_VOICE_FAILED, spec.locale),
});

/** A creation found interrupted (the object was evicted mid-run): it fails and gives the slot back; retry is a new POST. */
export const interruptedCreation = (env: Bindings, spec: CustomVoiceSpec) => failed(env, spec, general(spec, Code.JOB_INTERRUPTED));

/** Runs the creation; `report` stores and streams each step. Answers the final state. */
export async function runCustomVoiceJob(env: Bindings, spec: CustomVoiceSpec, report: Report): Promise<CustomVoiceJobState> {
  const base = { kind: "custom-voice" as const, voiceId: spec.voiceId };
  const total = spec.files.length;
  const checked: { audio: Audio; analysis: FrameAnalysis }[] = [];
  // One file at a time: only its bytes and its decoded copy are held beyond the kept recordings.
  for (const [i, file] of spec.files.entries()) {
    await report({ status: "generating", ...base, step: "checking", done: i, total });
    const object = await env.MEDIA.get(file.key);
    if (!object) return failed(env, spec, general(spec));
    const result = await checkVoiceRecording(new Uint8Array(await object.arrayBuffer()), spec.locale);
    if (!result.ok) {
      const which = { index: i + 1, name: file.name };
      return failed(env, spec, {
        code: result.code,
        reason: message(Code.CUSTOM_VOICE_FILE_FAILED, spec.locale, { name: file.name, reason: result.message }),
        file: which,
      });
    }
    checked.push({ audio: (result as CheckedRecording).audio, analysis: result.analysis });
  }
  await report({ status: "generating", ...base, step: "profiling", done: total, total });
  const engine = speechEngine(env);
  let made: MadeVoice;
  let preview: Audio;
  try {
    // A cloned voice's reference clip sits with the voice's files, so a failure or a deletion takes it too.
    made = await voiceFromRecordings(
      engine,
      checked,
      spec.lang,
      spec.gender,
      `${customVoicePrefix(spec.memberId, spec.voiceId)}prompt.wav`,
    );
    checked.length = 0;
    await report({ status: "generating", ...base, step: "preview", done: total, total });
    preview = await speakPreview(engine, spec.lang, spec.voiceId, made.params);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    console.error("custom voice creation failed", err.message);
    return failed(env, spec, general(spec));
  }
  await keepPreview(env, spec.memberId, spec.voiceId, preview);
  const db = drizzle(env.DB, { schema });
  // A name from the start (the profile step may change it): a voice whose owner never reaches that step is not nameless.
  const [row] = await db
    .update(voices)
    .set({ status: "ready", engine: made.params, profile: made.profile, name: defaultName(spec.memberId) })
    .where(and(eq(voices.id, spec.voiceId), eq(voices.ownerId, spec.memberId), eq(voices.status, "creating"), isNull(voices.deletedAt)))
    .returning({ id: voices.id });
  if (!row) {
    // Deleted by its owner while it was being made: nothing of it is kept.
    await deleteCustomVoiceFiles(env.MEDIA, spec.memberId, [spec.voiceId]);
    return { status: "failed", ...base, code: Code.NOT_FOUND, reason: message(Code.CUSTOM_VOICE_FAILED, spec.locale) };
  }
  return { status: "completed", ...base };
}

/**
 * POST /voices/custom/:id/segment: the owner did not like the preview; the cloned voice is made again from the next
 * candidate part of its files (Xinference), its reference clip replaced in place and its preview spoken again. 4670 when
 * the voice was made otherwise or its files hold one part only.
 */
export async function nextCustomVoiceSegment(env: Bindings, memberId: string, id: string, locale: "ko" | "en"): Promise<Result<true>> {
  const v = await env.DB.prepare(
    "SELECT lang, gender, engine FROM voices WHERE id = ?1 AND owner_id = ?2 AND type = 'custom' AND status = 'ready' AND deleted_at IS NULL",
  )
    .bind(id, memberId)
    .first<{ lang: "ko" | "en"; gender: string; engine: string }>();
  if (!v) return refusal(Code.NOT_FOUND);
  const params = JSON.parse(v.engine) as VoiceParams;
  let engine: SpeechEngine;
  try {
    engine = speechEngine(env);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    return refusal(Code.VOICE_CREATE_FAILED);
  }
  // Only the engine that cloned it can clone it again (a changed VOICE_ENGINE would leave the clip behind).
  if (engine.name !== "xinference" || !params.prompt || !params.segment || params.segment.choices < 2)
    return refusal(Code.NO_OTHER_SEGMENT);
  // The files as the creation read them: decoded and at the render rate (they passed the recording check then).
  const recordings: Audio[] = [];
  for (let i = 1; ; i++) {
    const object = await env.MEDIA.get(`${customVoicePrefix(memberId, id)}files/${i}`);
    if (!object) break;
    const checked = await checkVoiceRecording(new Uint8Array(await object.arrayBuffer()), locale);
    if (!checked.ok) return refusal(Code.CUSTOM_VOICE_FAILED);
    recordings.push(checked.audio);
  }
  if (recordings.length === 0) return refusal(Code.NO_OTHER_SEGMENT);
  // A new clip under a new key in the voice's folder: the voice keeps its clip and transcript together until the swap.
  const promptKey = `${customVoicePrefix(memberId, id)}prompt-${crypto.randomUUID().slice(0, 8)}.wav`;
  let made: VoiceParams;
  let preview: Audio;
  try {
    const created = await engine.createVoice({
      recordings,
      lang: v.lang,
      gender: v.gender === "female" ? "female" : "male",
      profile: profileOf(poolAnalyses(recordings.map((r) => analyseFrames(r.samples, r.sampleRate)))),
      promptKey,
      segment: (params.segment.index ?? 0) + 1,
    });
    made = created.params;
    preview = await speakPreview(engine, v.lang, id, made);
  } catch (err) {
    if (!(err instanceof EngineError)) throw err;
    console.error("custom voice segment failed", err.message);
    await env.MEDIA.delete(promptKey);
    return refusal(Code.VOICE_CREATE_FAILED);
  }
  await keepPreview(env, memberId, id, preview);
  const swapped = await env.DB.prepare(
    "UPDATE voices SET engine = ?3 WHERE id = ?1 AND owner_id = ?2 AND status = 'ready' AND deleted_at IS NULL",
  )
    .bind(id, memberId, JSON.stringify(made))
    .run();
  if (swapped.meta.changes !== 1) {
    // Deleted meanwhile: nothing of it stays (its deletion may have emptied the folder before the writes above).
    await deleteCustomVoiceFiles(env.MEDIA, memberId, [id]);
    return refusal(Code.NOT_FOUND);
  }
  await env.MEDIA.delete(params.prompt.key);
  return done(true);
}

/**
 * A ready voice's default name, "내 보이스 N" / "My voice N" with the smallest N that none of the member's ready custom
 * voices is called in either language (a deletion or a rename frees its number). Worked out inside the
 * statement that marks the voice ready, so two creations finishing together cannot take one number. The numbers
 * tried stop at one more than the member's custom voices (a few, by their slots).
 */
function defaultName(memberId: string) {
  const [koBefore, koAfter] = CUSTOM_VOICE_NAME.ko.split("{n}") as [string, string];
  const [enBefore, enAfter] = CUSTOM_VOICE_NAME.en.split("{n}") as [string, string];
  return sql`(WITH RECURSIVE k(n) AS (
      SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n <= (SELECT COUNT(*) FROM voices WHERE owner_id = ${memberId} AND type = 'custom'))
    SELECT json_object('ko', ${koBefore} || MIN(n) || ${koAfter}, 'en', ${enBefore} || MIN(n) || ${enAfter}) FROM k
    WHERE NOT EXISTS (SELECT 1 FROM voices v WHERE v.owner_id = ${memberId} AND v.type = 'custom' AND v.status = 'ready'
      AND v.deleted_at IS NULL AND (json_extract(v.name, '$.ko') = ${koBefore} || k.n || ${koAfter}
        OR json_extract(v.name, '$.en') = ${enBefore} || k.n || ${enAfter})))`;
}
