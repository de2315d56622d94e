import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { wavOf } from "./helpers";

/** A TTS project's background music in the editor's download panel, with and without JavaScript: plain forms either way. */

/** `seconds` of a chord (A3, C#4, E4) as a WAV at 44.1 kHz. */
const chordWav = (seconds: number) =>
  wavOf(seconds, 44_100, (t) => [220, 277.18, 329.63].reduce((sum, f) => sum + 0.15 * Math.sin(2 * Math.PI * f * t), 0));

/** Seconds of a downloaded WAV (16-bit mono at 24 kHz). */
async function wavSeconds(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  const bytes = await readFile((await file.path())!);
  return bytes.readUInt32LE(40) / 2 / 24_000;
}

test("background music is added, levelled, downloaded under the voice or left out, and removed", async ({ page, request, member }) => {
  const js = test.info().project.name === "js";
  const headers = { "api-key": member.token };
  const id = (await (await request.post("/api/v1/studio/projects", { headers, data: { name: "음악 연습", type: "tts" } })).json()).data.id;
  const first = (await (await request.get(`/api/v1/studio/projects/${id}`, { headers })).json()).data.paragraphs[0];
  await request.put(`/api/v1/studio/projects/${id}/paragraphs`, {
    headers,
    data: { paragraphs: [{ id: first.id, text: "배경 음악을 깔아 봅니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 400 }] },
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/studio/projects/text-to-speech?id=${id}`);
  if (js) await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "전체 생성" }).click();
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  if (!js) await page.goto(`/studio/projects/text-to-speech?id=${id}`);

  const panel = page.getByTestId("music");
  await expect(panel.getByRole("heading", { name: "배경 음악" })).toBeVisible();
  const voiceOnly = await wavSeconds(page, () => page.getByTestId("download").click());

  // A file that is not audio is refused with the api's message, and nothing is set.
  await panel
    .getByLabel(/음악 파일/)
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just words, no sound") });
  await panel.getByTestId("music-upload").click();
  await expect(page.getByText("오디오 파일이 아닙니다.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("music-name")).toHaveCount(0);

  await panel.getByLabel(/음악 파일/).setInputFiles({ name: "잔잔한 기타.wav", mimeType: "audio/wav", buffer: chordWav(4) });
  await panel.getByTestId("music-upload").click();
  await expect(page.getByTestId("music-name")).toHaveText("잔잔한 기타.wav (4초)");
  await expect(panel.getByRole("button", { name: "음악 바꾸기" })).toBeVisible();

  // The joined download carries the music and its 3 s tail; "voice only" leaves it out.
  expect(await wavSeconds(page, () => page.getByTestId("download").click())).toBeCloseTo(voiceOnly + 3, 3);
  await page.getByTestId("download-music").getByLabel("목소리만").check();
  expect(await wavSeconds(page, () => page.getByTestId("download").click())).toBeCloseTo(voiceOnly, 3);

  const level = panel.getByRole("spinbutton", { name: "음악 크기" });
  await expect(level).toHaveValue("30");
  await level.fill("55");
  await panel.getByRole("button", { name: "크기 적용" }).click();
  // With JavaScript the field shows what was typed while the post is still on its way: the api is asked until it is saved.
  await expect
    .poll(async () => (await (await request.get(`/api/v1/studio/projects/${id}?versions=1`, { headers })).json()).data.music)
    .toMatchObject({ name: "잔잔한 기타.wav", level: 55 });
  await expect(panel.getByRole("spinbutton", { name: "음악 크기" })).toHaveValue("55");

  // The panel fits a phone's width.
  const box = await panel.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await panel.getByRole("button", { name: "음악 빼기" }).click();
  await expect(page.getByTestId("music-name")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "음악 넣기" })).toBeVisible();
  await expect(page.getByTestId("download-music")).toHaveCount(0);
  expect(await wavSeconds(page, () => page.getByTestId("download").click())).toBeCloseTo(voiceOnly, 3);
});

test("the music panel reads in English", async ({ page, request, member }) => {
  const headers = { "api-key": member.token };
  const id = (await (await request.post("/api/v1/studio/projects", { headers, data: { name: "Music", type: "tts" } })).json()).data.id;
  const first = (await (await request.get(`/api/v1/studio/projects/${id}`, { headers })).json()).data.paragraphs[0];
  await request.put(`/api/v1/studio/projects/${id}/paragraphs`, {
    headers,
    data: { paragraphs: [{ id: first.id, text: "Music under the voice.", voice_id: "en-james", lang: "en" }] },
  });
  const job = (await (await request.post(`/api/v1/studio/projects/${id}/generate`, { headers, data: {} })).json()).data.job_id;
  await expect
    .poll(async () => (await (await request.get(`/api/v1/studio/jobs/${job}`, { headers })).json()).data.status, { timeout: 20_000 })
    .toBe("completed");
  await page.goto(`/studio/projects/text-to-speech?id=${id}&lng=en`);
  const panel = page.getByTestId("music");
  await expect(panel.getByRole("heading", { name: "Background music" })).toBeVisible();
  await expect(panel.getByLabel(/Music file/)).toBeVisible();
  await expect(panel.getByRole("button", { name: "Add music" })).toBeVisible();
});
