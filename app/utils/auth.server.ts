import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { accessTokenCookie, cookieSecurity, localeCookie, refreshTokenCookie } from "./cookies.server";
import { api, clearSession, freshAccessToken, type Envelope } from "./api.server";
import { readTokens } from "./session.server";
import { loginThen } from "~/lib/redirect";
import type { Profile } from "#contracts/profile";

type Args = { request: Request; context: AppLoadContext };

/** After a login or sign-up: the two session cookies (httpOnly; Secure except on localhost; SameSite=Lax). */
export async function startSession({ request, context }: Args, session: { token: string; refreshToken: string }) {
  const security = cookieSecurity(request);
  context.outgoingCookies.push(
    await accessTokenCookie.serialize(session.token, security),
    await refreshTokenCookie.serialize(session.refreshToken, security),
  );
  // The member's saved language applies from the first page after the login.
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
 * which brings them back to the page they asked for (a logged-out deep link returns to its page;
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

/** What every signed-in frame shows (GET /member/frame): the profile and the sidebar's unread inquiry answers. */
export type Frame = { profile: Profile; unread: number };

/**
 * The signed-in member's profile; a failure ends the session (spec section 7). On a GET it comes from the
 * request's one frame call (`loadFrame`), which the frame's loader makes anyway (
 * docs/decisions/0043); after an action (a POST, whose loaders then run in the same request) it is asked
 * for afresh, so a loader never sees the profile as it was before the action changed it.
 */
export async function loadProfile(args: Args): Promise<Profile> {
  if (isRead(args.request)) return (await loadFrame(args)).profile;
  return member(await api(args, "GET /member/getmember"), args);
}

/**
 * The frame's data (GET /member/frame), one call per request however many loaders ask for it (the frame's
 * loader and a page's, in parallel) on a GET; a failure ends the session.
 */
export function loadFrame(args: Args): Promise<Frame> {
  const call = async () => member(await api(args, "GET /member/frame"), args);
  if (!isRead(args.request)) return call();
  let pending = args.context.requestState.get("frame") as Promise<Frame> | undefined;
  if (!pending) {
    pending = call();
    args.context.requestState.set("frame", pending);
  }
  return pending;
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The data of a member's envelope, or the session ends (cookies cleared, to /login). */
async function member<T>(envelope: Envelope<T>, args: Args): Promise<T> {
  if (!envelope.success || !envelope.data) {
    await clearSession(args.request, args.context);
    throw redirect("/login");
  }
  return envelope.data;
}
