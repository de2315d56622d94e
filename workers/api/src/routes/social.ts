import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { members, oauthStates } from "../../../../db/schema";
import { EMAIL, socialFail } from "../lib/accounts";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { configuredProviders, createAuthorization, fetchSocialProfile, PROVIDERS } from "../lib/oauth";
import { clientIp, hit } from "../lib/rate-limit";
import { signSignupTicket } from "../lib/signup-ticket";
import { issueSession } from "../lib/tokens";
import { jsonBody } from "../lib/validate";
import { withdrewRecently } from "../lib/withdrawn";
import type { AppEnv } from "../env";

/** Time from `snsauthorize` to `snslogin` (the user's visit to the provider). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

const type = z.enum(PROVIDERS);
const authorizeBody = z.object({
  type,
  /** Where the provider sends the user back (the app's /login/{type}/callback); it must be registered there. */
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048),
});
const loginBody = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512), type });

/** A provider's picture, kept only when it is a plain http(s) URL that fits the member column. */
const pictureUrl = (url: string) => (/^https?:\/\//i.test(url) && url.length <= 500 ? url : "");

export const socialRoutes = new Hono<AppEnv>()
  /** The social logins offered (the app hides the others' buttons). */
  .get("/snsproviders", (c) => ok(c, { providers: configuredProviders(c.env) }))
  /** Step 1: a state kept for 10 minutes and the provider's authorization URL to send the user to. */
  .post("/snsauthorize", jsonBody(authorizeBody), async (c) => {
    const { type, redirect_uri } = c.req.valid("json");
    if (!configuredProviders(c.env).includes(type)) return fail(c, Code.SOCIAL_NOT_CONFIGURED);
    const { url, state, codeVerifier } = createAuthorization(c.env, type, redirect_uri);
    await c.var.db.insert(oauthStates).values({ state, type, codeVerifier, redirectUri: redirect_uri, expiresAt: Date.now() + OAUTH_STATE_TTL_MS });
    return ok(c, { url: url.toString(), state });
  })
  /**
   * Step 2 (spec: {code, state, type}): the state is taken once, the code exchanged and the profile
   * read. A member of that type gets a session; an address with no account gets a sign-up ticket for
   * /createmember; an address of another login type gets 4103 naming it.
   */
  .post("/snslogin", jsonBody(loginBody), async (c) => {
    const { code, state, type } = c.req.valid("json");
    if (!(await hit(c.env, "loginPerIp", clientIp(c.req.raw.headers))).allowed) return fail(c, Code.RATE_LIMITED);
    if (!configuredProviders(c.env).includes(type)) return fail(c, Code.SOCIAL_NOT_CONFIGURED);
    // One statement takes the row, so a state (and its verifier) can be used only once.
    const [row] = await c.var.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
    if (!row || row.expiresAt <= Date.now() || row.type !== type) return fail(c, Code.SOCIAL_STATE_INVALID);

    let profile;
    try {
      profile = await fetchSocialProfile(c.env, type, { code, state, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri });
    } catch (err) {
      console.error("social login failed:", err instanceof Error ? err.message : err);
      return fail(c, Code.SOCIAL_FAILED);
    }
    const email = profile.email?.trim().toLowerCase() ?? "";
    if (!profile.emailVerified || !EMAIL.test(email) || email.length > 254) return fail(c, Code.SOCIAL_EMAIL_MISSING);

    const existing = await c.var.db
      .select({ id: members.id, type: members.type, nickname: members.nickname })
      .from(members)
      .where(eq(members.email, email))
      .get();
    if (existing && existing.type !== type) return socialFail(c, existing.type);
    if (existing) {
      const session = await issueSession(c.env, c.var.db, { id: existing.id, email });
      return ok(c, { ...session, type, email, nickname: existing.nickname, signup: false });
    }
    if (await withdrewRecently(c.env, c.var.db, email)) return fail(c, Code.REJOIN_TOO_SOON);
    // Spec section 3: a new member's nickname is the part of the address before the @.
    const nickname = email.split("@")[0]!;
    const profileImg = pictureUrl(profile.profileImg);
    const ticket = await signSignupTicket(c.env, { email, type, nickname, profileImg });
    return ok(c, { signup: true, ticket, type, email, nickname, profile_img: profileImg });
  });
