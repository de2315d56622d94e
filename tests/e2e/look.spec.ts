// What a person notices on a phone: text broken in awkward places at 360 px, controls out of
// line, English on a Korean page, two names for one thing, a control too faint to read. Each test holds one defect
// found by looking at every page at 360 px in Korean and English.
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { apiCall, expect, signIn, signUp, test } from "./fixtures";
import { remixCookieValue, speechWav } from "./helpers";

test.use({ viewport: { width: 360, height: 780 } });

const speak = (page: Page, lang: "ko" | "en") => page.context().addCookies([{ name: "lng", value: remixCookieValue(lang), url: baseURL }]);

/** The number of lines an element's text takes (distinct tops of its line boxes). */
const lines = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** The number of lines the last occurrence of `text` in an element takes. */
const linesOf = (locator: Locator, text: string) =>
  locator.evaluate((el, text) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const whole = nodes.map((n) => n.data).join("");
    let start = whole.lastIndexOf(text);
    if (start < 0) return 0;
    const range = document.createRange();
    let end = start + text.length;
    for (const node of nodes) {
      if (start >= 0 && start <= node.length) range.setStart(node, start);
      if (end >= 0 && end <= node.length) range.setEnd(node, end);
      start -= node.length;
      end -= node.length;
    }
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }, text);

/** WCAG contrast of an element's text against the background behind it (colours read through a canvas: Tailwind's are oklch). */
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
    // The backgrounds behind the element, down to the first opaque one (white if none), laid over each other.
    const layers: number[][] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const c = rgba(getComputedStyle(node).backgroundColor);
      if (c[3]! > 0) layers.push(c);
      if (c[3] === 255) break;
    }
    if (layers.at(-1)?.[3] !== 255) layers.push([255, 255, 255, 255]);
    const bg = layers.reduceRight((under, over) => under.map((u, i) => (i === 3 ? 255 : u + ((over[i]! - u) * over[3]!) / 255)));
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
    // White on fuchsia-500 was 3.5:1.
    expect.soft(await contrast(shorts.getByTestId("shorts-cta"))).toBeGreaterThanOrEqual(4.5);
    expect.soft(await contrast(shorts.getByRole("button", { name: lang === "ko" ? "한국어" : "English" }))).toBeGreaterThanOrEqual(4.5);
  });
  test(`the landing's first-month offer at 360 px: each regular price whole (${lang})`, async ({ page }) => {
    await speak(page, lang);
    await page.goto("/");
    const regular = page.locator("section#promotion li span.line-through");
    await expect(regular).toHaveCount(3);
    for (const price of await regular.all()) {
      expect.soft(await lines(price), (await price.textContent()) ?? "").toBe(1);
      // brand-100 on the offer's tint was 4.46:1.
      expect.soft(await contrast(price)).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test("a checkbox with a label that wraps sits beside the label's first line (/actors at 360 px, en)", async ({ page }) => {
  await speak(page, "en");
  await page.goto("/actors");
  const box = page.getByRole("checkbox", { name: /I agree that my name/ });
  const label = page.locator(`label[for="${await box.getAttribute("id")}"]`);
  expect(await lines(label)).toBeGreaterThan(1);
  const [b, l] = [(await box.boundingBox())!, (await label.boundingBox())!];
  const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  // Centred on the whole label it was a line or more below the first line.
  expect(Math.abs(b.y + b.height / 2 - (l.y + lineHeight / 2))).toBeLessThanOrEqual(3);
});

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

/** A new member, signed in, with a TTS project and a few characters spoken. */
async function member({ context, request }: { context: BrowserContext; request: APIRequestContext }, converted = false) {
  const session = await signUp(request);
  await signIn(context, session);
  if (converted) {
    const sts = await request.post("/api/v1/studio/sts", {
      headers: { "api-key": session.token },
      multipart: { voice_id: "ko-minjun", file: { name: "two-seconds.wav", mimeType: "audio/wav", buffer: speechWav(2) } },
    });
    expect((await sts.json()).success).toBe(true);
  }
  const project = await apiCall<{ id: string }>(request, session, "/studio/projects", {
    name: "전화기에서 보는 아주 긴 프로젝트 이름 A very long project name",
    type: "tts",
  });
  const spoken = await apiCall(request, session, "/studio/tts", { text: "안녕하세요.", voice_id: "ko-seoyeon" });
  expect(spoken.success, spoken.message).toBe(true);
  return { session, project: project.data.id };
}

for (const lang of ["ko", "en"] as const) {
  test(`the dashboard home at 360 px: a section's title and its link each whole (${lang})`, async ({ page, context, request }) => {
    await member({ context, request });
    await speak(page, lang);
    await page.goto("/dashboard");
    // "이번 주 인기 보이스 TOP 5" with its link beside it broke both ("TOP / 5", "보이스 / 라이브러리").
    const top = page.locator("section[aria-labelledby=top-title]");
    expect(await lines(top.locator("h2"))).toBe(1);
    expect(await lines(top.getByRole("link", { name: lang === "ko" ? "보이스 라이브러리" : "Voice library" }).first())).toBe(1);
  });

  test(`the project list at 360 px: the last change's date and time each whole (${lang})`, async ({ page, context, request }) => {
    await member({ context, request });
    await speak(page, lang);
    await page.goto("/studio");
    // The date was broken over five lines ("2026 / . 11. / 24. / 오후 / 9:19").
    const updated = page.getByRole("row").nth(1).getByRole("cell").last();
    // English may put the zone's name ("GMT+9") on a line of its own: kept whole, it was wider than the column.
    expect(await lines(updated)).toBeLessThanOrEqual(lang === "en" ? 3 : 2);
    for (const part of await updated.locator("span").all()) expect(await lines(part)).toBe(1);
    expect(await lines(page.getByRole("columnheader").last())).toBe(1);
  });

  test(`/dashboard/plan at 360 px: each usage figure whole, and a little use is not 100% left (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    await member({ context, request }, true);
    await speak(page, lang);
    await page.goto("/dashboard/plan");
    // What is left of what the plan gives, each figure whole (no-break spaces: "3 / min" was broken).
    const figures = page.getByTestId("usage-time").getByTestId("usage-figures");
    await expect(figures).toHaveText(lang === "ko" ? "3분 중 2분 58초 남음" : "2 min 58 s of 3 min left");
    const nb = (text: string) => text.replace(/ /g, "\u00a0");
    expect(await linesOf(figures, nb(lang === "ko" ? "2분 58초" : "2 min 58 s"))).toBe(1);
    expect(await linesOf(figures, nb(lang === "ko" ? "3분" : "3 min"))).toBe(1);
    // 10,000 less the few characters spoken was rounded up to "100%".
    await expect(page.getByTestId("usage-characters").getByTestId("usage-remaining")).toHaveText("99%");
    // The plans' name for it ("음성 합성(TTS) 월 10,000자"); it was "음성 생성(TTS) 글자 수".
    if (lang === "ko") await expect(page.getByTestId("usage-characters")).toContainText("음성 합성(TTS) 글자 수");
  });
}

test("the TTS editor at 360 px: the paragraph's controls in two even columns (en)", async ({ page, context, request }) => {
  const { project } = await member({ context, request });
  await speak(page, "en");
  await page.goto(`/studio/projects/text-to-speech?id=${project}`);
  // In English the style sat alone on its row, language beside pitch, tempo beside the pause.
  const controls = page.getByTestId("paragraph-controls").first();
  await controls.getByTestId("paragraph-settings").locator("summary").click();
  const y = async (control: Locator) => (await control.boundingBox())!.y;
  expect(await y(controls.getByRole("combobox", { name: "Style" }))).toBe(await y(controls.getByRole("combobox", { name: "Language" })));
  expect(await y(controls.getByRole("slider", { name: /^Pitch/ }))).toBe(await y(controls.getByRole("slider", { name: /^Tempo/ })));
});

test("steps not reached yet and the sliders' ends are readable (4.5:1; slate-500 on slate-100 was 4.3:1, slate-400 2.6:1)", async ({
  page,
  context,
  request,
}) => {
  const { project } = await member({ context, request });
  for (const address of ["/studio/projects/speech-to-speech", "/labs/avatar", "/dashboard/library/open"]) {
    await page.goto(address);
    const later = page.locator("li[aria-current=step] ~ li").last();
    expect.soft(await contrast(later), address).toBeGreaterThanOrEqual(4.5);
  }
  await page.goto(`/studio/projects/text-to-speech?id=${project}`);
  const ends = page.getByTestId("paragraph-controls").first().locator("span[aria-hidden=true] > span");
  expect(await ends.count()).toBeGreaterThan(0);
  for (const end of await ends.all()) expect.soft(await contrast(end), (await end.textContent()) ?? "").toBeGreaterThanOrEqual(4.5);
});
