import { drizzle } from "drizzle-orm/d1";
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import { verify } from "hono/jwt";
import * as schema from "#db/schema";
import { Code, localeFromHeader } from "./codes";

export { localeFromHeader };
import { fail } from "./envelope";
import { httpStatus, message } from "./codes";
import { liveSession } from "./tokens";
import { liveApiKey, touchApiKey } from "./api-keys";
import { hit, LIMITS } from "./rate-limit";
import type { AppEnv, Member } from "../env";

/**
 * The drizzle database over a D1 binding, made once per binding object: `drizzle(d1, { schema })` walks the
 * whole schema (extractTablesRelationalConfig) each time it is called, which cost about 3 ms of CPU per
 * api request (docs/decisions/0040). Keyed weakly by the binding, so a new environment
 * (tests, a new isolate) gets its own.
 */
const databases = new WeakMap<D1Database, AppEnv["Variables"]["db"]>();
export function database(d1: D1Database): AppEnv["Variables"]["db"] {
  let db = databases.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    databases.set(d1, db);
  }
  return db;
}

/** Sets `c.var.db`, `c.var.locale` and `c.var.accessToken` for every request. */
export const context = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", database(c.env.DB));
  c.set("locale", localeFromHeader(c.req.header("lang")));
  const key = c.req.header("api-key")?.trim();
  c.set("accessToken", key ? key.replace(/^Bearer\s+/i, "") : null);
  await next();
});

/**
 * The HS256 key of a JWT secret, imported once per secret and isolate (docs/decisions/0043):
 * hono's `verify` given the secret as text imports it again on every call. Hono's checks (header, algorithm,
 * expiry, not-before, issued-at, signature) are unchanged: it takes the imported key as it is.
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
function verifyKey(secret: string) {
  let key = verifyKeys.get(secret);
  if (!key) {
    // A secret changes only with a deployment; a few entries at most (tests use several environments).
    if (verifyKeys.size >= 8) verifyKeys.clear();
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * The claims of a valid access token: an HS256 JWT with `sub`, `sid` and `exp` (a token without an expiry is
 * refused). Whether its session is still live is not asked here: `memberOf` asks D1, and a route that folds that
 * check into its own statement (GET /member/frame, docs/decisions/0051) asks it there. Null otherwise.
 */
export async function tokenClaims(
  token: string | null,
  env: AppEnv["Bindings"],
): Promise<{ sub: string; sid: string; email: string } | null> {
  if (!token) return null;
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, await verifyKey(env.JWT_SECRET), "HS256");
  } catch {
    return null;
  }
  if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
  return { sub: payload.sub, sid: payload.sid, email: typeof payload.email === "string" ? payload.email : "" };
}

/**
 * The member behind a valid access token (`tokenClaims`) whose session is still live in D1 (tokens.ts
 * `liveSession`: the member exists and the session was not ended by logout, password reset, withdrawal or
 * "log out everywhere"). Null otherwise.
 */
export async function memberOf(token: string | null, env: AppEnv["Bindings"]): Promise<Member | null> {
  const claims = await tokenClaims(token, env);
  if (!claims) return null;
  const live = await liveSession(env.DB, claims.sub, claims.sid);
  return live ? { id: claims.sub, email: live.email } : null;
}

/**
 * A read (GET or HEAD) by the member of a valid token runs beside its session check instead of after it: the check
 * and the read's first query reach D1 in one round trip, which is what a member far from the primary waits for (one
 * trip is 20-300 ms). The token's signature already names the member (its `sub` and `email`, and an e-mail never
 * changes), so the read is the right member's; only whether the session was ended since the token was issued is
 * unknown until the check answers. When it was ended, the read's answer is thrown away and 8000 is sent instead,
 * exactly as if the check had come first. Writes (every other method) still wait for the check. What a read itself
 * writes (an answer marked read, the member's own deletions purged once past their undo time) may still happen for
 * an ended session's token: it is bookkeeping of the member the signature names, never a change they asked for.
 */
async function readBesideSessionCheck(c: Context<AppEnv>, next: Next, claims: { sub: string; sid: string; email: string }) {
  c.set("member", { id: claims.sub, email: claims.email });
  const [live] = await Promise.all([liveSession(c.env.DB, claims.sub, claims.sid), next()]);
  if (live) return;
  await c.res.body?.cancel().catch(() => undefined);
  // A fresh answer, not one built on the read's: none of its headers (Range, caching, disposition) may stay.
  c.res = undefined;
  const body = { success: false, code: Code.LOGIN_REQUIRED, data: null, message: message(Code.LOGIN_REQUIRED, c.var.locale) };
  c.res = new Response(JSON.stringify(body), {
    status: httpStatus[Code.LOGIN_REQUIRED],
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}

/** The spec's POSTs that only read (the card list), run as reads. */
const POSTS_THAT_READ = new Set(["/api/v1/payment/cardList"]);
const isRead = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD" || POSTS_THAT_READ.has(c.req.path);

/** Routes that need a member: a valid access token in the `api-key` header, else 8000 (login required). */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  // Two routers mounted on one path (studio, sts) both ask; the token is checked once.
  if (c.var.member) return next();
  if (isRead(c)) {
    const claims = await tokenClaims(c.var.accessToken, c.env);
    if (!claims) return fail(c, Code.LOGIN_REQUIRED);
    return readBesideSessionCheck(c, next, claims);
  }
  const member = await memberOf(c.var.accessToken, c.env);
  if (!member) return fail(c, Code.LOGIN_REQUIRED);
  c.set("member", member);
  await next();
});

/**
 * Routes open to visitors that answer more for a member: sets `c.var.member` when the token is valid. A token whose
 * session has ended answers 8000 on a read (the client drops it and asks again as a visitor) rather than being
 * read for twice.
 */
export const optionalMember = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.member) return next();
  if (isRead(c)) {
    const claims = await tokenClaims(c.var.accessToken, c.env);
    return claims ? readBesideSessionCheck(c, next, claims) : next();
  }
  const member = await memberOf(c.var.accessToken, c.env);
  if (member) c.set("member", member);
  await next();
});

/**
 * The public API's second way in (docs/decisions/0031): `Authorization: Bearer <api key>` on the calls
 * app.ts names (POST /studio/tts, POST /studio/sts, the result's audio). A request that carries an
 * access token in `api-key` is left to `requireMember`. A live key sets `c.var.member` to its member
 * (whose allowance the call then spends) and counts against the key's own rate limit; any other
 * Bearer value answers 4501, past the limit 4502 with Retry-After.
 */
export const apiKeyMember = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.accessToken) return next();
  const auth = c.req.header("authorization")?.trim();
  if (!auth) return next();
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  const key = match ? await liveApiKey(c.env.DB, match[1]!) : null;
  if (!key) return fail(c, Code.API_KEY_INVALID);
  if (!(await hit(c.env, "apiKeyCalls", key.id)).allowed) {
    const seconds = LIMITS.apiKeyCalls.windowSeconds;
    c.header("retry-after", String(seconds));
    return fail(c, Code.API_KEY_RATE_LIMITED, { params: { seconds } });
  }
  await touchApiKey(c.env.DB, key.id);
  c.set("member", { id: key.memberId, email: key.email });
  await next();
});
