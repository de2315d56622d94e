import { expect, test } from "@playwright/test";
import { remixCookieValue } from "./helpers";

// The same origin serves /api/v1 and /api/notify through the app worker's service bindings.
test.describe("same-origin API", () => {
  test("GET /api/v1/utils/planlist answers the envelope", async ({ request }) => {
    const res = await request.get("/api/v1/utils/planlist", { headers: { lang: "en" } });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, code: 1000, message: "OK" });
    expect(body.data.map((p: { plan: string }) => p.plan)).toEqual(["Free", "Starter", "Creator", "Production"]);
  });

  test("unknown /api/v1 paths answer a 404 envelope", async ({ request }) => {
    const res = await request.get("/api/v1/does/not/exist", { headers: { lang: "kr" } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 4004, message: "요청한 주소를 찾을 수 없습니다." });
  });

  test("POST /api/notify stores a report once and refuses bad input", async ({ request }) => {
    const report = { message: `e2e ${Date.now()} ${Math.random()}`, detail: "d", userId: "unknown" };
    const first = await request.post("/api/notify", { data: report });
    expect(first.status()).toBe(200);
    expect((await first.json()).data.stored).toBe(true);
    const second = await request.post("/api/notify", { data: report });
    expect((await second.json()).data.stored).toBe(false);
    const bad = await request.post("/api/notify", { data: "not json", headers: { "content-type": "application/json" } });
    expect(bad.status()).toBe(400);
  });

  test("POST /api/country sets the country cookie from CF-IPCountry", async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "CF-IPCountry": "JP" } });
    const res = await ctx.post("/api/country");
    expect(res.status()).toBe(200);
    expect((await res.json()).data.country).toBe("JP");
    expect(res.headers()["set-cookie"]).toContain(`country=${remixCookieValue("JP")}`);
    await ctx.dispose();
  });
});
