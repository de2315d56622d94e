import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import { memberScope } from "../domain/scope";
import {
  checkOpenRecording,
  createDraft,
  createOpenVoice,
  deleteOwnVoice,
  draft,
  draftAudio,
  draftFields,
  draftPreview,
  nextDraftSegment,
  openVoiceFields,
  storedImage,
} from "../domain/open-voices";
import { sendAudio } from "../lib/audio";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { PROFILE_IMAGE } from "../lib/image";
import { optionalMember, requireMember } from "../lib/middleware";
import { formFields } from "../lib/multipart";
import { sendStored } from "../lib/range";
import { invalid, parseLocalized, queryParams } from "../lib/validate";
import { forgetAfterAnswer } from "../speech/engine";
import { FORMATS } from "../speech/export";
import { VOICE_RECORDING_RULES } from "../speech/recording-check";
import type { AppEnv } from "../env";

type Ctx = Context<AppEnv>;

/** Room for the multipart framing and the wizard's other fields around the recording. */
const FORM_OVERHEAD = 64 * 1024;

/** A recording over 10 MB is refused while it streams in, with the file-size message. */
const recordingLimit = bodyLimit({
  maxSize: VOICE_RECORDING_RULES.maxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.AUDIO_TOO_LARGE, { params: { max: VOICE_RECORDING_RULES.maxBytes / 1024 / 1024 } }),
});
/** Step 3's form: the fields and a profile image of at most 1 MB. */
const publishLimit = bodyLimit({
  maxSize: PROFILE_IMAGE.maxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.PAYLOAD_TOO_LARGE),
});

/** The multipart form, or null when the body is not one. */
const formOf = (c: Ctx) => c.req.formData().catch(() => null);

const audioQuery = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });

/**
 * Open voices (`/voices/open*`, `DELETE /voices/:id`; domain/open-voices.ts, docs/decisions/0029),
 * mounted before the library's routes.
 */
export const openVoicesRoutes = new Hono<AppEnv>()
  /** The upload rules only (duration, size, speech onset, level, SNR, speakers): the facts, or the failed rule's code. */
  .post("/open/check", requireMember, recordingLimit, async (c) => {
    const form = await formOf(c);
    const file = form?.get("file");
    if (!(file instanceof File)) return fail(c, Code.BAD_REQUEST);
    return answer(c, await checkOpenRecording(memberScope(c), file));
  })
  /** Step 2: the recording checked and kept with the voice made from it (`lang`, `gender`), for 24 hours. */
  .post("/open/drafts", requireMember, recordingLimit, async (c) => {
    const form = await formOf(c);
    const file = form?.get("file");
    if (!form || !(file instanceof File)) return fail(c, Code.BAD_REQUEST);
    const fields = parseLocalized(draftFields, formFields(form), c.var.locale);
    if (!fields.success) return invalid(c, fields.issues);
    return answer(c, await createDraft(memberScope(c), file, fields.data));
  })
  .get("/open/drafts/:id", requireMember, async (c) => answer(c, await draft(memberScope(c), c.req.param("id"))))
  /** Step 2 again with the next stretch of the same recording as the cloned voice's reference clip. */
  .post("/open/drafts/:id/segment", requireMember, recordingLimit, async (c) =>
    answer(c, await nextDraftSegment(memberScope(c), c.req.param("id"))),
  )
  .get("/open/drafts/:id/audio", requireMember, queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const key = await draftAudio(memberScope(c), c.req.param("id"));
    if (!key.ok) return answer(c, key);
    return sendAudio(c, key.value, "recording", format, download === "1", "private, max-age=600");
  })
  /** The preview sentence in the new voice (spoken once, kept with the draft). */
  .get("/open/drafts/:id/preview", requireMember, queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const key = await draftPreview(memberScope(c), c.req.param("id"));
    if (!key.ok) return answer(c, key);
    // Asked again each time: another part of the recording (POST .../segment) makes another preview at this address.
    return sendAudio(c, key.value, "preview", format, download === "1", "private, no-cache");
  })
  /** Step 3: publishes the draft with the tags, name, intro and optional profile image (`image`). */
  .post("/open", requireMember, publishLimit, async (c) => {
    const form = await formOf(c);
    if (!form) return fail(c, Code.BAD_REQUEST);
    const fields = parseLocalized(openVoiceFields, formFields(form), c.var.locale);
    if (!fields.success) return invalid(c, fields.issues);
    const image = form.get("image");
    return answer(c, await createOpenVoice(memberScope(c), fields.data, image instanceof File ? image : null));
  })
  /** A voice's uploaded profile image (240x240); without one, the library's generated image (routes/voices.ts) answers. */
  .get("/:id/image", optionalMember, async (c, next) => {
    const member = (c.var as { member?: { id: string } }).member;
    const image = await storedImage(c.var.db, member?.id ?? null, c.req.param("id"));
    if (!image) return next();
    const sent = await sendStored(c, c.env.MEDIA, image.key, {
      "content-type": image.type,
      // A custom or hidden voice's picture is its owner's alone, not for shared caches (as routes/voices.ts).
      "cache-control": image.shared ? "public, max-age=86400" : "private, max-age=3600",
    });
    return sent ?? next();
  })
  /** The creator deletes their voice; anyone else gets 404. */
  .delete("/:id", requireMember, async (c) => {
    const result = await deleteOwnVoice(memberScope(c), c.req.param("id"));
    if (result.ok) forgetAfterAnswer(c, [result.value.id]);
    return answer(c, result);
  });
