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
 * A page's form post must be a form: URL-encoded, or multipart with its boundary (what browsers and Remix's fetchers
 * send). Anything else could not be read by an action (`request.formData()` throws) and answered 500 for a client's
 * mistake; it gets 415 here. `/api/country` takes a POST without a body.
 */
export function isUnreadableForm(request: Request, pathname: string) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method) || pathname === "/api/country") return false;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return false;
  return !(type.startsWith("multipart/form-data") && /;\s*boundary=/.test(type));
}
