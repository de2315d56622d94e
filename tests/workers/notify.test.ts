import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { drizzle } from "drizzle-orm/d1";
import { cleanUp } from "../../workers/api/src/lib/cleanup";
import { app, DEDUP_WINDOW_MS, MAX_REPORT_BYTES } from "../../workers/notify/src/app";

// The notify worker's real app, on the real D1 (same migrations) inside workerd. Reports come as a
// browser on the site sends them (same origin), each from its own client address unless one is given.
let client = 0;
const notify = (body: BodyInit, type = "application/json", headers: Record<string, string> = {}) =>
  app.request(
    "http://localhost/api/notify",
    {
      method: "POST",
      body,
      headers: {
        "content-type": type,
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
        "cf-connecting-ip": `10.7.${Math.floor(++client / 250)}.${client % 250}`,
        ...headers,
      },
    },
    env,
  );

const rowsFor = async (message: string) =>
  (await env.DB.prepare("SELECT * FROM notify_reports WHERE message = ?").bind(message).all()).results;

const report = (message: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    message,
    detail: JSON.stringify({ url: "/utils/planlist", method: "GET", status: 500, page: "/" }),
    userId: "a@b.co",
    ...extra,
  });

describe("POST /api/notify", () => {
  it("stores a report", async () => {
    const res = await notify(report("stores"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { stored: true } });
    const rows = await rowsFor("stores");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: "stores", user_id: "a@b.co" });
  });

  it("drops an identical report within 2000 ms but keeps different ones", async () => {
    expect((await (await notify(report("dup"))).json<{ data: { stored: boolean } }>()).data.stored).toBe(true);
    expect((await (await notify(report("dup"))).json<{ data: { stored: boolean } }>()).data.stored).toBe(false);
    await notify(report("dup", { userId: "other@b.co" }));
    await notify(report("dup", { detail: "another detail" }));
    expect(await rowsFor("dup")).toHaveLength(3);
  });

  it("stores the same report again once the window has passed", async () => {
    await notify(report("later"));
    // Age the dedup record past the window instead of sleeping.
    await env.DB.prepare("UPDATE notify_dedup SET last_at = last_at - ?")
      .bind(DEDUP_WINDOW_MS + 1)
      .run();
    expect((await (await notify(report("later"))).json<{ data: { stored: boolean } }>()).data.stored).toBe(true);
    expect(await rowsFor("later")).toHaveLength(2);
  });

  it("stores exactly one row for 20 concurrent identical reports", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => notify(report("burst"))));
    const stored = await Promise.all(results.map((r) => r.json<{ data: { stored: boolean } }>()));
    expect(stored.filter((s) => s.data.stored)).toHaveLength(1);
    expect(await rowsFor("burst")).toHaveLength(1);
  });

  it("accepts an object detail and stores it as JSON text", async () => {
    await notify(JSON.stringify({ message: "object", detail: { status: 404 }, userId: "unknown" }));
    expect((await rowsFor("object"))[0]).toMatchObject({ detail: '{"status":404}', user_id: "unknown" });
  });

  it("refuses bad input with a 4xx and stores nothing", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM notify_reports").first<{ n: number }>())!.n;
    const cases: [BodyInit, string, number, number?][] = [
      ["{oops", "application/json", 400, 4001],
      ["{}", "text/plain", 415],
      ["{}", "application/jsonp", 415],
      ["message=hi", "application/x-www-form-urlencoded", 415],
      [JSON.stringify({ detail: "d", userId: "u" }), "application/json", 400],
      [JSON.stringify({ message: "m", userId: "u" }), "application/json", 400],
      [JSON.stringify({ message: "m", detail: "d" }), "application/json", 400],
      [JSON.stringify({ message: "", detail: "d", userId: "u" }), "application/json", 400],
      [JSON.stringify(["message"]), "application/json", 400],
      [JSON.stringify({ message: "big", detail: "x".repeat(MAX_REPORT_BYTES), userId: "u" }), "application/json", 413],
    ];
    for (const [body, type, status, code] of cases) {
      for (const lang of ["en", "kr"]) {
        const res = await notify(body, type, { lang });
        expect(res.status, String(body).slice(0, 40)).toBe(status);
        const answer = await res.json<{ success: boolean; code: number; message: string }>();
        expect(answer.success).toBe(false);
        expect(answer.code).toBe(code ?? { 400: 4000, 413: 4013, 415: 4015 }[status]);
        // Localized like /api/v1: Hangul for kr, none for en.
        expect(/[가-힣]/.test(answer.message), answer.message).toBe(lang === "kr");
      }
    }
    const after = (await env.DB.prepare("SELECT count(*) AS n FROM notify_reports").first<{ n: number }>())!.n;
    expect(after).toBe(before);
  });

  it("answers another method with 405 (4005) and other paths with 404", async () => {
    const get = await app.request("http://localhost/api/notify", { headers: { lang: "en" } }, env);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(await get.json()).toMatchObject({ success: false, code: 4005, message: "This request method is not allowed." });
    expect((await app.request("http://localhost/elsewhere", { method: "POST" }, env)).status).toBe(404);
  });

  it("refuses reports another site makes a browser send, and ones that do not say where they come from", async () => {
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM notify_reports").first<{ n: number }>())!.n;
    const cases: Record<string, string>[] = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example", "sec-fetch-site": "" },
      { origin: "http://localhost:9999" },
      { origin: "null" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of cases) {
      const res = await app.request(
        "http://localhost/api/notify",
        { method: "POST", body: report("cross"), headers: { "content-type": "application/json", lang: "en", ...headers } },
        env,
      );
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toMatchObject({ success: false, code: 4003, message: "Requests sent from another site are not accepted." });
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM notify_reports").first<{ n: number }>())!.n).toBe(before);
    // The app and api workers report over their service bindings, on the internal host.
    const internal = await app.request(
      "https://notify.internal/api/notify",
      { method: "POST", body: report("internal"), headers: { "content-type": "application/json" } },
      env,
    );
    expect(internal.status).toBe(200);
  });

  it("limits one client to 30 reports a minute (429, localized), others go on", async () => {
    const results = [];
    for (let i = 0; i < 32; i++) results.push(await notify(report(`flood-${i}`), "application/json", { "cf-connecting-ip": "10.66.0.1" }));
    expect(results.slice(0, 30).every((r) => r.status === 200)).toBe(true);
    const limited = results[30]!;
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ success: false, code: 4290 });
    expect((await notify(report("flood-ko"), "application/json", { "cf-connecting-ip": "10.66.0.1", lang: "kr" })).status).toBe(429);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM notify_reports WHERE message LIKE 'flood-%'").first<{ n: number }>())!.n).toBe(
      30,
    );
    // Another client is not limited by it.
    expect((await notify(report("flood-other"), "application/json", { "cf-connecting-ip": "10.66.0.2" })).status).toBe(200);
  });

  it("the daily clean-up deletes reports older than the 3-month log retention", async () => {
    const now = Date.now();
    const day = 86_400_000;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO notify_reports (message, detail, user_id, received_at) VALUES ('retention-old', 'd', 'u', ?), ('retention-kept', 'd', 'u', ?)",
      ).bind(now - 91 * day, now - 89 * day),
    ]);
    const counts = await cleanUp(drizzle(env.DB), now);
    expect(counts.notifyReports).toBeGreaterThanOrEqual(1);
    expect(await rowsFor("retention-old")).toHaveLength(0);
    expect(await rowsFor("retention-kept")).toHaveLength(1);
  });
});
