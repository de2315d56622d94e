import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { accessTokenCookie, cookieSecurity, localeCookie, refreshTokenCookie } from "./cookies.server";
import { api, clearSession, freshAccessToken } from "./api.server";
import { readTokens } from "./session.server";
import { loginThen } from "~/lib/redirect";
import type { Profile } from "../../contracts/profile";

type Args = { request: Request; context: AppLoadContext };

/** After a login or sign-up: the two session cookies (httpOnly; Secure except on localhost; SameSite=Lax). */
export async function startSession({ request, context }: Args, session: { token: string; refreshToken: string }) {
  const security = cookieSecurity(request);
  context.outgoingCookies.push(
    await accessTokenCookie.serialize(session.token, security),
    await refreshTokenCookie.serialize(session.refreshToken, security),
  );
  // Issue 19: the member's saved language applies from the first page after the login.
  const saved = await savedLocale(request, context, session.token);
  if (saved) context.outgoingCookies.push(await localeCookie.serialize(saved, security));
}

/** The language saved in the member's profile (`local`), read with the new session's token; null when unknown. */
async function savedLocale(request: Request, context: AppLoadContext, token: string): Promise<"ko" | "en" | null> {
  const headers: Record<string, string> = { "api-key": token };
  const ip = request.headers.get("cf-connecting-ip");
  if (ip) headers["cf-connecting-ip"] = ip;
  try {
    const response = await context.cloudflare.env.API.fetch("https://api.internal/api/v1/member/getmember", { headers });
    const envelope = (await response.json()) as { success?: boolean; data?: { local?: unknown } | null };
    const local = envelope.success ? envelope.data?.local : null;
    return local === "ko" || local === "en" ? local : null;
  } catch {
    return null;
  }
}

/**
 * The guard of /dashboard* and /studio* (spec section 2). Without a login the visitor goes to the login page,
 * which brings them back to the page they asked for (issue 19: a logged-out deep link returns to its page;
 * the spec's "to /" is the landing's own login link). Answers the (fresh) access token.
 */
export async function requireUser({ request, context }: Args) {
  const token = await freshAccessToken(request, context);
  if (!token) {
    const url = new URL(request.url);
    throw redirect(loginThen(`${url.pathname}${url.search}`));
  }
  return token;
}

/** Ends the session: the refresh token's family is revoked on the server and both cookies are cleared. */
export async function endSession(args: Args) {
  const { refreshToken } = await readTokens(args.request);
  if (refreshToken) {
    await args.context.cloudflare.env.API.fetch("https://api.internal/api/v1/member/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${refreshToken}` },
    }).catch(() => undefined);
  }
  await clearSession(args.request, args.context);
}

/** The answer of GET /member/getmember (contracts/profile.ts). */
export type { Profile };

/** The signed-in member's profile (GET /member/getmember); a failure ends the session (spec section 7). */
export async function loadProfile(args: Args) {
  const envelope = await api<Profile>(args, "/member/getmember");
  if (!envelope.success || !envelope.data) {
    await clearSession(args.request, args.context);
    throw redirect("/login");
  }
  return envelope.data;
}
