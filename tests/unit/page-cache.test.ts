import { describe, expect, it } from "vitest";
import { cacheKey, PageCache, sharedMaxAge } from "../../page-cache";

const req = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers });
const page = (body: string, cacheControl = "public, max-age=0, s-maxage=60", extra: Record<string, string> = {}) =>
  new Response(body, { headers: { "cache-control": cacheControl, "content-type": "text/html", ...extra } });

describe("page micro-cache", () => {
  it("keys on the path, language and country inputs only", () => {
    const base = cacheKey(req("/", { "accept-language": "ko" }));
    expect(base).not.toBeNull();
    expect(cacheKey(req("/", { "accept-language": "ko", "user-agent": "x" }))).toBe(base);
    expect(cacheKey(req("/", { "accept-language": "en" }))).not.toBe(base);
    expect(cacheKey(req("/", { "accept-language": "ko", "cf-ipcountry": "US" }))).not.toBe(base);
    expect(cacheKey(req("/", { "accept-language": "ko", cookie: "country=abc" }))).not.toBe(base);
    expect(cacheKey(req("/", { "accept-language": "ko", cookie: "lng=abc; other=1" }))).toBe(
      cacheKey(req("/", { "accept-language": "ko", cookie: "lng=abc; other=2" })),
    );
    expect(cacheKey(req("/?lng=en", { "accept-language": "ko" }))).not.toBe(base);
  });

  it("never caches signed-in, non-GET, data or no-cache requests", () => {
    expect(cacheKey(req("/", { cookie: "accessToken=x" }))).toBeNull();
    expect(cacheKey(req("/", { cookie: "lng=a; refreshToken=y" }))).toBeNull();
    expect(cacheKey(req("/", {}, "POST"))).toBeNull();
    expect(cacheKey(req("/_root.data"))).toBeNull();
    expect(cacheKey(req("/", { "cache-control": "no-cache" }))).toBeNull();
  });

  it("shares only public 200 responses with s-maxage", () => {
    expect(sharedMaxAge(page("x"))).toBe(60);
    expect(sharedMaxAge(page("x", "private, s-maxage=60"))).toBe(0);
    expect(sharedMaxAge(page("x", "public, max-age=60"))).toBe(0);
    expect(sharedMaxAge(new Response("x", { status: 404, headers: { "cache-control": "public, s-maxage=60" } }))).toBe(0);
  });

  it("serves a stored page with its cookies until it expires", async () => {
    const cache = new PageCache();
    const first = await cache.put("k", page("hello", undefined, { "set-cookie": "country=KR; Path=/" }), 1000);
    expect(await first.text()).toBe("hello");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const hit = cache.get("k", 60_999)!;
    expect(await hit.text()).toBe("hello");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.getSetCookie()).toEqual(["country=KR; Path=/"]);
    expect(cache.get("k", 61_000)).toBeNull();
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
});
