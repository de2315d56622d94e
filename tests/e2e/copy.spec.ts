import { baseURL } from "../../playwright.config";
import { certifiedTicket, codeFor, expect, PASSWORD, test, uniqueEmail } from "./fixtures";
import { remixCookieValue } from "./helpers";

/**
 * The saved language at login, ?index kept out
 * of the address, the birth-date error once, the sign-up's 이전 on one line, the gear menu before hydration,
 * and voices heard where they are shown (the landing hero, the dashboard's cards).
 */

test("the member's saved language applies at login", async ({ page, request }) => {
  // A member who saved English, logging in from a browser that asks for Korean.
  const email = uniqueEmail("english");
  const cert_ticket = await certifiedTicket(request, email);
  const created = await request.post("/api/v1/member/createmember", {
    data: { email, password: PASSWORD, cert_ticket, local: "en", agree_service: true, agree_privacy: true, age_over_14: true },
  });
  expect(created.status()).toBe(200);

  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  await page.getByLabel("이메일").fill(email);
  await page.getByLabel("비밀번호").fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Dashboard menu" })).toBeVisible();
});

test("a post to an index route leaves no ?index in the address", async ({ page, member: _member }) => {
  await page.goto("/dashboard/plan?modal=coupon");
  await page.getByRole("dialog", { name: "쿠폰 등록" }).getByLabel("쿠폰 번호").fill("NO-SUCH-COUPON");
  await page.getByRole("dialog", { name: "쿠폰 등록" }).getByRole("button", { name: "쿠폰 등록" }).click();
  // The action answered (the coupon is refused in the dialog) on the page's own address.
  await expect(page.getByRole("dialog", { name: "쿠폰 등록" }).getByRole("alert")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "쿠폰 등록" }).getByLabel("쿠폰 번호")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(`${baseURL}/dashboard/plan?modal=coupon`);
  expect(new URL(page.url()).searchParams.has("index")).toBe(false);
});

test("the card form's birth-date error shows once", async ({ page, member: _member }) => {
  await page.goto("/dashboard/plan?modal=card");
  const dialog = page.getByRole("dialog", { name: "결제 카드 등록" });
  await dialog.getByLabel("생년월일 6자리").fill("12");
  await dialog.getByRole("button", { name: "카드 등록" }).click();
  await expect(dialog.getByText("생년월일 6자리를 정확히 입력해 주세요.")).toHaveCount(1);
});

test("the sign-up's 이전 button stays on one line at 360 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const email = uniqueEmail("narrow");
  await page.goto("/join");
  await page.getByLabel("이메일").fill(email);
  await page.getByRole("button", { name: "인증번호 받기" }).click();
  await expect
    .poll(async () => ((await (await request.get("/api/v1/dev/mailbox")).json()).data as { to: string }[]).some((m) => m.to === email))
    .toBe(true);
  await page.getByLabel("인증번호 6자리").fill(await codeFor(request, email));
  await page.getByRole("button", { name: "인증하기" }).click();
  await page.getByLabel("비밀번호", { exact: true }).fill(PASSWORD);
  await page.getByLabel("비밀번호 확인").fill(PASSWORD);
  await page.getByRole("button", { name: "다음" }).click();
  const back = page.getByRole("button", { name: "이전" });
  await expect(back).toBeVisible();
  // The lines the label's text is laid out on, counted by their tops: independent of a line-height of `normal`
  // before the stylesheet has applied.
  const lines = await back.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});

test("the gear menu opens without (or before) JavaScript and stays open when the page hydrates", async ({
  page,
  javaScriptEnabled,
  member: _member,
}) => {
  // The page's scripts wait until the menu has been opened: the click lands before hydration.
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/dashboard", { waitUntil: "domcontentloaded" });
  const menu = page.getByTestId("settings-menu").last();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "설정" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "로그아웃" })).toBeVisible();
  release();
  if (javaScriptEnabled) await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForTimeout(300);
  await expect(menu.getByRole("link", { name: "설정" })).toBeVisible();
});

test("the landing hero plays real samples of basic voices in the page's language", async ({ page, context }) => {
  for (const lang of ["ko", "en"] as const) {
    await context.addCookies([{ name: "lng", value: remixCookieValue(lang), url: baseURL }]);
    await page.goto("/");
    const players = page.getByTestId("hero-voices").locator("audio");
    await expect(players).toHaveCount(3);
    for (const src of await players.evaluateAll((els) => els.map((el) => (el as HTMLAudioElement).getAttribute("src")!))) {
      // A seeded basic voice, or one an operator published from the console (basic-<lang>-<8 hex>).
      expect(src).toMatch(new RegExp(`^/api/v1/voices/(${lang}-[a-z]+|basic-${lang}-[0-9a-f]{8})/sample$`));
      const answer = await page.request.get(src);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("audio/mpeg");
      expect((await answer.body()).length).toBeGreaterThan(1000);
    }
    await expect(players.first()).toHaveAttribute("aria-label", lang === "ko" ? /샘플 듣기$/ : /^Listen to .+'s sample$/);
  }
});

test("the landing hero's player plays in the browser", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "starting playback from the test needs a script");
  await page.goto("/");
  const audio = page.getByTestId("hero-voices").locator("audio").first();
  await audio.evaluate((el: HTMLAudioElement) => {
    el.muted = true;
    return el.play();
  });
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
});

test("the dashboard's voice cards play their samples", async ({ page, javaScriptEnabled, member: _member }) => {
  await page.goto("/dashboard");
  const sample = page.getByTestId("top-voices").getByTestId("voice-sample").first();
  const href = (await sample.getAttribute("href"))!;
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("audio/mpeg");
  if (!javaScriptEnabled) return;
  await expect(sample).toHaveAttribute("data-ready", "true");
  await sample.click();
  await expect(sample).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
});
