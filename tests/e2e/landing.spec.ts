import { expect, test } from "@playwright/test";
import { expectMeta, recordForeignRequests } from "./helpers";

const SECTIONS = ["hero", "custom-voice", "tts", "sts", "reviews", "plans", "promotion", "contact", "cta"];

test.describe("landing in Korean (the default)", () => {
  test("renders every section, the shell and the metadata in Korean", async ({ page }) => {
    const foreign = recordForeignRequests(page);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    for (const id of SECTIONS) await expect(page.locator(`section#${id}`), id).toBeVisible();
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toContainText(/[가-힣]/);
    await expectMeta(page, /보이스 스튜디오/);
    await expect(page.getByTestId("public-header")).toBeVisible();
    await expect(page.getByTestId("public-footer")).toBeVisible();
    await expect(page.getByTestId("mail-order-no")).toBeVisible();
    // Plan cards on the landing come from the API (KRW for the default country).
    await expect(page.locator("section#plans")).toContainText("4,900원");
    expect(foreign).toEqual([]);
  });
});

test.describe("landing in English by Accept-Language", () => {
  test.use({ locale: "en-US" });

  test("renders in English without the mail-order number", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("h1")).not.toContainText(/[가-힣]/);
    await expectMeta(page, /Voice Studio/);
    await expect(page.getByTestId("public-footer")).toBeVisible();
    await expect(page.getByTestId("mail-order-no")).toHaveCount(0);
    for (const id of SECTIONS) await expect(page.locator(`section#${id}`), id).toBeVisible();
  });
});

test("the language switch changes the page and is remembered", async ({ page, context }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await page.getByTestId("public-header").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("header-actions").getByTestId("main-button")).toHaveText("Start for free");
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "lng")).toBeTruthy();

  await page.goto("/plan");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("h1")).toHaveText("Plans");

  await page.getByTestId("public-footer").getByRole("button", { name: "한국어" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await expect(page.locator("h1")).toHaveText("요금제");
});

test("the header: navigation from the bundle, active link, new-tab links, login and main button", async ({ page }) => {
  await page.goto("/plan");
  const header = page.getByTestId("public-header");
  const nav = header.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "요금제" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: /공지사항/ })).not.toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: /보이스 마켓/ })).toContainText("BETA");
  // The business API page is the site's own; links that leave the site open a new tab (the footer's).
  await expect(nav.getByRole("link", { name: /비즈니스 API/ })).toHaveAttribute("href", "/business");
  const external = page.getByTestId("public-footer").getByRole("link", { name: /YouTube|유튜브/ });
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", /noopener/);
  const actions = header.getByTestId("header-actions");
  await expect(actions.getByTestId("login-link")).toHaveAttribute("href", "/login");
  await expect(actions.getByTestId("main-button")).toHaveAttribute("href", "/login");
  await expect(actions.getByTestId("main-button")).toHaveText("무료로 시작하기");
  await expect(header.getByRole("link", { name: "보이스 스튜디오 홈" })).toHaveAttribute("href", "/");
});

test("the mobile menu opens and holds the navigation and the language switch", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  const menu = page.getByTestId("mobile-menu");
  await expect(menu.getByRole("link", { name: "요금제" })).toBeHidden();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "요금제" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "English" })).toBeVisible();
  await menu.getByRole("link", { name: "요금제" }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.locator("h1")).toHaveText("요금제");
  // With JavaScript the menu closes on the route change; without it the new page starts closed.
  await expect(page.getByTestId("mobile-menu").getByRole("link", { name: "요금제" })).toBeHidden();
});

test("a signed-in visitor never gets the anonymous cached landing", async ({ page, context, baseURL }) => {
  // Warm the anonymous variant.
  await page.goto("/");
  const actions = page.getByTestId("header-actions");
  await expect(actions.getByTestId("main-button")).toHaveText("무료로 시작하기");
  // Any access token cookie makes the header show "my studio" (the API verifies the token later).
  const payload = Buffer.from(JSON.stringify({ sub: "1", email: "a@b.co", exp: 4102444800 })).toString("base64url");
  const token = `e30.${payload}.sig`;
  await context.addCookies([
    { name: "accessToken", value: encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64")), url: baseURL! },
  ]);
  const res = await page.goto("/");
  expect(res?.headers()["x-page-cache"]).toBeUndefined();
  await expect(actions.getByTestId("main-button")).toHaveText("내 스튜디오");
  await expect(actions.getByTestId("main-button")).toHaveAttribute("href", "/dashboard");
  // The token carries an e-mail, so the join/login link is gone too.
  await expect(page.getByTestId("login-link")).toHaveCount(0);
});
