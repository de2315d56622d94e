import { Hono } from "hono";
import { z } from "zod/v4";
import { BATCH_MAX, batchItems, paragraphAudio, projectAudio, projectsZip, projectSubtitles } from "../domain/studio/downloads";
import { ownJob, speakOnce, startProjectGeneration } from "../domain/studio/generation";
import { ownProjectWithParagraphs, saveParagraphs } from "../domain/studio/paragraphs";
import {
  deleteProject,
  importScript,
  IMPORT_MAX_BYTES,
  listProjects,
  MAX_PARAGRAPHS,
  newProject,
  renameProject,
  restoreProject,
} from "../domain/studio/projects";
import { deleteVersion, listVersions, projectWithVersions, restoreVersion, undeleteVersion } from "../domain/studio/versions";
import { listTakes, ownTake, pickTake } from "../domain/studio/takes";
import { musicAudio, removeMusic, setMusic, setMusicLevel } from "../domain/studio/music";
import { MUSIC_LEVEL, MUSIC_UPLOAD } from "#contracts/music";
import { uploadLimit } from "../lib/multipart";
import { now } from "../lib/clock";
import { addEntry, deleteEntry, entriesFor, listEntries, updateEntry } from "../domain/studio/dictionary";
import { deleteResult, history, restoreResult } from "../domain/studio/results";
import { resultAudio } from "../domain/studio/sts";
import { memberScope } from "../domain/scope";
import { sendAudio } from "../lib/audio";
import { Code } from "../lib/codes";
import { answer, fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { sendBytes } from "../lib/range";
import { hit } from "../lib/rate-limit";
import { MAX_CHARACTERS_PER_GENERATION, withoutControls } from "../lib/tts-text";
import { cutCodePoints } from "../lib/text";
import { jsonBody, limit, plainText, queryParams, stripControls, uniqueIds } from "../lib/validate";
import { DICTIONARY_LIMITS } from "../engine/dictionary";
import { pronunciationPreview } from "../engine/preview";
import { contentType, disposition, FORMATS } from "../speech/export";
import { SUBTITLE_FORMATS, subtitleType } from "../speech/subtitles";
import { STYLES } from "../speech/types";
import type { AppEnv } from "../env";

const paragraphInput = z.object({
  /** An existing paragraph keeps its id (and its audio while text and settings stay the same). */
  id: z.string().max(64).optional(),
  text: z
    .string()
    .max(MAX_CHARACTERS_PER_GENERATION * 4)
    .transform(withoutControls),
  voice_id: z.string().min(1).max(64),
  style: z.enum(STYLES).default("neutral"),
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
    .max(MAX_PARAGRAPHS)
    // One paragraph id twice would collapse two paragraphs into one: refused, not merged.
    .refine((list) => {
      const ids = list.flatMap((p) => (p.id ? [p.id] : []));
      return new Set(ids).size === ids.length;
    }, uniqueIds),
  /** The revision the page loaded or last saved (absent: overwrite); a checkpoint keeps the state before it as a version. */
  revision: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  checkpoint: z.boolean().optional(),
});
const restoreBody = z.object({
  revision: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
});
const pronounceBody = z.object({ text: plainText(1, MAX_CHARACTERS_PER_GENERATION), lang: z.enum(["ko", "en"]) });
const dictionaryBody = z.object({
  lang: z.enum(["ko", "en"]),
  word: plainText(1, DICTIONARY_LIMITS.word),
  reading: plainText(1, DICTIONARY_LIMITS.reading),
});
const readingBody = z.object({ reading: plainText(1, DICTIONARY_LIMITS.reading) });
const listQuery = z.object({ type: z.enum(["all", "tts", "sts"]).default("all") });
const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const delHistoryBody = z.object({ inference_id: z.string().min(1).max(64) });
const generateBody = z.object({ paragraph_ids: z.array(z.string().max(64)).max(200).optional() });
/** Audio of one result: WAV as stored or MP3; `download=1` asks the browser to save it. */
/** `versions=1`: the project comes with its version history, as the editor shows them together. */
const projectQuery = z.object({ versions: z.enum(["0", "1"]).default("0") });
const audioQuery = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });
const idList = (max: number) =>
  z
    .string()
    .max(max * 65)
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(1).max(max));
/**
 * A project's audio: one file (the paragraphs joined with their pauses) or, with split=1, a ZIP of
 * one file per paragraph; `paragraphs` picks some; `inline=1` is for the page's player. `srt` and
 * `vtt` are its subtitles, timed to that joined file (with split=1, a ZIP of one per paragraph).
 */
const projectDownloadQuery = z.object({
  format: z.enum([...FORMATS, ...SUBTITLE_FORMATS]).default("wav"),
  split: z.enum(["0", "1"]).default("0"),
  inline: z.enum(["0", "1"]).default("0"),
  paragraphs: idList(200).optional(),
  /** `music=0`: the joined file without the project's background music. */
  music: z.enum(["0", "1"]).default("1"),
});
const musicLevelBody = z.object({ level: z.number().int().min(MUSIC_LEVEL.min).max(MUSIC_LEVEL.max) });
/** Several projects at once (the list's "download selected"): a ZIP with one joined file each. */
const projectsDownloadQuery = z.object({ ids: idList(BATCH_MAX), format: z.enum(FORMATS).default("wav") });
/** The list's batch actions: the chosen projects, what of each is ready, and why not. */
const batchQuery = z.object({ ids: idList(BATCH_MAX) });
/** Spec: POST /studio/tts {text, voice_id, lang, style, pitch, tempo}. */
const ttsBody = z.object({
  text: z
    .string()
    .max(MAX_CHARACTERS_PER_GENERATION * 4)
    .transform(withoutControls),
  voice_id: z.string().min(1).max(64),
  lang: z.enum(["ko", "en", "multi"]).default("ko"),
  style: z.enum(STYLES).default("neutral"),
  pitch: z.number().int().min(-24).max(24).default(0),
  tempo: z.number().min(0.5).max(2).default(1),
});

/** GET /projects/:id: the project, or with versions=1 the project with its version history. */
type ProjectAnswer =
  NonNullable<Awaited<ReturnType<typeof ownProjectWithParagraphs>>> | NonNullable<Awaited<ReturnType<typeof projectWithVersions>>>;

const zipHeaders = (name: string) => ({
  "content-type": "application/zip",
  "cache-control": "private, no-store",
  "content-disposition": disposition("attachment", name),
});

/** The TTS studio (`/studio/*`): projects, paragraphs, generation jobs, downloads and the work history (domain/studio/). */
export const studioRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /**
   * Synthesises one passage of at most 500 characters (the public TTS API). Answers the inference id,
   * the audio URL (owner only), the duration in seconds and the characters used.
   */
  .post("/tts", jsonBody(ttsBody), async (c) => {
    const b = c.req.valid("json");
    return answer(
      c,
      await speakOnce(memberScope(c), { text: b.text, voiceId: b.voice_id, lang: b.lang, style: b.style, pitch: b.pitch, tempo: b.tempo }),
    );
  })
  /** Work history (spec: date, method, audio, voice, duration), newest first, a page at a time. */
  .get("/history", queryParams(historyQuery), async (c) => {
    const { page, limit: size } = c.req.valid("query");
    return ok(c, await history(memberScope(c), page, size, now(c)));
  })
  /**
   * Spec: POST /studio/delHistory {inference_id}; deletes the result (another member's id: 404). Answers
   * `{deleted, id, undoUntil}`; the result is gone at once and purged with its audio after the undo time.
   */
  .post("/delHistory", jsonBody(delHistoryBody), async (c) =>
    answer(c, await deleteResult(memberScope(c), c.req.valid("json").inference_id, now(c))),
  )
  /** Brings back a result deleted from the work history within its undo time (4603 after). */
  .post("/inferences/:id/restore", async (c) => answer(c, await restoreResult(memberScope(c), c.req.param("id"), now(c))))
  /** The audio of a result, to its owner only: WAV or MP3, to play or to save. */
  .get("/inferences/:id/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const audio = await resultAudio(memberScope(c), c.req.param("id"));
    if (!audio) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, audio.key, audio.name, format, download === "1", "private, max-age=3600");
  })
  /** Generate one, some or all paragraphs of a project as a job (domain/studio/generation.ts). */
  .post("/projects/:id/generate", jsonBody(generateBody), async (c) =>
    answer(c, await startProjectGeneration(memberScope(c), c.req.param("id"), c.req.valid("json").paragraph_ids)),
  )
  /** A job's state (owner only). */
  .get("/jobs/:id", async (c) => {
    const stub = await ownJob(memberScope(c), c.req.param("id"));
    if (!stub) return fail(c, Code.NOT_FOUND);
    return ok(c, await stub.getState());
  })
  /** A job's progress as server-sent events: the state now, then every change, until it ends. */
  .get("/jobs/:id/events", async (c) => {
    const stub = await ownJob(memberScope(c), c.req.param("id"));
    if (!stub) return fail(c, Code.NOT_FOUND);
    return stub.fetch("https://job/events", { signal: c.req.raw.signal });
  })
  /**
   * A sentence of a paragraph the job is making (or made a moment ago), to hear before the paragraph is done: WAV, to the
   * job's owner only; 404 once the job has let go of it (the paragraph's own audio is there by then).
   */
  .get("/jobs/:id/parts/:paragraph/:index{[0-9]{1,3}}", async (c) => {
    const stub = await ownJob(memberScope(c), c.req.param("id"));
    if (!stub) return fail(c, Code.NOT_FOUND);
    const wav = await stub.getPart(c.req.param("paragraph").slice(0, 64), Number(c.req.param("index")));
    if (!wav) return fail(c, Code.NOT_FOUND);
    return c.body(wav as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "audio/wav",
      "content-length": String(wav.length),
      "cache-control": "private, no-store",
    });
  })
  /** The last generated audio of a paragraph, to the project's owner: WAV or MP3, to play or to save. */
  .get("/paragraphs/:id/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const audio = await paragraphAudio(memberScope(c), c.req.param("id"));
    if (!audio) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, audio.key, audio.name, format, download === "1", "private, no-cache");
  })
  /** A paragraph's takes (domain/studio/takes.ts), newest first, and which one it uses. */
  .get("/paragraphs/:id/takes", async (c) => answer(c, await listTakes(memberScope(c), c.req.param("id"))))
  /** One take's audio, to its owner, to hear before picking it. */
  .get("/paragraphs/:id/takes/:take/audio", queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const found = await ownTake(memberScope(c), c.req.param("id"), c.req.param("take"));
    if (!found) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, found.take.audioKey, `${found.take.text.slice(0, 40)}`, format, download === "1", "private, max-age=3600");
  })
  /** Uses a take: the paragraph says what it said, with its audio (a save: `revision` checked, a version kept). */
  .post("/paragraphs/:id/takes/:take/pick", jsonBody(restoreBody), async (c) =>
    answer(c, await pickTake(memberScope(c), c.req.param("id"), c.req.param("take"), { ...c.req.valid("json"), now: now(c) })),
  )
  /** Downloads several projects (the list's "download selected"): a ZIP with one joined file each. */
  .get("/download", queryParams(projectsDownloadQuery), async (c) => {
    const { ids, format } = c.req.valid("query");
    const zip = await projectsZip(memberScope(c), ids, format);
    if (!zip.ok) return fail(c, zip.code, zip);
    return c.body(zip.value.zip, 200, zipHeaders(zip.value.name));
  })
  /** What of each chosen project can be played or downloaded (TTS joined, STS conversions), and why not. */
  .get("/batch", queryParams(batchQuery), async (c) => ok(c, { items: await batchItems(memberScope(c), c.req.valid("query").ids) }))
  /** A project's audio: one joined WAV or MP3, or with split=1 a ZIP of one file per paragraph; or its subtitles. */
  .get("/projects/:id/download", queryParams(projectDownloadQuery), async (c) => {
    const { format, split, inline, paragraphs: chosen, music } = c.req.valid("query");
    if (format === "srt" || format === "vtt") {
      const subs = await projectSubtitles(memberScope(c), c.req.param("id"), { format, split: split === "1", chosen });
      if (!subs.ok) return fail(c, subs.code, subs);
      if ("zip" in subs.value) return c.body(subs.value.zip, 200, zipHeaders(subs.value.name));
      return c.body(subs.value.text, 200, {
        "content-type": subtitleType[format],
        "cache-control": "private, no-store",
        "content-disposition": disposition(inline === "1" ? "inline" : "attachment", subs.value.name),
      });
    }
    const audio = await projectAudio(memberScope(c), c.req.param("id"), { format, split: split === "1", chosen, music: music === "1" });
    if (!audio.ok) return fail(c, audio.code, audio);
    if ("zip" in audio.value) return c.body(audio.value.zip, 200, zipHeaders(audio.value.name));
    const { stream, name } = audio.value;
    const headers = {
      "content-type": contentType[format],
      "cache-control": "private, no-store",
      "content-disposition": disposition(inline === "1" ? "inline" : "attachment", name),
    };
    // A player asking for a range (Safari) gets it from the whole join; otherwise it streams.
    if (c.req.header("Range")) return sendBytes(c, new Uint8Array(await new Response(stream).arrayBuffer()), headers);
    return c.body(stream, 200, { ...headers, "accept-ranges": "bytes" });
  })
  /** A TTS project's background music (domain/studio/music.ts): a file set, its level, taken off, played. */
  .post(
    "/projects/:id/music",
    uploadLimit(MUSIC_UPLOAD.maxBytes, Code.AUDIO_TOO_LARGE, { max: MUSIC_UPLOAD.maxBytes / 1024 / 1024 }),
    async (c) => {
      if (!(await hit(c.env, "musicUploadPerMember", c.var.member.id)).allowed) return fail(c, Code.RATE_LIMITED);
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("file");
      if (!(file instanceof File)) return fail(c, Code.BAD_REQUEST);
      const name = cutCodePoints(stripControls(file.name.split(/[\\/]/).pop() ?? "").trim(), 100);
      return answer(c, await setMusic(memberScope(c), c.req.param("id"), file, name));
    },
  )
  .patch("/projects/:id/music", jsonBody(musicLevelBody), async (c) =>
    answer(c, await setMusicLevel(memberScope(c), c.req.param("id"), c.req.valid("json").level)),
  )
  .delete("/projects/:id/music", async (c) => answer(c, await removeMusic(memberScope(c), c.req.param("id"))))
  .get("/projects/:id/music/audio", async (c) => {
    const row = await musicAudio(memberScope(c), c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, row.audioKey, row.name, "wav", false, "private, max-age=3600");
  })
  /** The project list (spec: tabs All, TTS, STS), newest change first. */
  .get("/projects", queryParams(listQuery), async (c) => ok(c, await listProjects(memberScope(c), c.req.valid("query").type, now(c))))
  .post("/projects", jsonBody(projectBody), async (c) => {
    const { name, type } = c.req.valid("json");
    return answer(c, await newProject(memberScope(c), name, type));
  })
  /** A .txt script becomes a TTS project, a paragraph per line. */
  .post("/projects/import", limit(IMPORT_MAX_BYTES + 16 * 1024), async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!(file instanceof File) || !/\.txt$/i.test(file.name) || file.size > IMPORT_MAX_BYTES) return fail(c, Code.BAD_REQUEST);
    return answer(c, await importScript(memberScope(c), file.name, await file.arrayBuffer()));
  })
  .get("/projects/:id", queryParams(projectQuery), async (c) => {
    const id = c.req.param("id");
    // Typed as a union of both shapes: inferred, the one with versions would be folded into the one without.
    const project: ProjectAnswer | undefined =
      c.req.valid("query").versions === "1"
        ? await projectWithVersions(memberScope(c), id)
        : await ownProjectWithParagraphs(memberScope(c), id);
    return project ? ok<ProjectAnswer>(c, project) : fail(c, Code.NOT_FOUND);
  })
  .patch("/projects/:id", jsonBody(renameBody), async (c) =>
    answer(c, await renameProject(memberScope(c), c.req.param("id"), c.req.valid("json").name)),
  )
  /** Deleted at once, restorable for a few seconds (`undoUntil`), then purged. */
  .delete("/projects/:id", async (c) => answer(c, await deleteProject(memberScope(c), c.req.param("id"), now(c))))
  .post("/projects/:id/restore", async (c) => answer(c, await restoreProject(memberScope(c), c.req.param("id"), now(c))))
  /** Saves the paragraphs of a TTS project in the given order (domain/studio/paragraphs.ts); a stale revision is 4600. */
  .put("/projects/:id/paragraphs", jsonBody(paragraphsBody), async (c) => {
    const { paragraphs, revision, checkpoint } = c.req.valid("json");
    return answer(c, await saveParagraphs(memberScope(c), c.req.param("id"), paragraphs, { revision, checkpoint, now: now(c) }));
  })
  /** The version history of a TTS project (domain/studio/versions.ts). */
  .get("/projects/:id/versions", async (c) => answer(c, await listVersions(memberScope(c), c.req.param("id"))))
  .post("/projects/:id/versions/:version/restore", jsonBody(restoreBody), async (c) =>
    answer(
      c,
      await restoreVersion(memberScope(c), c.req.param("id"), c.req.param("version"), {
        revision: c.req.valid("json").revision,
        now: now(c),
      }),
    ),
  )
  .delete("/projects/:id/versions/:version", async (c) =>
    answer(c, await deleteVersion(memberScope(c), c.req.param("id"), c.req.param("version"), now(c))),
  )
  .post("/projects/:id/versions/:version/undelete", async (c) =>
    answer(c, await undeleteVersion(memberScope(c), c.req.param("id"), c.req.param("version"), now(c))),
  )
  /** What the engine will read for a text: the respelling after the member's dictionary and the rules, and its IPA. */
  .post("/pronounce", jsonBody(pronounceBody), async (c) => {
    if (!(await hit(c.env, "pronouncePerMember", c.var.member.id)).allowed) return fail(c, Code.RATE_LIMITED);
    const { text, lang } = c.req.valid("json");
    return ok(c, await pronunciationPreview(text, lang, await entriesFor(c.var.db, c.var.member.id, lang)));
  })
  /** The member's pronunciation dictionary (domain/studio/dictionary.ts). */
  .get("/dictionary", async (c) => ok(c, await listEntries(memberScope(c))))
  .post("/dictionary", jsonBody(dictionaryBody), async (c) => answer(c, await addEntry(memberScope(c), c.req.valid("json"))))
  .patch("/dictionary/:id", jsonBody(readingBody), async (c) =>
    answer(c, await updateEntry(memberScope(c), c.req.param("id"), c.req.valid("json").reading)),
  )
  .delete("/dictionary/:id", async (c) => answer(c, await deleteEntry(memberScope(c), c.req.param("id"))));
