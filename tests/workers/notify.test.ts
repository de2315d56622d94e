import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app, DEDUP_WINDOW_MS, MAX_REPORT_BYTES } from "../../workers/notify/src/app";

// The notify worker's real app, on the real D1 (same migrations) inside workerd.
const notify = (body: BodyInit, type = "application/json") =>
  app.request("http://localhost/api/notify", { method: "POST", body, headers: { "content-type": type } }, env);

const rowsFor = async (message: string) =>
  (await env.DB.prepare("SELECT * FROM notify_reports WHERE message = ?").bind(message).all()).results;

const report = (message: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ message, detail: JSON.stringify({ url: "/utils/planlist", method: "GET", status: 500, page: "/" }), userId: "a@b.co", ...extra });

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
    await env.DB.prepare("UPDATE notify_dedup SET last_at = last_at - ?").bind(DEDUP_WINDOW_MS + 1).run();
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
    const cases: [BodyInit, string, number][] = [
      ["{oops", "application/json", 400],
      ["message=hi", "application/x-www-form-urlencoded", 415],
      [JSON.stringify({ detail: "d", userId: "u" }), "application/json", 400],
      [JSON.stringify({ message: "m", userId: "u" }), "application/json", 400],
      [JSON.stringify({ message: "m", detail: "d" }), "application/json", 400],
      [JSON.stringify({ message: "", detail: "d", userId: "u" }), "application/json", 400],
      [JSON.stringify(["message"]), "application/json", 400],
      [JSON.stringify({ message: "big", detail: "x".repeat(MAX_REPORT_BYTES), userId: "u" }), "application/json", 413],
    ];
    for (const [body, type, status] of cases) {
      const res = await notify(body, type);
      expect(res.status, String(body).slice(0, 40)).toBe(status);
      const answer = await res.json<{ success: boolean; code: number }>();
      expect(answer.success).toBe(false);
      expect(answer.code).toBe({ 400: 4000, 413: 4013, 415: 4015 }[status]);
    }
    const after = (await env.DB.prepare("SELECT count(*) AS n FROM notify_reports").first<{ n: number }>())!.n;
    expect(after).toBe(before);
  });

  it("answers other methods and paths with a 404", async () => {
    expect((await app.request("http://localhost/api/notify", {}, env)).status).toBe(404);
    expect((await app.request("http://localhost/elsewhere", { method: "POST" }, env)).status).toBe(404);
  });
});
