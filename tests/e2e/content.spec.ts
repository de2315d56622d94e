// The public content pages (/notice, /faq, /guide, /contest) in Korean and English at 360 and
// 1280 px (both projects; the no-js project has JavaScript off), and the API key shown once.
import { expect, signIn, signUp, test } from "./fixtures";
import { expectMeta } from "./helpers";

const PAGES = [
  {
    path: "/notice",
    h1: { ko: "공지사항", en: "Notices" },
    title: { ko: "공지사항 | 보이스 스튜디오", en: "Notices | Voice Studio" },
    footer: true,
  },
  {
    path: "/faq",
    h1: { ko: "자주 묻는 질문", en: "Frequently asked questions" },
    title: { ko: "자주 묻는 질문 | 보이스 스튜디오", en: "FAQ | Voice Studio" },
    footer: false,
  },
  {
    path: "/guide",
    h1: { ko: "사용자 가이드", en: "User guide" },
    title: { ko: "사용자 가이드 | 보이스 스튜디오", en: "User guide | Voice Studio" },
    footer: false,
  },
  {
    path: "/contest",
    h1: { ko: "나의 목소리 편지 공모전", en: "My voice letter contest" },
    title: { ko: "나의 목소리 편지 공모전 | 보이스 스튜디오 공모전", en: "My voice letter contest | Voice Studio contest" },
    footer: false,
  },
] as const;

for (const p of PAGES) {
  for (const lang of ["ko", "en"] as const) {
    test(`${p.path} in ${lang} at 360 and 1280 px: its own title and metadata, no sideways scrolling`, async ({ page }) => {
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const res = await page.goto(`${p.path}?lng=${lang}`);
        expect(res?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1[lang]);
        await expectMeta(page, p.title[lang]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expect(page.getByTestId("public-footer")).toHaveCount(p.footer ? 1 : 0);
        await expect(page.getByTestId("public-header")).toHaveCount(p.path === "/contest" ? 0 : 1);
      }
    });
  }
}

test("/notice: pinned first, release notices in their own tab, a notice's page", async ({ page }) => {
  await page.goto("/notice");
  const items = page.getByTestId("notice-list").getByRole("link");
  await expect(items.first()).toContainText("고정");
  await page.getByRole("link", { name: "업데이트", exact: true }).click();
  await expect(page).toHaveURL(/category=release/);
  await expect(page.getByTestId("notice-list").getByRole("link").first()).toContainText("업데이트");
  await expect(page.getByTestId("notice-list")).not.toContainText("환불 처리 기간 안내");
  await page.goto("/notice?category=notice");
  await page.getByRole("link", { name: /환불 처리 기간 안내/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("환불 처리 기간 안내");
  await expect(page.locator("article")).toContainText("영업일 기준 3~5일");
  await expectMeta(page, "환불 처리 기간 안내 | 보이스 스튜디오 공지사항");
  expect((await page.goto("/notice/no-such-notice"))?.status()).toBe(404);
});

test("/faq: answers open without JavaScript, the search is a GET form, refunds take 3 to 5 business days", async ({ page }) => {
  await page.goto("/faq?lng=en");
  const refund = page.locator("details", { hasText: "How do I get a refund?" });
  await expect(refund.getByText(/3 to 5 business days/)).toBeHidden();
  await refund.locator("summary").click();
  await expect(refund.getByText(/3 to 5 business days/)).toBeVisible();
  await page.getByLabel("Search the questions").fill("refund");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=refund/);
  await expect(page.getByRole("status")).toContainText("for “refund”");
  await expect(page.getByTestId("faq-list").locator("details")).not.toHaveCount(0);
  await page.getByRole("link", { name: "Plans", exact: true }).last().click();
  await expect(page).toHaveURL(/category=plan/);
  await expect(page).toHaveURL(/q=refund/);
  await expect(page.getByText("3 to 4")).toHaveCount(0);
});

test("/guide: a section per topic with its anchor and a screenshot of the product in the page's language", async ({ page, request }) => {
  await page.goto("/guide?lng=en");
  await expect(page.getByTestId("guide-section")).toHaveCount(6);
  for (const id of ["getting-started", "tts", "sts", "voices", "custom-voices", "plans"]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Contents" }).locator(`a[href="#${id}"]`)).toHaveCount(1);
  }
  const src = await page.locator("section#tts img").getAttribute("src");
  expect(src).toBe("/guide/en/tts.webp");
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/webp");
  expect((await image.body()).length).toBeLessThan(80_000);
});

test("/contest: a visitor is asked to log in; a member without a shared result is sent to the studio", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/contest");
  await expect(page.getByTestId("contest-state")).toHaveText("응모 중");
  await expect(page.getByRole("link", { name: "로그인하고 응모하기" })).toHaveAttribute("href", "/login");
  await signIn(context, await signUp(request));
  await page.goto("/contest");
  await expect(page.getByRole("link", { name: "스튜디오로 가기" })).toBeVisible();
});

test("an API key is shown once, then listed by prefix, and revoked", async ({ page, request, member: _member }) => {
  await page.goto("/dashboard/keys?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API keys");
  await page.getByLabel("Key name").fill("e2e server");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toHaveValue(/^vsk_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  const row = page.getByTestId("key-row").filter({ hasText: "e2e server" });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText("Never");
  // Shown once: the page itself never shows it again.
  await page.goto("/dashboard/keys?lng=en");
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  // The key works on the public API until it is revoked.
  const call = () =>
    request.post("/api/v1/studio/tts", {
      headers: { authorization: `Bearer ${key}` },
      data: { text: "안녕하세요", voice_id: "ko-seoyeon" },
    });
  expect((await call()).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("key-row").filter({ hasText: "e2e server" })).not.toContainText("Never");
  await page.getByRole("button", { name: "Revoke key e2e server" }).click();
  await expect(page.getByTestId("key-row").filter({ hasText: "e2e server" })).toContainText("Revoked");
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe(4501);
});
