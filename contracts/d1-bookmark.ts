/**
 * D1 bookmarks as the api answers them and the app keeps them per browser (docs/decisions/0065): the header, the cookie,
 * which of two is later. No runtime dependencies (the app imports it; the api's session code is
 * workers/api/src/lib/d1-session.ts).
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
/**
 * The later of two bookmarks (D1's bookmarks sort oldest to newest as strings), so parallel answers never move a
 * caller's bookmark backwards.
 */
export const laterBookmark = (a: string | null | undefined, b: string | null | undefined) => (!a ? (b ?? null) : !b ? a : a > b ? a : b);
/** The cookie the app keeps a browser's bookmark in (a day: past that, a session starting at the primary loses nothing). */
export const BOOKMARK_COOKIE = "d1b";

/** The bookmark in a Cookie header, or null. */
export function cookieBookmark(cookieHeader: string | null): string | null {
  const match = (cookieHeader ?? "").match(/(?:^|;\s*)d1b=([0-9a-f-]{1,256})(?:;|$)/);
  return match ? match[1]! : null;
}

/** The Set-Cookie value that keeps `bookmark` (httpOnly: only the app reads it). */
export const bookmarkCookie = (bookmark: string, secure: boolean) =>
  `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
