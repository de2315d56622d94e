import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The project download form's subtitles (SRT, WebVTT), with and without JavaScript: a plain GET form either way. */

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: (await readFile((await file.path())!)).toString("utf8") };
}

/**
 * The engine stand-in speaks 70 ms a character: 8 characters, 300 ms between sentences, 9, and the paragraph's 400 ms;
 * then 8, the mark's 1 s, 5, and 250 ms.
 */
const CUES = [
  ["00:00:00", "000", "00:00:00", "560", "첫 문장입니다."],
  ["00:00:00", "860", "00:00:01", "490", "둘째 문장이에요."],
  ["00:00:01", "890", "00:00:02", "450", "셋째 줄입니다."],
  ["00:00:03", "450", "00:00:03", "800", "끝났어요."],
] as const;

test("the project's subtitles download as SRT and VTT, a cue per sentence timed to the joined audio", async ({ page, request, member }) => {
  const headers = { "api-key": member.token };
  const id = (await (await request.post("/api/v1/studio/projects", { headers, data: { name: "자막 연습", type: "tts" } })).json()).data.id;
  const first = (await (await request.get(`/api/v1/studio/projects/${id}`, { headers })).json()).data.paragraphs[0];
  const saved = await request.put(`/api/v1/studio/projects/${id}/paragraphs`, {
    headers,
    data: {
      paragraphs: [
        { id: first.id, text: "첫 문장입니다. 둘째 문장이에요.", voice_id: "ko-minjun", lang: "ko", pause_ms: 400 },
        { text: "셋째 줄입니다.[pause 1s]끝났어요.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
      ],
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/studio/projects/text-to-speech?id=${id}`);
  if (test.info().project.name === "js") await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "전체 생성" }).click();
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });

  const format = page.getByRole("combobox", { name: "형식" });
  await format.selectOption("srt");
  const srt = await download(page, () => page.getByTestId("download").click());
  expect(srt.name).toBe("자막 연습.srt");
  expect(srt.text).toBe(CUES.map(([a, am, b, bm, text], i) => `${i + 1}\r\n${a},${am} --> ${b},${bm}\r\n${text}\r\n\r\n`).join(""));

  await format.selectOption("vtt");
  const vtt = await download(page, () => page.getByTestId("download").click());
  expect(vtt.name).toBe("자막 연습.vtt");
  expect(vtt.text).toBe(`WEBVTT\n\n${CUES.map(([a, am, b, bm, text]) => `${a}.${am} --> ${b}.${bm}\n${text}\n\n`).join("")}`);

  // The last cue ends where the joined WAV's last pause begins: 3.8 s of sound, then 250 ms.
  const wav = await (await page.request.get(`/api/v1/studio/projects/${id}/download?format=wav`)).body();
  expect(wav.readUInt32LE(40) / 2 / 24_000).toBeCloseTo(4.05, 3);
});
