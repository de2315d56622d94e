import { nextCustomVoiceSegment } from "../domain/custom-voices/job";
import { Hono, type Context } from "hono";
import { z } from "zod/v4";
import { memberScope } from "../domain/scope";
import {
  CUSTOM_VOICE_BODY_MAX,
  customVoice,
  customVoiceFields,
  customVoiceImage,
  customVoicePreview,
  customVoiceProfileFields,
  setCustomVoiceProfile,
  startCustomVoice,
} from "../domain/custom-voices/create";
import { voiceAvatarSvg } from "../lib/avatar";
import { sendAudio } from "../lib/audio";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { PROFILE_IMAGE } from "../lib/image";
import { requireMember, optionalMember } from "../lib/middleware";
import { formFields, uploadLimit } from "../lib/multipart";
import { sendStored } from "../lib/range";
import { invalid, parseLocalized, queryParams } from "../lib/validate";
import { FORMATS } from "../speech/export";
import type { AppEnv } from "../env";

type Ctx = Context<AppEnv>;

/** The creation form: 5 files of 10 MB and the text fields; more is refused while it streams in. */
const creationLimit = uploadLimit(CUSTOM_VOICE_BODY_MAX, Code.PAYLOAD_TOO_LARGE);
/** The profile step: the fields and an image of at most 1 MB. */
const profileLimit = uploadLimit(PROFILE_IMAGE.maxBytes, Code.PAYLOAD_TOO_LARGE);

const formOf = (c: Ctx) => c.req.formData().catch(() => null);

const audioQuery = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });

/** Without a member (a visitor), a custom voice does not exist: 404, as for another member. */
const memberOr404 = async (c: Ctx, next: () => Promise<void>) => {
  if (!(c.var as { member?: unknown }).member) return fail(c, Code.NOT_FOUND);
  await next();
};

/**
 * Custom voices (`/voices/custom*`,; domain/custom-voices/, docs/decisions/0034): creation (a job followed
 * with /studio/jobs/:id), the voice, its preview and image, and the profile step. Private: only the owner; anyone
 * else, a visitor and a forged id get 404. Mounted before the library's `/voices/:id` routes.
 */
export const customVoicesRoutes = new Hono<AppEnv>()
  /** Starts a creation: multipart `file` (1-5), the design fields and the three consents. Answers {job_id, voice_id}. */
  .post("/", requireMember, creationLimit, async (c) => {
    const form = await formOf(c);
    if (!form) return fail(c, Code.BAD_REQUEST);
    const files = form.getAll("file").filter((v): v is File => v instanceof File);
    const locale = c.var.locale;
    let issues: { path: string; message: string }[] = [];
    const result = await startCustomVoice(memberScope(c), { fields: formFields(form), files }, (fields) => {
      const parsed = parseLocalized(customVoiceFields, fields, locale);
      if (parsed.success) return { ok: true, value: parsed.data };
      issues = parsed.issues;
      return { ok: false, code: Code.BAD_REQUEST };
    });
    if (!result.ok && issues.length) return invalid(c, issues);
    return answer(c, result);
  })
  .get("/:id", optionalMember, memberOr404, async (c) => answer(c, await customVoice(memberScope(c), c.req.param("id"))))
  /** The preview sentence in the new voice (WAV or MP3), once made. */
  .get("/:id/preview", optionalMember, memberOr404, queryParams(audioQuery), async (c) => {
    const { format, download } = c.req.valid("query");
    const key = await customVoicePreview(memberScope(c), c.req.param("id"));
    if (!key.ok) return answer(c, key);
    // Asked again each time: another part of the files (POST /:id/segment) makes another preview at this address.
    return sendAudio(c, key.value, "preview", format, download === "1", "private, no-cache");
  })
  /** The voice made again from the next candidate part of its files (a cloned voice); answers the voice. */
  .post("/:id/segment", requireMember, profileLimit, async (c) => {
    const s = memberScope(c);
    const next = await nextCustomVoiceSegment(c.env, s.member.id, c.req.param("id"), s.locale);
    return next.ok ? answer(c, await customVoice(s, c.req.param("id"))) : answer(c, next);
  })
  /** The profile image (240x240 as uploaded), or the generated one. */
  .get("/:id/image", optionalMember, memberOr404, async (c) => {
    const found = await customVoiceImage(memberScope(c), c.req.param("id"));
    if (!found.ok) return answer(c, found);
    const { key, type, voice } = found.value;
    if (key && type) {
      const sent = await sendStored(c, c.env.MEDIA, key, { "content-type": type, "cache-control": "private, max-age=600" });
      if (sent) return sent;
    }
    return c.body(voiceAvatarSvg(voice), 200, { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "private, max-age=600" });
  })
  /** The profile step: `name` (14), `intro` (10), optional `image` (240x240 PNG, JPEG or WebP). */
  .post("/:id/profile", requireMember, profileLimit, async (c) => {
    const form = await formOf(c);
    if (!form) return fail(c, Code.BAD_REQUEST);
    const fields = parseLocalized(customVoiceProfileFields, formFields(form), c.var.locale);
    if (!fields.success) return invalid(c, fields.issues);
    const image = form.get("image");
    return answer(c, await setCustomVoiceProfile(memberScope(c), c.req.param("id"), fields.data, image instanceof File ? image : null));
  });
