import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/**
 * The security headers of every /api/v1 answer (docs/decisions/0018). Answers are data, never pages,
 * so the policy allows nothing; an audio or image answer opened on its own still plays or shows
 * (media-src for the browser's own player page, inline styles for its controls). The local sandbox's
 * HTML pages (card receipts, PayPal's approval page) get their own: inline styles and a form that
 * posts back to this origin. The app worker sets its pages' headers in security-headers.ts.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const MEDIA_CSP =
  "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function apiSecurityHeaders(url: URL, contentType: string | null): Record<string, string> {
  const type = (contentType ?? "").toLowerCase();
  const csp = /^(audio|image)\//.test(type)
    ? MEDIA_CSP
    : type.startsWith("text/html") && url.pathname.startsWith("/api/v1/sandbox/")
      ? SANDBOX_PAGE_CSP
      : API_CSP;
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), geolocation=(), microphone=(self)",
    ...(url.protocol === "https:" ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The header sets, made once per policy and scheme (docs/decisions/0043: building them and
 * parsing the URL again for every answer was a few percent of an api call's CPU).
 */
const headerSets = new Map<string, [string, string][]>();
function headersFor(url: string, contentType: string | null) {
  const https = url.startsWith("https:");
  const type = (contentType ?? "").toLowerCase();
  // Only the sandbox's HTML pages need the path (apiSecurityHeaders); the rest depends on the type and scheme.
  const sandboxPage = type.startsWith("text/html") && new URL(url).pathname.startsWith("/api/v1/sandbox/");
  const kind = /^(audio|image)\//.test(type) ? "media" : sandboxPage ? "sandbox" : "api";
  const key = `${kind} ${https}`;
  let set = headerSets.get(key);
  if (!set) {
    set = Object.entries(apiSecurityHeaders(new URL(url), contentType));
    headerSets.set(key, set);
  }
  return set;
}

/** Adds the headers to whatever the routes, the not-found handler or the error handler answered. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = headersFor(c.req.url, c.res.headers.get("content-type"));
  let res = c.res;
  try {
    for (const [name, value] of headers) res.headers.set(name, value);
  } catch {
    // A response whose headers cannot change (one fetched from elsewhere): copy it first.
    res = new Response(res.body, res);
    for (const [name, value] of headers) res.headers.set(name, value);
    c.res = res;
  }
});
