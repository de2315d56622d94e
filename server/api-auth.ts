import { isCrossSitePost } from "./csrf";

/**
 * Browser calls to /api/v1 carry "credentials" (spec section 7), but the access token lives in an
 * httpOnly cookie that page scripts cannot read, and an <audio src> cannot set headers at all. So the
 * edge turns the cookie into the api's `api-key` header when the request has none. Only same-site
 * requests get it for methods that change things, so a cookie never authorises a cross-site post.
 */
export function withCookieAuth(request: Request): Request {
  if (request.headers.has("api-key")) return request;
  const match = (request.headers.get("Cookie") ?? "").match(/(?:^|;\s*)accessToken=([^;]+)/);
  if (!match || isCrossSitePost(request)) return request;
  const token = decodeRemixCookie(match[1]!);
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set("api-key", token);
  return new Request(request, { headers });
}

/** The value of an unsigned cookie written by Remix's createCookie: base64 of its JSON (a JWT is ASCII). */
function decodeRemixCookie(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(atob(decodeURIComponent(raw)));
    return typeof value === "string" && value ? value : null;
  } catch {
    return null;
  }
}
