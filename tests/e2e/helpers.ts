import { expect, type Page } from "@playwright/test";

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
