import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { memberScope } from "../domain/scope";
import { checkOpenRecording } from "../domain/open-voices";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { VOICE_RECORDING_RULES } from "../speech/recording-check";
import type { AppEnv } from "../env";

type Ctx = Context<AppEnv>;

/** Room for the multipart framing and the wizard's other fields (and a profile image) around the recording. */
const FORM_OVERHEAD = 64 * 1024;

/** A recording over 10 MB is refused while it streams in, with the file-size message. */
const recordingLimit = bodyLimit({
  maxSize: VOICE_RECORDING_RULES.maxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.AUDIO_TOO_LARGE, { params: { max: VOICE_RECORDING_RULES.maxBytes / 1024 / 1024 } }),
});

/** The multipart form, or null when the body is not one. */
const formOf = (c: Ctx) => c.req.formData().catch(() => null);

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
  });
