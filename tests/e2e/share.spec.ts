// the sharing (docs/decisions/0038): "reply with my voice" takes a visitor through login back to the
// STS studio answering the shared recording, and the reply is shared back linked to the original; the share
// page speaks the visitor's language. JavaScript on and off.
import type { APIRequestContext } from "@playwright/test";
import { expect, JOIN, joinWithMailedCode, PASSWORD, signUp, test, uniqueEmail } from "./fixtures";
import { convertedRecording, speechWav } from "./helpers";

/** A conversion of `member`'s to 서연, shared through the api; answers its share URL path. */
async function sharedConversion(request: APIRequestContext, token: string) {
  const { job } = await convertedRecording(request, token, "hello.wav");
  const share = (await (await request.post(`/api/v1/studio/inferences/${job.inferenceId}/share`, { headers: { "api-key": token } })).json())
    .data;
  return share.url as string;
}

test("reply with my voice: login, record or upload, convert, share back linked to the original", async ({ page, request }) => {
  const alice = await signUp(request);
  const original = await sharedConversion(request, alice.token);
  const bob = await signUp(request);

  // A visitor (Korean) opens the shared page and replies: login first, then straight back to the reply flow.
  await page.goto(original);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("서연 목소리로 변환한 음성");
  await page.getByRole("link", { name: "내 목소리로 답장하기" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("이메일").fill(bob.email);
  await page.getByLabel("비밀번호", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/projects\/speech-to-speech\?reply=[\w-]{22}$/);
  await expect(page.getByTestId("reply-banner")).toContainText("서연 목소리로 바꾼 음성에 답장하고 있어요.");

  // Upload, check, voice, convert: the reply is kept through every step.
  await page.getByLabel("오디오 파일").setInputFiles({ name: "답장.wav", mimeType: "audio/wav", buffer: speechWav(1.5) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await expect(page).toHaveURL(/source=.*reply=/);
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  await page.getByRole("radio", { name: /민준/ }).check();
  await page.getByRole("button", { name: "변환하기" }).click();
  await expect(page).toHaveURL(/[?&]result=.*reply=/, { timeout: 30_000 });
  await page.getByRole("button", { name: "답장으로 공유하기" }).click();
  await expect(page.getByTestId("reply-linked")).toBeVisible();
  const replyUrl = await page.getByTestId("share-url").inputValue();

  // The reply's page links to the original; the original lists the reply.
  await page.goto(replyUrl);
  await expect(page.getByTestId("in-reply-to")).toHaveText("↩ 서연 목소리로 바꾼 음성에 보낸 답장");
  await page.getByTestId("in-reply-to").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${original}$`));
  await expect(page.getByTestId("share-reply")).toHaveCount(1);
  await expect(page.getByTestId("share-reply")).toContainText("민준 목소리");
});

test("the share page speaks the visitor's language", async ({ browser, request }) => {
  const alice = await signUp(request);
  const original = await sharedConversion(request, alice.token);
  const visitor = await browser.newContext({ locale: "en-US", javaScriptEnabled: test.info().project.name === "js" });
  const page = await visitor.newPage();
  await page.goto(original);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Converted to the voice of Seoyeon");
  await expect(page).toHaveTitle("A voice converted to Seoyeon | Voice Studio");
  await expect(page.getByRole("link", { name: "Reply with my voice" })).toBeVisible();
  await visitor.close();
});

for (const lng of ["ko", "en"] as const) {
  test(`reply with my voice through sign-up: a new member lands in the reply flow linked to the original (${lng})`, async ({
    page,
    request,
  }) => {
    // About twenty page loads: room for a loaded machine.
    test.setTimeout(60_000);
    const alice = await signUp(request);
    const original = await sharedConversion(request, alice.token);
    const shareId = original.split("/").pop()!;
    const w = {
      ko: { reply: "내 목소리로 답장하기", banner: "서연 목소리로 바꾼 음성에 답장하고 있어요." },
      en: { reply: "Reply with my voice", banner: "Seoyeon" },
    }[lng];

    await page.goto(`${original}?lng=${lng}`);
    await page.getByRole("link", { name: w.reply }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    // No account yet: the login page's sign-up link, the mailed code, and back to the reply.
    await page.getByRole("main").getByRole("link", { name: JOIN[lng].join, exact: true }).click();
    await expect(page).toHaveURL(/\/join/);
    await joinWithMailedCode(page, uniqueEmail("replier"), JOIN[lng]);
    await expect(page).toHaveURL(new RegExp(`/studio/projects/speech-to-speech\\?reply=${shareId}$`));
    await expect(page.getByTestId("reply-banner")).toContainText(w.banner);
    await expect(page.getByLabel(lng === "ko" ? "오디오 파일" : "Audio file")).toBeVisible();
  });
}
