import { Hono } from "hono";
import { z } from "zod/v4";
import { finishSocialLogin, startSocialLogin } from "../domain/accounts/social";
import { configuredProviders, PROVIDERS } from "../integrations/oauth";
import { answer, ok } from "../lib/envelope";
import { clientIp } from "../lib/rate-limit";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

const type = z.enum(PROVIDERS);
const authorizeBody = z.object({
  type,
  /** Where the provider sends the user back (the app's /login/{type}/callback); it must be registered there. */
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048),
});
const loginBody = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512), type });

/** Social login (`/member/sns*`, docs/decisions/0008); the flow is in domain/accounts/social.ts. */
export const socialRoutes = new Hono<AppEnv>()
  /** The social logins offered (the app hides the others' buttons). */
  .get("/snsproviders", (c) => ok(c, { providers: configuredProviders(c.env) }))
  /** Step 1: a state kept for 10 minutes and the provider's authorization URL to send the user to. */
  .post("/snsauthorize", jsonBody(authorizeBody), async (c) => {
    const { type, redirect_uri } = c.req.valid("json");
    return answer(c, await startSocialLogin(c.env, c.var.db, type, redirect_uri, clientIp(c.req.raw.headers)));
  })
  /** Step 2: a session, a sign-up ticket for /createmember, or 4103 naming the address's login type. */
  .post("/snslogin", jsonBody(loginBody), async (c) =>
    answer(c, await finishSocialLogin(c.env, c.var.db, c.req.valid("json"), clientIp(c.req.raw.headers))),
  );
