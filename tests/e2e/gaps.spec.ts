// the remaining gaps (docs/decisions/0045), with JavaScript on and off: the work history's delete asks and
// can be undone; /studio's refused posts stay on /studio (no ?index); a project deleted within its undo window is
// not counted; a reply is linked to the original when it is converted; the STS review's star labels fit at 360 px.
import type { APIRequestContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, signIn, signUp, test } from "./fixtures";
import { speechWav } from "./helpers";

async function waitForJob(request: APIRequestContext, token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const state = (await (await request.get(`/api/v1/studio/jobs/${id}`, { headers: { "api-key": token } })).json()).data;
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the job did not end");
}

/** A conversion to 서연, shared: answers its inference id and share id. */
async function sharedConversion(request: APIRequestContext, token: string) {
  const headers = { "api-key": token };
  const source = (
    await (
      await request.post("/api/v1/studio/sts/sources", {
        headers,
        multipart: { file: { name: "memo.wav", mimeType: "audio/wav", buffer: speechWav(1.2) } },
      })
    ).json()
  ).data;
  const job = (
    await (
      await request.post(`/api/v1/studio/sts/sources/${source.source_id}/convert`, { headers, data: { voice_id: "ko-seoyeon" } })
    ).json()
  ).data;
  const done = await waitForJob(request, token, job.job_id);
  expect(done.status).toBe("completed");
  const share = (await (await request.post(`/api/v1/studio/inferences/${done.inferenceId}/share`, { headers })).json()).data;
  return { inferenceId: done.inferenceId as string, shareId: share.share_id as string };
}

async function speak(request: APIRequestContext, token: string, text: string) {
  const res = await request.post("/api/v1/studio/tts", {
    headers: { "api-key": token },
    data: { text, voice_id: "ko-minjun", lang: "ko" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const noSidewaysScroll = (page: import("@playwright/test").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("work history: deleting asks first, undo brings the result back, and a delete not undone stays", async ({
  page,
  request,
  context,
}) => {
  const session = await signUp(request);
  await speak(request, session.token, "첫 번째 결과입니다.");
  await speak(request, session.token, "두 번째 결과입니다.");
  await signIn(context, session);
  await page.goto("/studio/history");
  const items = page.getByTestId("history-item");
  await expect(items).toHaveCount(2);
  const dialog = page.getByRole("alertdialog", { name: "이 결과를 작업 기록에서 삭제할까요?" });

  // Asked, and "cancel" keeps it.
  await items.nth(0).getByTestId("history-delete").click();
  await expect(dialog).toContainText("두 번째 결과입니다.");
  await expect(dialog).toContainText("삭제한 뒤 몇 초 동안은 되돌릴 수 있어요.");
  await dialog.getByRole("link", { name: "취소" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(items).toHaveCount(2);
  await expect(page).toHaveURL(`${baseURL}/studio/history`);

  // Deleted, then undone.
  await items.nth(0).getByTestId("history-delete").click();
  await dialog.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText("첫 번째 결과입니다.");
  const undo = page.getByTestId("undo");
  await expect(undo).toContainText("결과를 삭제했습니다.");
  await undo.getByRole("button", { name: "되돌리기" }).click();
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("두 번째 결과입니다.");
  await expect(page.getByTestId("undo")).toHaveCount(0);
  await expect(page).toHaveURL(`${baseURL}/studio/history`);

  // Deleted and left: gone for good from the list.
  await items.nth(1).getByTestId("history-delete").click();
  await dialog.getByRole("button", { name: "삭제", exact: true }).click();
  await expect(items).toHaveCount(1);
  await page.goto("/studio/history");
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText("두 번째 결과입니다.");
});

test.describe("in English at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the work history's delete confirmation and undo fit and speak English", async ({ page, request, context }) => {
    const session = await signUp(request);
    await speak(request, session.token, "한 문장입니다.");
    await signIn(context, session);
    await page.goto("/studio/history?lng=en");
    await page.getByTestId("history-delete").click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this result from the work history?" });
    await expect(dialog).toContainText("You can undo it for a few seconds after deleting.");
    expect(await noSidewaysScroll(page)).toBe(true);
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("undo")).toContainText("Result deleted.");
    await expect(page.getByText("You have not generated any speech yet.")).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  test("the STS review's star labels stay on the screen", async ({ page, request, context }) => {
    const session = await signUp(request);
    const { inferenceId } = await sharedConversion(request, session.token);
    await signIn(context, session);
    await page.goto(`/studio/projects/speech-to-speech?result=${inferenceId}&lng=en`);
    const review = page.getByTestId("review-form");
    const stars = review.getByRole("radio");
    await expect(stars).toHaveCount(5);
    // Every choice is on the screen (none cut off or pushed past the edge), and the page does not scroll sideways.
    const labels = review.locator("fieldset label");
    await expect(labels).toHaveCount(5);
    for (let n = 0; n < 5; n++) {
      const box = (await labels.nth(n).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await expect(review.getByRole("radio", { name: "3 of 5" })).toBeAttached();
    expect(await noSidewaysScroll(page)).toBe(true);
    await labels.filter({ hasText: "4 of 5" }).click();
    await expect(review.getByRole("radio", { name: "4 of 5" })).toBeChecked();
    await review.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByTestId("review-saved")).toContainText("4");
  });
});

test("/studio: a refused post comes back on the list's own address, never with ?index", async ({ page, request, member: session }) => {
  // A script that cannot be spoken: its error shows on /studio?type=tts.
  await page.goto("/studio?type=tts");
  await page
    .getByLabel("대본 가져오기 (.txt)")
    .setInputFiles({ name: "bad.txt", mimeType: "text/plain", buffer: Buffer.from("안녕 @@ <> ^^\n") });
  await page.getByRole("button", { name: "가져오기", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "@" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/studio?type=tts`);

  // The project limit: its dialog opens on /studio.
  const headers = { "api-key": session.token };
  for (let i = 0; i < 3; i++)
    expect((await request.post("/api/v1/studio/projects", { headers, data: { type: "tts" } })).status()).toBe(200);
  await page.goto("/studio");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await expect(page.getByRole("alertdialog", { name: "프로젝트를 더 만들 수 없어요" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/studio`);
  // Shown once: a reload does not post again nor show it again.
  await page.reload();
  await expect(page.getByTestId("project-row")).toHaveCount(3);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // Deleting (asked, then undone) keeps the address clean too.
  await page.getByLabel(/선택$/).first().check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(2);
  expect(new URL(page.url()).searchParams.has("index")).toBe(false);
  await page.getByTestId("undo").getByRole("button", { name: "되돌리기" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(3);
  await expect(page).toHaveURL(`${baseURL}/studio`);
});

test("a project deleted within its undo time counts nowhere: the plan's project meter and play selected", async ({
  page,
  request,
  context,
}) => {
  const session = await signUp(request);
  const headers = { "api-key": session.token };
  const ids: string[] = [];
  for (const name of ["하나", "둘"])
    ids.push((await (await request.post("/api/v1/studio/projects", { headers, data: { name, type: "tts" } })).json()).data.id);
  await signIn(context, session);
  await page.goto("/dashboard/plan");
  await expect(page.getByTestId("usage-projects").getByRole("meter")).toHaveAttribute("aria-valuetext", "3개 중 1개 남음");

  await page.goto("/studio");
  await page.getByLabel("하나 선택").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByTestId("undo")).toBeVisible();
  // Still restorable, already not counted: two places left of three.
  await page.goto("/dashboard/plan");
  await expect(page.getByTestId("usage-projects").getByRole("meter")).toHaveAttribute("aria-valuetext", "3개 중 2개 남음");
  // Nor played: the list's batch names it "not found".
  await page.goto(`/studio?play=1&id=${ids[0]}`);
  await expect(page.getByTestId("batch-skipped")).toHaveText(["찾을 수 없는 프로젝트 1개 (삭제되었을 수 있어요)"]);
  await expect(page.getByTestId("playlist")).toHaveCount(0);
});

test("a reply is linked to the original when it is converted; the original lists it only once it is shared", async ({
  page,
  request,
  context,
}) => {
  const alice = await signUp(request);
  const original = await sharedConversion(request, alice.token);
  const bob = await signUp(request);
  await signIn(context, bob);

  await page.goto(`/studio/projects/speech-to-speech?reply=${original.shareId}`);
  await expect(page.getByTestId("reply-banner")).toBeVisible();
  await page.getByLabel("오디오 파일").setInputFiles({ name: "답장.wav", mimeType: "audio/wav", buffer: speechWav(1.5) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  await page.getByRole("radio", { name: /민준/ }).check();
  await page.getByRole("button", { name: "변환하기" }).click();
  await expect(page).toHaveURL(/[?&]result=.*reply=/, { timeout: 30_000 });
  const replyId = new URL(page.url()).searchParams.get("result")!;

  // Converted, not shared: nobody but its author sees it; the original's page lists nothing.
  const originalPage = async () => (await (await request.get(`/api/v1/share/${original.shareId}`)).json()).data;
  expect((await originalPage()).replies).toEqual([]);
  const mine = (await (await request.get(`/api/v1/studio/inferences/${replyId}`, { headers: { "api-key": bob.token } })).json()).data;
  expect(mine).toMatchObject({ isReply: true, share: null });

  // Shared the plain way (not "share as my reply"): it is already the original's reply.
  expect((await request.post(`/api/v1/studio/inferences/${replyId}/share`, { headers: { "api-key": bob.token } })).status()).toBe(200);
  await page.goto(`/share/${original.shareId}`);
  await expect(page.getByTestId("share-reply")).toHaveCount(1);
  await expect(page.getByTestId("share-reply")).toContainText("민준");
});
