// The shorts (docs/decisions/0042) in a real Chromium: a short made from a template, from the
// public page through login to the template, reading it with the fake microphone (the teleprompter follows
// the recording), the check, a voice, the conversion (the api's Xinference engine against its stand-in), and the
// 9:16 short drawn with the script's subtitles and recorded to WebM in the browser: downloaded, saved with
// its template, shared and opened by a visitor (the share page says "short"), named in the work history.
// Without JavaScript the steps work by forms and the result says the video needs JavaScript and plays the
// audio. Both pages at 360 px.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";
import { convertChecked, speechWav, visitShare } from "./helpers";

/**
 * How far the page scrolls sideways, once its stylesheet has applied: a click's navigation resolves `toHaveURL` when
 * the document commits, and a layout read before the CSS has loaded measures the unstyled page (28 px once).
 */
const overflow = async (page: Page) => {
  await page.waitForLoadState("load");
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
};

/** Steps 1-4 from the start page: the birthday template, a reading (`read`), the check, a voice. */
async function toResult(page: Page, read: () => Promise<void>) {
  await expect(page.locator('[aria-current="step"]')).toHaveText("1. 템플릿 고르기");
  await page.getByRole("radio", { name: /생일 축하 메시지/ }).check();
  await page.getByRole("button", { name: "이 템플릿으로 계속하기 →" }).click();
  await expect(page).toHaveURL(/\/labs\/shorts\/start\?template=birthday$/);
  await expect(page.getByTestId("chosen-template")).toContainText("템플릿: 생일 축하 메시지");
  await expect(page.locator('[aria-current="step"]')).toHaveText("2. 대본 읽기");
  await expect(page.getByTestId("teleprompter")).toContainText("생일 축하해!");
  await read();
  await expect(page).toHaveURL(/template=birthday&id=.+&source=/);
  await convertChecked(page, /서연/, { labs: true });
  await expect(page.locator('[aria-current="step"]')).toHaveText("5. 쇼츠 완성");
  await expect(page.getByTestId("short-result")).toContainText("쇼츠 완성: 생일 축하 메시지");
}

test("a short made from a template with the microphone: subtitles drawn, downloaded, shared and opened by a visitor", async ({
  page,
  request,
  context,
  browser,
}, info) => {
  test.skip(info.project.name !== "js", "the short is made with JavaScript");
  // Recording, conversion and the real-time render on a shared machine.
  test.setTimeout(180_000);
  // A visitor on the public page is sent to log in, and comes back to the start page.
  await page.goto("/labs/shorts");
  await page.getByTestId("shorts-cta").click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Flabs%2Fshorts%2Fstart/);
  await signIn(context, await signUp(request));
  await page.goto("/labs/shorts/start");
  await toResult(page, async () => {
    await page.getByRole("button", { name: "● 녹음 시작" }).click();
    // The teleprompter marks the line of the moment while recording.
    await expect(page.locator('[data-testid="teleprompter"] li[aria-current="true"]')).toHaveText(/생일 축하해!/);
    await expect(page.getByTestId("record-timer")).toHaveText(/^0:03 /, { timeout: 15_000 });
    await expect(page.locator('[data-testid="teleprompter"] li[aria-current="true"]')).toHaveText(/올해도 웃을 일만 가득하길/);
    await page.getByRole("button", { name: "■ 녹음 끝내기" }).click();
    await page.getByRole("button", { name: "이 녹음으로 변환하기" }).click();
  });
  const maker = page.getByTestId("short-maker");
  await expect(maker).toHaveAttribute("data-phase", "ready", { timeout: 15_000 });
  // The first frame: the first cue on the background.
  expect(await page.evaluate(() => window.__shortsCue)).toBe("생일 축하해!");

  // Make it: the cues change with the audio (scaled to its length) while it records.
  await page.getByRole("button", { name: "● 쇼츠 영상 만들기" }).click();
  await expect(maker).toHaveAttribute("data-phase", "making");
  const cues = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen = new Set<string>();
        const every = setInterval(() => {
          seen.add(window.__shortsCue ?? "");
          if (document.querySelector('[data-testid="short-maker"]')?.getAttribute("data-phase") !== "making") {
            clearInterval(every);
            resolve([...seen]);
          }
        }, 50);
      }),
  );
  expect(cues).toEqual(expect.arrayContaining(["생일 축하해!", "올해도 웃을 일만 가득하길.", "오늘의 주인공은 바로 너야!"]));
  await expect(maker).toHaveAttribute("data-phase", "made", { timeout: 30_000 });

  // Downloadable: a WebM file.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("short-download").click()]);
  expect(download.suggestedFilename()).toBe("short-birthday.webm");
  expect((await readFile((await download.path())!)).subarray(0, 4).toString("hex")).toBe("1a45dfa3");

  // Saved with its template, then shared.
  await page.getByRole("button", { name: "쇼츠 저장하고 공유 준비하기" }).click();
  await expect(page.getByTestId("short-video")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "공유 링크 만들기" }).click();
  // A visitor opens it: the video, "short" and the 9:16 picture in the social metadata.
  const { visitor, view, og } = await visitShare(browser, await page.getByTestId("share-url").inputValue());
  await expect(view.getByTestId("shared-short")).toHaveText("쇼츠 · 생일 축하 메시지");
  await expect(view).toHaveTitle(/생일 축하 메시지 쇼츠/);
  expect([await og("og:video:width"), await og("og:video:height")]).toEqual(["720", "1280"]);
  const video = await view.request.get((await og("og:video"))!);
  expect([video.status(), video.headers()["content-type"]]).toEqual([200, "video/webm"]);
  expect((await video.body()).subarray(0, 4).toString("hex")).toBe("1a45dfa3");
  await visitor.close();

  // The work history names it a short.
  await page.goto("/studio/history");
  await expect(page.getByTestId("history-video")).toHaveText("쇼츠");
});

test("without JavaScript: the steps work by forms, and the result says the video needs JavaScript and plays the audio", async ({
  page,
  request,
  context,
}, info) => {
  test.skip(info.project.name !== "no-js", "the no-JavaScript path");
  await signIn(context, await signUp(request));
  await page.goto("/labs/shorts/start");
  await toResult(page, async () => {
    await page.getByLabel("오디오 파일").setInputFiles({ name: "reading.wav", mimeType: "audio/wav", buffer: speechWav(2.5) });
    await page.getByRole("button", { name: "파일 확인하기" }).click();
  });
  await expect(page.getByTestId("short-needs")).toContainText("JavaScript");
  const audio = page.getByTestId("plain-audio");
  await expect(audio).toHaveAttribute("src", /\/api\/v1\/studio\/inferences\/.+\/audio$/);
  const res = await context.request.get((await audio.getAttribute("src"))!);
  expect([res.status(), (await res.body()).subarray(0, 4).toString()]).toEqual([200, "RIFF"]);
  // A template that is not ours goes back to choosing one.
  await page.goto("/labs/shorts/start?template=nope");
  await expect(page).toHaveURL(/\/labs\/shorts\/start$/);
});

test("the shorts pages at 360 px: the public page without the site header, and the start page", async ({ page, request, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/labs");
  await page.getByRole("link", { name: "쇼츠 둘러보기 →" }).click();
  await expect(page).toHaveURL(/\/labs\/shorts$/);
  await expect(page).toHaveTitle("AI 목소리 흉내 쇼츠 | 보이스 스튜디오");
  await expect(page.getByRole("heading", { level: 1, name: "AI 목소리 흉내 쇼츠" })).toBeVisible();
  await expect(page.getByTestId("public-header")).toHaveCount(0);
  await expect(page.getByTestId("sample-short")).toHaveCount(3);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.goto("/labs/shorts?lng=en");
  await expect(page.getByRole("heading", { level: 1, name: "AI voice imitation shorts" })).toBeVisible();
  await page.goto("/labs/shorts?lng=ko");
  await signIn(context, await signUp(request));
  await page.goto("/labs/shorts/start");
  await expect(page.getByRole("heading", { level: 1, name: "쇼츠 만들기" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.goto("/labs/shorts/start?template=news");
  await expect(page.getByTestId("teleprompter")).toContainText("속보입니다.");
  await expect(page.getByTestId("teleprompter")).toContainText("3.0초");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("the public page's samples play: the renderer draws the cue of the moment in step with the sample's voice, play and pause", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "js", "the samples are drawn with JavaScript");
  await page.goto("/labs/shorts");
  const news = page.getByTestId("sample-short").first();
  await expect(news.getByTestId("sample-audio")).toHaveAttribute("src", "/labs/shorts/news.ko.mp3");
  // With JavaScript the plain player gives way to the button.
  await expect(news.getByTestId("sample-audio")).not.toHaveAttribute("controls");
  await news.getByRole("button", { name: "속보 뉴스 앵커 샘플 재생" }).click();
  await expect(news).toHaveAttribute("data-state", "playing");
  await expect(news.getByTestId("sample-canvas")).toBeVisible();
  // The cues change while the audio plays (the script's second cue starts at 3 s of 15).
  const seen = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const cues = new Set<string>();
        const every = setInterval(() => {
          cues.add(window.__shortsCue ?? "");
          if (cues.has("오늘 아침, 우리 동네 고양이가")) {
            clearInterval(every);
            resolve([...cues]);
          }
        }, 50);
        setTimeout(() => (clearInterval(every), resolve([...cues])), 12_000);
      }),
  );
  expect(seen).toEqual(expect.arrayContaining(["속보입니다.", "오늘 아침, 우리 동네 고양이가"]));
  const playing = await news.getByTestId("sample-audio").evaluate((a: HTMLAudioElement) => ({ paused: a.paused, at: a.currentTime }));
  expect(playing.paused).toBe(false);
  expect(playing.at).toBeGreaterThan(3);

  // Pause: the audio stops and the frame stays.
  await news.getByRole("button", { name: "속보 뉴스 앵커 샘플 일시정지" }).click();
  await expect(news).toHaveAttribute("data-state", "paused");
  const at = await news.getByTestId("sample-audio").evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.waitForTimeout(500);
  expect(await news.getByTestId("sample-audio").evaluate((a: HTMLAudioElement) => [a.paused, a.currentTime])).toEqual([true, at]);

  // Another sample takes over: one plays at a time, in the page's language.
  await page.getByRole("button", { name: "생일 축하 메시지 샘플 재생" }).click();
  await expect(page.getByTestId("sample-short").nth(2)).toHaveAttribute("data-state", "playing");
  await expect.poll(() => page.evaluate(() => window.__shortsCue)).toBe("생일 축하해!");
  expect(await news.getByTestId("sample-audio").evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await page.goto("/labs/shorts?lng=en");
  await expect(page.getByTestId("sample-audio").first()).toHaveAttribute("src", "/labs/shorts/news.en.mp3");
  await page.getByRole("button", { name: "Play the Breaking news anchor sample" }).click();
  await expect.poll(() => page.evaluate(() => window.__shortsCue)).toBe("Breaking news.");
  await page.goto("/labs/shorts?lng=ko");
});

test("without JavaScript the samples are the still frame and a plain audio player", async ({ page, request }, info) => {
  test.skip(info.project.name !== "no-js", "the no-JavaScript path");
  await page.goto("/labs/shorts");
  const samples = page.getByTestId("sample-short");
  await expect(samples).toHaveCount(3);
  for (const [i, id] of ["news", "trailer", "birthday"].entries()) {
    const sample = samples.nth(i);
    await expect(sample.getByRole("img").first()).toBeVisible();
    await expect(sample.getByTestId("sample-play")).toHaveCount(0);
    const audio = sample.getByTestId("sample-audio");
    await expect(audio).toHaveAttribute("controls");
    await expect(audio).toBeVisible();
    await expect(audio).toHaveAttribute("src", `/labs/shorts/${id}.ko.mp3`);
    const res = await request.get(`/labs/shorts/${id}.ko.mp3`);
    expect([res.status(), res.headers()["content-type"]]).toEqual([200, "audio/mpeg"]);
  }
  await expect(samples.first()).toContainText("속보입니다.");
});
