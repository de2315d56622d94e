// What a person notices on a phone (the look, session 16): text broken in awkward places at 360 px, controls out of
// line, English on a Korean page, two names for one thing, a control too faint to read. Each test holds one defect
// found by looking at every page at 360 px in Korean and English.
import type { Locator, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { remixCookieValue } from "./helpers";

test.use({ viewport: { width: 360, height: 780 } });

const speak = (page: Page, lang: "ko" | "en") => page.context().addCookies([{ name: "lng", value: remixCookieValue(lang), url: baseURL }]);

/** The number of lines an element's text takes (distinct tops of its line boxes). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** WCAG contrast of an element's text against the nearest background colour behind it (colours read through a canvas: Tailwind's are oklch). */
const contrast = (locator: Locator) =>
  locator.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    const rgba = (c: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let node: Element | null = el;
    let bg = [255, 255, 255, 255];
    while (node) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3] === 255) {
        bg = c;
        break;
      }
      node = node.parentElement;
    }
    const [a, b] = [lum(rgba(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });

for (const lang of ["ko", "en"] as const) {
  test(`login at 360 px: "forgot your password" and the sign-up prompt each on one line (${lang})`, async ({ page }) => {
    await speak(page, lang);
    await page.goto("/login");
    expect(await lines(page.getByRole("link", { name: lang === "ko" ? "비밀번호를 잊으셨나요?" : "Forgot your password?" }))).toBe(1);
    const prompt = page.getByRole("link", { name: lang === "ko" ? "회원가입" : "Sign up", exact: true }).locator("xpath=..");
    expect(await lines(prompt)).toBe(1);
  });

  test(`/labs/shorts at 360 px: its label in the page's language, the samples' length whole, the language switch readable (${lang})`, async ({
    page,
  }) => {
    await speak(page, lang);
    await page.goto("/labs/shorts");
    const shorts = page.getByTestId("shorts-page");
    // Soft: each of the three defects is reported on its own.
    await expect.soft(shorts.locator("header p").first()).toHaveText(lang === "ko" ? "실험실 · BETA" : "Labs · BETA");
    const figures = shorts.getByTestId("sample-short").locator("figcaption span.text-white\\/60");
    await expect(figures).toHaveCount(3);
    for (const figure of await figures.all()) expect.soft(await lines(figure), (await figure.textContent()) ?? "").toBe(1);
    // The language not chosen, on the page's dark background: at least WCAG AA's 4.5:1 (it was slate-600, 2.7:1).
    const other = shorts.getByRole("button", { name: lang === "ko" ? "English" : "한국어" });
    expect.soft(await contrast(other)).toBeGreaterThanOrEqual(4.5);
    expect.soft(await contrast(shorts.getByRole("button", { name: lang === "ko" ? "한국어" : "English" }))).toBeGreaterThanOrEqual(4.5);
  });
}

test("/business at 360 px: the operations table's headings are not broken, and the two calls to action look alike", async ({ page }) => {
  await speak(page, "ko");
  await page.goto("/business");
  const table = page.getByTestId("api-operations");
  for (const heading of await table.locator("th").all()) expect(await lines(heading), (await heading.textContent()) ?? "").toBe(1);
  const key = page.getByRole("link", { name: "API 키 만들기" });
  const docs = page.getByRole("link", { name: "OpenAPI 문서 (JSON)" });
  const [a, b] = [await key.boundingBox(), await docs.boundingBox()];
  expect(Math.abs(a!.height - b!.height)).toBeLessThanOrEqual(1);
  const radius = (l: Locator) => l.evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
  expect(await radius(docs)).toBe(await radius(key));
});
