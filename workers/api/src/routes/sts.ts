import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import { memberScope } from "../domain/scope";
import { ownResult, resultsOut, reviewResult } from "../domain/studio/results";
import { revokeShare, shareResult } from "../domain/studio/sharing";
import { addSource, convertOnce, resultSource, source, sourceAudio, startConversion, stsProject, type Upload } from "../domain/studio/sts";
import { AUDIO_QUERY, sendAudio } from "../lib/audio";
import { Code } from "../lib/codes";
import { answer, fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { cutCodePoints } from "../lib/text";
import { jsonBody, queryParams, stripControls } from "../lib/validate";
import { STS_LIMITS } from "../speech/conversion";
import type { AppEnv } from "../env";

type Ctx = Context<AppEnv>;

/** Room for the multipart framing and the other fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

/** An upload over the size limit is refused while it streams in, with the file-size message. */
const uploadLimit = bodyLimit({
  maxSize: STS_LIMITS.maxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.AUDIO_TOO_LARGE, { params: { max: STS_LIMITS.maxBytes / 1024 / 1024 } }),
});

const fields = z.object({
  voice_id: z.string().min(1).max(64).optional(),
  method: z.enum(["record", "upload"]).default("upload"),
  project_id: z.string().min(1).max(64).optional(),
  /** The one-call endpoint's `reply_to` (a share id; POST /sts). */
  reply_to: z.string().min(1).max(64).optional(),
});

/** The multipart form of an upload: the file, and the other fields checked by `fields`. */
async function readUpload(c: Ctx): Promise<Upload | null> {
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

/** `reply_to`: the share id of the shared result this conversion answers (linked when it is made). */
const convertBody = z.object({ voice_id: z.string().min(1).max(64), reply_to: z.string().min(1).max(64).optional() });
/** Sharing a result as a reply to a shared one: the original's share id. */
const shareQuery = z.object({ reply_to: z.string().min(1).max(64).optional() });
const reviewBody = z.object({ score: z.number().int().min(1).max(5), text: z.string().trim().max(1000).default("") });

/**
 * Speech-to-speech (`/studio/sts*` and `/studio/inferences/:id*`; domain/studio/sts.ts): upload or
 * record, the file check, the conversion as a job, the result with its original, share page and
 * review. POST /sts is the one-call public API.
 */
export const stsRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /** An STS project with its checked recordings and its conversions, newest first. */
  .get("/sts/projects/:id", async (c) => answer(c, await stsProject(memberScope(c), c.req.param("id"))))
  /** The public API: converts an uploaded file (`file`, `voice_id`) at once and answers the result. */
  .post("/sts", uploadLimit, async (c) => answer(c, await convertOnce(memberScope(c), () => readUpload(c))))
  /** Steps 1-2: a recording or upload is checked and kept for conversion; answers the source. */
  .post("/sts/sources", uploadLimit, async (c) => {
    const upload = await readUpload(c);
    if (!upload) return fail(c, Code.BAD_REQUEST);
    return answer(c, await addSource(memberScope(c), upload));
  })
  .get("/sts/sources/:id", async (c) => answer(c, await source(memberScope(c), c.req.param("id"))))
  .get("/sts/sources/:id/audio", async (c) => {
    const audio = await sourceAudio(memberScope(c), c.req.param("id"));
    if (!audio) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, audio.key, audio.name, "wav", false, "private, max-age=3600");
  })
  /** Steps 3-4: converts a checked recording to a voice in a job. */
  .post("/sts/sources/:id/convert", jsonBody(convertBody), async (c) =>
    answer(c, await startConversion(memberScope(c), c.req.param("id"), c.req.valid("json").voice_id, c.req.valid("json").reply_to)),
  )
  /** One result, to its owner. */
  .get("/inferences/:id", async (c) => {
    const s = memberScope(c);
    const row = await ownResult(s, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    return ok(c, (await resultsOut(s, [row]))[0]);
  })
  /** The original recording of a conversion (before, for A/B), to its owner. */
  .get("/inferences/:id/source", queryParams(AUDIO_QUERY), async (c) => {
    const { format, download } = c.req.valid("query");
    const audio = await resultSource(memberScope(c), c.req.param("id"));
    if (!audio) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, audio.key, audio.name, format, download === "1", "private, max-age=3600");
  })
  /** Shares a result as a public page (an unguessable id); sharing again answers the same page. */
  .post("/inferences/:id/share", queryParams(shareQuery), async (c) =>
    answer(c, await shareResult(memberScope(c), c.req.param("id"), c.req.valid("query").reply_to)),
  )
  /** Revokes a share: the page and its audio answer "not found" from then on. */
  .delete("/inferences/:id/share", async (c) => answer(c, await revokeShare(memberScope(c), c.req.param("id"))))
  /** Spec review: a score from 1 to 5 and a text, one per result (a new review replaces it). */
  .post("/inferences/:id/review", jsonBody(reviewBody), async (c) => {
    const { score, text } = c.req.valid("json");
    return answer(c, await reviewResult(memberScope(c), c.req.param("id"), score, text));
  });
