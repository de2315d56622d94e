import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { inferences, paragraphs, projects, stsSources, voices } from "../../../../db/schema";
import { Code, formatCount, messages } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { cutCodePoints } from "../lib/text";
import { characterCount, checkText, MAX_CHARACTERS_PER_GENERATION } from "../lib/tts-text";
import { usage } from "../lib/allowance";
import { activeProjectJob, admitJob, finishJob, jobLimitMessage, runSlot } from "../lib/jobs";
import { paragraphHash } from "../durable/generation-job";
import { jsonBody, limit, plainText, queryParams, stripControls, uniqueIds } from "../lib/validate";
import type { AppEnv } from "../env";
import type { Context } from "hono";
import { visibleTo } from "../domain/voices";
import { createProject, ownProject } from "../domain/projects";
import { generateSpeech } from "../speech/generate";
import { STYLES } from "../speech/types";
import { contentType, convertWav, disposition, fileName, FORMATS, joinedStream, zipStream, type Format } from "../speech/export";
import { RENDER } from "../speech/render";
import { releaseAudio as release } from "../lib/media";
import { resultsOut, sendAudio } from "../lib/results";
import { sendBytes } from "../lib/range";

type Ctx = Context<AppEnv>;
type ParagraphRow = typeof paragraphs.$inferSelect;

const paragraphInput = z.object({
  /** An existing paragraph keeps its id (and its audio while text and settings stay the same). */
  id: z.string().max(64).optional(),
  text: z.string().max(MAX_CHARACTERS_PER_GENERATION * 4),
  voice_id: z.string().min(1).max(64),
  style: z.enum(["neutral", "angry", "happy", "sad", "anxious", "sports"]).default("neutral"),
  lang: z.enum(["ko", "en", "multi"]).default("ko"),
  pitch: z.number().int().min(-24).max(24).default(0),
  tempo: z.number().min(0.5).max(2).default(1),
  pause_ms: z.number().int().min(0).max(10_000).default(300),
});
const projectBody = z.object({ name: plainText(1, 60).optional(), type: z.enum(["tts", "sts"]).default("tts") });
const renameBody = z.object({ name: plainText(1, 60) });
const paragraphsBody = z.object({
  paragraphs: z
    .array(paragraphInput)
    .min(1)
    .max(200)
    // One paragraph id twice would collapse two paragraphs into one: refused, not merged.
    .refine((list) => {
      const ids = list.flatMap((p) => (p.id ? [p.id] : []));
      return new Set(ids).size === ids.length;
    }, uniqueIds),
});
const listQuery = z.object({ type: z.enum(["all", "tts", "sts"]).default("all") });
const historyQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), limit: z.coerce.number().int().min(1).max(50).default(20) });
const delHistoryBody = z.object({ inference_id: z.string().min(1).max(64) });
const generateBody = z.object({ paragraph_ids: z.array(z.string().max(64)).max(200).optional() });
/** Audio of one result: WAV as stored or MP3; `download=1` asks the browser to save it. */
const audioQuery = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });
const idList = (max: number) =>
  z
    .string()
    .max(max * 65)
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(64)).min(1).max(max));
/**
 * A project's audio: one file (the paragraphs joined with their pauses) or, with split=1, a ZIP of
 * one file per paragraph; `paragraphs` picks some; `inline=1` is for the page's player.
 */
const projectDownloadQuery = z.object({
  format: z.enum(FORMATS).default("wav"),
  split: z.enum(["0", "1"]).default("0"),
  inline: z.enum(["0", "1"]).default("0"),
  paragraphs: idList(200).optional(),
});
/** Several projects at once (the list's "download selected"): a ZIP with one joined file each. */
const projectsDownloadQuery = z.object({ ids: idList(50), format: z.enum(FORMATS).default("wav") });
/** Spec: POST /studio/tts {text, voice_id, lang, style, pitch, tempo}. */
const ttsBody = z.object({
  text: z.string().max(MAX_CHARACTERS_PER_GENERATION * 4),
  voice_id: z.string().min(1).max(64),
  lang: z.enum(["ko", "en", "multi"]).default("ko"),
  style: z.enum(STYLES).default("neutral"),
  pitch: z.number().int().min(-24).max(24).default(0),
  tempo: z.number().min(0.5).max(2).default(1),
});

/** Largest imported script (a .txt file). */
export const IMPORT_MAX_BYTES = 256 * 1024;

const untitled = { ko: "제목 없는 프로젝트", en: "Untitled project" };

/**
 * A paragraph as the studio gets it; `audioCurrent` says its audio was made from its current text
 * and settings (false: never generated, or edited since).
 */
const paragraphOut = async (p: ParagraphRow) => ({
  audioCurrent: !!p.audioKey && p.audioHash === (await paragraphHash(p)),
  id: p.id,
  position: p.position,
  text: p.text,
  voice_id: p.voiceId,
  style: p.style,
  lang: p.lang,
  pitch: p.pitch,
  tempo: p.tempo,
  pause_ms: p.pauseMs,
  audioURL: p.audioKey ? `/api/v1/studio/paragraphs/${p.id}/audio` : null,
  duration_ms: p.durationMs,
});

/** Deletes recordings no row refers to any more (lib/media.ts). */
const releaseAudio = (c: Ctx, keys: (string | null)[]) => release(c.var.db, c.env.MEDIA, keys);

/** Reads a stored recording. */
const readAudio = (c: Ctx, key: string) => async () => {
  const object = await c.env.MEDIA.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
};

/** Bytes of 16-bit PCM after encodeWav's 44-byte header, from the stored size. */
const WAV_HEADER_BYTES = 44;

/**
 * The paragraphs of a project whose audio can be downloaded: every non-empty paragraph (or every
 * chosen one) must have audio made from its current text and settings, so a download never holds
 * audio of a sentence as it was before an edit.
 */
async function readyParagraphs(c: Ctx, projectId: string, chosen?: string[]) {
  const rows = await c.var.db.select().from(paragraphs).where(eq(paragraphs.projectId, projectId)).orderBy(asc(paragraphs.position));
  if (chosen && chosen.some((id) => !rows.some((r) => r.id === id))) return { error: Code.NOT_FOUND } as const;
  const wanted = rows.filter((r) => (!chosen || chosen.includes(r.id)) && r.text.trim());
  if (wanted.length === 0) return { error: Code.TEXT_EMPTY } as const;
  let stale = 0;
  for (const r of wanted) if (!(r.audioKey && r.audioHash === (await paragraphHash(r)))) stale++;
  if (stale > 0) return { error: Code.AUDIO_NOT_READY, count: stale } as const;
  return { rows: wanted as (ParagraphRow & { audioKey: string })[] };
}

/** One joined file of ready paragraphs: its WAV data length comes from the stored sizes. */
async function joined(c: Ctx, rows: (ParagraphRow & { audioKey: string })[], format: Format) {
  const heads = await Promise.all(rows.map((r) => c.env.MEDIA.head(r.audioKey)));
  if (heads.some((h) => !h)) return null;
  const dataBytes = heads.reduce((n, h) => n + h!.size - WAV_HEADER_BYTES, 0);
  return joinedStream(rows.map((r) => readAudio(c, r.audioKey)), format, RENDER.sampleRate, dataBytes);
}

const notReady = (c: Ctx, ready: { error: Code; count?: number }) =>
  fail(c, ready.error, ready.error === Code.AUDIO_NOT_READY ? { message: messages[Code.AUDIO_NOT_READY][c.var.locale].replace("{count}", String(ready.count)) } : {});

/** Number of a paragraph in file names: 01, 02, ... */
const ordinal = (i: number, total: number) => String(i + 1).padStart(Math.max(2, String(total).length), "0");

/** The job, when it belongs to the member (a job id is unguessable, and checked anyway). */
async function ownJob(c: Ctx, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const stub = c.env.GENERATION_JOB.get(c.env.GENERATION_JOB.idFromName(id));
  const owner = await stub.getOwner();
  if (owner === c.var.member.id) return stub;
  // Admitted a moment ago and not started yet (a second generate of the project answered its id).
  const admitted = owner === null && (await c.env.DB.prepare("SELECT 1 FROM active_jobs WHERE id = ?1 AND member_id = ?2").bind(id, c.var.member.id).first());
  return admitted ? stub : null;
}

/** The first basic voice in the member's language: the voice of a new paragraph. */
async function defaultVoice(c: Ctx) {
  const v = await c.var.db.select({ id: voices.id }).from(voices).where(and(eq(voices.type, "basic"), eq(voices.lang, c.var.locale))).orderBy(asc(voices.id)).get();
  return v?.id ?? "ko-minjun";
}

/**
 * Splits imported text into paragraphs: one per non-empty line, long lines cut after the last space
 * of each `max` characters (or at `max` when there is none in its second half). Linear in the text:
 * each line is split into code points once (a 256 KB single line must not cost seconds), and it stops
 * once it has more than `limit` paragraphs (the caller refuses those anyway).
 */
export function scriptToParagraphs(text: string, max = MAX_CHARACTERS_PER_GENERATION, limit = Infinity) {
  const out: string[] = [];
  const space = /\s/;
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const chars = Array.from(raw.trim());
    let from = 0;
    while (chars.length - from > max) {
      let cut = -1;
      for (let i = from + max - 1; i > from + max / 2; i--) {
        if (chars[i] === " ") {
          cut = i;
          break;
        }
      }
      const at = cut > 0 ? cut + 1 : from + max;
      out.push(chars.slice(from, at).join("").trim());
      if (out.length > limit) return out;
      from = at;
      while (from < chars.length && space.test(chars[from]!)) from++;
    }
    if (from < chars.length) out.push(from === 0 ? raw.trim() : chars.slice(from).join(""));
    if (out.length > limit) return out;
  }
  return out;
}

export const studioRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /**
   * Synthesises one passage of at most 500 characters (the public TTS API): characters are spent
   * only when audio comes out. Answers the inference id, the audio URL (owner only), the duration in
   * seconds and the characters used.
   */
  .post("/tts", jsonBody(ttsBody), async (c) => {
    const b = c.req.valid("json");
    // It runs the engine in this request: it takes one of the member's running slots (docs/decisions/0017).
    const slot = await runSlot(c.env.DB, c.var.member.id, "tts-call");
    if (!slot) return fail(c, Code.JOB_LIMIT, { message: jobLimitMessage(c.var.locale) });
    const result = await generateSpeech(c.env, c.var.db, c.var.member, { text: b.text, voiceId: b.voice_id, lang: b.lang, style: b.style, pitch: b.pitch, tempo: b.tempo }, c.var.locale, { key: `${slot.id}:0:0`, jobId: slot.id }).finally(slot.release);
    if (!result.ok) return fail(c, result.code, result.message ? { message: result.message } : {});
    const v = result.value;
    return ok(c, { inference_id: v.inferenceId, audioURL: `/api/v1/studio/inferences/${v.inferenceId}/audio`, duration: v.durationMs / 1000, characters: v.characters });
  })
  /** Work history (spec: date, method, audio, voice, duration), newest first, a page at a time. */
  .get("/history", queryParams(historyQuery), async (c) => {
    const { page, limit: size } = c.req.valid("query");
    const rows = await c.var.db
      .select()
      .from(inferences)
      .where(eq(inferences.memberId, c.var.member.id))
      .orderBy(desc(inferences.createdAt), desc(inferences.id))
      .limit(size + 1)
      .offset((page - 1) * size);
    return ok(c, {
      items: await resultsOut(c, rows.slice(0, size)),
      page,
      hasMore: rows.length > size,
    });
  })
  /** Spec: POST /studio/delHistory {inference_id}; deletes the result and its audio (another member's id: 404). */
  .post("/delHistory", jsonBody(delHistoryBody), async (c) => {
    const { inference_id } = c.req.valid("json");
    const [gone] = await c.var.db
      .delete(inferences)
      .where(and(eq(inferences.id, inference_id), eq(inferences.memberId, c.var.member.id)))
      .returning({ key: inferences.audioKey, source: inferences.sourceKey });
    if (!gone) return fail(c, Code.NOT_FOUND);
    await releaseAudio(c, [gone.key, gone.source]);
    return ok(c, { deleted: true });
  })
  /** The audio of a result, to its owner only: WAV or MP3, to play or to save. */
  .get("/inferences/:id/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const row = await c.var.db
      .select({ key: inferences.audioKey, text: inferences.text })
      .from(inferences)
      .where(and(eq(inferences.id, c.req.param("id")), eq(inferences.memberId, c.var.member.id)))
      .get();
    if (!row) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, row.key, cutCodePoints(row.text, 30), format, download === "1", "private, max-age=3600");
  })
  /**
   * Generate one, some or all paragraphs of a project (spec: generate, generate all): a job held by a
   * Durable Object runs them one by one. Paragraphs that are empty, or unchanged since their last
   * generation, are left out (and cost nothing); text longer than the remaining characters is refused
   * before anything starts. A project has one active job at a time: asked again meanwhile, this
   * answers that job (nothing is charged twice); the member's job limits apply (docs/decisions/0017).
   */
  .post("/projects/:id/generate", jsonBody(generateBody), async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project || project.type !== "tts") return fail(c, Code.NOT_FOUND);
    const running = async (jobId: string) => {
      const state = await c.env.GENERATION_JOB.get(c.env.GENERATION_JOB.idFromName(jobId)).getState();
      return ok(c, { job_id: jobId, total: "total" in state ? state.total : 0 });
    };
    const active = await activeProjectJob(c.env.DB, c.var.member.id, project.id);
    if (active) return running(active);
    const wanted = c.req.valid("json").paragraph_ids;
    const rows = await c.var.db.select().from(paragraphs).where(eq(paragraphs.projectId, project.id)).orderBy(asc(paragraphs.position));
    if (wanted && wanted.some((id) => !rows.some((r) => r.id === id))) return fail(c, Code.NOT_FOUND);
    const chosen = rows.filter((r) => (!wanted || wanted.includes(r.id)) && r.text.trim());
    const todo: typeof chosen = [];
    for (const r of chosen) if (!(r.audioKey && r.audioHash === (await paragraphHash(r)))) todo.push(r);
    if (todo.length === 0) return ok(c, { job_id: null, total: 0 });
    const need = todo.reduce((n, r) => n + characterCount(r.text), 0);
    const left = await usage(c.env.DB, c.var.member.id, "chars");
    const remaining = left ? Math.max(0, left.limit - left.used) : 0;
    if (remaining === 0) return fail(c, Code.CHARS_EXHAUSTED);
    if (need > remaining) return fail(c, Code.CHARS_SHORT, { message: messages[Code.CHARS_SHORT][c.var.locale].replace("{remaining}", formatCount(remaining, c.var.locale)) });
    const jobId = crypto.randomUUID();
    const admitted = await admitJob(c.env.DB, { id: jobId, memberId: c.var.member.id, kind: "tts", projectId: project.id });
    if (!admitted.ok) return admitted.activeJobId ? running(admitted.activeJobId) : fail(c, Code.JOB_LIMIT, { message: jobLimitMessage(c.var.locale) });
    const stub = c.env.GENERATION_JOB.get(c.env.GENERATION_JOB.idFromName(jobId));
    try {
      await stub.start({ jobId, memberId: c.var.member.id, email: c.var.member.email, locale: c.var.locale, projectId: project.id, paragraphIds: todo.map((r) => r.id) });
    } catch (err) {
      await finishJob(c.env.DB, jobId);
      throw err;
    }
    return ok(c, { job_id: jobId, total: todo.length });
  })
  /** A job's state (owner only). */
  .get("/jobs/:id", async (c) => {
    const stub = await ownJob(c, c.req.param("id"));
    if (!stub) return fail(c, Code.NOT_FOUND);
    return ok(c, await stub.getState());
  })
  /** A job's progress as server-sent events: the state now, then every change, until it ends. */
  .get("/jobs/:id/events", async (c) => {
    const stub = await ownJob(c, c.req.param("id"));
    if (!stub) return fail(c, Code.NOT_FOUND);
    return stub.fetch("https://job/events", { signal: c.req.raw.signal });
  })
  /** The last generated audio of a paragraph, to the project's owner: WAV or MP3, to play or to save. */
  .get("/paragraphs/:id/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const row = await c.var.db
      .select({ key: paragraphs.audioKey, position: paragraphs.position, project: projects.name })
      .from(paragraphs)
      .innerJoin(projects, eq(projects.id, paragraphs.projectId))
      .where(and(eq(paragraphs.id, c.req.param("id")), eq(projects.memberId, c.var.member.id)))
      .get();
    if (!row?.key) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, row.key, `${row.project} - ${ordinal(row.position, 0)}`, format, download === "1", "private, no-cache");
  })
  /**
   * Downloads several projects (the list's "download selected"): a ZIP with each project's
   * paragraphs joined into one file. Every chosen project must be the member's and fully generated.
   */
  .get("/download", queryParams(projectsDownloadQuery), async (c) => {
    const { ids, format } = c.req.valid("query");
    const owned = await c.var.db.select().from(projects).where(and(inArray(projects.id, ids), eq(projects.memberId, c.var.member.id)));
    if (owned.length !== ids.length) return fail(c, Code.NOT_FOUND);
    const files: { name: string; data: () => Promise<Uint8Array> }[] = [];
    const taken = new Set<string>();
    for (const project of ids.map((id) => owned.find((p) => p.id === id)!)) {
      const ready = await readyParagraphs(c, project.id);
      if (ready.error) return notReady(c, ready);
      const stream = () => joined(c, ready.rows, format);
      files.push({
        name: fileName(project.name, format, taken),
        data: async () => {
          const s = await stream();
          if (!s) throw new Error("a recording is missing");
          return new Uint8Array(await new Response(s).arrayBuffer());
        },
      });
    }
    return c.body(zipStream(files), 200, {
      "content-type": "application/zip",
      "cache-control": "private, no-store",
      "content-disposition": disposition("attachment", fileName(owned.length === 1 ? owned[0]!.name : "voice-studio", "zip")),
    });
  })
  /**
   * A project's audio: the paragraphs joined with their pauses into one WAV or MP3, or with split=1
   * a ZIP of one file per paragraph (numbered, named after their text). Refused, with the number of
   * sentences to generate, while a chosen paragraph has no audio of its current text.
   */
  .get("/projects/:id/download", queryParams(projectDownloadQuery), async (c) => {
    const { format, split, inline, paragraphs: chosen } = c.req.valid("query");
    const project = await ownProject(c, c.req.param("id"));
    if (!project || project.type !== "tts") return fail(c, Code.NOT_FOUND);
    const ready = await readyParagraphs(c, project.id, chosen);
    if (ready.error) return notReady(c, ready);
    if (split === "1") {
      const taken = new Set<string>();
      const files = ready.rows.map((r, i) => ({
        name: fileName(`${ordinal(i, ready.rows.length)} ${cutCodePoints(r.text, 30)}`, format, taken),
        data: async () => {
          const bytes = await readAudio(c, r.audioKey)();
          if (!bytes) throw new Error("a recording is missing");
          return convertWav(bytes, format);
        },
      }));
      return c.body(zipStream(files), 200, {
        "content-type": "application/zip",
        "cache-control": "private, no-store",
        "content-disposition": disposition("attachment", fileName(project.name, "zip")),
      });
    }
    const stream = await joined(c, ready.rows, format);
    if (!stream) return fail(c, Code.NOT_FOUND);
    const headers = {
      "content-type": contentType[format],
      "cache-control": "private, no-store",
      "content-disposition": disposition(inline === "1" ? "inline" : "attachment", fileName(project.name, format)),
    };
    // A player asking for a range (Safari) gets it from the whole join; otherwise it streams.
    if (c.req.header("Range")) return sendBytes(c, new Uint8Array(await new Response(stream).arrayBuffer()), headers);
    return c.body(stream, 200, { ...headers, "accept-ranges": "bytes" });
  })
  /** The project list (spec: tabs All, TTS, STS), newest change first. */
  .get("/projects", queryParams(listQuery), async (c) => {
    const { type } = c.req.valid("query");
    const where = type === "all" ? eq(projects.memberId, c.var.member.id) : and(eq(projects.memberId, c.var.member.id), eq(projects.type, type));
    const rows = await c.var.db
      .select({
        id: projects.id,
        name: projects.name,
        type: projects.type,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
        // Qualified by hand: inside the subquery an unqualified "id" would be the paragraph's.
        paragraphs: sql<number>`(SELECT COUNT(*) FROM paragraphs p WHERE p.project_id = "projects"."id")`,
        voices: sql<string | null>`(SELECT GROUP_CONCAT(DISTINCT p.voice_id) FROM paragraphs p WHERE p.project_id = "projects"."id")`,
      })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.updatedAt));
    return ok(c, rows.map((r) => ({ ...r, voices: r.voices ? r.voices.split(",") : [] })));
  })
  .post("/projects", jsonBody(projectBody), async (c) => {
    const { name, type } = c.req.valid("json");
    const id = await createProject(c, c.var.member, name ?? untitled[c.var.locale], type);
    if (!id) return fail(c, Code.PROJECT_LIMIT);
    if (type === "tts") {
      await c.var.db.insert(paragraphs).values({ id: crypto.randomUUID(), projectId: id, position: 0, text: "", voiceId: await defaultVoice(c), lang: c.var.locale, updatedAt: Date.now() });
    }
    return ok(c, { id });
  })
  /** A .txt script becomes a TTS project, a paragraph per line. */
  .post("/projects/import", limit(IMPORT_MAX_BYTES + 16 * 1024), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File) || !/\.txt$/i.test(file.name) || file.size > IMPORT_MAX_BYTES) return fail(c, Code.BAD_REQUEST);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return fail(c, Code.BAD_REQUEST);
    }
    const lines = scriptToParagraphs(text, MAX_CHARACTERS_PER_GENERATION, 200);
    if (lines.length === 0) return fail(c, Code.TEXT_EMPTY);
    if (lines.length > 200) return fail(c, Code.BAD_REQUEST);
    const name = cutCodePoints(stripControls(file.name.replace(/\.txt$/i, "")).trim(), 60) || untitled[c.var.locale];
    const id = await createProject(c, c.var.member, name, "tts");
    if (!id) return fail(c, Code.PROJECT_LIMIT);
    const voiceId = await defaultVoice(c);
    const now = Date.now();
    await c.var.db.batch(
      lines.map((line, i) => c.var.db.insert(paragraphs).values({ id: crypto.randomUUID(), projectId: id, position: i, text: line, voiceId, lang: c.var.locale, updatedAt: now })) as never,
    );
    return ok(c, { id, paragraphs: lines.length });
  })
  .get("/projects/:id", async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project) return fail(c, Code.NOT_FOUND);
    const rows = await c.var.db.select().from(paragraphs).where(eq(paragraphs.projectId, project.id)).orderBy(asc(paragraphs.position));
    return ok(c, { ...project, paragraphs: await Promise.all(rows.map(paragraphOut)) });
  })
  .patch("/projects/:id", jsonBody(renameBody), async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project) return fail(c, Code.NOT_FOUND);
    await c.var.db.update(projects).set({ name: c.req.valid("json").name, updatedAt: Date.now() }).where(eq(projects.id, project.id));
    return ok(c, { id: project.id });
  })
  .delete("/projects/:id", async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project) return fail(c, Code.NOT_FOUND);
    const [keys, sources] = await Promise.all([
      c.var.db.select({ key: paragraphs.audioKey }).from(paragraphs).where(eq(paragraphs.projectId, project.id)),
      c.var.db.select({ key: stsSources.audioKey }).from(stsSources).where(eq(stsSources.projectId, project.id)),
    ]);
    // A project's checked recordings go with it; its conversions stay in the work history.
    await c.var.db.delete(projects).where(eq(projects.id, project.id));
    await releaseAudio(c, [...keys.map((k) => k.key), ...sources.map((k) => k.key)]);
    return ok(c, { deleted: true });
  })
  /**
   * Saves the paragraphs of a TTS project in the given order. The first paragraph stays first and
   * cannot be deleted (spec section 5); each text follows the TTS rules; voices must be usable by the
   * member. A paragraph that keeps its id keeps its audio (regenerated only when it changed).
   */
  .put("/projects/:id/paragraphs", jsonBody(paragraphsBody), async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project || project.type !== "tts") return fail(c, Code.NOT_FOUND);
    const input = c.req.valid("json").paragraphs;
    const existing = await c.var.db.select().from(paragraphs).where(eq(paragraphs.projectId, project.id)).orderBy(asc(paragraphs.position));
    const first = existing[0];
    if (first && input[0]?.id !== first.id) return fail(c, Code.FIRST_PARAGRAPH);
    const known = new Map(existing.map((p) => [p.id, p]));
    for (const p of input) {
      if (p.id && !known.has(p.id)) return fail(c, Code.NOT_FOUND);
      // An empty paragraph may be saved (it is being written); it is not generated.
      const problem = p.text.trim() ? checkText(p.text) : null;
      if (problem?.code === "invalid") return fail(c, Code.TEXT_INVALID_CHARS, { message: messages[Code.TEXT_INVALID_CHARS][c.var.locale].replace("{chars}", problem.chars.join(" ")) });
      if (problem?.code === "too-long") return fail(c, Code.TEXT_TOO_LONG, { message: messages[Code.TEXT_TOO_LONG][c.var.locale].replace("{max}", String(problem.max)) });
    }
    const voiceIds = [...new Set(input.map((p) => p.voice_id))];
    const usable = await c.var.db.select({ id: voices.id }).from(voices).where(and(inArray(voices.id, voiceIds), visibleTo(c.var.member)));
    if (usable.length !== voiceIds.length) return fail(c, Code.VOICE_NOT_FOUND);

    const now = Date.now();
    const keep = new Set(input.map((p) => p.id).filter(Boolean));
    const removed = existing.filter((p) => !keep.has(p.id));
    const db = c.var.db;
    await db.batch([
      ...removed.map((p) => db.delete(paragraphs).where(eq(paragraphs.id, p.id))),
      ...input.map((p, position) => {
        const values = { text: p.text, voiceId: p.voice_id, style: p.style, lang: p.lang, pitch: p.pitch, tempo: p.tempo, pauseMs: p.pause_ms, position, updatedAt: now };
        return p.id ? db.update(paragraphs).set(values).where(eq(paragraphs.id, p.id)) : db.insert(paragraphs).values({ id: crypto.randomUUID(), projectId: project.id, ...values });
      }),
      db.update(projects).set({ updatedAt: now }).where(eq(projects.id, project.id)),
    ] as never);
    await releaseAudio(c, removed.map((p) => p.audioKey));
    const rows = await db.select().from(paragraphs).where(eq(paragraphs.projectId, project.id)).orderBy(asc(paragraphs.position));
    return ok(c, { paragraphs: await Promise.all(rows.map(paragraphOut)) });
  });
