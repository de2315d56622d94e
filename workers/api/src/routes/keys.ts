import { Hono } from "hono";
import { z } from "zod/v4";
import { API_KEY_LIMITS, createKey, listKeys, revokeKey } from "../domain/api-keys";
import { memberScope } from "../domain/scope";
import { Code } from "../lib/codes";
import { answer, fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { hit } from "../lib/rate-limit";
import { jsonBody, plainText } from "../lib/validate";
import type { AppEnv } from "../env";

const keyBody = z.object({ name: plainText(1, API_KEY_LIMITS.name) });

/** The member's business API keys (domain/api-keys.ts): listed, created (shown once), revoked. */
export const keysRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .get("/", async (c) => ok(c, await listKeys(memberScope(c))))
  .post("/", jsonBody(keyBody), async (c) => {
    if (!(await hit(c.env, "apiKeyCreatePerMember", c.var.member.id)).allowed) return fail(c, Code.RATE_LIMITED);
    return answer(c, await createKey(memberScope(c), c.req.valid("json").name));
  })
  .delete("/:id", async (c) => answer(c, await revokeKey(memberScope(c), c.req.param("id"))));
