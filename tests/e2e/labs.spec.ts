// The labs (docs/decisions/0041) in a real Chromium: avatar talk from choosing an avatar to
// the avatar speaking the converted audio, recorded with Chromium's fake microphone and rendered with
// SwiftShader's software WebGL; the mouth's blend-shape weight (window.__avatarMouth, set by the stage
// every frame) must move while the audio plays. A VRM upload and a refused non-VRM; the pages at 360 px;
// without JavaScript the page says what it needs and still offers the converted audio. Conversion runs
// through the api's Xinference engine against its stand-in.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";
import { convertChecked, sampleWindow, speechWav, visitShare, webglChromium } from "./helpers";

// Every test of this file runs in Chromium with software WebGL (a launch option cannot change inside a describe group).
test.use({ launchOptions: webglChromium });

/** Steps 1-4 by upload (works without JavaScript): the default avatar, a speech file, the check, a voice. */
async function toResult(page: Page, file: () => Promise<void>) {
  await page.goto("/labs/avatar");
  await expect(page.locator('[aria-current="step"]')).toHaveText("1. 아바타 고르기");
  await page.getByRole("radio", { name: /Haru/ }).check();
  await page.getByRole("button", { name: "이 아바타로 계속하기 →" }).click();
  await expect(page).toHaveURL(/\?avatar=default%3Aharu$/);
  await expect(page.getByTestId("chosen-avatar")).toContainText("고른 아바타: Haru");
  await expect(page.locator('[aria-current="step"]')).toHaveText("2. 녹음");
  await file();
  await expect(page).toHaveURL(/avatar=default%3Aharu&id=.+&source=/);
  await convertChecked(page, /서연/, { labs: true });
  await expect(page.locator('[aria-current="step"]')).toHaveText("5. 결과");
  await expect(page.getByTestId("avatar-result")).toContainText("말하는 아바타: Haru");
  // The length in the page's language: "2.0초", not "2.0 s".
  await expect(page.getByTestId("avatar-result")).toContainText(/\d\.\d초/);
}

test.describe("with JavaScript and software WebGL", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the stage needs JavaScript");

  test("record with the microphone, convert, the avatar speaks with a moving mouth, a video letter shared and opened", async ({
    page,
    request,
    context,
    browser,
  }) => {
    // Recording, conversion and software rendering on a shared machine.
    test.setTimeout(180_000);
    await signIn(context, await signUp(request));
    const stageScripts: string[] = [];
    page.on("request", (r) => {
      if (/avatar-stage\.client-.*\.js$/.test(r.url())) stageScripts.push(r.url());
    });
    await toResult(page, async () => {
      await page.getByRole("button", { name: "● 녹음 시작" }).click();
      await expect(page.getByTestId("record-timer")).toHaveText(/^0:03 /, { timeout: 15_000 });
      await page.getByRole("button", { name: "■ 녹음 끝내기" }).click();
      await page.getByRole("button", { name: "이 녹음으로 변환하기" }).click();
    });
    // The stage loads three + three-vrm (its own chunk, only here), renders, and offers play.
    const stage = page.getByTestId("avatar-stage");
    await expect(stage).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
    expect(stageScripts).toHaveLength(1);
    const stats = await page.evaluate(() => window.__avatarStats!);
    expect(stats.frames).toBeGreaterThan(0);
    await expect(page.getByTestId("plain-audio")).toHaveCount(0);
    expect(await page.evaluate(() => window.__avatarMouth)).toBe(0);
    await page.getByTestId("stage-play").click();
    await expect(stage).toHaveAttribute("data-state", "playing");
    await expect(page.getByTestId("stage-play")).toHaveText("❚❚ 일시 정지");
    // The fake microphone beeps once a second: the mouth opens and closes with it.
    const weights = await sampleWindow(page, "__avatarMouth", 2500);
    expect(Math.max(...weights)).toBeGreaterThan(0.2);
    expect(Math.max(...weights) - Math.min(...weights)).toBeGreaterThan(0.15);
    await page.getByTestId("stage-play").click();
    await expect(stage).toHaveAttribute("data-state", "ready");
    const after = await page.evaluate(() => window.__avatarStats!);
    console.log(`avatar stage: first frame ${after.firstFrameMs.toFixed(0)} ms, ${after.fps.toFixed(1)} fps, ${after.frames} frames`);
    // A video letter: the canvas and the audio recorded to WebM, uploaded, shared, and opened by a visitor.
    await page.getByRole("button", { name: "● 영상 편지 녹화하기" }).click();
    await expect(page.getByTestId("make-letter")).toHaveAttribute("data-phase", "recording");
    await expect(page.getByTestId("letter-video")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("make-letter")).toHaveAttribute("data-phase", "idle");
    await page.getByRole("button", { name: "공유 링크 만들기" }).click();
    const { visitor, view, og } = await visitShare(browser, await page.getByTestId("share-url").inputValue());
    expect(await og("og:video")).toMatch(/\/api\/v1\/share\/[A-Za-z0-9_-]{22}\/video$/);
    expect(await og("og:video:type")).toBe("video/webm");
    expect(await og("og:image")).toMatch(/\/api\/v1\/share\/[A-Za-z0-9_-]{22}\/poster$/);
    const video = await view.request.get((await og("og:video"))!);
    expect([video.status(), video.headers()["content-type"]]).toEqual([200, "video/webm"]);
    expect((await video.body()).subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    // The sharer revokes it: the visitor's link stops.
    await page.getByRole("button", { name: "공유 중지" }).click();
    await expect(page.getByRole("button", { name: "공유 링크 만들기" })).toBeVisible();
    expect((await view.request.get((await og("og:video"))!)).status()).toBe(404);
    await visitor.close();
    // The work history's video column.
    await page.goto("/studio/history");
    await expect(page.getByTestId("history-video")).toHaveText("영상 편지");
    await page.goBack();
    // The converted audio is downloadable too.
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-wav").click()]);
    expect((await readFile((await file.path())!)).subarray(0, 4).toString()).toBe("RIFF");
  });

  test("a VRM of one's own is uploaded and chosen; anything else is refused with the spec's message", async ({ page, member: _member }) => {
    await page.goto("/labs/avatar");
    await page
      .getByLabel("VRM 파일")
      .setInputFiles({ name: "photo.vrm", mimeType: "application/octet-stream", buffer: Buffer.from("not a model") });
    await page.getByRole("button", { name: "아바타 올리기" }).click();
    await expect(page.getByText("VRM 아바타 파일만 올릴 수 있습니다.")).toBeVisible();
    const vrm = await readFile("public/labs/avatars/miro.vrm");
    await page.getByLabel("VRM 파일").setInputFiles({ name: "mine.vrm", mimeType: "application/octet-stream", buffer: vrm });
    await page.getByRole("button", { name: "아바타 올리기" }).click();
    await expect(page.getByTestId("chosen-avatar")).toContainText("고른 아바타: Miro");
    await page.getByRole("link", { name: "다른 아바타 고르기" }).click();
    await expect(page.getByText("내 아바타 · VRM 1.0")).toBeVisible();
  });

  test("other pages' JavaScript never loads three", async ({ page, member: _member }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    for (const path of ["/labs", "/studio/projects/speech-to-speech", "/dashboard", "/"]) await page.goto(path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes("avatar-stage"))).toEqual([]);
  });
});

test("without JavaScript: the steps work by forms, and the result says what it needs and plays the audio", async ({
  page,
  request,
  context,
}, info) => {
  test.skip(info.project.name !== "no-js", "the no-JavaScript path");
  await signIn(context, await signUp(request));
  await toResult(page, async () => {
    await page.getByLabel("오디오 파일").setInputFiles({ name: "hello.wav", mimeType: "audio/wav", buffer: speechWav(2.5) });
    await page.getByRole("button", { name: "파일 확인하기" }).click();
  });
  await expect(page.getByText("말하는 아바타를 보려면 JavaScript와 WebGL이 필요합니다.")).toBeVisible();
  const audio = page.getByTestId("plain-audio");
  await expect(audio).toHaveAttribute("src", /\/api\/v1\/studio\/inferences\/.+\/audio$/);
  // The browser's session plays it (the same cookies as the page).
  const res = await context.request.get((await audio.getAttribute("src"))!);
  expect(res.status()).toBe(200);
  expect((await res.body()).subarray(0, 4).toString()).toBe("RIFF");
});

test("the labs pages at 360 px", async ({ page, request, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/labs");
  await expect(page.getByRole("heading", { level: 1, name: "실험실" })).toBeVisible();
  await expect(page.getByRole("link", { name: "아바타 토크 시작하기 →" })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // A visitor is sent to log in.
  await page.getByRole("link", { name: "아바타 토크 시작하기 →" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(context, await signUp(request));
  await page.goto("/labs/avatar");
  await expect(page.getByRole("heading", { level: 1, name: "아바타 토크" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
