import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
// The fixtures' `test`: each test from its own client address (the api limits code mails per address).
import {
  apiCall,
  expect,
  JOIN,
  joinWithMailedCode,
  memberAbroad,
  PASSWORD,
  signIn,
  signUp,
  test,
  uniqueEmail,
  type Session,
} from "./fixtures";
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

// The pages rounded half of $79.99 as 39.995 in floating point ($39.99) while the api charges
// half of 7999 cents rounded ($40.00). The first-month price a member abroad reads is the amount the api quotes.
test("the first-month USD price on /plan and the landing is the amount the api charges", async ({ page, context, request }) => {
  const session = await memberAbroad(request, context);
  for (const plan of ["Starter", "Creator", "Production"]) {
    const quote = await apiCall<{ amount: number }>(request, session, `/payment/paypal_quote?plan=${plan}&flow=save`);
    const price = `$${(quote.data.amount / 100).toFixed(2)}`;
    await page.goto("/plan?lng=en");
    await expect(page.getByTestId(`plan-${plan}`)).toContainText(`First month ${price}`);
    await page.goto("/?lng=en");
    await expect(page.locator("section#promotion")).toContainText(`${plan} first month ${price}`);
  }
});

// "Credit required" on the Free plan read as "a credit card is required", beside "start for free
// without a card"; the plans mean attribution (출처 표기).
test("/plan in English names attribution, not credit", async ({ page }) => {
  await page.goto("/plan?lng=en");
  await expect(page.getByTestId("plan-Free")).toContainText("Attribution required");
  await expect(page.getByTestId("plan-Starter")).toContainText("No attribution needed");
  await expect(page.getByTestId("plan-cards")).not.toContainText(/credit/i);
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

/** A Starter month bought through the api at the first-month price (a card first). */
async function boughtAtFirstMonthPrice(request: APIRequestContext, session: Session) {
  const card = { card_type: "personal", card_number1: "4242", card_number2: "4242", card_number3: "4242", card_number4: "4242" };
  const registered = await apiCall(request, session, "/payment/registcard", {
    ...card,
    expiry: "2031-12",
    birth: "900101",
    pwd_2digit: "12",
  });
  expect(registered.success, registered.message).toBe(true);
  const quote = await apiCall<{ amount: number; discounted: boolean }>(request, session, "/payment/quote?plan=Starter&kind=purchase");
  expect(quote.data).toMatchObject({ amount: 2450, discounted: true });
  const paid = await apiCall(request, session, "/payment/payment", {
    plan: "Starter",
    amount: quote.data.amount,
    agree_billing: true,
    agree_change: true,
    agree_refund: true,
    agree_regular_price: true,
  });
  expect(paid.success, paid.message).toBe(true);
}

/** A browser of its own (Korean country cookie), signed in as `session` when given. */
async function browse(browser: Browser, session?: Session) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js", locale: "ko-KR" });
  await context.addCookies([setCountry("KR")]);
  if (session) await signIn(context, session);
  return { context, page: await context.newPage() };
}

test("the first-month price only for who still qualifies: a visitor and a new member see it, a member who bought at it does not (/plan, the landing; ko, en)", async ({
  browser,
  request,
}) => {
  const expectOffered = async (page: Page) => {
    await page.goto("/plan");
    await expect(page.getByTestId("plan-Starter")).toContainText("첫 달 2,450원");
    await expect(page.getByTestId("plan-Production")).toContainText("첫 달 49,950원");
    await page.goto("/plan?lng=en");
    await expect(page.getByTestId("plan-Starter")).toContainText("First month ₩2,450");
    await page.goto("/?lng=ko");
    await expect(page.locator("#promotion")).toContainText("Starter 첫 달 2,450원");
  };

  const visitor = await browse(browser);
  await expectOffered(visitor.page);

  const newcomer = await browse(browser, await signUp(request));
  await expectOffered(newcomer.page);

  const buyer = await signUp(request);
  await boughtAtFirstMonthPrice(request, buyer);
  const member = await browse(browser, buyer);
  await member.page.goto("/plan");
  await expect(member.page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("4,900원");
  await expect(member.page.getByTestId("plan-cards")).not.toContainText("첫 달");
  await member.page.goto("/plan?lng=en");
  await expect(member.page.getByTestId("plan-Starter").getByTestId("plan-price")).toHaveText("₩4,900");
  await expect(member.page.getByTestId("plan-cards")).not.toContainText("First month");
  // The landing: no first-month promotion, and the member's page is kept out of every shared cache.
  const landing = await member.page.goto("/?lng=ko");
  expect(landing!.headers()["cache-control"]).toBe("private, no-store");
  expect(landing!.headers()["x-page-cache"]).toBeUndefined();
  await expect(member.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(member.page.locator("#promotion")).toHaveCount(0);
  await expect(member.page.locator("main")).not.toContainText("첫 달 2,450원");
  await member.page.goto("/?lng=en");
  await expect(member.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(member.page.locator("#promotion")).toHaveCount(0);

  // A visitor after the member still gets the shared page with the promotion.
  const later = await visitor.page.goto("/?lng=ko");
  expect(later!.headers()["cache-control"]).toContain("public");
  await expect(visitor.page.locator("#promotion")).toContainText("Starter 첫 달 2,450원");

  for (const b of [visitor, newcomer, member]) await b.context.close();
});

const CTA = {
  ko: { choose: "Creator 시작하기", purchase: "Creator 요금제 구매" },
  en: { choose: "Start Creator", purchase: "Buy the Creator plan" },
};

for (const lng of ["ko", "en"] as const) {
  test(`a plan's call to action keeps the plan through sign-up with the mailed code and lands on its purchase dialog (${lng})`, async ({
    page,
    context,
  }) => {
    // About twenty page loads: room for a loaded machine.
    test.setTimeout(60_000);
    const t = { ...JOIN[lng], ...CTA[lng] };
    // From abroad a purchase is a PayPal month: no card first, straight to the plan's purchase dialog.
    await context.addCookies([setCountry("US")]);
    await page.goto(`/plan?lng=${lng}`);
    await page.getByTestId("plan-Creator").getByRole("link", { name: t.choose }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByRole("main").getByRole("link", { name: t.join, exact: true }).click();
    // The login page's sign-up link carries the plan on.
    await expect(page).toHaveURL(`${baseURL}/join?redirectTo=${encodeURIComponent("/dashboard/plan/upgrade?modal=purchase&plan=Creator")}`);
    await joinWithMailedCode(page, uniqueEmail("planjoin"), t);
    await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade\?modal=purchase&plan=Creator$/);
    await expect(page.getByRole("dialog", { name: t.purchase })).toBeVisible();
  });
}

test("the landing's buttons sign up: start free goes to /join, and a plan of the first-month offer lands on its purchase after sign-up", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await context.addCookies([setCountry("US")]);
  await page.goto("/?lng=en");
  await expect(page.locator("#hero").getByRole("link", { name: "Start for free" })).toHaveAttribute("href", "/join");
  await expect(page.locator("#cta").getByRole("link")).toHaveAttribute("href", "/join");
  await page.getByTestId("promotion-Creator").click();
  await expect(page).toHaveURL(`${baseURL}/join?redirectTo=${encodeURIComponent("/dashboard/plan/upgrade?modal=purchase&plan=Creator")}`);
  await joinWithMailedCode(page, uniqueEmail("promojoin"), JOIN.en);
  await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade\?modal=purchase&plan=Creator$/);
  await expect(page.getByRole("dialog", { name: CTA.en.purchase })).toBeVisible();
});
