import { readFile } from "node:fs/promises";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

/**
 * The suite's Chromium flags (Debian's Chromium; no background traffic; a fake microphone, a beep every second,
 * that needs no permission prompt). playwright.config.ts adds `--disable-gpu`; `webglChromium` adds software WebGL.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Software WebGL (SwiftShader) for the labs' stages, on top of the suite's flags: `test.use({ launchOptions: webglChromium })`. */
export const webglChromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    "--autoplay-policy=no-user-gesture-required",
    "--use-gl=angle",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist",
  ],
};

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

/** A 16-bit mono PCM WAV of `seconds` at `rate`, each sample `at(t)` (t in seconds, -1..1). */
export function wavOf(seconds: number, rate: number, at: (t: number) => number) {
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
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.round(at(i / rate) * 32767), 44 + i * 2);
  return out;
}

/** A WAV of a voice-like sound (140 Hz and harmonics, loudness moving like syllables). */
export const speechWav = (seconds: number, rate = 16_000) =>
  wavOf(
    seconds,
    rate,
    (t) => 0.25 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t)) * (Math.sin(2 * Math.PI * 140 * t) + 0.5 * Math.sin(2 * Math.PI * 280 * t)),
  );

/** speechWav in 1.6 s phrases with 0.4 s of silence between them, as a person reading sentences. */
export function phrasedSpeechWav(seconds: number, rate = 16_000) {
  const out = speechWav(seconds, rate);
  for (let i = 0; i < Math.round(seconds * rate); i++) if ((i / rate) % 2 > 1.6) out.writeInt16LE(0, 44 + i * 2);
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

/**
 * The speech steps' end (STS, avatar talk, the shorts): from the file check, choose `voice` and convert, to the
 * result's address. `labs`: the labs' step list says "3. 파일 확인", then "4. 보이스 고르기".
 */
export async function convertChecked(page: Page, voice: RegExp, { labs = false } = {}) {
  const step = page.locator('[aria-current="step"]');
  if (labs) await expect(step).toHaveText("3. 파일 확인");
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  if (labs) await expect(step).toHaveText("4. 보이스 고르기");
  // The particle follows the length: "2초가", "1분이", never "2초이".
  await expect(page.getByTestId("sts-cost")).toHaveText(/^변환하면 ((\d+분 )?\d+초가|\d+분이) 차감됩니다\.$/);
  await page.getByRole("radio", { name: voice }).check();
  await page.getByRole("button", { name: "변환하기" }).click();
  await expect(page).toHaveURL(/[?&]result=/, { timeout: 30_000 });
}

/**
 * A shared video letter of the member `token`: a conversion through the api made a letter (the recorded fixture) and
 * shared. Answers the result's id and its share id.
 */
export async function sharedLetter(request: APIRequestContext, token: string) {
  const headers = { "api-key": token };
  const made = await (
    await request.post("/api/v1/studio/sts", {
      headers,
      multipart: { file: { name: "hello.wav", mimeType: "audio/wav", buffer: speechWav(1.2) }, voice_id: "ko-seoyeon" },
    })
  ).json();
  expect(made.success, made.message).toBe(true);
  const id = made.data.inference_id as string;
  const video = await readFile("tests/workers/fixtures/video/letter-vp8-opus.webm");
  const stored = await (
    await request.post(`/api/v1/studio/inferences/${id}/video`, {
      headers,
      multipart: { file: { name: "letter.webm", mimeType: "video/webm", buffer: video } },
    })
  ).json();
  expect(stored.success, stored.message).toBe(true);
  const share = await (await request.post(`/api/v1/studio/inferences/${id}/share`, { headers })).json();
  return { id, shareId: share.data.share_id as string };
}

/** A visitor (a new browser context, no session) opens `shareUrl`: the shared video shows. Answers the page and its `og:` reader. */
export async function visitShare(browser: Browser, shareUrl: string) {
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{22}$/);
  const visitor = await browser.newContext();
  const view = await visitor.newPage();
  await view.goto(new URL(shareUrl).pathname);
  await expect(view.getByTestId("shared-video")).toBeVisible();
  const og = (property: string) => view.locator(`meta[property="${property}"]`).getAttribute("content");
  return { visitor, view, og };
}

/** The values a stage's window global (`__avatarMouth`, `__letterLevel`) takes every 40 ms for `ms`. */
/** The loudest value of `name` seen, watched every 20 ms until it passes `above` or `ms` have gone by. */
export function loudestUntil(page: Page, name: "__avatarMouth" | "__letterLevel", above: number, ms: number) {
  return page.evaluate(
    ([key, limit, span]) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        let loudest = 0;
        const every = setInterval(() => {
          loudest = Math.max(loudest, (window as unknown as Record<string, number | undefined>)[key] ?? 0);
          if (loudest > limit || Date.now() - started > span) {
            clearInterval(every);
            resolve(loudest);
          }
        }, 20);
      }),
    [name, above, ms] as const,
  );
}

export function sampleWindow(page: Page, name: "__avatarMouth" | "__letterLevel", ms: number) {
  return page.evaluate(
    ([key, span]) =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const every = setInterval(() => seen.push((window as unknown as Record<string, number | undefined>)[key] ?? 0), 40);
        setTimeout(() => {
          clearInterval(every);
          resolve(seen);
        }, span);
      }),
    [name, ms] as const,
  );
}
