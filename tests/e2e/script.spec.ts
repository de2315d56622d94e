import type { APIRequestContext, Page } from "@playwright/test";
import { apiCall, expect, test, type Session } from "./fixtures";

/**
 * The TTS editor as one script: blocks whose voice and settings sit on their head line, a bar that sets the block
 * being edited, and the keys that split, merge and move between blocks; without JavaScript, the same fields in place.
 */

type Paragraph = { id: string; text: string; voice_id: string; style: string; lang: string; tempo: number; pitch: number };

async function project(request: APIRequestContext, session: Session, paragraphs: { text: string; voice_id?: string; lang?: string }[]) {
  const created = await apiCall<{ id: string }>(request, session, "/studio/projects", { name: "대본", type: "tts" });
  const id = created.data.id;
  const first = (await apiCall<{ paragraphs: Paragraph[]; revision: number }>(request, session, `/studio/projects/${id}`)).data;
  const base = first.paragraphs[0]!;
  const saved = await request.put(`/api/v1/studio/projects/${id}/paragraphs`, {
    headers: { "api-key": session.token },
    data: {
      revision: first.revision,
      paragraphs: paragraphs.map((p, i) => ({
        ...(i === 0 ? { id: base.id } : {}),
        text: p.text,
        voice_id: p.voice_id ?? base.voice_id,
        style: "neutral",
        lang: p.lang ?? "ko",
        pitch: 0,
        tempo: 1,
        pause_ms: 300,
      })),
    },
  });
  expect(saved.status()).toBe(200);
  return id;
}

const saved = async (request: APIRequestContext, session: Session, id: string) =>
  (await apiCall<{ paragraphs: Paragraph[] }>(request, session, `/studio/projects/${id}`)).data.paragraphs;

async function open(page: Page, id: string) {
  await page.goto(`/studio/projects/text-to-speech?id=${id}`);
  if (test.info().project.name === "js") await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
}

const block = (page: Page, n: number) => page.getByTestId("paragraph").nth(n);
const text = (page: Page, n: number) => block(page, n).locator("textarea");

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the keys and the bar need JavaScript");

  test("Enter splits a block at the cursor, Backspace at a block's start joins it to the one above, and autosave keeps both", async ({
    page,
    request,
    member,
  }) => {
    const id = await project(request, member, [{ text: "첫 문장입니다. 둘째 문장입니다." }]);
    await open(page, id);
    const first = text(page, 0);
    await first.click();
    // The cursor after "첫 문장입니다.", then Enter.
    await first.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange("첫 문장입니다.".length, "첫 문장입니다.".length));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("paragraph")).toHaveCount(2);
    await expect(text(page, 0)).toHaveValue("첫 문장입니다.");
    await expect(text(page, 1)).toHaveValue("둘째 문장입니다.");
    // The caret is at the start of the new block, which took the first block's voice.
    await expect(text(page, 1)).toBeFocused();
    expect(await text(page, 1).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(0);
    await expect(block(page, 1).getByTestId("voice-chosen")).toHaveText(await block(page, 0).getByTestId("voice-chosen").innerText());
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    const split = await saved(request, member, id);
    expect(split.map((p) => p.text)).toEqual(["첫 문장입니다.", "둘째 문장입니다."]);
    expect(split[1]!.voice_id).toBe(split[0]!.voice_id);

    // Shift+Enter is a line inside the block.
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("셋째 줄");
    await expect(page.getByTestId("paragraph")).toHaveCount(2);
    await expect(text(page, 1)).toHaveValue("둘째 문장입니다.\n셋째 줄");

    // Back to the block's start, then Backspace: one block, the texts joined by a space, the caret where they meet.
    await text(page, 1).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 0));
    await page.keyboard.press("Backspace");
    await expect(page.getByTestId("paragraph")).toHaveCount(1);
    await expect(text(page, 0)).toHaveValue("첫 문장입니다. 둘째 문장입니다.\n셋째 줄");
    await expect(text(page, 0)).toBeFocused();
    expect(await text(page, 0).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe("첫 문장입니다. ".length);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    const merged = await saved(request, member, id);
    expect(merged.map((p) => p.text)).toEqual(["첫 문장입니다. 둘째 문장입니다.\n셋째 줄"]);
    expect(merged[0]!.id).toBe(split[0]!.id);
  });

  test("Enter pressed before the keys' code has arrived still splits the block, once", async ({ page, request, member }) => {
    const id = await project(request, member, [{ text: "앞 문장입니다. 뒤 문장입니다." }]);
    // The keys' module (flow.ts, loaded with the first focus) arrives a second late, as on a slow phone.
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/flow-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await open(page, id);
    const first = text(page, 0);
    await first.click();
    await first.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange("앞 문장입니다.".length, "앞 문장입니다.".length));
    await page.keyboard.press("Enter");
    // Nothing yet: no line break was typed while the code was on its way.
    await expect(first).toHaveValue("앞 문장입니다. 뒤 문장입니다.");
    release();
    await expect(page.getByTestId("paragraph")).toHaveCount(2);
    await expect(text(page, 0)).toHaveValue("앞 문장입니다.");
    await expect(text(page, 1)).toHaveValue("뒤 문장입니다.");
    // Autosave keeps the split (the page may still read "saved" from before it while its timer runs).
    await expect.poll(async () => (await saved(request, member, id)).map((p) => p.text)).toEqual(["앞 문장입니다.", "뒤 문장입니다."]);
  });

  test("the arrows at a block's edge go on to the next block, Backspace in the first block's start does nothing", async ({
    page,
    request,
    member,
  }) => {
    const id = await project(request, member, [{ text: "하나" }, { text: "둘" }, { text: "셋" }]);
    await open(page, id);
    // The first focus loads the keys' code; until it has come an arrow does what a textarea does (Enter waits for it).
    const keysLoaded = page.waitForResponse(/\/assets\/flow-[\w-]+\.js$/);
    await text(page, 0).click();
    await keysLoaded;
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowDown");
    await expect(text(page, 1)).toBeFocused();
    expect(await text(page, 1).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(0);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(text(page, 2)).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(text(page, 1)).toBeFocused();
    expect(await text(page, 1).evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe("둘".length);
    await text(page, 0).click();
    await page.keyboard.press("Home");
    await page.keyboard.press("Backspace");
    await expect(page.getByTestId("paragraph")).toHaveCount(3);
    await expect(text(page, 0)).toHaveValue("하나");
  });

  test("the bar sets the voice, style, speed and pitch of the block being edited, and its head line follows", async ({
    page,
    request,
    member,
  }) => {
    const id = await project(request, member, [{ text: "첫 문단" }, { text: "둘째 문단" }]);
    await open(page, id);
    await expect(page.getByTestId("block-bar")).toHaveCount(0);
    await text(page, 1).click();
    const bar = page.getByTestId("block-bar");
    await expect(bar).toBeVisible();
    await bar.getByTestId("bar-style").selectOption("happy");
    await bar.getByTestId("bar-tempo").selectOption("1.25");
    await bar.getByTestId("bar-pitch").selectOption("3");
    // An English voice reads the block in English.
    await bar.getByTestId("bar-voice").selectOption({ label: "엠마" });
    const settings = block(page, 1).getByTestId("paragraph-settings").locator("summary");
    await expect(settings).toContainText("기쁨");
    await expect(settings).toContainText("영어");
    await expect(settings).toContainText("속도 1.25×");
    await expect(settings).toContainText("피치 3");
    await expect(block(page, 1).getByTestId("voice-chosen")).toHaveText("엠마");
    // The first block is untouched.
    await expect(block(page, 0).getByTestId("paragraph-settings").locator("summary")).toContainText("속도 1×");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    const [one, two] = await saved(request, member, id);
    expect([two!.style, two!.lang, two!.tempo, two!.pitch]).toEqual(["happy", "en", 1.25, 3]);
    expect([one!.style, one!.tempo]).toEqual(["neutral", 1]);
    // Moving to the first block, the bar shows its settings.
    await text(page, 0).click();
    await expect(bar.getByTestId("bar-style")).toHaveValue("neutral");
    await expect(bar.getByTestId("bar-tempo")).toHaveValue("1");
  });

  test("at 360 px the script and its bar fit the screen, in English", async ({ page, request, member }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const id = await project(request, member, [{ text: "Hello there. This is the first block." }, { text: "And the second one." }]);
    await page.goto(`/studio/projects/text-to-speech?id=${id}&lng=en`);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
    await text(page, 0).click();
    await expect(page.getByTestId("block-bar")).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      script: document.querySelector("[data-testid=script]")!.getBoundingClientRect().right,
      window: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    expect(widths.script).toBeLessThanOrEqual(widths.window);
  });
});

test("without JavaScript each block's settings open in place and are saved with the form", async ({ page, request, member }) => {
  test.skip(test.info().project.name === "js", "the plain form");
  const id = await project(request, member, [{ text: "첫 문단" }, { text: "둘째 문단" }]);
  await open(page, id);
  const second = block(page, 1);
  await second.getByTestId("paragraph-settings").locator("summary").click();
  await second.getByLabel("스타일").selectOption("sad");
  await second.getByLabel("언어").selectOption("en");
  await second.getByTestId("voice-picker").locator("summary").click();
  await second.getByRole("radio", { name: /^엠마/ }).check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("paragraph").nth(1).getByTestId("paragraph-settings").locator("summary")).toContainText("슬픔");
  const [, two] = await saved(request, member, id);
  expect([two!.style, two!.lang]).toEqual(["sad", "en"]);
});
