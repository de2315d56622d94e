import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import { verify } from "hono/jwt";
import * as schema from "../../../../db/schema";
import { Code, localeFromHeader } from "./codes";

export { localeFromHeader };
import { fail } from "./envelope";
import { liveSession } from "./tokens";
import type { AppEnv, Member } from "../env";

/** Sets `c.var.db`, `c.var.locale` and `c.var.accessToken` for every request. */
export const context = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", drizzle(c.env.DB, { schema }));
  c.set("locale", localeFromHeader(c.req.header("lang")));
  const key = c.req.header("api-key")?.trim();
  c.set("accessToken", key ? key.replace(/^Bearer\s+/i, "") : null);
  await next();
});

/**
 * The member behind a valid access token: an HS256 JWT with `sub`, `email`, `sid` and `exp` (a token
 * without an expiry is refused), whose session is still live in D1 (tokens.ts `liveSession`: the
 * member exists and the session was not ended by logout, password reset, withdrawal or "log out
 * everywhere"). Null otherwise.
 */
export async function memberOf(token: string | null, env: AppEnv["Bindings"]): Promise<Member | null> {
  if (!token) return null;
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, env.JWT_SECRET, "HS256");
  } catch {
    return null;
  }
  if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
  const live = await liveSession(env.DB, payload.sub, payload.sid);
  return live ? { id: payload.sub, email: live.email } : null;
}

/** Routes that need a member: a valid access token in the `api-key` header, else 8000 (login required). */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  // Two routers mounted on one path (studio, sts) both ask; the token is checked once.
  if (c.var.member) return next();
  const member = await memberOf(c.var.accessToken, c.env);
  if (!member) return fail(c, Code.LOGIN_REQUIRED);
  c.set("member", member);
  await next();
});

/** Routes open to visitors that answer more for a member: sets `c.var.member` when the token is valid. */
export const optionalMember = createMiddleware<AppEnv>(async (c, next) => {
  const member = await memberOf(c.var.accessToken, c.env);
  if (member) c.set("member", member);
  await next();
});
