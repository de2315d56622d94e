import { and, desc, eq, isNull } from "drizzle-orm";
import { inferences, projects, stsSources, voices } from "#db/schema";
import { encodeWav } from "../../engine/dsp";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { admitJob, finishJob, JOB_LIMIT_REFUSAL, runSlot } from "../../lib/jobs";
import { UNTITLED_RECORDING } from "../../lib/labels";
import { cutCodePoints } from "../../lib/text";
import { chargedSeconds, checkRecording, convertRecording, remainingSeconds, tooLong } from "../../speech/conversion";
import type { MemberScope } from "../scope";
import { visibleTo } from "../voices";
import { overSlotsRefusal } from "../custom-voices/slots";
import { unusableVoiceCode } from "../voice-availability";
import { createProject, ownProjectOf } from "./projects";
import { sharedResult } from "./sharing";
import { liveResult, ownResult, resultsWhere } from "./results";

/**
 * Speech-to-speech (spec: STS studio, five steps): upload or record (step 1), the file check on the
 * server (step 2: stored only when it passes), the conversion as a job (steps 3-4), the result with
 * its original, its share page and its review (step 5, results.ts and sharing.ts).
 */

type SourceRow = typeof stsSources.$inferSelect;

/** A recording as the route read it from the form: the file, its cleaned name and the form's fields. */
export type Upload = { file: File; name: string; method: "record" | "upload"; voice_id?: string; project_id?: string; reply_to?: string };

/** "인터뷰.wav" → "인터뷰": project and download names. */
export const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, "");

/** A checked recording as the STS page gets it. */
const sourceOut = (s: SourceRow) => ({
  source_id: s.id,
  project_id: s.projectId,
  name: s.name,
  method: s.method,
  format: s.format,
  duration: s.durationMs / 1000,
  seconds: chargedSeconds(s.durationMs),
  createdAt: s.createdAt,
  audioURL: `/api/v1/studio/sts/sources/${s.id}/audio`,
});

/** A checked recording of the member's, while its project is not deleted (gone within the undo window too). */
const ownSource = async (s: MemberScope, id: string) =>
  (
    await s.db
      .select({ source: stsSources })
      .from(stsSources)
      .innerJoin(projects, eq(projects.id, stsSources.projectId))
      .where(and(eq(stsSources.id, id), eq(stsSources.memberId, s.member.id), isNull(projects.deletedAt)))
      .get()
  )?.source;

/** An STS project with its checked recordings and its conversions, newest first. */
export async function stsProject(s: MemberScope, id: string) {
  // One round trip: the recordings and conversions are asked for beside the project itself, each only where the
  // project is the member's, and thrown away when it is not.
  const [project, sources, conversions] = await Promise.all([
    ownProjectOf(s, id, "sts"),
    s.db
      .select({ source: stsSources })
      .from(stsSources)
      .innerJoin(projects, eq(projects.id, stsSources.projectId))
      .where(and(eq(stsSources.projectId, id), eq(projects.memberId, s.member.id), isNull(projects.deletedAt)))
      .orderBy(desc(stsSources.createdAt)),
    resultsWhere(s, and(eq(inferences.projectId, id), eq(inferences.memberId, s.member.id), liveResult)),
  ]);
  if (!project) return refusal(Code.NOT_FOUND);
  return done({ ...project, sources: sources.map((r) => sourceOut(r.source)), conversions });
}

/** A checked recording of the member's. */
export async function source(s: MemberScope, id: string) {
  const row = await ownSource(s, id);
  return row ? done(sourceOut(row)) : refusal(Code.NOT_FOUND);
}

/** The stored audio of a checked recording, and the name to play it under. */
export async function sourceAudio(s: MemberScope, id: string) {
  const row = await ownSource(s, id);
  return row ? { key: row.audioKey, name: withoutExtension(row.name) } : null;
}

/**
 * A result's audio, to its owner, and the name to save it under: a conversion is named after its original
 * file and the voice ("memo - Seoyeon", saved as memo - Seoyeon.mp3, never memo.wav.wav); a TTS result
 * after its text.
 */
export async function resultAudio(s: MemberScope, id: string) {
  const row = await ownResult(s, id);
  if (!row) return null;
  if (row.method === "tts") return { key: row.audioKey, name: cutCodePoints(row.text, 30) };
  const voice = await s.db.select({ name: voices.name }).from(voices).where(eq(voices.id, row.voiceId)).get();
  return { key: row.audioKey, name: conversionName(row.text, voice?.name[s.locale] ?? row.voiceId, s.locale) };
}

/** The name of a conversion's file: the original's name without its extension, and the voice ("memo - Seoyeon"). */
export const conversionName = (original: string, voice: string, locale: MemberScope["locale"]) =>
  `${cutCodePoints(withoutExtension(original), 30) || UNTITLED_RECORDING[locale]} - ${voice}`;

/** The original recording of a conversion (before, for A/B), and the name to save it under. */
export async function resultSource(s: MemberScope, id: string) {
  const row = await ownResult(s, id);
  return row?.sourceKey ? { key: row.sourceKey, name: `${cutCodePoints(withoutExtension(row.text), 30)} (original)` } : null;
}

/**
 * Steps 1-2: a recording or upload is checked and kept for conversion, in the given STS project or
 * in a new one named after the file (the plan's project limit applies). Answers the source.
 */
export async function addSource(s: MemberScope, upload: Upload) {
  const project = upload.project_id ? await ownProjectOf(s, upload.project_id, "sts") : undefined;
  if (upload.project_id && !project) return refusal(Code.NOT_FOUND);
  const checked = await checkRecording(s.env.DB, s.member.id, new Uint8Array(await upload.file.arrayBuffer()), s.locale);
  if (!checked.ok) return checked;
  const name = upload.name || UNTITLED_RECORDING[s.locale];
  const projectId = project?.id ?? (await createProject(s, cutCodePoints(withoutExtension(name), 60) || cutCodePoints(name, 60), "sts"));
  if (!projectId) return refusal(Code.PROJECT_LIMIT);
  const id = crypto.randomUUID();
  const audioKey = `sources/${s.member.id}/${id}.wav`;
  await s.env.MEDIA.put(audioKey, encodeWav(checked.audio.samples, checked.audio.sampleRate), {
    httpMetadata: { contentType: "audio/wav" },
  });
  const now = Date.now();
  const row = {
    id,
    memberId: s.member.id,
    projectId,
    method: upload.method,
    name,
    format: checked.format,
    audioKey,
    durationMs: checked.durationMs,
    createdAt: now,
  };
  await s.db.batch([s.db.insert(stsSources).values(row), s.db.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId))]);
  return done(sourceOut(row));
}

/**
 * Steps 3-4: converts a checked recording to a voice in a job (a Durable Object, so it goes on when
 * the tab is closed). A recording longer than the time left is refused before the job starts; the
 * job spends the time atomically when it runs. With `replyTo` (a share id) the result answers that shared
 * result from the moment it is made: linked while the original is shared, the conversion goes on without the link
 * when it is not (the link is a courtesy, never a reason to refuse the member's work).
 */
export async function startConversion(s: MemberScope, sourceId: string, voiceId: string, replyTo?: string) {
  const row = await ownSource(s, sourceId);
  if (!row) return refusal(Code.NOT_FOUND);
  const original = replyTo ? await sharedResult(s.db, replyTo) : undefined;
  const voice = await s.db
    .select({ id: voices.id, type: voices.type, deletedAt: voices.deletedAt })
    .from(voices)
    .where(and(eq(voices.id, voiceId), visibleTo(s.member)))
    .get();
  if (!voice || voice.deletedAt) return refusal(await unusableVoiceCode(s.db, s.member, voiceId));
  const overSlots = await overSlotsRefusal(s.db, s.env.DB, s.member.id, voice);
  if (overSlots) return overSlots;
  const seconds = chargedSeconds(row.durationMs);
  const remaining = await remainingSeconds(s.env.DB, s.member.id);
  if (seconds > remaining) return tooLong(seconds, remaining, s.locale);
  const jobId = crypto.randomUUID();
  if (!(await admitJob(s.env.DB, { id: jobId, memberId: s.member.id, kind: "sts", projectId: row.projectId })).ok) return JOB_LIMIT_REFUSAL;
  const stub = s.env.GENERATION_JOB.get(s.env.GENERATION_JOB.idFromName(jobId));
  try {
    await stub.startConversion({
      kind: "sts",
      jobId,
      memberId: s.member.id,
      email: s.member.email,
      locale: s.locale,
      projectId: row.projectId,
      sourceId: row.id,
      voiceId: voice.id,
      replyTo: original?.id ?? null,
    });
  } catch (err) {
    await finishJob(s.env.DB, jobId);
    throw err;
  }
  return done({ job_id: jobId, seconds });
}

/**
 * The public API (POST /studio/sts): converts an uploaded file at once and answers the result; a bad
 * file gets its error and nothing is stored or charged. Decoding and converting hold the recording
 * several times over in this request, so it takes one of the member's running slots before the body
 * is read (docs/decisions/0017); `read` reads the form. With `reply_to` (a share id) the result answers that shared
 * result, as in the step flow: the original must be shared and live; an id that names none is refused (4660) before
 * anything is converted, stored or charged.
 */
export async function convertOnce(s: MemberScope, read: () => Promise<Upload | null>) {
  const slot = await runSlot(s.env.DB, s.member.id, "sts-call");
  if (!slot) return JOB_LIMIT_REFUSAL;
  const result = await (async () => {
    const upload = await read();
    if (!upload || !upload.voice_id) return refusal(Code.BAD_REQUEST);
    const original = upload.reply_to ? await sharedResult(s.db, upload.reply_to) : undefined;
    if (upload.reply_to && !original) return refusal(Code.REPLY_TARGET_UNKNOWN);
    const checked = await checkRecording(s.env.DB, s.member.id, new Uint8Array(await upload.file.arrayBuffer()), s.locale);
    if (!checked.ok) return checked;
    const input = {
      audio: checked.audio,
      voiceId: upload.voice_id,
      method: upload.method,
      name: upload.name || UNTITLED_RECORDING[s.locale],
      replyTo: original?.id ?? null,
    };
    return convertRecording(s.env, s.db, s.member, input, s.locale, { key: `${slot.id}:0:0`, jobId: slot.id });
  })().finally(slot.release);
  if (!result.ok) return result;
  const v = result.value;
  return done({
    inference_id: v.inferenceId,
    audioURL: `/api/v1/studio/inferences/${v.inferenceId}/audio`,
    duration: v.durationMs / 1000,
    seconds: v.seconds,
  });
}
