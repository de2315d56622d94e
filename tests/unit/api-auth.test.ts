import { describe, expect, it } from "vitest";
import { withCookieAuth } from "../../server/api-auth";
import { formPostRefusal, isCrossSitePost, PAGE_POST_MAX } from "../../server/csrf";
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

describe("a page's post must be a form of a declared, bounded length (the app audit, session 15)", () => {
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
    expect(post("application/x-www-form-urlencoded", String(PAGE_POST_MAX.urlencoded))).toBeNull();
    expect(post("application/x-www-form-urlencoded", String(PAGE_POST_MAX.urlencoded + 1))).toBe(413);
    expect(post("multipart/form-data; boundary=x", String(PAGE_POST_MAX.multipart))).toBeNull();
    expect(post("multipart/form-data; boundary=x", String(PAGE_POST_MAX.multipart + 1))).toBe(413);
    // GETs and the country call (a POST without a body) are not forms.
    expect(formPostRefusal(new Request("http://localhost/login"), "/login")).toBeNull();
    expect(post(null, null, "/api/country")).toBeNull();
  });
});
