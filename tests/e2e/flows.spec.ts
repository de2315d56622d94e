// The product's flows used end to end as a Korean creator and a US podcaster would. What this file holds
// is what they found broken: pages with times rendered in the server's UTC and then again in the browser's zone (a
// browser in Korea met React's hydration errors on the studio list, the work history, an STS project, an inquiry and a
// share page, and read times 9 hours off), and the video letter's help pointing "above" to a share link below it.
import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiCall, expect, memberAbroad, signIn, signUp, test } from "./fixtures";
import { convertedRecording } from "./helpers";

/** Errors a page throws while it loads (React's hydration errors among them). */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** A time as the pages show it: Korea's time zone, whatever the server's or the browser's. */
const kst = (ms: number) => new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Seoul" }).format(ms);

test.describe("a browser in Korea (Asia/Seoul)", () => {
  test.use({ timezoneId: "Asia/Seoul", locale: "ko-KR" });

  test("the studio's pages, an inquiry and a share page render once, with Korean times", async ({ page, request, context }) => {
    const session = await signUp(request);
    const headers = { "api-key": session.token };
    const { source, job } = await convertedRecording(request, session.token, "memo.wav");
    const shared = await apiCall<{ share_id: string }>(request, session, `/studio/inferences/${job.inferenceId}/share`, {});
    const spoken = await apiCall(request, session, "/studio/tts", { text: "안녕하세요.", voice_id: "ko-minjun", lang: "ko" });
    expect(spoken.success, spoken.message).toBe(true);
    const inquiry = await (
      await request.post("/api/v1/help/inquiries", { headers, multipart: { category: "payment", content: "결제가 두 번 된 것 같아요." } })
    ).json();
    expect(inquiry.success, inquiry.message).toBe(true);
    const project = await apiCall<{ id: string }>(request, session, "/studio/projects", { type: "tts" });
    // The first paragraph keeps its id (it cannot be deleted).
    const loaded = await apiCall<{ paragraphs: { id: string }[] }>(request, session, `/studio/projects/${project.data.id}`);
    const first = loaded.data.paragraphs[0]!.id;
    const put = (text: string) =>
      request.put(`/api/v1/studio/projects/${project.data.id}/paragraphs`, {
        headers,
        data: {
          checkpoint: true,
          paragraphs: [{ id: first, text, voice_id: "ko-minjun", style: "neutral", lang: "ko", pitch: 0, tempo: 1, pause_ms: 300 }],
        },
      });
    expect((await put("첫 번째 원고입니다.")).status()).toBe(200);
    expect((await put("두 번째 원고입니다.")).status()).toBe(200);
    const versions = await apiCall<{ versions: { savedAt: number; current: boolean }[] }>(
      request,
      session,
      `/studio/projects/${project.data.id}/versions`,
    );
    await signIn(context, session);

    const errors = pageErrors(page);
    for (const path of [
      "/studio",
      "/studio/history",
      `/studio/projects/speech-to-speech?id=${source.project_id}`,
      `/dashboard/help/${inquiry.data.no}`,
      `/share/${shared.data.share_id}`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(errors, path).toEqual([]);
    }
    // The version history says when each version was saved in Korea's time, not the server's UTC.
    await page.goto(`/studio/projects/text-to-speech?id=${project.data.id}`);
    const older = versions.data.versions.find((v) => !v.current)!;
    await expect(page.getByText(kst(older.savedAt), { exact: true }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test("the video letter's help points to the share link where it is: below it", async ({ page, request, context }) => {
  const session = await signUp(request);
  const { source, job } = await convertedRecording(request, session.token, "memo.wav");
  await signIn(context, session);
  await page.goto(`/studio/projects/speech-to-speech?id=${source.project_id}&result=${job.inferenceId}`);
  const help = page.getByText("위의 공유 링크로", { exact: false }).or(page.getByText("아래 공유 링크로", { exact: false }));
  await expect(help).toHaveText(/아래 공유 링크로/);
  // And the share box does come after it.
  const after = await help.evaluate((el) => {
    const share = document.querySelector('[data-testid="share"]');
    return !!share && (el.compareDocumentPosition(share) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  });
  expect(after).toBe(true);
});

test("a PayPal checkout left at PayPal is recorded as cancelled, not as a failed payment", async ({ page, request, context }) => {
  const session = await memberAbroad(request, context);
  const back = {
    return_url: `${baseURL}/dashboard/plan/paypal/return?flow=save&plan=Starter`,
    cancel_url: `${baseURL}/dashboard/plan/upgrade`,
  };
  // The payer went to PayPal, came back without paying, and started again: the first order is closed as cancelled.
  for (let i = 0; i < 2; i++) {
    const order = await apiCall(request, session, "/payment/paypal_order", { plan: "Starter", flow: "save", ...back });
    expect(order.success, order.message).toBe(true);
  }
  await page.goto("/dashboard/plan");
  await expect(page.getByRole("heading", { name: "결제 내역" })).toBeVisible();
  await expect(page.getByTestId("invoice-row")).toHaveCount(0);
  await expect(page.getByText("결제 실패")).toHaveCount(0);
});

test("settings: a refused save keeps the language, jobs and gender chosen", async ({ page, member: _member }) => {
  await page.goto("/dashboard/settings");
  const profile = page.locator("form").filter({ has: page.getByLabel("닉네임") });
  await profile.getByLabel("언어").selectOption("en");
  await profile.getByLabel("팟캐스터").check();
  await profile.getByLabel("여성").check();
  await profile.getByLabel("닉네임").fill("가".repeat(21));
  await profile.getByRole("button", { name: "저장" }).click();
  await expect(page.getByText("닉네임을 1~20자로 입력해 주세요.")).toBeVisible();
  // Without JavaScript the page comes back from the server: what was chosen comes back with it.
  await expect(profile.getByLabel("언어")).toHaveValue("en");
  await expect(profile.getByLabel("팟캐스터")).toBeChecked();
  await expect(profile.getByLabel("여성")).toBeChecked();
  await expect(profile.getByLabel("닉네임")).toHaveValue("가".repeat(21));
});

test("an STS result renders once: the video letter's recorder is asked for in the browser only", async ({ page, request, context }) => {
  const session = await signUp(request);
  const { source, job } = await convertedRecording(request, session.token, "memo.wav");
  await signIn(context, session);
  const errors = pageErrors(page);
  await page.goto(`/studio/projects/speech-to-speech?id=${source.project_id}&result=${job.inferenceId}`);
  await page.waitForLoadState("networkidle");
  // The server could not know MediaRecorder and said "cannot record", the browser rendered the button: React #418/#422.
  expect(errors).toEqual([]);
  await expect(page.getByTestId("still-letter").getByRole("button", { name: "● 영상 편지 녹화하기" })).toBeVisible();
});
