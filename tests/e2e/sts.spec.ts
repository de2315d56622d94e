// The speech-to-speech studio in a real Chromium (JavaScript on and off): record with the fake
// microphone (playwright.config.ts), upload, file check, voice, conversion, before/after, share page,
// review, history. Conversion runs through the api's Xinference engine against its stand-in (resynthesis).
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, signIn, signUp, test } from "./fixtures";
import { convertedRecording, remixCookieValue, speechWav } from "./helpers";

/** Step 1 by upload: the plain file form (works without JavaScript). */
async function uploadFile(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel("오디오 파일").setInputFiles({ name, mimeType: "application/octet-stream", buffer });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
}

/** Steps 3-4: choose a voice and convert; answers when the result (step 5) shows. */
async function convertTo(page: Page, voice: RegExp) {
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  await expect(page.getByTestId("sts-honesty")).toContainText("결과 화면에서 어떤 방식으로 만들었는지 알려 드려요");
  await page.getByRole("radio", { name: voice }).check();
  await page.getByRole("button", { name: "변환하기" }).click();
  // Without JavaScript the progress page refreshes itself every 2 s and then lands on the result.
  await expect(page).toHaveURL(/[?&]result=/, { timeout: 30_000 });
  await expect(page.getByTestId("sts-result")).toBeVisible();
}

test("upload, file check, voice, conversion, result with both versions and downloads", async ({ page, member: _member }) => {
  await page.goto("/dashboard");
  await page.getByTestId("new-sts").click();
  await expect(page).toHaveURL(/\/studio\/projects\/speech-to-speech$/);
  await expect(page.getByTestId("remaining")).toHaveText("이번 달 남은 변환 시간: 3분");
  await expect(page.locator('[aria-current="step"]')).toHaveText("1. 스튜디오");
  await uploadFile(page, "인터뷰.wav", speechWav(3.2));
  await expect(page).toHaveURL(/\?id=.+&source=/);
  await expect(page.locator('[aria-current="step"]')).toHaveText("2. 파일 확인");
  await expect(page.getByTestId("source-name")).toHaveText("인터뷰.wav · 업로드");
  // One rule for the shown length and the charge (contracts/sts.ts): 3.2 s is 3 s.
  await expect(page.getByTestId("source-duration")).toHaveText("3초");
  await expect(page.getByTestId("file-check")).toContainText("3초 / 3분");
  await convertTo(page, /서연/);
  await expect(page.getByTestId("sts-result")).toContainText("보이스: 서연");
  // The result says how it was made: with Xinference, spoken again in the voice.
  await expect(page.getByTestId("sts-method")).toContainText("다시 말하기로 만들었어요");
  await expect(page.getByTestId("remaining")).toHaveText("이번 달 남은 변환 시간: 2분 57초");
  await expect(page.getByTestId("audio-before")).toBeVisible();
  await expect(page.getByTestId("audio-after")).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-wav").click()]);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
  expect(bytes.readUInt32LE(24)).toBe(24_000);
  expect(Math.abs(bytes.readUInt32LE(40) / 2 / 24_000 - 3.2)).toBeLessThan(0.05);
  // The project keeps the conversion; the project list's STS tab shows it.
  await page.getByRole("link", { name: "새 파일 변환" }).click();
  await expect(page).toHaveURL(/\?id=[^&]+$/);
  await expect(page.getByTestId("conversion-item")).toHaveCount(1);
  await expect(page.getByTestId("conversion-item")).toContainText("인터뷰.wav");
  await expect(page.getByTestId("conversion-item")).toContainText("→ 서연");
  await page.goto("/studio?type=sts");
  await expect(page.getByRole("link", { name: "인터뷰" })).toBeVisible();
});

test("a 30.04 s file is shown, quoted and charged as 30 s (not 31)", async ({ page, member: _member }) => {
  await page.goto("/studio/projects/speech-to-speech");
  await uploadFile(page, "memo.wav", speechWav(30.04));
  await expect(page.getByTestId("source-duration")).toHaveText("30초");
  await expect(page.getByTestId("file-check")).toContainText("30초 / 3분");
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  await expect(page.getByTestId("sts-cost")).toHaveText("변환하면 30초가 차감됩니다.");
  await page.getByRole("radio", { name: /서연/ }).check();
  await page.getByRole("button", { name: "변환하기" }).click();
  await expect(page).toHaveURL(/[?&]result=/, { timeout: 30_000 });
  await expect(page.getByTestId("remaining")).toHaveText("이번 달 남은 변환 시간: 2분 30초");
});

test("a file that is not audio gets its message and nothing is kept", async ({ page, member: _member }) => {
  await page.goto("/studio/projects/speech-to-speech");
  await uploadFile(page, "memo.mp3", Buffer.from("This is a text file with an audio name.\n".repeat(40)));
  await expect(page.getByText("오디오 파일이 아닙니다. WAV, MP3, OGG, WebM, M4A 파일을 올려 주세요.")).toBeVisible();
  await expect(page).not.toHaveURL(/source=/);
  await page.getByLabel("오디오 파일").setInputFiles([]);
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await expect(page.getByText("변환할 오디오 파일을 골라 주세요.")).toBeVisible();
  await page.goto("/studio?type=sts");
  await expect(page.getByText("아직 프로젝트가 없습니다.")).toBeVisible();
});

test("share page: server-rendered Open Graph and Twitter tags in the visitor's language (the sharer's as fallback), plays, revocable; review; history", async ({
  page,
  browser,
  member: _member,
}) => {
  await page.goto("/studio/projects/speech-to-speech");
  await uploadFile(page, "clip.wav", speechWav(2));
  await convertTo(page, /민준/);
  await page.getByRole("button", { name: "공유 URL 만들기" }).click();
  const shareUrl = await page.getByTestId("share-url").inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{22}$`));

  // A visitor, in English: the page and its preview metadata in the visitor's language; a request
  // that names no language (a link preview's crawler) gets the sharer's (Korean).
  const visitor = await browser.newContext({ locale: "en-US", javaScriptEnabled: false });
  const html = await (await visitor.request.get(shareUrl, { headers: { "accept-language": "en-US" } })).text();
  expect(html).toContain('<meta property="og:title" content="A voice converted to Minjun | Voice Studio"/>');
  expect(html).toContain('<meta property="og:locale" content="en_US"/>');
  const crawler = await (await visitor.request.get(shareUrl, { headers: { "accept-language": "" } })).text();
  expect(crawler).toContain('<meta property="og:title" content="민준 목소리로 바꾼 음성 | 보이스 스튜디오"/>');
  expect(html).toMatch(/<meta property="og:audio" content="http:\/\/127\.0\.0\.1:\d+\/api\/v1\/share\/[\w-]{22}\/audio\?format=mp3"\/>/);
  expect(html).toContain('<meta property="og:audio:type" content="audio/mpeg"/>');
  expect(html).toContain('<meta name="twitter:title" content="A voice converted to Minjun | Voice Studio"/>');
  // An http origin has no secure URL to offer.
  expect(html).not.toContain("og:audio:secure_url");
  const audioUrl = html.match(/og:audio" content="([^"]+)"/)![1]!;
  const mp3 = await visitor.request.get(audioUrl);
  expect(mp3.headers()["content-type"]).toBe("audio/mpeg");
  expect((await mp3.body()).length).toBeGreaterThan(1000);
  const shared = await visitor.newPage();
  await shared.goto(shareUrl);
  await expect(shared.getByRole("link", { name: "Reply with my voice" })).toHaveAttribute(
    "href",
    /^\/studio\/projects\/speech-to-speech\?reply=[\w-]{22}$/,
  );
  await expect(shared.getByTestId("shared-audio").locator("audio")).toHaveAttribute("src", /\/api\/v1\/share\/[\w-]{22}\/audio$/);
  // The visitor is told how the conversion was made (the api's engine here speaks it again in the voice).
  await expect(shared.getByTestId("share-method")).toContainText("Spoken again in the voice of");
  // And it plays, for a visitor with JavaScript: the waveform player takes over and time runs.
  const listener = await browser.newContext({ locale: "en-US", javaScriptEnabled: true });
  const listening = await listener.newPage();
  await listening.goto(shareUrl);
  const player = listening.getByTestId("shared-audio");
  await expect(player).toHaveAttribute("data-enhanced", "true");
  await player.getByRole("button", { name: "Play" }).click();
  await expect.poll(() => player.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  await listener.close();

  // Review: a score is required; then it is saved.
  await page.getByRole("button", { name: "리뷰 남기기" }).click();
  await expect(page.getByTestId("review-form")).toContainText("필수 입력 항목입니다.");
  // The stars are labels around visually hidden radios (one star per choice): a person clicks the star.
  await page.getByTestId("review-form").locator("fieldset label").filter({ hasText: "4점" }).click();
  await expect(page.getByRole("radio", { name: "4점" })).toBeChecked();
  await page.getByLabel("의견 (선택)").fill("발음이 또렷해요");
  await page.getByRole("button", { name: "리뷰 남기기" }).click();
  await expect(page.getByTestId("review-saved")).toHaveText("남긴 리뷰: 4점");

  // Revoking: the page and its audio are gone.
  await page.getByRole("button", { name: "공유 중지" }).click();
  await expect(page.getByRole("button", { name: "공유 URL 만들기" })).toBeVisible();
  expect((await visitor.request.get(shareUrl)).status()).toBe(404);
  expect((await visitor.request.get(audioUrl)).status()).toBe(404);
  await visitor.close();

  // The work history: method, original and converted versions, delete.
  await page.goto("/studio/history");
  const row = page.getByTestId("history-item");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("history-method")).toHaveText("파일 업로드");
  await expect(row.getByTestId("history-original")).toBeVisible();
  await expect(row).toContainText("변환 시간 2초");
  // Deleting asks first (tests/e2e/gaps.spec.ts covers the dialog and undo).
  await row.getByTestId("history-delete").click();
  await page
    .getByRole("alertdialog", { name: "이 결과를 작업 기록에서 삭제할까요?" })
    .getByRole("button", { name: "삭제", exact: true })
    .click();
  await expect(page.getByTestId("history-item")).toHaveCount(0);
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "recording needs JavaScript");

  test("a project whose load fails for a moment (a dropped connection) offers back and retry, and retry loads it (ko, en)", async ({
    page,
    request,
    member: session,
  }) => {
    const { source } = await convertedRecording(request, session.token, "memo.wav");
    const words = {
      ko: { failed: "오류가 발생했습니다", back: "돌아가기", retry: "다시 시도" },
      en: { failed: "Something went wrong", back: "Go back", retry: "Try again" },
    };
    for (const lng of ["ko", "en"] as const) {
      const w = words[lng];
      await page.goto(`/studio?type=sts&lng=${lng}`);
      await page.waitForFunction(() => "__remixRouter" in window);
      // The connection drops once while the project's data loads (the page's own data request, as on a train).
      let dropped = 0;
      await page.route(
        (url) => url.pathname.endsWith("/studio/projects/speech-to-speech.data"),
        (route) => {
          dropped++;
          return route.abort("internetdisconnected");
        },
        { times: 1 },
      );
      await page.getByRole("link", { name: "memo", exact: true }).click();
      // One request carries every route's data, so the failure shows at the root: what happened, back and retry.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.failed);
      expect(dropped).toBe(1);
      const actions = page.getByTestId("error-actions");
      await expect(actions.getByRole("link", { name: w.back })).toHaveAttribute("href", "/studio?type=sts");
      await actions.getByRole("link", { name: w.retry }).click();
      await expect(page).toHaveURL(new RegExp(`\\?id=${source.project_id}$`));
      await expect(page.getByTestId("error-actions")).toHaveCount(0);
      await expect(page.getByTestId("conversion-item")).toHaveCount(1);
      await expect(page.getByTestId("conversion-item")).toContainText("memo.wav");
    }
  });

  test("record with the microphone (level, timer), convert, and switch A/B", async ({ page, member: _member }) => {
    await page.goto("/studio/projects/speech-to-speech");
    await page.getByRole("button", { name: "● 녹음 시작" }).click();
    await expect(page.getByTestId("record-timer")).toHaveText(/^0:02 \/ 최대 3:00$/, { timeout: 15_000 });
    // The fake microphone beeps once a second: the level meter has moved (its peak so far).
    await expect
      .poll(async () => Number(await page.getByTestId("record-level").getAttribute("data-peak")), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await page.getByRole("button", { name: "■ 녹음 끝내기" }).click();
    await expect(page.getByTestId("record-preview")).toBeVisible();
    await page.getByRole("button", { name: "이 녹음으로 변환하기" }).click();
    await expect(page).toHaveURL(/source=/);
    await expect(page.getByTestId("source-name")).toContainText("· 녹음");
    await convertTo(page, /엠마/);
    const ab = page.getByTestId("before-after");
    await expect(ab).toHaveAttribute("data-side", "after");
    await page.getByTestId("ab-switch").click();
    await expect(ab).toHaveAttribute("data-side", "before");
  });

  test("recording stops at the remaining time and asks: save up to here, or record again", async ({ page, request, context }) => {
    const session = await signUp(request);
    await useTimeUpTo(request, session.token, 177);
    await signIn(context, session);
    await page.goto("/studio/projects/speech-to-speech");
    await expect(page.getByTestId("remaining")).toHaveText("이번 달 남은 변환 시간: 3초");
    await page.getByRole("button", { name: "● 녹음 시작" }).click();
    const dialog = page.getByTestId("record-limit-dialog");
    await expect(dialog).toContainText("남은 변환 시간(3초)만큼 녹음했어요. 여기까지 저장할까요, 아니면 다시 녹음할까요?", {
      timeout: 15_000,
    });
    await dialog.getByRole("button", { name: "다시 녹음" }).click();
    await expect(page.getByRole("button", { name: "● 녹음 시작" })).toBeVisible();
    await page.getByRole("button", { name: "● 녹음 시작" }).click();
    await page.getByTestId("record-limit-dialog").getByRole("button", { name: "여기까지 저장" }).click();
    await expect(page).toHaveURL(/source=/);
    // Stopped just before the time left, the recording is charged no more than it (contracts/sts.ts).
    await expect(page.getByTestId("source-duration")).toHaveText(/^[23]초$/);
  });

  test("a file dropped on the upload area is checked", async ({ page, member: _member }) => {
    await page.goto("/studio/projects/speech-to-speech");
    await expect(page.getByRole("button", { name: "● 녹음 시작" })).toBeEnabled();
    const bytes = [...speechWav(1.5)];
    const dataTransfer = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "dropped.wav", { type: "audio/wav" }));
      return transfer;
    }, bytes);
    await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer });
    await expect(page).toHaveURL(/source=/);
    await expect(page.getByTestId("source-name")).toHaveText("dropped.wav · 업로드");
  });

  test("a denied microphone is explained", async ({ page, member: _member }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.goto("/studio/projects/speech-to-speech");
    await page.getByRole("button", { name: "● 녹음 시작" }).click();
    await expect(page.getByTestId("mic-error")).toContainText("마이크 권한이 거부되었습니다.");
  });
});

/** Spends conversion time through the public API (POST /studio/sts) until `seconds` are used. */
async function useTimeUpTo(request: APIRequestContext, token: string, seconds: number) {
  const answer = await request.post("/api/v1/studio/sts", {
    headers: { "api-key": token },
    multipart: { voice_id: "ko-minjun", file: { name: "long.wav", mimeType: "audio/wav", buffer: speechWav(seconds - 0.3, 8000) } },
  });
  const body = await answer.json();
  expect(body.data?.seconds, body.message).toBe(seconds);
}

test("a conversion downloads under the voice's name in the page's language", async ({ page, context, request, member: session }) => {
  const { job } = await convertedRecording(request, session.token, "memo.wav");
  const fileName = async () => {
    const answer = await page.request.get(`/api/v1/studio/inferences/${job.inferenceId}/audio?download=1`);
    expect(answer.status()).toBe(200);
    return decodeURIComponent(answer.headers()["content-disposition"] ?? "");
  };
  await context.addCookies([{ name: "lng", value: remixCookieValue("en"), url: baseURL }]);
  expect(await fileName()).toContain("memo - Seoyeon.wav");
  await context.addCookies([{ name: "lng", value: remixCookieValue("ko"), url: baseURL }]);
  expect(await fileName()).toContain("memo - 서연.wav");
});
