import { isCrossSitePost } from "./csrf";
import { BOOKMARK_HEADER, bookmarkCookie, cookieBookmark, laterBookmark } from "#contracts/d1-bookmark";

/**
 * Browser calls to /api/v1 carry "credentials" (spec section 7), but the access token lives in an
 * httpOnly cookie that page scripts cannot read, and an <audio src> cannot set headers at all. So the
 * edge turns the cookie into the api's `api-key` header when the request has none. Only same-site
 * requests get it for methods that change things, so a cookie never authorises a cross-site post.
 */
export function withCookieAuth(request: Request): Request {
  const cookies = request.headers.get("Cookie") ?? "";
  // The browser's D1 bookmark goes along, so the api reads at least what this browser wrote (docs/decisions/0065).
  const bookmark = request.headers.has(BOOKMARK_HEADER) ? null : cookieBookmark(cookies);
  const match = request.headers.has("api-key") ? null : cookies.match(/(?:^|;\s*)accessToken=([^;]+)/);
  const token = match && !isCrossSitePost(request) ? decodeRemixCookie(match[1]!) : null;
  const lang = request.headers.has("lang") ? null : pageLanguage(request, cookies);
  if (!token && !bookmark && !lang) return request;
  const headers = new Headers(request.headers);
  if (token) headers.set("api-key", token);
  if (bookmark) headers.set(BOOKMARK_HEADER, bookmark);
  if (lang) headers.set("lang", lang);
  return new Request(request, { headers });
}

/**
 * The language the browser's pages are in, as the api's `lang` header ("kr" or "en"), for what the api names itself (a
 * download's file name, a message): the page's language cookie, else the browser's first language (the app's order).
 */
function pageLanguage(request: Request, cookies: string): "kr" | "en" {
  const chosen = cookies.match(/(?:^|;\s*)lng=([^;]+)/);
  const lng = chosen ? decodeRemixCookie(chosen[1]!) : null;
  if (lng === "en" || lng === "ko") return lng === "en" ? "en" : "kr";
  return prefersEnglish(request) ? "en" : "kr";
}

/** Whether the browser's first language is English (else Korean, the service's): for what is said before any page. */
export const prefersEnglish = (request: Request) => /^en\b/i.test(request.headers.get("accept-language") ?? "");

/**
 * The api's answer with a signed-in browser's bookmark cookie moved forward when the answer carries a later one. An
 * answer a shared cache may keep (`public`) sets no cookie, nor does a visitor's (nothing of theirs to read back).
 */
export function withBookmarkCookie(request: Request, response: Response): Response {
  const answered = response.headers.get(BOOKMARK_HEADER);
  const known = cookieBookmark(request.headers.get("Cookie"));
  const later = laterBookmark(known, answered);
  const member = /(?:^|;\s*)accessToken=/.test(request.headers.get("Cookie") ?? "");
  if (!member || !later || later === known || /\bpublic\b/.test(response.headers.get("cache-control") ?? "")) return response;
  const out = new Response(response.body, response);
  const url = new URL(request.url);
  const local = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  out.headers.append("set-cookie", bookmarkCookie(later, !local));
  return out;
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
