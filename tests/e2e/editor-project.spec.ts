import { expect, test } from "./fixtures";
import { newProject, member, hydrated, generateParagraph, noHorizontalScroll } from "./editor-steps";

/** The TTS editor's project-wide steps: versions, deleting and undo, import, language offers, marks, takes, and its English phone layout. */

test("version history: restore an earlier version, then undo the restore", async ({ page, request, context }) => {
  await member(request, context);
  await newProject(page);
  const text = () => page.getByTestId("paragraph").first().locator("textarea");
  await text().fill("첫 버전");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("version")).toHaveCount(2);
  // The empty start is the older version.
  await page.getByTestId("version").nth(1).getByRole("button", { name: "이 버전으로 되돌리기" }).click();
  await expect(text()).toHaveValue("");
  await page.getByTestId("undo").getByRole("button", { name: "되돌리기" }).click();
  await expect(text()).toHaveValue("첫 버전");
  // Deleting a version asks first, and can be undone.
  const count = await page.getByTestId("version").count();
  await page.getByTestId("version").last().getByRole("link", { name: "삭제" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByTestId("version")).toHaveCount(count - 1);
  await page.getByTestId("undo").getByRole("button", { name: "되돌리기" }).click();
  await expect(page.getByTestId("version")).toHaveCount(count);
});

test("deleting a paragraph asks, and undo brings it back", async ({ page, request, context }) => {
  await member(request, context);
  await newProject(page);
  await page.getByTestId("paragraph").first().locator("textarea").fill("하나");
  await page.getByRole("button", { name: "+ 문단 추가" }).click();
  await page.getByTestId("paragraph").nth(1).locator("textarea").fill("둘");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("paragraph")).toHaveCount(2);
  await page.getByRole("button", { name: "문단 삭제" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("이 문단을 삭제할까요?");
  await expect(dialog).toContainText("둘");
  // Cancel keeps it.
  await dialog.getByRole("link", { name: "취소" }).click();
  await expect(page.getByTestId("paragraph")).toHaveCount(2);
  await page.getByRole("button", { name: "문단 삭제" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByTestId("paragraph")).toHaveCount(1);
  await page.getByTestId("undo").getByRole("button", { name: "되돌리기" }).click();
  await expect(page.getByTestId("paragraph")).toHaveCount(2);
  await expect(page.getByTestId("paragraph").nth(1).locator("textarea")).toHaveValue("둘");
});

test("deleting projects asks, and undo brings them back", async ({ page, request, context }) => {
  await member(request, context);
  await newProject(page);
  await page.goto("/studio");
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  await page.getByTestId("project-row").getByRole("checkbox").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("선택한 프로젝트를 삭제할까요?");
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제", exact: true }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(0);
  await page.getByTestId("undo").getByRole("button", { name: "되돌리기" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(1);
});

test("import: each line gets its own language and a voice of it", async ({ page, request, context }) => {
  await member(request, context);
  await page.goto("/studio");
  await page.locator('input[type="file"][name="file"]').setInputFiles({
    name: "script.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("안녕하세요, 여러분!\nWelcome to the show… 🎉\n"),
  });
  await page.getByRole("button", { name: "가져오기", exact: true }).click();
  await expect(page).toHaveURL(/text-to-speech\?id=/);
  await expect(page.getByTestId("paragraph").nth(0).getByLabel("언어")).toHaveValue("ko");
  await expect(page.getByTestId("paragraph").nth(1).getByLabel("언어")).toHaveValue("en");
  await expect(page.getByTestId("paragraph").nth(1).getByTestId("voice-chosen")).not.toHaveText(/^(민준|서연)/);
});

test("a paragraph written in another language than it is read in offers to switch its language and voice (with and without JavaScript)", async ({
  page,
  request,
  context,
}) => {
  await member(request, context);
  const url = await newProject(page);
  const first = page.getByTestId("paragraph").first();
  await expect(first.getByLabel("언어")).toHaveValue("ko");
  await first.locator("textarea").fill("Welcome to the show, everyone.");
  // Without JavaScript the offer comes with the saved page.
  if (test.info().project.name !== "js") await page.getByRole("button", { name: "저장", exact: true }).click();
  const offer = first.getByTestId("language-offer");
  await expect(offer).toContainText("이 문단은 영어로 쓰여 있어요.");
  const voice = /영어와 (.+) 목소리로/.exec((await offer.textContent()) ?? "")![1]!;
  await offer.getByRole("button", { name: "바꾸기" }).click();
  await expect(first.getByLabel("언어")).toHaveValue("en");
  await expect(first.getByTestId("voice-chosen")).toHaveText(voice);
  await expect(first.getByTestId("language-offer")).toHaveCount(0);
  if (test.info().project.name === "js") await expect(page.getByTestId("save-state")).toHaveText("모든 변경 사항이 저장됨");
  // Saved: the language and the voice stay after a reload.
  await page.goto(url);
  await expect(page.getByTestId("paragraph").first().getByLabel("언어")).toHaveValue("en");
  await expect(page.getByTestId("paragraph").first().getByTestId("voice-chosen")).toHaveText(voice);
  await expect(page.getByTestId("language-offer")).toHaveCount(0);
  if (test.info().project.name !== "js") return;
  // Kept as it is: the offer goes until the text changes.
  await hydrated(page);
  const text = page.getByTestId("paragraph").first().locator("textarea");
  await text.fill("안녕하세요, 여러분. 오늘의 방송을 시작합니다.");
  await expect(page.getByTestId("language-offer")).toContainText("이 문단은 한국어로 쓰여 있어요.");
  await page.getByTestId("language-offer").getByRole("button", { name: "그대로 두기" }).click();
  await expect(page.getByTestId("language-offer")).toHaveCount(0);
  await expect(page.getByTestId("paragraph").first().getByLabel("언어")).toHaveValue("en");
});

test("pause and emphasis marks show as chips, cost no characters and generate (with and without JavaScript)", async ({
  page,
  request,
  context,
}) => {
  await member(request, context);
  const url = await newProject(page);
  const first = page.getByTestId("paragraph").first();
  const text = first.locator("textarea");
  await expect(page.getByTestId("marks-hint")).toContainText("[쉼 1.5초]");
  if (test.info().project.name === "js") {
    // The buttons write the marks: a pause at the cursor, emphasis around the selected words.
    await text.fill("좋은 날입니다.");
    await text.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(4, 4));
    await first.getByTestId("insert-pause").click();
    await text.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(0, 2));
    await first.getByTestId("insert-emphasis").click();
    await expect(text).toHaveValue("[강조]좋은[/강조] 날[쉼 1초]입니다.");
    await expect(page.getByTestId("save-state")).toHaveText("모든 변경 사항이 저장됨");
  } else {
    await expect(first.getByTestId("insert-pause")).toHaveCount(0);
    await text.fill("[강조]좋은[/강조] 날[쉼 1초]입니다.");
    await page.getByRole("button", { name: "저장", exact: true }).click();
  }
  await expect(first.getByTestId("pause-chip")).toHaveText("쉼 1초");
  await expect(first.getByTestId("emphasis-chip")).toContainText("좋은");
  // "좋은 날입니다." is 8 characters: the marks are not counted.
  await expect(first.getByTestId("char-count")).toHaveText("8 / 500자");
  // Kept as written, and generated (the marks are not refused as characters that cannot be spoken).
  await page.goto(url);
  await expect(page.getByTestId("paragraph").first().locator("textarea")).toHaveValue("[강조]좋은[/강조] 날[쉼 1초]입니다.");
  await expect(page.getByTestId("paragraph").first().getByTestId("pause-chip")).toHaveText("쉼 1초");
  await hydrated(page);
  await generateParagraph(page.getByTestId("paragraph").first());
});

test("takes: generating again keeps the earlier take, which can be heard and used again at no cost (with and without JavaScript)", async ({
  page,
  request,
  context,
}) => {
  await member(request, context);
  const url = await newProject(page);
  const first = () => page.getByTestId("paragraph").first();
  await first().locator("textarea").fill("첫 번째 테이크입니다. 이 문장은 휴대폰 화면보다 길어서 테이크 목록에서 줄이 바뀌어야 합니다.");
  await generateParagraph(first(), { current: true });
  await hydrated(page);
  await first().getByTestId("paragraph-settings").locator("summary").click();
  await first().getByLabel("스타일").selectOption("happy");
  await first().getByRole("button", { name: "이 문단 생성" }).click();
  // The second take is made: the paragraph offers its two takes.
  await expect(first().getByTestId("takes-open")).toHaveText("테이크 2개", { timeout: 30_000 });
  // What is left after the two generations, as the page says it once loaded afresh.
  await page.goto(url);
  const remaining = await page.getByTestId("remaining").textContent();
  // Listed on a phone: the takes' text and players fit the width.
  await page.setViewportSize({ width: 360, height: 800 });
  await first().getByTestId("takes-open").click();
  await expect(first().getByTestId("take")).toHaveCount(2);
  // (The paragraph itself: other members' voices in a shared test database can make other parts of the page wide.)
  expect(await first().evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await expect(first().getByTestId("take").first()).toContainText("기쁨");
  await expect(first().getByTestId("take").first()).toContainText("사용 중");
  // The neutral take, used again: the paragraph's style is neutral once more, its audio current, nothing spent.
  await first().getByTestId("take").nth(1).getByRole("button", { name: "이 테이크 쓰기" }).click();
  await expect(first().getByTestId("take").nth(1)).toContainText("사용 중");
  await page.goto(url);
  await expect(first().getByLabel("스타일")).toHaveValue("neutral");
  await expect(first().getByTestId("paragraph-audio")).toBeVisible();
  await expect(first().getByText("수정된 문단입니다. 다시 생성하세요.")).toHaveCount(0);
  await expect(page.getByTestId("remaining")).toHaveText(remaining!);
});

test("a new paragraph takes its language and a voice of it from its text, not from the paragraph above (with and without JavaScript)", async ({
  page,
  request,
  context,
}) => {
  await member(request, context);
  const url = await newProject(page);
  await page.getByTestId("paragraph").first().locator("textarea").fill("안녕하세요, 여러분. 오늘의 방송을 시작합니다.");
  await page.getByRole("button", { name: "+ 문단 추가" }).click();
  const second = page.getByTestId("paragraph").nth(1);
  await expect(second.getByLabel("언어")).toHaveValue("ko");
  await second.locator("textarea").fill("Welcome to the show, everyone. Let's begin.");
  if (test.info().project.name === "js") {
    // Switched as it is typed, without asking: the offer is for paragraphs that already had a language.
    await expect(second.getByLabel("언어")).toHaveValue("en");
    await expect(second.getByTestId("language-offer")).toHaveCount(0);
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
  } else await page.getByRole("button", { name: "저장", exact: true }).click();
  await page.goto(url);
  const saved = page.getByTestId("paragraph").nth(1);
  await expect(saved.getByLabel("언어")).toHaveValue("en");
  await expect(page.getByTestId("paragraph").first().getByLabel("언어")).toHaveValue("ko");
  // A voice of that language: the picker lists the English voices with an English name first.
  const voice = (await saved.getByTestId("voice-chosen").textContent()) ?? "";
  expect(voice).not.toBe(await page.getByTestId("paragraph").first().getByTestId("voice-chosen").textContent());
});

test.describe("in English at 360 px", () => {
  test.use({ locale: "en-US", viewport: { width: 360, height: 760 } });

  test("the editor's compact rows and sliders fit, with their ranges; deleting asks in English", async ({ page, request, context }) => {
    await member(request, context);
    await newProject(page);
    const first = page.getByTestId("paragraph").first();
    await expect(first.getByLabel("Pitch (semitones)")).toHaveAttribute("min", "-24");
    await expect(first.getByLabel("Pitch (semitones)")).toHaveAttribute("max", "24");
    await expect(first.getByLabel("Tempo")).toHaveAttribute("min", "0.5");
    await expect(first.getByTestId("pitch-value")).toHaveText("0");
    await page.getByRole("button", { name: "+ Add paragraph" }).click();
    await page.getByTestId("paragraph").nth(1).locator("textarea").fill("Second");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await expect(page.getByTestId("paragraph")).toHaveCount(2);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole("button", { name: "Delete paragraph" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Delete this paragraph?");
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("undo")).toContainText("Undo");
    await expect(page.getByTestId("versions")).toContainText("Version history");
  });
});
