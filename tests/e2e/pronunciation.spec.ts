// With JavaScript on and off: a paragraph's pronunciation preview in the TTS editor and
// the member's pronunciation dictionary page.
import { expect, test } from "./fixtures";

test("the TTS editor shows what the engine reads for a paragraph, and its words can be fixed in the dictionary", async ({
  page,
  javaScriptEnabled,
  member: _member,
}) => {
  await page.goto("/studio");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await expect(page).toHaveURL(/\/studio\/projects\/text-to-speech\?id=/);
  const editor = page.url();
  const paragraph = page.getByTestId("paragraph").first();
  await paragraph.locator("textarea").fill("저는 민준입니다. 회의는 3시예요.");
  await paragraph.getByRole("button", { name: "발음 보기" }).click();
  const reading = page.getByTestId("pronunciation");
  await expect(reading).toContainText("저는 민주님니다. 회이는 세시예요.");
  await expect(reading).toContainText("음소(IPA):");
  // The typed text stays in the form; nothing was saved.
  await expect(paragraph.locator("textarea")).toHaveValue("저는 민준입니다. 회의는 3시예요.");
  // With JavaScript the preview stopped the pending autosave; it starts again and saves the text, so leaving asks
  // nothing (leaving with text still unsaved asks first: tests/e2e/editor.spec.ts).
  if (javaScriptEnabled) await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");

  await reading.getByRole("link", { name: "발음 사전에서 읽는 법 고치기" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("발음 사전");
  await page.getByLabel("단어", { exact: true }).fill("민준");
  await page.getByLabel("읽는 법", { exact: true }).fill("민쭌");
  await page.getByRole("button", { name: "추가", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("dictionary-ko").getByTestId("dictionary-entry")).toHaveCount(1);

  await page.goto(editor);
  const again = page.getByTestId("paragraph").first();
  await again.locator("textarea").fill("저는 민준입니다.");
  await again.getByRole("button", { name: "발음 보기" }).click();
  await expect(page.getByTestId("pronunciation")).toContainText("저는 민쭈님니다.");
});

test("the pronunciation dictionary: add, refuse a duplicate with its message, change a reading, delete", async ({
  page,
  member: _member,
}) => {
  await page.goto("/studio/dictionary");
  await expect(page.getByText("아직 등록한 단어가 없어요.").first()).toBeVisible();

  await page.getByLabel("언어", { exact: true }).selectOption("en");
  await page.getByLabel("단어", { exact: true }).fill("GIF");
  await page.getByLabel("읽는 법", { exact: true }).fill("jif");
  await page.getByRole("button", { name: "추가", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  const english = page.getByTestId("dictionary-en");
  await expect(english.getByTestId("dictionary-entry")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "영어 단어 (1/200)" })).toBeVisible();

  // The same word again: the api's message under the form, the typed values kept.
  await page.getByLabel("언어", { exact: true }).selectOption("en");
  await page.getByLabel("단어", { exact: true }).fill("GIF");
  await page.getByLabel("읽는 법", { exact: true }).fill("gif");
  await page.getByRole("button", { name: "추가", exact: true }).click();
  await expect(page.getByText("이미 사전에 있는 단어예요. 기존 항목의 읽는 법을 고쳐 주세요.")).toBeVisible();
  await expect(page.getByLabel("읽는 법", { exact: true })).toHaveValue("gif");

  await english.getByLabel("GIF의 읽는 법").fill("지프");
  await english.getByRole("button", { name: "저장" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("dictionary-en").getByLabel("GIF의 읽는 법")).toHaveValue("지프");

  await page.getByTestId("dictionary-en").getByRole("button", { name: "GIF 삭제" }).click();
  await expect(page.getByTestId("toast")).toHaveText("삭제했습니다.");
  await expect(page.getByTestId("dictionary-entry")).toHaveCount(0);
});

test("a visitor is sent away from the dictionary", async ({ page }) => {
  await page.goto("/studio/dictionary");
  // Signed-out members go to the login page, which brings them back here (requireUser).
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstudio%2Fdictionary$/);
});
