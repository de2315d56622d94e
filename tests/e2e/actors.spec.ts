// /actors in a real Chromium, with JavaScript on and off (the two projects of playwright.config.ts): the voice
// market's featured voices with their samples, how actors join, and the application form, stored through
// POST /api/v1/actors/applications (by link and by an uploaded sample), in Korean and English, at 360 px.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectMeta, speechWav } from "./helpers";

const contact = () => `actor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** No sideways scrolling. */
async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
}

test("the market page: title and social tags, actors logo, featured voices with samples, footer; ko and en at 360 px", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/actors");
  await expectMeta(page, "보이스 마켓 · 성우 모집 | 보이스 스튜디오");
  await expect(page.getByTestId("actors-logo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("보이스 마켓");
  await expect(page.getByRole("heading", { name: "성우로 참여하는 방법" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "수익 정산" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "무료 멤버십" })).toBeVisible();
  await expect(page.getByTestId("public-footer")).toBeVisible();
  const cards = page.getByTestId("featured-voices").getByTestId("voice-card");
  expect(await cards.count()).toBeGreaterThan(0);
  const sample = cards.first().getByTestId("voice-sample");
  await expect(sample).toHaveAttribute("href", /^\/api\/v1\/voices\/[^/]+\/sample$/);
  await expectFits(page);
  if (javaScriptEnabled) {
    // Played in place, one at a time: starting the second pauses the first.
    await sample.click();
    await expect(sample).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
    const second = cards.nth(1).getByTestId("voice-sample");
    await second.focus();
    await page.keyboard.press(" ");
    await expect(second).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
    await expect(sample).toHaveAttribute("data-state", "paused");
    await page.keyboard.press(" ");
    await expect(second).toHaveAttribute("data-state", "paused");
  } else {
    // Without JavaScript the sample is a link the browser plays.
    const response = await page.request.get((await sample.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("audio/mpeg");
  }
  await page.goto("/actors?lng=en");
  await expectMeta(page, "Voice market · Voice actors | Voice Studio");
  await expect(page.getByRole("heading", { name: "How voice actors join" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Revenue settlement" })).toBeVisible();
  await expectFits(page);
});

test("an application with a sample link is received; the same contact again is told it is under review", async ({ page }) => {
  const email = contact();
  await page.goto("/actors");
  const form = page.getByTestId("actor-form");
  await form.getByLabel("이름 (활동명)").fill("김하늘");
  await form.getByLabel("연락처 (이메일 또는 전화번호)").fill(email);
  await form.getByLabel("샘플 링크").fill("https://example.com/my-reel");
  await form.getByLabel(/수집·이용하는 데 동의합니다/).check();
  await form.getByRole("button", { name: "지원서 보내기" }).click();
  await expect(page.getByTestId("applied")).toHaveText("지원서를 받았어요. 검토가 끝나면 입력한 연락처로 알려 드릴게요.");
  await expect(page).toHaveURL(/\/actors\?applied=1#apply$/);

  await form.getByLabel("이름 (활동명)").fill("김하늘");
  await form.getByLabel("연락처 (이메일 또는 전화번호)").fill(email.toUpperCase());
  await form.getByLabel("샘플 링크").fill("https://example.com/another");
  await form.getByLabel(/수집·이용하는 데 동의합니다/).check();
  await form.getByRole("button", { name: "지원서 보내기" }).click();
  await expect(form.getByText("이 연락처로 접수된 지원서가 이미 검토 중이에요.", { exact: false })).toBeVisible();
  // What was typed stays.
  await expect(form.getByLabel("이름 (활동명)")).toHaveValue("김하늘");
});

test("an application with an uploaded sample (English)", async ({ page }) => {
  await page.goto("/actors?lng=en");
  const form = page.getByTestId("actor-form");
  await form.getByLabel("Name (or stage name)").fill("Sky Kim");
  await form.getByLabel("Contact (e-mail or phone number)").fill(contact());
  await form.getByLabel("Sample file").setInputFiles({ name: "reel.wav", mimeType: "audio/wav", buffer: speechWav(3) });
  await form.getByLabel(/I agree that my name/).check();
  await form.getByRole("button", { name: "Send the application" }).click();
  await expect(page.getByTestId("applied")).toHaveText("We have your application. We will tell you the result at the contact you gave.");
});

test("missing consent and sample, a file that is not audio: each says what to fix", async ({ page, javaScriptEnabled }) => {
  await page.goto("/actors");
  const form = page.getByTestId("actor-form");
  await form.getByLabel("이름 (활동명)").fill("김하늘");
  await form.getByLabel("연락처 (이메일 또는 전화번호)").fill(contact());
  await form.getByRole("button", { name: "지원서 보내기" }).click();
  await expect(form.getByText("수집·이용에 동의해 주세요.")).toBeVisible();
  await expect(form.getByText("샘플 링크를 적거나 샘플 파일을 골라 주세요.")).toBeVisible();
  await expect(page.getByTestId("applied")).toHaveCount(0);
  if (!javaScriptEnabled) await expect(form.getByLabel("이름 (활동명)")).toHaveValue("김하늘");
  await form.getByLabel("샘플 파일").setInputFiles({ name: "reel.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("not audio at all\n".repeat(50)) });
  await form.getByLabel(/수집·이용하는 데 동의합니다/).check();
  await form.getByRole("button", { name: "지원서 보내기" }).click();
  await expect(form.getByText("오디오 파일이 아닙니다.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("applied")).toHaveCount(0);
});
