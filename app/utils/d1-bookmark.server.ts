import type { AppLoadContext } from "@remix-run/cloudflare";
import { BOOKMARK_HEADER, bookmarkCookie, cookieBookmark, laterBookmark } from "#contracts/d1-bookmark";
import { cookieSecurity } from "./cookies.server";

/**
 * The browser's D1 bookmark (docs/decisions/0065): sent with every api call of a request, so its reads (from a replica
 * near the member) include what the member wrote before; the latest the api answers is kept for the next request.
 */
export function bookmarkFor(request: Request, context: AppLoadContext): string | null {
  const known = context.requestState.get("d1Bookmark");
  return typeof known === "string" ? known : cookieBookmark(request.headers.get("cookie"));
}

/** Keeps the api's answer's bookmark when it is later than the one the request knows (parallel calls never go back). */
export function keepBookmark(request: Request, context: AppLoadContext, response: Response) {
  // Only a member's: a visitor's pages may be cached and served to others (server/page-cache.ts), cookies included,
  // and a visitor has written nothing a replica could be missing.
  if (!context.requestState.get("accessToken") && !/(?:^|;\s*)accessToken=/.test(request.headers.get("cookie") ?? "")) return;
  const answered = response.headers.get(BOOKMARK_HEADER);
  const known = bookmarkFor(request, context);
  const later = laterBookmark(known, answered);
  if (!later || later === known) return;
  context.requestState.set("d1Bookmark", later);
  context.outgoingCookies.push(bookmarkCookie(later, cookieSecurity(request).secure));
}
