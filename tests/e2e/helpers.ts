import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Every request a page makes must go to this machine's app: no third-party traffic. */
export function recordForeignRequests(page: Page) {
  const foreign: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:") foreign.push(req.url());
  });
  return foreign;
}

/** The value Remix's createCookie writes for a plain string (base64 of its JSON). */
export const remixCookieValue = (value: string) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"));

export async function expectMeta(page: Page, title: RegExp | string) {
  await expect(page).toHaveTitle(title);
  const ogTitle = await page.locator('meta[property="og:title"]').getAttribute("content");
  expect(ogTitle).toBe(await page.title());
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.{20,}/);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", ogTitle!);
}

/** A WAV of a voice-like sound (140 Hz and harmonics, loudness moving like syllables). */
export function speechWav(seconds: number, rate = 16_000) {
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + n * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + n * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const v =
      0.25 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t)) * (Math.sin(2 * Math.PI * 140 * t) + 0.5 * Math.sin(2 * Math.PI * 280 * t));
    out.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return out;
}

/** Polls a job through the api until it ends; answers its last state. */
export async function jobEnd(request: APIRequestContext, token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const state = (await (await request.get(`/api/v1/studio/jobs/${id}`, { headers: { "api-key": token } })).json()).data;
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the job did not end");
}

/**
 * A recording (`name`, 1.2 s of speechWav) converted to `voice` through the api, as the member `token`: a new STS
 * project with one conversion. Answers the source (its project_id) and the ended job (its inferenceId).
 */
export async function convertedRecording(request: APIRequestContext, token: string, name: string, voice = "ko-seoyeon") {
  const headers = { "api-key": token };
  const source = (
    await (
      await request.post("/api/v1/studio/sts/sources", {
        headers,
        multipart: { file: { name, mimeType: "audio/wav", buffer: speechWav(1.2) } },
      })
    ).json()
  ).data;
  const job = (
    await (await request.post(`/api/v1/studio/sts/sources/${source.source_id}/convert`, { headers, data: { voice_id: voice } })).json()
  ).data;
  const end = await jobEnd(request, token, job.job_id);
  expect(end.status).toBe("completed");
  return { source: source as { source_id: string; project_id: string }, job: end as { status: string; inferenceId: string } };
}
