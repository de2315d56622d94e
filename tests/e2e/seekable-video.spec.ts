// Shorts that carry their length (docs/decisions/0078), in a real Chromium: a short made in the browser is offered
// as a WebM that plays with a finite duration and seeks (MediaRecorder's own file has no Duration and no Cues), and so is the short
// the api stored; where the recorder writes MP4 with H.264/AAC an MP4 is offered beside it, and where it does not the
// page says so in Korean and English. Debian's Chromium records H.264 but has no AAC encoder, so the first test
// answers for a browser that has one at the browser's own API (isTypeSupported and the recorder's type), recording
// H.264 with Opus in MP4; the second stands in for one without MP4 the same way.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";
import { convertChecked, speechWav } from "./helpers";

/** Steps 1-4 by upload, to the result of the birthday template. */
async function toResult(page: Page) {
  await page.goto("/labs/shorts/start");
  await page.getByRole("radio", { name: /생일 축하 메시지/ }).check();
  await page.getByRole("button", { name: "이 템플릿으로 계속하기 →" }).click();
  await page.getByLabel("오디오 파일").setInputFiles({ name: "reading.wav", mimeType: "audio/wav", buffer: speechWav(2.5) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await convertChecked(page, /서연/, { labs: true });
  await expect(page.getByTestId("short-maker")).toHaveAttribute("data-phase", "ready", { timeout: 15_000 });
}

/** A `<video>` of `src` in the page: its duration, what is seekable, and where it is after seeking to the middle. */
const playback = (page: Page, src: string) =>
  page.evaluate(async (src) => {
    const v = document.createElement("video");
    v.muted = true;
    v.preload = "auto";
    v.src = src;
    await new Promise((resolve, reject) => {
      v.onloadedmetadata = resolve;
      v.onerror = () => reject(new Error(`cannot play ${src}: ${v.error?.message}`));
    });
    const duration = v.duration;
    const seekableEnd = v.seekable.length ? v.seekable.end(v.seekable.length - 1) : 0;
    if (!Number.isFinite(duration)) return { duration, seekableEnd, target: 0, at: NaN };
    const target = duration / 2;
    v.currentTime = target;
    await new Promise((resolve) => (v.onseeked = resolve));
    return { duration, seekableEnd, target, at: v.currentTime };
  }, src);

const expectSeekable = (p: Awaited<ReturnType<typeof playback>>, seconds: number) => {
  expect(Number.isFinite(p.duration), `duration ${p.duration}`).toBe(true);
  expect(Math.abs(p.duration - seconds)).toBeLessThan(0.5);
  expect(p.seekableEnd).toBeCloseTo(p.duration, 1);
  expect(Math.abs(p.at - p.target)).toBeLessThan(0.1);
};

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "shorts are recorded in the browser");

  test("a short's WebM download and its stored video have a finite duration and seek; an MP4 beside it where H.264/AAC records", async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(150_000);
    await context.addInitScript(() => {
      const aac = /^video\/mp4;codecs=avc1.*mp4a/;
      const Real = window.MediaRecorder;
      const isTypeSupported = Real.isTypeSupported.bind(Real);
      const asRecorded = (type?: string) => (type && aac.test(type) ? "video/mp4;codecs=avc1,opus" : type);
      class Recorder extends Real {
        constructor(stream: MediaStream, options?: MediaRecorderOptions) {
          super(stream, { ...options, mimeType: asRecorded(options?.mimeType) });
        }
        static override isTypeSupported(type: string) {
          return isTypeSupported(asRecorded(type)!);
        }
      }
      window.MediaRecorder = Recorder;
    });
    await signIn(context, await signUp(request));
    await toResult(page);
    const maker = page.getByTestId("short-maker");
    await expect(page.getByTestId("short-mp4")).toHaveText(
      "이 브라우저에서는 쇼츠를 MP4(H.264/AAC)로도 녹화해 내려받을 수 있습니다. 저장하고 공유하는 쇼츠는 WebM입니다.",
    );
    await page.getByRole("button", { name: "● 쇼츠 영상 만들기" }).click();
    await expect(maker).toHaveAttribute("data-phase", "made", { timeout: 30_000 });
    const seconds = await page.getByTestId("plain-audio").evaluate(
      (a: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (Number.isFinite(a.duration)) return resolve(a.duration);
          a.preload = "metadata";
          a.load();
          a.onloadedmetadata = () => resolve(a.duration);
        }),
    );
    expect(seconds).toBeGreaterThan(1);

    // The WebM download: a length and a seek index written in the browser.
    const webm = (await page.getByTestId("short-download").getAttribute("href"))!;
    expectSeekable(await playback(page, webm), seconds);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("short-download").click()]);
    expect(download.suggestedFilename()).toBe("short-birthday.webm");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    // Cues (1C 53 BB 6B) and a Duration (44 89) are in the file.
    expect(bytes.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x44, 0x89]))).toBe(true);

    // The MP4 beside it.
    const mp4Link = page.getByTestId("short-download-mp4");
    await expect(mp4Link).toHaveText("↓ MP4로 내려받기 (H.264/AAC)");
    expectSeekable(await playback(page, (await mp4Link.getAttribute("href"))!), seconds);
    const [mp4] = await Promise.all([page.waitForEvent("download"), mp4Link.click()]);
    expect(mp4.suggestedFilename()).toBe("short-birthday.mp4");
    expect((await readFile((await mp4.path())!)).subarray(4, 8).toString()).toBe("ftyp");

    // Saved: the api's stored file plays with its length and seeks (through Range requests).
    await page.getByRole("button", { name: "쇼츠 저장하고 공유 준비하기" }).click();
    const stored = page.getByTestId("short-video");
    await expect(stored).toBeVisible({ timeout: 30_000 });
    expectSeekable(await playback(page, (await stored.getAttribute("src"))!), seconds);
  });

  test("where the recorder writes no MP4, the page says so in Korean and English and offers the WebM alone", async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.addInitScript(() => {
      const real = MediaRecorder.isTypeSupported.bind(MediaRecorder);
      MediaRecorder.isTypeSupported = (type: string) => !type.startsWith("video/mp4") && real(type);
    });
    await signIn(context, await signUp(request));
    await toResult(page);
    await expect(page.getByTestId("short-mp4")).toHaveText(
      "이 브라우저는 MP4(H.264/AAC)로 녹화할 수 없어서 쇼츠를 WebM으로만 만듭니다. Chrome·Edge 126 이상과 Safari에서는 MP4도 만들 수 있습니다.",
    );
    await page.getByRole("button", { name: "● 쇼츠 영상 만들기" }).click();
    await expect(page.getByTestId("short-maker")).toHaveAttribute("data-phase", "made", { timeout: 30_000 });
    await expect(page.getByTestId("short-download")).toBeVisible();
    await expect(page.getByTestId("short-download-mp4")).toHaveCount(0);
    const url = new URL(page.url());
    url.searchParams.set("lng", "en");
    await page.goto(url.toString());
    await expect(page.getByTestId("short-mp4")).toHaveText(
      "This browser cannot record MP4 (H.264/AAC), so the short is made as WebM only. Chrome and Edge 126 or later and Safari can also make an MP4.",
    );
  });
});
