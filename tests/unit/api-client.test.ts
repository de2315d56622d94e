import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { api, apiPath, refusalData, REPORT_DEDUP_MS } from "~/utils/api.server";
import { accessTokenCookie, refreshTokenCookie } from "~/utils/cookies.server";

/**
 * The app's API client against a stand-in of the api worker's HTTP contract (the refresh endpoint
 * belongs to the accounts issue, so it cannot be the real worker yet). Every branch of the spec's
 * section 4 and 8: fresh token, refresh once (8003), 8004, other refresh failure, 8000, other errors.
 */
type Call = { url: string; method: string; headers: Headers; body: string | null };

function jwt(claims: Record<string, unknown>) {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.sig`;
}
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

function standIn(route: (call: Call) => unknown) {
  const calls: Call[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      const call = { url: new URL(request.url).pathname, method: request.method, headers: request.headers, body: await request.text() };
      calls.push(call);
      const result = route(call);
      if (result instanceof Error) throw result;
      return Response.json(result);
    },
  };
  return { calls, fetcher };
}

async function setup(opts: { access?: string; refresh?: string; route: (call: Call) => unknown; lang?: string; ip?: string }) {
  const apiStand = standIn(opts.route);
  const notifyStand = standIn(() => ({ success: true, code: 1000, data: null, message: "OK" }));
  const cookies: string[] = [];
  if (opts.access) cookies.push((await accessTokenCookie.serialize(opts.access)).split(";")[0]!);
  if (opts.refresh) cookies.push((await refreshTokenCookie.serialize(opts.refresh)).split(";")[0]!);
  if (opts.lang) cookies.push(`lng=${Buffer.from(JSON.stringify(opts.lang)).toString("base64")}`);
  const headers: Record<string, string> = { cookie: cookies.join("; ") };
  if (opts.ip) headers["cf-connecting-ip"] = opts.ip;
  const request = new Request("http://localhost:8787/plan", { headers });
  const context = {
    cloudflare: { env: { API: apiStand.fetcher, NOTIFY: notifyStand.fetcher, DEFAULT_COUNTRY: "KR" }, ctx: { waitUntil() {} } },
    outgoingCookies: [] as string[],
    requestState: new Map(),
  } as unknown as AppLoadContext;
  return { request, context, apiCalls: apiStand.calls, notifyCalls: notifyStand.calls };
}

const okEnvelope = (data: unknown) => ({ success: true, code: 1000, data, message: "OK" });

async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("location");
}

describe("api client", () => {
  it("sends lang (ko as kr) and the access token, and returns the envelope", async () => {
    const token = jwt({ sub: "1", email: "a@b.co", exp: inSeconds(3600) });
    const s = await setup({ access: token, route: () => okEnvelope([1]) });
    const res = await api(s, "GET /utils/planlist");
    expect(res).toEqual(okEnvelope([1]));
    expect(s.apiCalls).toHaveLength(1);
    expect(s.apiCalls[0]!.url).toBe("/api/v1/utils/planlist");
    expect(s.apiCalls[0]!.headers.get("lang")).toBe("kr");
    expect(s.apiCalls[0]!.headers.get("api-key")).toBe(token);
    expect(s.context.outgoingCookies).toEqual([]);
  });

  it("passes the visitor's address on, so the api's per-IP limits count visitors, not the app worker", async () => {
    const s = await setup({ ip: "203.0.113.7", route: () => okEnvelope(null) });
    await api(s, "POST /member/login", { body: {} });
    expect(s.apiCalls[0]!.headers.get("cf-connecting-ip")).toBe("203.0.113.7");
    const none = await setup({ route: () => okEnvelope(null) });
    await api(none, "GET /utils/planlist");
    expect(none.apiCalls[0]!.headers.has("cf-connecting-ip")).toBe(false);
  });

  it("sends lang en for English and no api-key without a token", async () => {
    const s = await setup({ lang: "en", route: () => okEnvelope(null) });
    await api(s, "GET /utils/planlist");
    expect(s.apiCalls[0]!.headers.get("lang")).toBe("en");
    expect(s.apiCalls[0]!.headers.has("api-key")).toBe(false);
  });

  it("refreshes once for parallel calls when the token expires within 30 s (8003)", async () => {
    const old = jwt({ sub: "1", email: "a@b.co", exp: inSeconds(20) });
    const fresh = jwt({ sub: "1", email: "a@b.co", exp: inSeconds(86400) });
    const s = await setup({
      access: old,
      refresh: "r1",
      route: (c) =>
        c.url === "/api/v1/member/getrefresh"
          ? { success: true, code: 8003, data: { token: fresh, refreshToken: "r2" }, message: "" }
          : okEnvelope(c.headers.get("api-key")),
    });
    const results = await Promise.all([api(s, "GET /guide"), api(s, "GET /faq"), api(s, "GET /notices")]);
    const refreshes = s.apiCalls.filter((c) => c.url === "/api/v1/member/getrefresh");
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.headers.get("authorization")).toBe("Bearer r1");
    expect(results.map((r) => r.data)).toEqual([fresh, fresh, fresh]);
    const set = s.context.outgoingCookies.join("\n");
    expect(await accessTokenCookie.parse(s.context.outgoingCookies[0]!.split(";")[0]!)).toBe(fresh);
    expect(await refreshTokenCookie.parse(s.context.outgoingCookies[1]!.split(";")[0]!)).toBe("r2");
    expect(set).toMatch(/HttpOnly/);
  });

  it("does not refresh a token with more than 30 s left", async () => {
    const s = await setup({ access: jwt({ exp: inSeconds(45) }), refresh: "r1", route: () => okEnvelope(null) });
    await api(s, "GET /guide");
    expect(s.apiCalls.map((c) => c.url)).toEqual(["/api/v1/guide"]);
  });

  it.each([
    ["8004 (refresh expired)", { success: false, code: 8004, data: null, message: "expired" }],
    ["another failure code", { success: false, code: 5000, data: null, message: "down" }],
    ["a network failure", new Error("connection refused")],
  ])("clears the session and redirects to /login on %s", async (_name, answer) => {
    const s = await setup({
      access: jwt({ exp: inSeconds(5) }),
      refresh: "r1",
      route: (c) => (c.url === "/api/v1/member/getrefresh" ? answer : okEnvelope(null)),
    });
    expect(await redirectOf(api(s, "GET /guide"))).toBe("/login");
    expect(s.apiCalls.map((c) => c.url)).toEqual(["/api/v1/member/getrefresh"]);
    expect(s.context.outgoingCookies).toHaveLength(2);
    for (const c of s.context.outgoingCookies) expect(c).toMatch(/Max-Age=0/);
  });

  it("redirects to /login without calling the API when the token is expiring and no refresh token exists", async () => {
    const s = await setup({ access: jwt({ exp: inSeconds(-10) }), route: () => okEnvelope(null) });
    expect(await redirectOf(api(s, "GET /guide"))).toBe("/login");
    expect(s.apiCalls).toHaveLength(0);
  });

  it("refreshes when the access token cookie is gone but the refresh token is still there", async () => {
    const fresh = jwt({ sub: "1", email: "a@b.co", exp: inSeconds(86400) });
    const s = await setup({
      refresh: "r1",
      route: (c) =>
        c.url === "/api/v1/member/getrefresh"
          ? { success: true, code: 8003, data: { token: fresh, refreshToken: "r2" }, message: "" }
          : okEnvelope(c.headers.get("api-key")),
    });
    expect((await api(s, "GET /guide")).data).toBe(fresh);
    expect(s.apiCalls.map((c) => c.url)).toEqual(["/api/v1/member/getrefresh", "/api/v1/guide"]);
  });

  it("redirects to /login on 8000 (login required)", async () => {
    const s = await setup({ route: () => ({ success: false, code: 8000, data: null, message: "login" }) });
    expect(await redirectOf(api(s, "GET /guide"))).toBe("/login");
  });

  it("returns other errors to the caller and reports them once within 2000 ms", async () => {
    const s = await setup({
      access: jwt({ email: "a@b.co", exp: inSeconds(3600) }),
      route: () => ({ success: false, code: 4000, data: null, message: `bad ${REPORT_DEDUP_MS}` }),
    });
    const first = await api(s, "POST /member/checkemail", { body: { x: 1 } });
    expect(first).toMatchObject({ success: false, code: 4000 });
    await api(s, "POST /member/checkemail", { body: { x: 1 } });
    await new Promise((r) => setTimeout(r, 10));
    expect(s.notifyCalls).toHaveLength(1);
    const report = JSON.parse(s.notifyCalls[0]!.body!);
    expect(report.message).toBe(`bad ${REPORT_DEDUP_MS}`);
    expect(report.userId).toBe("a@b.co");
    expect(JSON.parse(report.detail)).toEqual({ url: "/member/checkemail", method: "POST", status: 200, page: "/plan" });
    expect(s.apiCalls[0]!.headers.get("content-type")).toBe("application/json");
    expect(s.apiCalls[0]!.body).toBe('{"x":1}');
  });

  it("ignores a failing report", async () => {
    const s = await setup({ route: () => ({ success: false, code: 4000, data: null, message: "unique-failing-report" }) });
    (s.context.cloudflare.env as unknown as { NOTIFY: unknown }).NOTIFY = {
      fetch: () => Promise.reject(new Error("notify down")),
    };
    await expect(api(s, "GET /guide")).resolves.toMatchObject({ success: false, code: 4000 });
  });

  it("fills a route's params, each encoded, and adds its query", async () => {
    expect(apiPath("/studio/projects/:id/versions/:version/restore", { id: "p 1", version: "v/2" })).toBe(
      "/studio/projects/p%201/versions/v%2F2/restore",
    );
    expect(apiPath("/studio/jobs/:id/parts/:paragraph/:index{[0-9]{1,3}}", { id: "j", paragraph: "p", index: "3" })).toBe(
      "/studio/jobs/j/parts/p/3",
    );
    expect(apiPath("/studio/projects", {}, { type: "tts", page: 2, q: undefined })).toBe("/studio/projects?type=tts&page=2");
    expect(
      apiPath(
        "/notices",
        {},
        new URLSearchParams([
          ["ids", "a"],
          ["ids", "b"],
        ]),
      ),
    ).toBe("/notices?ids=a&ids=b");
    const s = await setup({ route: () => okEnvelope(null) });
    await api(s, "GET /studio/projects/:id", { params: { id: "a/b" }, query: { versions: "1" } });
    expect(s.apiCalls[0]!.url).toBe("/api/v1/studio/projects/a%2Fb");
    expect(s.apiCalls[0]!.method).toBe("GET");
  });
});

describe("refusalData", () => {
  it("reads a field a refusal carries, and nothing from data that is not an object or lacks it", () => {
    expect(refusalData({ data: { revision: 7 } }, "revision")).toBe(7);
    expect(refusalData({ data: { field: "card_number1" } }, "revision")).toBeUndefined();
    expect(refusalData({ data: null }, "revision")).toBeUndefined();
    expect(refusalData({ data: "revision" }, "revision")).toBeUndefined();
  });
});
