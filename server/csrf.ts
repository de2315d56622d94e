import { multipartMax, URLENCODED_MAX } from "./post-limits";

/**
 * CSRF: the page actions are authenticated by cookies, so a state-changing request must come from
 * our own pages. Browsers say where a request came from in Sec-Fetch-Site (or, older ones, Origin);
 * a request from another site is refused. (SameSite=Lax cookies are the second line.)
 */
export function isCrossSitePost(request: Request) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  // An Origin that is not ours is refused whatever Sec-Fetch-Site says (browsers never send the two disagreeing).
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}

/**
 * What a page's post must be before an action reads it: a form (URL-encoded, or multipart with its boundary: what
 * browsers and Remix's fetchers send), with its length declared (browsers always declare a form's) and within its
 * page's limit (server/post-limits.ts: 2 MB, or more for a multipart post to a page that takes files). Else the status to answer: 415 (an action's `request.formData()` would throw: a 500 for a client's
 * mistake), 411, or 413 (the whole body used to be read before any rule refused it). `/api/country` takes a POST
 * without a body. Null: the post may go on.
 */
export function formPostRefusal(request: Request, pathname: string): 411 | 413 | 415 | null {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method) || pathname === "/api/country") return null;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const kind = type.startsWith("application/x-www-form-urlencoded")
    ? "urlencoded"
    : type.startsWith("multipart/form-data") && /;\s*boundary=/.test(type)
      ? "multipart"
      : null;
  if (!kind) return 415;
  const declared = request.headers.get("content-length");
  if (declared === null || !/^\d+$/.test(declared)) return 411;
  return Number(declared) > (kind === "multipart" ? multipartMax(pathname) : URLENCODED_MAX) ? 413 : null;
}
