import { Hono } from "hono";
import { z } from "zod/v4";
import { keepVoices, slotsOf } from "../domain/custom-voices/slots";
import { memberScope } from "../domain/scope";
import { answer } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { jsonBody } from "../lib/validate";
import { forgetAfterAnswer } from "../speech/engine";
import type { AppEnv } from "../env";

const keepBody = z.object({ voice_ids: z.array(z.string().min(1).max(64)).max(100) });

/** Custom voice slots (`/voices/slots`): mounted before the voice routes so `slots` is not read as a voice id. */
export const voiceSlotsRoutes = new Hono<AppEnv>()
  .get("/", requireMember, async (c) => answer(c, await slotsOf(memberScope(c))))
  .post("/keep", requireMember, jsonBody(keepBody), async (c) => {
    const result = await keepVoices(memberScope(c), c.req.valid("json").voice_ids);
    if (result.ok) forgetAfterAnswer(c, result.value.deleted);
    return answer(c, result);
  });
