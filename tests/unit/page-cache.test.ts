import { describe, expect, it } from "vitest";
import { cacheKey, PageCache, privateWhenSignedIn, sharedMaxAge } from "../../server/page-cache";

const req = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers });
const ORIGIN = "http://localhost";
const keyOf = (request: Request) => cacheKey(request, ORIGIN);
const page = (body: string, cacheControl = "public, max-age=0, s-maxage=60", extra: Record<string, string> = {}) =>
  new Response(body, { headers: { "cache-control": cacheControl, "content-type": "text/html", ...extra } });

describe("page micro-cache", () => {
  it("keys on the path, language and country inputs only", () => {
    const base = keyOf(req("/", { "accept-language": "ko" }));
    expect(base).not.toBeNull();
    expect(keyOf(req("/", { "accept-language": "ko", "user-agent": "x" }))).toBe(base);
    expect(keyOf(req("/", { "accept-language": "en" }))).not.toBe(base);
    expect(keyOf(req("/", { "accept-language": "ko", "cf-ipcountry": "US" }))).not.toBe(base);
    expect(keyOf(req("/", { "accept-language": "ko", cookie: "country=abc" }))).not.toBe(base);
    expect(keyOf(req("/", { "accept-language": "ko", cookie: "lng=abc; other=1" }))).toBe(
      keyOf(req("/", { "accept-language": "ko", cookie: "lng=abc; other=2" })),
    );
    expect(keyOf(req("/?lng=en", { "accept-language": "ko" }))).not.toBe(base);
  });

  it("never caches signed-in, non-GET, data or no-cache requests", () => {
    expect(keyOf(req("/", { cookie: "accessToken=x" }))).toBeNull();
    expect(keyOf(req("/", { cookie: "lng=a; refreshToken=y" }))).toBeNull();
    expect(keyOf(req("/", {}, "POST"))).toBeNull();
    expect(keyOf(req("/_root.data"))).toBeNull();
    expect(keyOf(req("/", { "cache-control": "no-cache" }))).toBeNull();
  });

  it("shares only public 200 responses with s-maxage", () => {
    expect(sharedMaxAge(page("x"))).toBe(60);
    expect(sharedMaxAge(page("x", "private, s-maxage=60"))).toBe(0);
    expect(sharedMaxAge(page("x", "public, max-age=60"))).toBe(0);
    expect(sharedMaxAge(new Response("x", { status: 404, headers: { "cache-control": "public, s-maxage=60" } }))).toBe(0);
  });

  it("serves a stored page with its cookies until it expires", async () => {
    const cache = new PageCache();
    const first = await cache.put("k", page("hello", undefined, { "set-cookie": "country=KR; Path=/" }), { now: 1000 });
    expect(await first.text()).toBe("hello");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const hit = cache.get("k", { now: 60_999 })!;
    expect(await hit.text()).toBe("hello");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.getSetCookie()).toEqual(["country=KR; Path=/"]);
    expect(cache.get("k", { now: 61_000 })).toBeNull();
  });

  it("passes through what it may not store, and evicts the least recently used", async () => {
    const cache = new PageCache(2);
    const privatePage = await cache.put("p", page("secret", "private"));
    expect(await privatePage.text()).toBe("secret");
    expect(cache.size).toBe(0);
    await cache.put("a", page("a"));
    await cache.put("b", page("b"));
    cache.get("a");
    await cache.put("c", page("c"));
    expect(cache.get("b")).toBeNull();
    expect(cache.get("a")).not.toBeNull();
    expect(cache.get("c")).not.toBeNull();
  });

  it("keys by the canonical origin, never by the request's Host alone", () => {
    const canonical = "https://voicestudio.example";
    const real = cacheKey(new Request("https://voicestudio.example/"), canonical);
    // With PUBLIC_ORIGIN set, a forged host shares the canonical page (which names only the canonical origin).
    expect(cacheKey(new Request("https://evil.example/"), canonical)).toBe(real);
    // Without it (the request's own origin), each host has its own entry.
    expect(cacheKey(new Request("https://evil.example/"), "https://evil.example")).not.toBe(real);
  });

  it("gives each hit the new request's script nonce", async () => {
    const cache = new PageCache();
    const html = '<script nonce="OLD+n0nce==">a</script><p>nonce="OLD+n0nce=="</p>';
    await cache.put("n", page(html), { now: 0, nonce: "OLD+n0nce==" });
    const hit = cache.get("n", { now: 1, nonce: "NEW/n0nce==" })!;
    expect(await hit.text()).toBe('<script nonce="NEW/n0nce==">a</script><p>nonce="NEW/n0nce=="</p>');
  });
});

describe("pages of a signed-in request", () => {
  const html = (headers: Record<string, string> = {}) =>
    new Response("<p>me@example.com</p>", { headers: { "content-type": "text/html", ...headers } });
  it("are private and never stored, with a session's access or refresh token", () => {
    for (const cookie of ["accessToken=a", "lng=ko; refreshToken=r"])
      expect(privateWhenSignedIn(req("/dashboard/settings", { cookie }), html()).headers.get("cache-control")).toBe("private, no-store");
  });
  it("keep what the route said, and a visitor's pages are left as they are", () => {
    const own = privateWhenSignedIn(req("/", { cookie: "accessToken=a" }), html({ "cache-control": "public, s-maxage=60" }));
    expect(own.headers.get("cache-control")).toBe("public, s-maxage=60");
    expect(privateWhenSignedIn(req("/plan", { cookie: "lng=ko; toast=x" }), html()).headers.get("cache-control")).toBeNull();
  });
});
