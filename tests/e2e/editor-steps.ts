// The TTS editor's browser tests' shared steps: a new project, a signed-in member, hydration, and generating a paragraph.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";

export async function newProject(page: Page) {
  await page.goto("/studio");
  await page.getByRole("button", { name: /^\+ (새 TTS 프로젝트|New TTS project)$/ }).click();
  await expect(page).toHaveURL(/text-to-speech\?id=/);
  await hydrated(page);
  return page.url();
}

export async function member(request: APIRequestContext, context: Parameters<typeof signIn>[0]) {
  await signIn(context, await signUp(request));
}

/** With JavaScript, typing counts once the editor has hydrated. */
export async function hydrated(page: Page) {
  if (test.info().project.name === "js") await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
}

/** Generates the paragraph from its text with Ctrl+Enter and waits for the job to complete. */
export async function generateByKey(page: Page, paragraph: Locator) {
  await paragraph.locator("textarea").focus();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
}

/** Generates the paragraph with its own button and waits for its audio (and, with `current`, for the audio to be current). */
export async function generateParagraph(paragraph: Locator, { current = false } = {}) {
  await paragraph.getByRole("button", { name: "이 문단 생성" }).click();
  await expect(paragraph.getByTestId("paragraph-audio")).toBeVisible({ timeout: 30_000 });
  if (current) await expect(paragraph.getByText("수정된 문단입니다. 다시 생성하세요.")).toHaveCount(0, { timeout: 30_000 });
}

export const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
