import { describe, expect, it } from "vitest";
import { MEMBER_PAGE_SECONDS, MemberPageCache, memberCacheKey, requestMember } from "../../server/member-page-cache";

// Issue 19 (page speed), docs/decisions/0040: signed-in pages reused per session for a few seconds.

const ORIGIN = "http://localhost";
const NOW = Date.UTC(2026, 10, 24, 3, 0, 0);

const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
/** An access token as the api mints it (the cache reads, never verifies, its claims). */
const jwt = (sub: string, exp = NOW / 1000 + 3600, sid = "s1") =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify({ sub, sid, email: `${sub}@example.com`, exp }))}.sig`;
/** The cookie value Remix's createCookie writes: base64 of the JSON string, URL-encoded. */
const remixCookie = (name: string, value: string) => `${name}=${encodeURIComponent(btoa(JSON.stringify(value)))}`;
const session = (token: string, extra = "") => `${remixCookie("accessToken", token)}; ${remixCookie("refreshToken", "r")}${extra}`;

const req = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers });
const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "text/html", ...headers } });

const A = jwt("member-a");
const A2 = jwt("member-a", NOW / 1000 + 3600, "s2");
const B = jwt("member-b");

describe("member page cache: keys", () => {
  it("keys the dashboard on the session's own token and the public cache's inputs", () => {
    const a = memberCacheKey(req("/dashboard", { cookie: session(A), "accept-language": "ko" }), ORIGIN, NOW)!;
    expect(a).toMatchObject({ member: "member-a", tokenExpiresAt: NOW + 3_600_000 });
    // Another member, another session of the same member, another language: other keys.
    expect(memberCacheKey(req("/dashboard", { cookie: session(B), "accept-language": "ko" }), ORIGIN, NOW)!.key).not.toBe(a.key);
    expect(memberCacheKey(req("/dashboard", { cookie: session(A2), "accept-language": "ko" }), ORIGIN, NOW)!.key).not.toBe(a.key);
    expect(memberCacheKey(req("/dashboard", { cookie: session(A), "accept-language": "en" }), ORIGIN, NOW)!.key).not.toBe(a.key);
    expect(memberCacheKey(req("/dashboard", { cookie: session(A, "; lng=ZW4="), "accept-language": "ko" }), ORIGIN, NOW)!.key).not.toBe(
      a.key,
    );
    expect(memberCacheKey(req("/dashboard", { cookie: session(A), "accept-language": "ko" }), "https://other.example", NOW)!.key).not.toBe(
      a.key,
    );
  });

  it("keys nothing else: visitors, other pages, data requests, no-cache, toasts, other methods, a token about to be refreshed", () => {
    expect(memberCacheKey(req("/dashboard"), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: remixCookie("refreshToken", "r") }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard/plan", { cookie: session(A) }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/studio", { cookie: session(A) }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard.data", { cookie: session(A) }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard?_data=root", { cookie: session(A) }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: session(A), "cache-control": "no-cache" }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: session(A, "; toast=abc") }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: session(A) }, "POST"), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: session(jwt("member-a", NOW / 1000 + 20)) }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: session("not-a-jwt") }), ORIGIN, NOW)).toBeNull();
    expect(memberCacheKey(req("/dashboard", { cookie: "accessToken=%%%" }), ORIGIN, NOW)).toBeNull();
  });

  it("tells whose request it is from the api-key header or the cookie", () => {
    expect(requestMember(req("/api/v1/studio/projects", { "api-key": A }, "POST"))).toBe("member-a");
    expect(requestMember(req("/api/v1/studio/projects", { "api-key": `Bearer ${B}` }, "POST"))).toBe("member-b");
    expect(requestMember(req("/dashboard", { cookie: session(B) }, "POST"))).toBe("member-b");
    expect(requestMember(req("/dashboard", {}, "POST"))).toBeNull();
  });
});

describe("member page cache: entries", () => {
  const keyOf = (token: string, path = "/dashboard", now = NOW) => memberCacheKey(req(path, { cookie: session(token) }), ORIGIN, now)!;

  it("serves the session's page with a fresh nonce until it expires, never to be stored by the browser", async () => {
    const cache = new MemberPageCache();
    const k = keyOf(A);
    const sent = await cache.put(k, page('<script nonce="n1">x</script>'), { now: NOW, nonce: "n1" });
    expect(sent.headers.get("x-page-cache")).toBe("miss");
    expect(sent.headers.get("cache-control")).toBe("private, no-store");
    expect(await sent.text()).toBe('<script nonce="n1">x</script>');
    const hit = cache.get(k, { now: NOW + 1000, nonce: "n2" })!;
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("cache-control")).toBe("private, no-store");
    expect(await hit.text()).toBe('<script nonce="n2">x</script>');
    expect(cache.get(keyOf(B), { now: NOW + 1000 })).toBeNull();
    expect(cache.get(k, { now: NOW + MEMBER_PAGE_SECONDS * 1000 + 1 })).toBeNull();
  });

  it("keeps only 200 pages whose cookies are the country and language ones, and never past the token's refresh", async () => {
    const cache = new MemberPageCache();
    const k = keyOf(A);
    await cache.put(k, page("refreshed", { "set-cookie": "accessToken=new; Path=/" }), { now: NOW });
    expect(cache.get(k, { now: NOW })).toBeNull();
    await cache.put(k, new Response("error", { status: 503 }), { now: NOW });
    expect(cache.get(k, { now: NOW })).toBeNull();
    await cache.put(k, page("with country", { "set-cookie": "country=IktSIg%3D%3D; Path=/" }), { now: NOW });
    expect(await cache.get(k, { now: NOW })!.text()).toBe("with country");
    // A token 32 s from its end: the page lives 2 s, not 5 (the root loader refreshes at 30 s).
    const short = keyOf(jwt("member-c", NOW / 1000 + 32));
    await cache.put(short, page("short"), { now: NOW });
    expect(cache.get(short, { now: NOW + 1500 })).not.toBeNull();
    expect(cache.get(short, { now: NOW + 2500 })).toBeNull();
  });

  it("drops a member's pages when that member changes anything, and only that member's", async () => {
    const cache = new MemberPageCache();
    for (const t of [A, A2, B]) await cache.put(keyOf(t), page(t), { now: NOW });
    expect(cache.size).toBe(3);
    // Reading changes nothing.
    cache.invalidateFor(req("/api/v1/studio/projects", { "api-key": A }));
    cache.invalidateFor(req("/dashboard", { cookie: session(A) }, "HEAD"));
    // A visitor's post names no member and carries no session: nothing dropped.
    cache.invalidateFor(req("/login", {}, "POST"));
    expect(cache.size).toBe(3);
    // Member A's page action (cookie) drops both of A's sessions' pages; B's stays.
    cache.invalidateFor(req("/studio", { cookie: session(A) }, "POST"));
    expect(cache.get(keyOf(A), { now: NOW })).toBeNull();
    expect(cache.get(keyOf(A2), { now: NOW })).toBeNull();
    expect(cache.get(keyOf(B), { now: NOW })).not.toBeNull();
    // B's api call (header) drops B's.
    cache.invalidateFor(req("/api/v1/studio/projects", { "api-key": B }, "DELETE"));
    expect(cache.size).toBe(0);
  });

  it("drops every page when a changing request has a session whose member cannot be told", async () => {
    const cache = new MemberPageCache();
    await cache.put(keyOf(A), page("a"), { now: NOW });
    cache.invalidateFor(req("/logout", { cookie: remixCookie("refreshToken", "r") }, "POST"));
    expect(cache.size).toBe(0);
  });

  it("renders once for concurrent misses of one session's page, each answer with its own nonce", async () => {
    const cache = new MemberPageCache();
    const k = keyOf(A);
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      renders++;
      await gate;
      return page('<script nonce="n0">x</script>');
    };
    const answers = [0, 1, 2].map((i) => cache.serve(k, render, { now: NOW, nonce: i === 0 ? "n0" : `n${i}` }));
    release();
    const bodies = await Promise.all((await Promise.all(answers)).map((r) => r.text()));
    expect(renders).toBe(1);
    expect(bodies).toEqual(['<script nonce="n0">x</script>', '<script nonce="n1">x</script>', '<script nonce="n2">x</script>']);
  });

  it("lets waiters render for themselves when the page could not be kept", async () => {
    const cache = new MemberPageCache();
    const k = keyOf(A);
    let renders = 0;
    const render = async () => {
      renders++;
      await Promise.resolve();
      return page(`render ${renders}`, { "set-cookie": "accessToken=new" });
    };
    const bodies = await Promise.all(
      [cache.serve(k, render, { now: NOW }), cache.serve(k, render, { now: NOW })].map(async (p) => (await p).text()),
    );
    expect(renders).toBe(2);
    expect(bodies.sort()).toEqual(["render 1", "render 2"]);
    expect(cache.size).toBe(0);
  });
});
