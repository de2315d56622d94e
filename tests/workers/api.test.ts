import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { sign } from "hono/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { worker } from "./helpers";
import { z } from "zod/v4";
import { planCatalogue, seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { fail, ok } from "../../workers/api/src/lib/envelope";
import { requireMember } from "../../workers/api/src/lib/middleware";
import { issueSession } from "../../workers/api/src/lib/tokens";
import { jsonBody, limit } from "../../workers/api/src/lib/validate";

const api = (path: string, init?: RequestInit) => worker.fetch(`http://localhost/api/v1${path}`, init);

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("envelope and unknown paths", () => {
  it("answers an unknown path with a 404 envelope in the lang header's language", async () => {
    const ko = await api("/nope", { headers: { lang: "kr" } });
    expect(ko.status).toBe(404);
    expect(await ko.json()).toEqual({ success: false, code: Code.NOT_FOUND, data: null, message: "요청한 주소를 찾을 수 없습니다." });

    const en = await api("/nope", { headers: { lang: "en" } });
    expect((await en.json<{ message: string }>()).message).toBe("The requested address was not found.");
  });

  it("defaults to Korean without a lang header", async () => {
    const res = await api("/still/nope");
    expect((await res.json<{ message: string }>()).message).toBe("요청한 주소를 찾을 수 없습니다.");
  });
});

describe("GET /utils/planlist", () => {
  it("lists the seeded catalogue in tier order, localized", async () => {
    const res = await api("/utils/planlist", { headers: { lang: "en" } });
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; code: number; data: Record<string, unknown>[] }>();
    expect(body.success).toBe(true);
    expect(body.code).toBe(Code.OK);
    expect(body.data.map((p: Record<string, unknown>) => p.plan)).toEqual(["Free", "Starter", "Creator", "Production"]);
    expect(body.data[1]).toMatchObject({ tier: 1, plan: "Starter", price: 4900, price_en: 3.99, plan_time: 20, cv_cnt: 1 });
    expect(body.data[2]).toMatchObject({ price: 12900, price_en: 9.99, plan_time: 60, cv_cnt: 1 });
    expect(body.data[3]).toMatchObject({ price: 99900, price_en: 79.99, plan_time: 300, cv_cnt: 5 });
    expect(body.data[0]).toMatchObject({ price: 0, plan_time: 3, project_limit: 3 });
    expect(body.data[1]!.subtitle).toBe(planCatalogue[1]!.subtitle.en);
    expect(body.data[1]!.func).toEqual(planCatalogue[1]!.func.en);

    const ko = await (await api("/utils/planlist", { headers: { lang: "kr" } })).json<{ data: { func: string[] }[] }>();
    expect(ko.data[0]!.func).toEqual(planCatalogue[0]!.func.ko);
  });
});

/**
 * The conventions every later route follows, exercised on the real middleware of the real app:
 * a route is added to createApp() the way resource apps add theirs.
 */
describe("request validation and limits", () => {
  const app = createApp();
  const schema = z.object({ email: z.email(), count: z.number().int().min(1) });
  app.post("/test/echo", jsonBody(schema), (c) => ok(c, c.req.valid("json")));
  app.post("/test/small", limit(100), jsonBody(z.object({ text: z.string() })), (c) => ok(c, null));
  app.get("/test/me", requireMember, (c) => ok(c, c.var.member));
  app.get("/test/boom", () => {
    throw new Error("boom");
  });
  app.get("/test/fail", (c) => fail(c, Code.BAD_REQUEST));

  const call = (path: string, init: RequestInit = {}) =>
    app.request(`http://localhost/api/v1/test/${path}`, init, env, { waitUntil() {}, passThroughOnException() {}, props: {} });
  const post = (path: string, body: string, lang = "kr", type = "application/json") =>
    call(path, { method: "POST", body, headers: { "content-type": type, lang } });

  it("passes a valid body through", async () => {
    const res = await post("echo", JSON.stringify({ email: "a@b.co", count: 2 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { email: "a@b.co", count: 2 } });
  });

  it("rejects a schema failure with a localized 400 and every issue", async () => {
    const ko = await post("echo", JSON.stringify({ email: "nope", count: 0 }));
    expect(ko.status).toBe(400);
    const body = await ko.json<{ code: number; message: string; data: { issues: { path: string; message: string }[] } }>();
    expect(body.code).toBe(Code.BAD_REQUEST);
    expect(body.data.issues.map((i) => i.path)).toEqual(["email", "count"]);
    expect(body.message).toMatch(/^email: /);
    expect(body.message).toMatch(/[가-힣]/);

    const en = await (await post("echo", JSON.stringify({ email: "nope", count: 0 }), "en")).json<{ message: string }>();
    expect(en.message).toMatch(/^email: Invalid/);
  });

  it("rejects malformed JSON with 400 and a localized message", async () => {
    const res = await post("echo", "{not json", "en");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      code: Code.MALFORMED_JSON,
      data: null,
      message: "The request body is not valid JSON.",
    });
  });

  it("rejects a non-JSON content type with 415", async () => {
    const res = await post("echo", "email=a", "kr", "application/x-www-form-urlencoded");
    expect(res.status).toBe(415);
    expect((await res.json<{ code: number }>()).code).toBe(Code.UNSUPPORTED_MEDIA_TYPE);
  });

  it("rejects a body over the route's limit with 413", async () => {
    const res = await post("small", JSON.stringify({ text: "x".repeat(200) }), "en");
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: Code.PAYLOAD_TOO_LARGE, message: "The request body is too large." });
  });

  it("rejects a body over the default 64 KiB limit with 413 on every JSON route", async () => {
    const res = await post("echo", JSON.stringify({ email: "a@b.co", count: 1, pad: "x".repeat(70 * 1024) }));
    expect(res.status).toBe(413);
  });

  it("answers 8000 without a valid access token, and the member with one", async () => {
    const none = await call("me", { headers: { lang: "en" } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ success: false, code: Code.LOGIN_REQUIRED, message: "Please log in." });

    const bad = await call("me", { headers: { "api-key": "not-a-token" } });
    expect((await bad.json<{ code: number }>()).code).toBe(Code.LOGIN_REQUIRED);

    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ sub: "u1", email: "a@b.co", exp: now - 10 }, env.JWT_SECRET, "HS256");
    expect((await (await call("me", { headers: { "api-key": expired } })).json<{ code: number }>()).code).toBe(Code.LOGIN_REQUIRED);

    const forged = await sign({ sub: "u1", email: "a@b.co", exp: now + 600 }, "another-secret", "HS256");
    expect((await (await call("me", { headers: { "api-key": forged } })).json<{ code: number }>()).code).toBe(Code.LOGIN_REQUIRED);

    // A well-signed token counts only with a live session of an existing member (docs/decisions/0019).
    const orphan = await sign({ sub: "u1", email: "a@b.co", sid: "s1", exp: now + 600 }, env.JWT_SECRET, "HS256");
    expect((await (await call("me", { headers: { "api-key": orphan } })).json<{ code: number }>()).code).toBe(Code.LOGIN_REQUIRED);

    const m = { id: crypto.randomUUID(), email: `${crypto.randomUUID().slice(0, 8)}@b.co` };
    await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, ?, 'email', 'n', ?)")
      .bind(m.id, m.email, Date.now())
      .run();
    const { token: good } = await issueSession(env, drizzle(env.DB), m);
    const res = await call("me", { headers: { "api-key": good } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: m });
  });

  it("turns an unexpected error into a 500 envelope without leaking details", async () => {
    const res = await call("boom", { headers: { lang: "en" } });
    expect(res.status).toBe(500);
    const body = await res.json<{ success: boolean; code: number; message: string }>();
    expect(body).toMatchObject({ success: false, code: Code.INTERNAL });
    expect(body.message).not.toContain("boom");
  });
});
