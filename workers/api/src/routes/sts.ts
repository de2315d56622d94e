import { and, desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import { inferences, projects, stsSources, voices } from "../../../../db/schema";
import { Code, messages } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { cutCodePoints } from "../lib/text";
import { stripControls } from "../lib/validate";
import { jsonBody, queryParams } from "../lib/validate";
import { admitJob, finishJob, jobLimitMessage, runSlot } from "../lib/jobs";
import type { AppEnv } from "../env";
import { encodeWav } from "../engine/dsp";
import { chargedSeconds, checkRecording, convertRecording, remainingSeconds, STS_LIMITS, tooLong } from "../speech/conversion";
import { FORMATS } from "../speech/export";
import { resultsOut, sendAudio } from "../lib/results";
import { createProject, ownProject } from "../domain/projects";
import { visibleTo } from "../domain/voices";

type Ctx = Context<AppEnv>;

/** Room for the multipart framing and the other fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

/** An upload over the size limit is refused while it streams in, with the file-size message. */
const uploadLimit = bodyLimit({
  maxSize: STS_LIMITS.maxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.AUDIO_TOO_LARGE, { message: messages[Code.AUDIO_TOO_LARGE][(c as Ctx).var.locale].replace("{max}", String(STS_LIMITS.maxBytes / 1024 / 1024)) }),
});

const fields = z.object({
  voice_id: z.string().min(1).max(64).optional(),
  method: z.enum(["record", "upload"]).default("upload"),
  project_id: z.string().min(1).max(64).optional(),
});

/** The multipart form of an upload: the file, and the other fields checked by `fields`. */
async function readUpload(c: Ctx) {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!form || !(file instanceof File)) return null;
  const parsed = fields.safeParse(Object.fromEntries([...form.entries()].filter(([k, v]) => k !== "file" && typeof v === "string")));
  if (!parsed.success) return null;
  // Browsers send the bare name; some send a path. Keep the name, at most 100 characters (whole ones).
  // The file name becomes a project name and a download name: control and bidi characters go.
  const name = cutCodePoints(stripControls(file.name.split(/[\\/]/).pop() ?? "").trim(), 100);
  return { file, name, ...parsed.data };
}

const shareId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

const untitledRecording = { ko: "녹음", en: "Recording" };

/** "인터뷰.wav" → "인터뷰": project and download names. */
const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, "");

const convertBody = z.object({ voice_id: z.string().min(1).max(64) });
const reviewBody = z.object({ score: z.number().int().min(1).max(5), text: z.string().trim().max(1000).default("") });
const audioQuery = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });

/** A checked recording as the STS page gets it. */
const sourceOut = (s: typeof stsSources.$inferSelect) => ({
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

const ownSource = (c: Ctx, id: string) =>
  c.var.db.select().from(stsSources).where(and(eq(stsSources.id, id), eq(stsSources.memberId, c.var.member.id))).get();

const ownInference = (c: Ctx, id: string) =>
  c.var.db.select().from(inferences).where(and(eq(inferences.id, id), eq(inferences.memberId, c.var.member.id))).get();

/**
 * Speech-to-speech (spec: STS studio, five steps): upload or record (step 1), the file check on the
 * server (step 2: stored only when it passes), the conversion as a job (steps 3-4), the result with its
 * original, its share page and its review (step 5). POST /sts is the one-call public API.
 */
export const stsRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /** An STS project with its checked recordings and its conversions, newest first. */
  .get("/sts/projects/:id", async (c) => {
    const project = await ownProject(c, c.req.param("id"));
    if (!project || project.type !== "sts") return fail(c, Code.NOT_FOUND);
    const [sources, results] = await Promise.all([
      c.var.db.select().from(stsSources).where(eq(stsSources.projectId, project.id)).orderBy(desc(stsSources.createdAt)),
      c.var.db.select().from(inferences).where(and(eq(inferences.projectId, project.id), eq(inferences.memberId, c.var.member.id))).orderBy(desc(inferences.createdAt)),
    ]);
    return ok(c, { ...project, sources: sources.map(sourceOut), conversions: await resultsOut(c, results) });
  })
  /**
   * The public API: converts an uploaded file (`file`, `voice_id`) at once and answers the result.
   * A bad file gets its error and nothing is stored or charged.
   */
  .post("/sts", uploadLimit, async (c) => {
    // Decoding and converting hold the recording several times over in this request: it takes one of
    // the member's running slots before the body is read (docs/decisions/0017).
    const slot = await runSlot(c.env.DB, c.var.member.id, "sts-call");
    if (!slot) return fail(c, Code.JOB_LIMIT, { message: jobLimitMessage(c.var.locale) });
    const result = await (async () => {
      const upload = await readUpload(c);
      if (!upload || !upload.voice_id) return { ok: false as const, code: Code.BAD_REQUEST };
      const checked = await checkRecording(c.env.DB, c.var.member.id, new Uint8Array(await upload.file.arrayBuffer()), c.var.locale);
      if (!checked.ok) return checked;
      return convertRecording(c.env, c.var.db, c.var.member, { audio: checked.audio, voiceId: upload.voice_id, method: upload.method, name: upload.name || untitledRecording[c.var.locale] }, c.var.locale, { key: `${slot.id}:0:0`, jobId: slot.id });
    })().finally(slot.release);
    if (!result.ok) return fail(c, result.code, result.message ? { message: result.message } : {});
    const v = result.value;
    return ok(c, { inference_id: v.inferenceId, audioURL: `/api/v1/studio/inferences/${v.inferenceId}/audio`, duration: v.durationMs / 1000, seconds: v.seconds });
  })
  /**
   * Steps 1-2: a recording or upload is checked and kept for conversion, in the given STS project or
   * in a new one named after the file (the plan's project limit applies). Answers the source.
   */
  .post("/sts/sources", uploadLimit, async (c) => {
    const upload = await readUpload(c);
    if (!upload) return fail(c, Code.BAD_REQUEST);
    const project = upload.project_id ? await ownProject(c, upload.project_id) : null;
    if (upload.project_id && (!project || project.type !== "sts")) return fail(c, Code.NOT_FOUND);
    const checked = await checkRecording(c.env.DB, c.var.member.id, new Uint8Array(await upload.file.arrayBuffer()), c.var.locale);
    if (!checked.ok) return fail(c, checked.code, checked.message ? { message: checked.message } : {});
    const name = upload.name || untitledRecording[c.var.locale];
    const projectId = project?.id ?? (await createProject(c, c.var.member, cutCodePoints(withoutExtension(name), 60) || cutCodePoints(name, 60), "sts"));
    if (!projectId) return fail(c, Code.PROJECT_LIMIT);
    const id = crypto.randomUUID();
    const audioKey = `sources/${c.var.member.id}/${id}.wav`;
    await c.env.MEDIA.put(audioKey, encodeWav(checked.audio.samples, checked.audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
    const now = Date.now();
    const row = { id, memberId: c.var.member.id, projectId, method: upload.method, name, format: checked.format, audioKey, durationMs: checked.durationMs, createdAt: now };
    await c.var.db.batch([c.var.db.insert(stsSources).values(row), c.var.db.update(projects).set({ updatedAt: now }).where(eq(projects.id, projectId))]);
    return ok(c, sourceOut(row));
  })
  .get("/sts/sources/:id", async (c) => {
    const source = await ownSource(c, c.req.param("id"));
    if (!source) return fail(c, Code.NOT_FOUND);
    return ok(c, sourceOut(source));
  })
  .get("/sts/sources/:id/audio", async (c) => {
    const source = await ownSource(c, c.req.param("id"));
    if (!source) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, source.audioKey, withoutExtension(source.name), "wav", false, "private, max-age=3600");
  })
  /**
   * Steps 3-4: converts a checked recording to a voice in a job (a Durable Object, so it goes on when
   * the tab is closed). A recording longer than the time left is refused before the job starts; the
   * job spends the time atomically when it runs.
   */
  .post("/sts/sources/:id/convert", jsonBody(convertBody), async (c) => {
    const source = await ownSource(c, c.req.param("id"));
    if (!source) return fail(c, Code.NOT_FOUND);
    const { voice_id } = c.req.valid("json");
    const voice = await c.var.db.select({ id: voices.id }).from(voices).where(and(eq(voices.id, voice_id), visibleToMember(c))).get();
    if (!voice) return fail(c, Code.VOICE_NOT_FOUND);
    const seconds = chargedSeconds(source.durationMs);
    const remaining = await remainingSeconds(c.env.DB, c.var.member.id);
    if (seconds > remaining) {
      const refused = tooLong(seconds, remaining, c.var.locale);
      return fail(c, refused.code, refused.message ? { message: refused.message } : {});
    }
    const jobId = crypto.randomUUID();
    if (!(await admitJob(c.env.DB, { id: jobId, memberId: c.var.member.id, kind: "sts", projectId: source.projectId })).ok) return fail(c, Code.JOB_LIMIT, { message: jobLimitMessage(c.var.locale) });
    const stub = c.env.GENERATION_JOB.get(c.env.GENERATION_JOB.idFromName(jobId));
    try {
      await stub.startConversion({ kind: "sts", jobId, memberId: c.var.member.id, email: c.var.member.email, locale: c.var.locale, projectId: source.projectId, sourceId: source.id, voiceId: voice.id });
    } catch (err) {
      await finishJob(c.env.DB, jobId);
      throw err;
    }
    return ok(c, { job_id: jobId, seconds });
  })
  /** One result, to its owner. */
  .get("/inferences/:id", async (c) => {
    const row = await ownInference(c, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    return ok(c, (await resultsOut(c, [row]))[0]);
  })
  /** The original recording of a conversion (before, for A/B), to its owner. */
  .get("/inferences/:id/source", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const row = await ownInference(c, c.req.param("id"));
    if (!row?.sourceKey) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, row.sourceKey, `${cutCodePoints(withoutExtension(row.text), 30)} (original)`, format, download === "1", "private, max-age=3600");
  })
  /** Shares a result as a public page (an unguessable id); sharing again answers the same page. */
  .post("/inferences/:id/share", async (c) => {
    const row = await ownInference(c, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    if (row.shareId) return ok(c, { share_id: row.shareId, url: `/share/${row.shareId}` });
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = shareId();
      try {
        const [set] = await c.var.db
          .update(inferences)
          .set({ shareId: id, shareLocale: c.var.locale })
          .where(and(eq(inferences.id, row.id), eq(inferences.memberId, c.var.member.id)))
          .returning({ shareId: inferences.shareId });
        if (set?.shareId) return ok(c, { share_id: set.shareId, url: `/share/${set.shareId}` });
      } catch (err) {
        // A collision of 128 random bits: try another id.
        console.error("share id", err);
      }
    }
    return fail(c, Code.SHARE_FAILED);
  })
  /** Revokes a share: the page and its audio answer "not found" from then on. */
  .delete("/inferences/:id/share", async (c) => {
    const [row] = await c.var.db
      .update(inferences)
      .set({ shareId: null, shareLocale: null })
      .where(and(eq(inferences.id, c.req.param("id")), eq(inferences.memberId, c.var.member.id)))
      .returning({ id: inferences.id });
    if (!row) return fail(c, Code.NOT_FOUND);
    return ok(c, { revoked: true });
  })
  /** Spec review: a score from 1 to 5 and a text, one per result (a new review replaces it). */
  .post("/inferences/:id/review", jsonBody(reviewBody), async (c) => {
    const { score, text } = c.req.valid("json");
    const [row] = await c.var.db
      .update(inferences)
      .set({ reviewScore: score, reviewText: text, reviewedAt: Date.now() })
      .where(and(eq(inferences.id, c.req.param("id")), eq(inferences.memberId, c.var.member.id)))
      .returning({ id: inferences.id });
    if (!row) return fail(c, Code.NOT_FOUND);
    return ok(c, { score, text });
  });

const visibleToMember = (c: Ctx) => visibleTo(c.var.member);

/** A shared result, to anyone with its link: what the share page shows, and its audio. */
export const shareRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const row = await sharedInference(c, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    const voice = await c.var.db.select({ name: voices.name, id: voices.id }).from(voices).where(eq(voices.id, row.voiceId)).get();
    return ok(c, {
      share_id: row.shareId,
      locale: row.shareLocale ?? "ko",
      method: row.method,
      voice: { id: row.voiceId, name: voice?.name ?? { ko: row.voiceId, en: row.voiceId }, profileImageURL: `/api/v1/voices/${encodeURIComponent(row.voiceId)}/image` },
      duration: row.durationMs / 1000,
      createdAt: row.createdAt,
      audioURL: `/api/v1/share/${row.shareId}/audio`,
    });
  })
  .get("/:id/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const row = await sharedInference(c, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    // Short caching: a revoked share must stop playing soon.
    return sendAudio(c, row.audioKey, "voice-studio", format, download === "1", "public, max-age=300");
  });

const sharedInference = (c: Ctx, id: string) =>
  /^[A-Za-z0-9_-]{22}$/.test(id) ? c.var.db.select().from(inferences).where(eq(inferences.shareId, id)).get() : Promise.resolve(undefined);

