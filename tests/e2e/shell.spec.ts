import { expect, test } from "@playwright/test";
import { recordForeignRequests } from "./helpers";

const HEADER_HIDDEN = ["/join", "/login", "/user", "/contest", "/labs/shorts", "/labs/shorts/start", "/auth/kakao"];
const HEADER_SHOWN = ["/", "/plan", "/terms/service", "/terms/privacy", "/actors", "/notice", "/faq"];
const FOOTER_SHOWN = ["/", "/plan", "/actors", "/notice"];
const FOOTER_HIDDEN = ["/terms/service", "/terms/privacy", "/terms/marketing", "/faq", "/login", "/no-such-page"];

test("the header is hidden on the spec's paths and shown elsewhere", async ({ page }) => {
  for (const path of HEADER_HIDDEN) {
    await page.goto(path);
    await expect(page.getByTestId("public-header"), path).toHaveCount(0);
  }
  for (const path of HEADER_SHOWN) {
    await page.goto(path);
    await expect(page.getByTestId("public-header"), path).toBeVisible();
  }
});

test("the footer shows only on /, /plan, /actors and /notice", async ({ page }) => {
  for (const path of FOOTER_SHOWN) {
    await page.goto(path);
    await expect(page.getByTestId("public-footer"), path).toBeVisible();
  }
  for (const path of FOOTER_HIDDEN) {
    await page.goto(path);
    await expect(page.getByTestId("public-footer"), path).toHaveCount(0);
  }
});

test("footer links to the terms open in a new tab", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByTestId("public-footer");
  for (const name of ["서비스 이용약관", "개인정보 처리방침"]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("target", "_blank");
  }
});

test("/favicon.ico exists: an icon made from the SVG, linked from every page", async ({ page, request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  const body = await res.body();
  // ICONDIR: reserved 0, type 1 (icon), three images (16, 32, 48 px).
  expect([...body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  await page.goto("/plan");
  await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
});

test("/actors adds the voice market logo to the header", async ({ page }) => {
  await page.goto("/actors");
  await expect(page.getByTestId("actors-logo")).toBeVisible();
  await page.goto("/plan");
  await expect(page.getByTestId("actors-logo")).toHaveCount(0);
});

test.describe("404", () => {
  test("an unknown path gets a localized 404 page in Korean", async ({ page }) => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
    await expect(page).toHaveTitle(/페이지를 찾을 수 없습니다/);
    await page.getByRole("link", { name: "홈으로 가기" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("and in English", async ({ page }) => {
    const res = await page.goto("/deeply/nested/unknown?lng=en");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test("pages hydrate without console errors and make no third-party requests", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  const foreign = recordForeignRequests(page);
  for (const path of ["/", "/plan", "/terms/service", "/terms/privacy", "/terms/marketing", "/plan?lng=en", "/plan?lng=ko"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Client-side navigation between hydrated pages renders with the browser's translations.
  await page.goto("/terms/service");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("header-actions").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await page.getByTestId("public-header").getByRole("navigation").first().getByRole("link", { name: "Plans" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans");
  await expect(page.getByTestId("plan-Starter")).toContainText("Commercial use");
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
});
