/**
 * The security headers of every answer of the app worker (pages, data requests, redirects, resource
 * routes), set in one place: server.ts (docs/decisions/0018). The api worker sets its own
 * (workers/api/src/lib/security-headers.ts).
 *
 * Scripts run only with the request's nonce ('strict-dynamic' lets them load their own chunks); the
 * tag manager's and the form widget's hosts are listed only when GTM_ID or FORM_WIDGET_URL is set.
 * Styles allow 'unsafe-inline': React renders `style` attributes (progress bars, the waveform) and
 * the wavesurfer player injects a <style>. Audio and images may be blob: and data: URLs (wavesurfer,
 * recordings). `npm run dev` (Remix under Vite) does not pass through server.ts, so hot reload runs
 * without these headers.
 */

/** A fresh nonce for one request: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type CspOptions = {
  nonce: string;
  gtmId?: string | null;
  formWidgetUrl?: string | null;
  /** PLAYER_FRAME_ANCESTORS: origins (space-separated) that may frame the video letter player besides the social sites. */
  playerFrameAncestors?: string | null;
  /** Who may frame this answer; `'none'` unless the request is the player's (see `frameAncestorsFor`). */
  frameAncestors?: string[];
};

/**
 * The one page other sites may frame (docs/decisions/0047): a shared video letter's player,
 * `/share/<share id>/player`, which Twitter's player card and the like show in an iframe. Nothing else.
 */
export const PLAYER_PATH = /^\/share\/[A-Za-z0-9_-]{22}\/player\/?$/;

/** The social sites whose previews frame a player card (their pages and the hosts of their card iframes). */
export const SOCIAL_FRAME_ANCESTORS = [
  "https://twitter.com",
  "https://*.twitter.com",
  "https://x.com",
  "https://*.x.com",
  "https://www.facebook.com",
  "https://www.linkedin.com",
  "https://discord.com",
];

/** An origin as a CSP source (scheme, host, optional port or `*`; no path, wildcard only as the first label). */
const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/;

/** The frame-ancestors of an answer: the social sites (and the configured extra origins) on the player, 'none' elsewhere. */
export function frameAncestorsFor(url: URL, extra?: string | null): string[] {
  if (!PLAYER_PATH.test(url.pathname)) return ["'none'"];
  const more = (extra ?? "")
    .split(/\s+/)
    .map((o) => o.trim().toLowerCase())
    .filter((o) => ORIGIN_SOURCE.test(o));
  return ["'self'", ...SOCIAL_FRAME_ANCESTORS, ...more];
}

const GTM = "https://www.googletagmanager.com";
/** Where the tag manager's usual tags (Google Analytics) send and load from. */
const GTM_DATA = ["https://www.google-analytics.com", "https://*.google-analytics.com", "https://*.analytics.google.com"];
/**
 * Documents that a form post may lead to: this origin and PayPal's approval page (a purchase without
 * JavaScript posts, then is redirected there; form-action also covers that redirect).
 */
const FORM_TARGETS = ["'self'", "https://www.paypal.com", "https://www.sandbox.paypal.com"];

/** The form widget's origin, when FORM_WIDGET_URL is a valid https URL (as ThirdPartyScripts requires). */
function widgetOrigin(url: string | null | undefined): string | null {
  if (!url || !url.startsWith("https://")) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy({ nonce, gtmId, formWidgetUrl, frameAncestors = ["'none'"] }: CspOptions): string {
  const gtm = !!gtmId && /^GTM-[A-Z0-9]+$/.test(gtmId);
  const widget = widgetOrigin(formWidgetUrl);
  const extra = (...hosts: (string | false | null)[]) => hosts.filter((h): h is string => !!h);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", [`'nonce-${nonce}'`, "'strict-dynamic'", ...extra(gtm && GTM, widget)]],
    ["style-src", ["'self'", "'unsafe-inline'", ...extra(widget)]],
    ["img-src", ["'self'", "data:", "blob:", ...extra(gtm && GTM, ...(gtm ? GTM_DATA : []), widget)]],
    ["media-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'", "data:", ...extra(widget)]],
    // blob: the waveform player reads the downloaded audio back through its blob URL.
    ["connect-src", ["'self'", "blob:", ...extra(gtm && GTM, ...(gtm ? GTM_DATA : []), widget)]],
    ["frame-src", gtm || widget ? extra(gtm && GTM, widget) : ["'none'"]],
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", FORM_TARGETS],
    ["frame-ancestors", frameAncestors],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Every header but the policy: the same on pages and on the forwarded notify answers. */
export function baseSecurityHeaders(url: URL): Record<string, string> {
  return {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), geolocation=(), microphone=(self)",
    ...(url.protocol === "https:" ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** A copy of `response` with the page headers (the policy with this request's nonce). */
export function withSecurityHeaders(response: Response, url: URL, csp: CspOptions): Response {
  const out = new Response(response.body, response);
  const frameAncestors = frameAncestorsFor(url, csp.playerFrameAncestors);
  for (const [name, value] of Object.entries(baseSecurityHeaders(url))) out.headers.set(name, value);
  // The player may be framed: X-Frame-Options cannot name origins, so it is left off there (the policy rules).
  if (frameAncestors[0] !== "'none'") out.headers.delete("X-Frame-Options");
  out.headers.set("Content-Security-Policy", contentSecurityPolicy({ ...csp, frameAncestors }));
  return out;
}
