/**
 * A per-isolate micro-cache for signed-in pages, per session (issue 19 "Page speed", docs/decisions/0040).
 *
 * A signed-in page is rendered for one member: five api calls and a React render cost many times a trivial
 * response. A member who reloads or comes back to the dashboard within a few seconds gets the page that
 * was just rendered for the same session, unless something the member did could have changed it.
 *
 * - Only the paths in MEMBER_CACHED_PATHS, only GET document requests (no Remix data requests, no
 *   `Cache-Control: no-cache`), only with an access token cookie and no toast cookie.
 * - The key is the session's access token itself (never shared between sessions or members) plus every
 *   input the page-cache key has (canonical origin, path and query, Accept-Language, lng/country cookies,
 *   CF-IPCountry).
 * - Only 200 responses are kept whose only Set-Cookie are the country and language cookies (a token refresh or
 *   a toast renders again), for at most
 *   MEMBER_PAGE_SECONDS, and never past 30 s before the token's expiry (the window in which the root loader
 *   refreshes it, app/utils/api.server.ts).
 * - Any other request of the same member that can change something (a non-GET page action or /api/v1
 *   call carrying the member's token or session cookies) drops every entry of that member first.
 * - Like the public page cache, a stored page keeps its nonce and each hit gets the new request's nonce.
 */
import { PageCache } from "./page-cache";

/** Signed-in pages that may be served from the cache: the dashboard home. */
export const MEMBER_CACHED_PATHS = new Set(["/dashboard", "/dashboard/"]);
/** How long a member's page is reused; data changed by others (an operator's answer, a job's end) shows after at most this. */
export const MEMBER_PAGE_SECONDS = 5;
/** The root loader refreshes a token that expires within this window; a page for such a token is rendered. */
const REFRESH_WINDOW_MS = 30_000;
/** Pages larger than this are not kept (bounded memory: 200 entries x 256 KiB at most). */
const MAX_BODY_BYTES = 256 * 1024;

const ACCESS = /(?:^|;\s*)accessToken=([^;]+)/;
const REFRESH = /(?:^|;\s*)refreshToken=([^;]+)/;
const TOAST = /(?:^|;\s*)toast=/;
const VARY_COOKIES = /(?:^|;\s*)(lng|country)=([^;]*)/g;

/** The value of an unsigned cookie written by Remix's createCookie: base64 of its JSON. */
function remixCookieValue(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(atob(decodeURIComponent(raw)));
    return typeof value === "string" && value ? value : null;
  } catch {
    return null;
  }
}

/** The (unverified) claims the cache needs: whose token, until when. The api verifies tokens; this only sorts entries. */
function claims(token: string): { sub: string; exp: number } | null {
  const part = token.split(".")[1];
  if (!part || part.length > 4096) return null;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/"))) as { sub?: unknown; exp?: unknown };
    return typeof json.sub === "string" && typeof json.exp === "number" ? { sub: json.sub, exp: json.exp } : null;
  } catch {
    return null;
  }
}

/** The member a request acts for (the api-key header, else the access token cookie), or null. */
export function requestMember(request: Request): string | null {
  const header = request.headers
    .get("api-key")
    ?.replace(/^Bearer\s+/i, "")
    .trim();
  const cookie = (request.headers.get("Cookie") ?? "").match(ACCESS)?.[1];
  const token = header || (cookie ? remixCookieValue(cookie) : null);
  return token ? (claims(token)?.sub ?? null) : null;
}

/** True when the request carries a session (header or either cookie). */
function hasSession(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  return request.headers.has("api-key") || ACCESS.test(cookie) || REFRESH.test(cookie);
}

type Keyed = { key: string; member: string; tokenExpiresAt: number };

export function memberCacheKey(request: Request, origin: string, now = Date.now()): Keyed | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!MEMBER_CACHED_PATHS.has(url.pathname) || url.searchParams.has("_data")) return null;
  if (/no-cache|no-store/.test(request.headers.get("Cache-Control") ?? "")) return null;
  const cookie = request.headers.get("Cookie") ?? "";
  if (TOAST.test(cookie)) return null;
  const raw = cookie.match(ACCESS)?.[1];
  const token = raw ? remixCookieValue(raw) : null;
  const c = token ? claims(token) : null;
  if (!token || !c) return null;
  const tokenExpiresAt = c.exp * 1000;
  if (tokenExpiresAt - REFRESH_WINDOW_MS <= now) return null;
  const varied = [...cookie.matchAll(VARY_COOKIES)]
    .map((m) => `${m[1]}=${m[2]}`)
    .sort()
    .join(";");
  const key = [
    token,
    origin,
    url.pathname + url.search,
    request.headers.get("Accept-Language") ?? "",
    varied,
    request.headers.get("CF-IPCountry") ?? "",
  ].join("\n");
  return { key, member: c.sub, tokenExpiresAt };
}

export class MemberPageCache {
  private pages: PageCache;
  /** Each member's keys, so that a change drops them all. */
  private byMember = new Map<string, Set<string>>();

  constructor(maxEntries = 200) {
    this.pages = new PageCache(maxEntries);
  }

  get(keyed: Keyed, opts: { now?: number; nonce?: string } = {}) {
    const hit = this.pages.get(keyed.key, opts);
    if (!hit) {
      this.byMember.get(keyed.member)?.delete(keyed.key);
      return null;
    }
    // Never stored by the browser or a shared cache: the page is the member's own.
    hit.headers.set("Cache-Control", "private, no-store");
    return hit;
  }

  /** Keeps a 200 page without Set-Cookie for MEMBER_PAGE_SECONDS (less near the token's refresh); answers the response to send. */
  async put(keyed: Keyed, response: Response, { now = Date.now(), nonce = "" }: { now?: number; nonce?: string } = {}) {
    if (response.status !== 200) return response;
    // The country and language cookies follow from the key's inputs; any other (a refreshed token, a toast) renders again.
    if (response.headers.getSetCookie().some((c) => !/^(country|lng)=/.test(c))) return response;
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return response;
    const seconds = Math.min(MEMBER_PAGE_SECONDS, Math.floor((keyed.tokenExpiresAt - REFRESH_WINDOW_MS - now) / 1000));
    if (seconds <= 0) return response;
    const body = await response.arrayBuffer();
    if (body.byteLength > MAX_BODY_BYTES) return new Response(body, response);
    // Stored as a shareable entry of the inner cache; the browser is still told not to store it.
    const stored = new Response(body, { status: 200, headers: response.headers });
    stored.headers.set("Cache-Control", `public, s-maxage=${seconds}`);
    const sent = await this.pages.put(keyed.key, stored, { now, nonce });
    let keys = this.byMember.get(keyed.member);
    if (!keys) {
      keys = new Set();
      this.byMember.set(keyed.member, keys);
    }
    keys.add(keyed.key);
    if (this.byMember.size > 1000) this.byMember.delete(this.byMember.keys().next().value!);
    const out = new Response(sent.body, sent);
    out.headers.set("Cache-Control", "private, no-store");
    return out;
  }

  /** Renders in flight, by key: concurrent misses of one session's page wait for one render (no stampede). */
  private inflight = new Map<string, Promise<unknown>>();

  /**
   * The cached page, or `render()`'s response, kept when it may be. While a render for the same key is under
   * way, a request waits for it and is answered from the cache (with its own nonce), or renders itself when
   * that page could not be kept.
   */
  async serve(keyed: Keyed, render: () => Promise<Response>, opts: { now?: number; nonce?: string } = {}): Promise<Response> {
    const hit = this.get(keyed, opts);
    if (hit) return hit;
    const running = this.inflight.get(keyed.key);
    if (running) {
      await running.catch(() => undefined);
      return this.get(keyed, opts) ?? render();
    }
    const work = render().then((response) => this.put(keyed, response, opts));
    this.inflight.set(keyed.key, work);
    try {
      return await work;
    } finally {
      this.inflight.delete(keyed.key);
    }
  }

  /**
   * Called for every request before it is handled: one that may change the member's data (any method but
   * GET/HEAD with a session) drops that member's pages; when its member cannot be told, every page.
   */
  invalidateFor(request: Request) {
    if (request.method === "GET" || request.method === "HEAD" || !hasSession(request)) return;
    const member = requestMember(request);
    if (member === null) {
      this.clear();
      return;
    }
    for (const key of this.byMember.get(member) ?? []) this.pages.delete(key);
    this.byMember.delete(member);
  }

  clear() {
    this.pages.clear();
    this.byMember.clear();
  }

  get size() {
    return this.pages.size;
  }
}
