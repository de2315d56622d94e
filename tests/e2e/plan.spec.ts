import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { PASSWORD, signUp } from "./fixtures";
import { remixCookieValue } from "./helpers";

const setCountry = (country: string) => ({ name: "country", value: remixCookieValue(country), url: baseURL });

test("/plan shows KRW prices for a Korean country cookie", async ({ page, context }) => {
  await context.addCookies([setCountry("KR")]);
  await page.goto("/plan");
  await expect(page.getByTestId("plan-cards").locator("li[data-testid^=plan-]")).toHaveCount(4);
  await expect(page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("4,900원");
  await expect(page.getByTestId("plan-Creator").getByTestId("plan-price")).toHaveText("12,900원");
  await expect(page.getByTestId("plan-Production").getByTestId("plan-price")).toHaveText("99,900원");
  await expect(page.getByTestId("plan-Starter")).toContainText("첫 달 2,450원");
  await expect(page.getByTestId("plan-Production")).toContainText("커스텀 보이스 5개");
  await expect(page.getByRole("heading", { name: "API · 엔터프라이즈" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "요금제 이용 안내" })).toBeVisible();
});

test("/plan shows USD prices for any other country cookie", async ({ page, context }) => {
  await context.addCookies([setCountry("US")]);
  await page.goto("/plan");
  await expect(page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("$3.99");
  await expect(page.getByTestId("plan-Creator").getByTestId("plan-price")).toHaveText("$9.99");
  await expect(page.getByTestId("plan-Production").getByTestId("plan-price")).toHaveText("$79.99");
  await expect(page.getByTestId("currency-note")).toContainText("USD");
});

test("the first request sets the country cookie from CF-IPCountry, and the cookie wins later", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-IPCountry": "US" } });
  const page = await context.newPage();
  await page.goto("/plan");
  await expect(page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("$3.99");
  const cookie = (await context.cookies()).find((c) => c.name === "country");
  expect(cookie?.value).toBe(remixCookieValue("US"));
  // About 365 days.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86400_000);

  await context.setExtraHTTPHeaders({ "CF-IPCountry": "KR" });
  await page.goto("/plan");
  await expect(page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("$3.99");
  await context.close();
});

test("without header or cookie the documented default (KR) applies", async ({ page, context }) => {
  await page.goto("/plan");
  await expect(page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("4,900원");
  expect((await context.cookies()).find((c) => c.name === "country")?.value).toBe(remixCookieValue("KR"));
});

test("a plan's call to action keeps the plan through login and lands on that plan's purchase (after the card it needs)", async ({
  page,
  context,
  request,
}) => {
  const session = await signUp(request);
  await context.addCookies([setCountry("KR")]);
  await page.goto("/plan");
  await page.getByTestId("plan-Creator").getByRole("link", { name: "Creator 시작하기" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("이메일").fill(session.email);
  await page.getByLabel("비밀번호", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  // A member without a card registers one first; the dialog goes on to the purchase of Creator.
  await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade\?modal=card&then=purchase&plan=Creator$/);
  await expect(page.getByRole("dialog")).toBeVisible();
});
