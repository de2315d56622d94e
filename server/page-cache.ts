/**
 * A per-isolate micro-cache for public pages seen by anonymous visitors (docs/decisions/0005).
 *
 * A route opts in with `Cache-Control: public, s-maxage=N` (its `headers` export). The key is every
 * request input that can change such a page: the URL, Accept-Language, the lng and country cookies
 * and CF-IPCountry. Requests with a session or toast cookie, non-GET requests, Remix data requests and
 * `Cache-Control: no-cache` requests always render. Set-Cookie headers are kept with the entry:
 * on these pages they depend only on the key's inputs (the country and language cookies).
 *
 * The key starts with the canonical origin the page's absolute URLs (canonical, og:url) are built
 * from (PUBLIC_ORIGIN, else the request's own origin), so a request with a forged Host can never
 * leave its host in a page served to others (docs/decisions/0018). A stored page keeps the script
 * nonce it was rendered with; each hit is given the new request's nonce (security-headers.ts).
 */
export type CachedPage = { body: ArrayBuffer; status: number; headers: [string, string][]; expires: number; nonce: string };

const SESSION_COOKIES = /(?:^|;\s*)(?:accessToken|refreshToken|toast)=/;
const VARY_COOKIES = /(?:^|;\s*)(lng|country)=([^;]*)/g;

export function cacheKey(request: Request, origin: string): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  if (SESSION_COOKIES.test(cookie)) return null;
  if (/no-cache|no-store/.test(request.headers.get("Cache-Control") ?? "")) return null;
  const varied = [...cookie.matchAll(VARY_COOKIES)]
    .map((m) => `${m[1]}=${m[2]}`)
    .sort()
    .join(";");
  return [
    origin,
    url.pathname + url.search,
    request.headers.get("Accept-Language") ?? "",
    varied,
    request.headers.get("CF-IPCountry") ?? "",
  ].join("\n");
}

const SIGNED_IN = /(?:^|;\s*)(?:accessToken|refreshToken)=/;

/**
 * A page or its data answered to a signed-in request holds the member's data: never kept by the browser or anything
 * between (`private, no-store`), unless the route said otherwise. Without it, Back after logging out showed the last
 * account page (e-mail, profile) from the browser's cache. The cost: such
 * pages are not kept for an instant Back while signed in; Remix's own navigations are unaffected.
 */
export function privateWhenSignedIn(request: Request, response: Response): Response {
  if (response.headers.has("Cache-Control") || !SIGNED_IN.test(request.headers.get("Cookie") ?? "")) return response;
  const out = new Response(response.body, response);
  out.headers.set("Cache-Control", "private, no-store");
  return out;
}

/** Seconds a response may be shared for, from `s-maxage` with `public`; 0 when not shareable. */
export function sharedMaxAge(response: Response): number {
  const cc = response.headers.get("Cache-Control") ?? "";
  if (response.status !== 200 || !/\bpublic\b/.test(cc)) return 0;
  const m = cc.match(/\bs-maxage=(\d+)/);
  return m ? Number(m[1]) : 0;
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  constructor(private maxEntries = 200) {}

  get(key: string, { now = Date.now(), nonce = "" }: { now?: number; nonce?: string } = {}): Response | null {
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return null;
    }
    // Refresh its place for least-recently-used eviction.
    this.entries.delete(key);
    this.entries.set(key, hit);
    const headers = new Headers(hit.headers);
    headers.set("X-Page-Cache", "hit");
    let body: ArrayBuffer | string = hit.body;
    if (hit.nonce && nonce && /^text\/html/.test(headers.get("content-type") ?? "")) {
      body = new TextDecoder().decode(hit.body).replaceAll(`nonce="${hit.nonce}"`, `nonce="${nonce}"`);
      headers.delete("content-length");
    }
    return new Response(body, { status: hit.status, headers });
  }

  /** Stores a shareable response and returns a response to send in its place. */
  async put(key: string, response: Response, { now = Date.now(), nonce = "" }: { now?: number; nonce?: string } = {}): Promise<Response> {
    const seconds = sharedMaxAge(response);
    if (seconds <= 0) return response;
    const body = await response.arrayBuffer();
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    this.entries.set(key, { body, status: response.status, headers, expires: now + seconds * 1000, nonce });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const out = new Headers(headers);
    out.set("X-Page-Cache", "miss");
    return new Response(body, { status: response.status, headers: out });
  }

  get size() {
    return this.entries.size;
  }
}
