import { describe, expect, it } from "vitest";
import { withBookmarkCookie, withCookieAuth } from "../../server/api-auth";
import { formPostRefusal, isCrossSitePost } from "../../server/csrf";
import { URLENCODED_MAX } from "../../server/post-limits";
import { accessTokenCookie } from "~/utils/cookies.server";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig";
const cookieHeader = async () => (await accessTokenCookie.serialize(TOKEN)).split(";")[0]!;

describe("cookie to api-key at the edge", () => {
  it("adds the access token of the cookie as api-key on same-site requests", async () => {
    const get = withCookieAuth(new Request("http://localhost/api/v1/studio/history", { headers: { cookie: await cookieHeader() } }));
    expect(get.headers.get("api-key")).toBe(TOKEN);
    const post = withCookieAuth(
      new Request("http://localhost/api/v1/studio/delHistory", {
        method: "POST",
        headers: { cookie: await cookieHeader(), "sec-fetch-site": "same-origin" },
      }),
    );
    expect(post.headers.get("api-key")).toBe(TOKEN);
  });

  it("never for a cross-site post, and never over an api-key the caller set", async () => {
    const crossSite: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }];
    for (const headers of crossSite) {
      const req = withCookieAuth(
        new Request("http://localhost/api/v1/studio/delHistory", { method: "POST", headers: { cookie: await cookieHeader(), ...headers } }),
      );
      expect(req.headers.has("api-key")).toBe(false);
    }
    const own = withCookieAuth(new Request("http://localhost/api/v1/x", { headers: { cookie: await cookieHeader(), "api-key": "mine" } }));
    expect(own.headers.get("api-key")).toBe("mine");
    // A garbled cookie adds nothing.
    expect(
      withCookieAuth(new Request("http://localhost/api/v1/x", { headers: { cookie: "accessToken=%%%" } })).headers.has("api-key"),
    ).toBe(false);
  });
});

describe("the page's language at the edge", () => {
  it("tells the api the language of the browser's pages: the language cookie, else the browser's first language", () => {
    const lang = (headers: Record<string, string>) =>
      withCookieAuth(new Request("http://localhost/api/v1/x", { headers })).headers.get("lang");
    expect(lang({ cookie: `lng=${btoa(JSON.stringify("en"))}`, "accept-language": "ko-KR" })).toBe("en");
    expect(lang({ cookie: `lng=${btoa(JSON.stringify("ko"))}`, "accept-language": "en-US" })).toBe("kr");
    expect(lang({ "accept-language": "en-US,en;q=0.9" })).toBe("en");
    expect(lang({})).toBe("kr");
    // A caller's own header stands.
    expect(lang({ lang: "en", cookie: `lng=${btoa(JSON.stringify("ko"))}` })).toBe("en");
  });
});

describe("the browser's D1 bookmark at the edge", () => {
  it("sends the cookie's bookmark to the api, and moves the cookie forward only to a later one, never on a public answer", () => {
    const req = new Request("http://localhost/api/v1/voices/x/sample", {
      headers: { cookie: "lng=ko; accessToken=x; d1b=0000000a-00000002" },
    });
    expect(withCookieAuth(req).headers.get("x-d1-bookmark")).toBe("0000000a-00000002");
    const answer = (bookmark: string, cache = "private, no-store") =>
      new Response("{}", { headers: { "x-d1-bookmark": bookmark, "cache-control": cache } });
    expect(withBookmarkCookie(req, answer("0000000a-00000003")).headers.get("set-cookie")).toBe(
      "d1b=0000000a-00000003; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax",
    );
    expect(withBookmarkCookie(req, answer("0000000a-00000001")).headers.get("set-cookie")).toBeNull();
    expect(withBookmarkCookie(req, answer("0000000a-00000003", "public, max-age=86400")).headers.get("set-cookie")).toBeNull();
    // A visitor's answers set none (their pages may be cached for others).
    const visitor = new Request("http://localhost/api/v1/voices", { headers: { cookie: "lng=ko; d1b=0000000a-00000002" } });
    expect(withBookmarkCookie(visitor, answer("0000000a-00000003")).headers.get("set-cookie")).toBeNull();
    // A caller's own bookmark header is kept; a forged cookie value is not sent.
    const own = new Request("http://localhost/api/v1/x", { headers: { cookie: "d1b=0000000a-00000002", "x-d1-bookmark": "0000000b-1" } });
    expect(withCookieAuth(own).headers.get("x-d1-bookmark")).toBe("0000000b-1");
    expect(withCookieAuth(new Request("http://localhost/api/v1/x", { headers: { cookie: "d1b=<x>" } })).headers.has("x-d1-bookmark")).toBe(
      false,
    );
  });
});

describe("CSRF check", () => {
  const post = (headers: Record<string, string>) => new Request("http://localhost/logout", { method: "POST", headers });
  it("refuses cross-site and same-site-but-other-origin posts, allows same-origin and typed navigations", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSitePost(post({ "sec-fetch-site": "none" }))).toBe(false);
    expect(isCrossSitePost(post({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSitePost(post({ origin: "http://localhost" }))).toBe(false);
    expect(isCrossSitePost(post({}))).toBe(false);
    expect(isCrossSitePost(new Request("http://localhost/", { headers: { "sec-fetch-site": "cross-site" } }))).toBe(false);
    // Headers that disagree (no browser sends these): an Origin not ours is refused whatever Sec-Fetch-Site says.
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin", origin: "http://localhost" }))).toBe(false);
  });
});

describe("a page's post must be a form of a declared, bounded length", () => {
  const post = (type: string | null, length: string | null = "1", path = "/login") =>
    formPostRefusal(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { ...(type ? { "content-type": type } : {}), ...(length ? { "content-length": length } : {}) },
      }),
      path,
    );
  it("lets forms through and refuses the rest: 415 not a form, 411 no length, 413 over the limit", () => {
    expect(post("application/x-www-form-urlencoded")).toBeNull();
    expect(post("application/x-www-form-urlencoded;charset=UTF-8")).toBeNull();
    expect(post("multipart/form-data; boundary=----abc")).toBeNull();
    for (const type of ["text/plain", "application/json", "multipart/form-data", null]) expect(post(type), String(type)).toBe(415);
    expect(post("application/x-www-form-urlencoded", null)).toBe(411);
    expect(post("application/x-www-form-urlencoded", "-1")).toBe(411);
    expect(post("application/x-www-form-urlencoded", String(URLENCODED_MAX))).toBeNull();
    expect(post("application/x-www-form-urlencoded", String(URLENCODED_MAX + 1))).toBe(413);
    expect(post("multipart/form-data; boundary=x", String(URLENCODED_MAX))).toBeNull();
    expect(post("multipart/form-data; boundary=x", String(URLENCODED_MAX + 1))).toBe(413);
    // GETs and the country call (a POST without a body) are not forms.
    expect(formPostRefusal(new Request("http://localhost/login"), "/login")).toBeNull();
    expect(post(null, null, "/api/country")).toBeNull();
  });
});

describe("a page post's limit is its page's: multipart past 2 MB only where the page takes files (brief harden2)", () => {
  const MB = 1024 * 1024;
  const post = (path: string, length: number, type = "multipart/form-data; boundary=x") =>
    formPostRefusal(
      new Request(`http://localhost${path}`, { method: "POST", headers: { "content-type": type, "content-length": String(length) } }),
      new URL(`http://localhost${path}`).pathname,
    );
  // Each upload page's largest legitimate post (its files), plus 1 MB for its fields and the multipart framing; the
  // numbers written out here on purpose, so a changed constant shows in this test as well as in the table.
  const uploads: [string, number][] = [
    ["/dashboard/custom", 5 * 10 * MB + MB], // five recordings of 10 MB
    ["/dashboard/library/open", 10 * MB + MB], // a 10 MB recording (the profile image of 1 MB is another step's post)
    ["/studio/projects/speech-to-speech", 30 * MB + MB], // an STS source of 30 MB
    ["/labs/avatar", 30 * MB + MB], // a 30 MB VRM, or an STS source of 30 MB
    ["/labs/shorts/start", 30 * MB + MB], // an STS source of 30 MB
    ["/dashboard/help", 5 * 5 * MB + MB], // five images of 5 MB
    ["/dashboard/help/12", 5 * 5 * MB + MB],
    ["/admin/inquiries/12", 5 * 5 * MB + MB],
    ["/actors", 10 * MB + MB], // a 10 MB sample
  ];

  it("refuses a multipart post past 2 MB to a page that takes no file, before reading it (an anonymous 64 MB one to /login was parsed)", () => {
    for (const path of [
      "/login",
      "/join",
      "/user/password",
      "/dashboard/settings",
      "/login.data",
      "/_root.data",
      "/",
      "/actors/x",
      "/dashboard/customs",
    ]) {
      expect(post(path, 3 * MB), path).toBe(413);
      expect(post(path, URLENCODED_MAX), path).toBeNull();
      expect(post(path, URLENCODED_MAX + 1), path).toBe(413);
    }
  });

  it("lets each upload page take its largest post, as a document's post and as Remix's fetch (`.data`), and refuses one byte more", () => {
    for (const [path, max] of uploads) {
      for (const at of [path, `${path}.data`, `${path}/`, `${path}.data?index`]) {
        expect(post(at, 3 * MB), at).toBeNull();
        expect(post(at, max), at).toBeNull();
        expect(post(at, max + 1), at).toBe(413);
        // Its URL-encoded posts keep the 2 MB of every page.
        expect(post(at, 3 * MB, "application/x-www-form-urlencoded"), at).toBe(413);
      }
    }
  });

  it("gives the studio's script import (256 KB) the 2 MB every page takes, on /studio and /dashboard/studio", () => {
    for (const at of ["/studio", "/studio.data?index", "/dashboard/studio"]) {
      expect(post(at, URLENCODED_MAX), at).toBeNull();
      expect(post(at, URLENCODED_MAX + 1), at).toBe(413);
    }
  });
});
