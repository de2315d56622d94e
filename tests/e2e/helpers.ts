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
