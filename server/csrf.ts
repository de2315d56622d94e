/**
 * CSRF: the page actions are authenticated by cookies, so a state-changing request must come from
 * our own pages. Browsers say where a request came from in Sec-Fetch-Site (or, older ones, Origin);
 * a request from another site is refused. (SameSite=Lax cookies are the second line.)
 */
export function isCrossSitePost(request: Request) {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  return origin !== null && origin !== new URL(request.url).origin;
}
