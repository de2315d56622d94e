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

  test("POST /api/notify stores a report once and refuses bad input and other sites", async ({ request, baseURL }) => {
    // As a page of this site sends it (same origin).
    const origin = { origin: new URL(baseURL!).origin };
    const report = { message: `e2e ${Date.now()} ${Math.random()}`, detail: "d", userId: "unknown" };
    const first = await request.post("/api/notify", { data: report, headers: origin });
    expect(first.status()).toBe(200);
    expect((await first.json()).data.stored).toBe(true);
    const second = await request.post("/api/notify", { data: report, headers: origin });
    expect((await second.json()).data.stored).toBe(false);
    const bad = await request.post("/api/notify", { data: "not json", headers: { "content-type": "application/json", ...origin } });
    expect(bad.status()).toBe(400);
    const crossSite = await request.post("/api/notify", { data: report, headers: { origin: "https://evil.example", lang: "en" } });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toMatchObject({
      success: false,
      code: 4003,
      message: "Requests sent from another site are not accepted.",
    });
  });

  test("POST /api/country sets the country cookie from CF-IPCountry", async ({ playwright, baseURL }) => {
    const ctx = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "CF-IPCountry": "JP" } });
    const res = await ctx.post("/api/country");
    expect(res.status()).toBe(200);
    expect((await res.json()).data.country).toBe("JP");
    expect(res.headers()["set-cookie"]).toContain(`country=${remixCookieValue("JP")}`);
    await ctx.dispose();
  });

  test("GET /api/country is refused with 405", async ({ request }) => {
    const res = await request.get("/api/country");
    expect(res.status()).toBe(405);
    expect(await res.json()).toMatchObject({ success: false, code: 4005 });
  });

  test("translation namespaces are served per language, unknown ones are 404", async ({ request }) => {
    const en = await request.get("/locales/en/common");
    expect(en.status()).toBe(200);
    expect((await en.json()).header.myStudio).toBe("My studio");
    const ko = await request.get("/locales/ko/plan");
    expect((await ko.json()).title).toBe("요금제");
    expect((await request.get("/locales/fr/common")).status()).toBe(404);
    expect((await request.get("/locales/ko/constructor")).status()).toBe(404);
    expect((await request.get("/locales/ko/nope")).status()).toBe(404);
  });
});
