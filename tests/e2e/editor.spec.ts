import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";

/** docs/decisions/0037: the TTS editor's autosave, conflicts, text rules, controls, import, confirmations and undo. */

async function newProject(page: Page) {
  await page.goto("/studio");
  await page.getByRole("button", { name: /^\+ (새 TTS 프로젝트|New TTS project)$/ }).click();
  await expect(page).toHaveURL(/text-to-speech\?id=/);
  await hydrated(page);
  return page.url();
}

async function member(request: APIRequestContext, context: Parameters<typeof signIn>[0]) {
  await signIn(context, await signUp(request));
}

/** With JavaScript, typing counts once the editor has hydrated. */
async function hydrated(page: Page) {
  if (test.info().project.name === "js") await expect(page.getByTestId("save-state")).toHaveAttribute("data-hydrated", "true");
}

/** Generates the paragraph from its text with Ctrl+Enter and waits for the job to complete. */
async function generateByKey(page: Page, paragraph: Locator) {
  await paragraph.locator("textarea").focus();
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
}

/** Generates the paragraph with its own button and waits for its audio (and, with `current`, for the audio to be current). */
async function generateParagraph(paragraph: Locator, { current = false } = {}) {
  await paragraph.getByRole("button", { name: "이 문단 생성" }).click();
  await expect(paragraph.getByTestId("paragraph-audio")).toBeVisible({ timeout: 30_000 });
  if (current) await expect(paragraph.getByText("수정된 문단입니다. 다시 생성하세요.")).toHaveCount(0, { timeout: 30_000 });
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("JavaScript on", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "autosave, live checks and keys need JavaScript");

  test("a project whose load drops for a moment offers back to the list and retry, and retry loads it", async ({
    page,
    request,
    member: session,
  }) => {
    const headers = { "api-key": session.token };
    const id = (await (await request.post("/api/v1/studio/projects", { headers, data: { name: "회의록", type: "tts" } })).json()).data.id;
    await page.goto("/studio");
    await page.waitForFunction(() => "__remixRouter" in window);
    // The connection drops once while the editor's data loads.
    await page.route(
      (url) => url.pathname.endsWith("/studio/projects/text-to-speech.data"),
      (route) => route.abort("internetdisconnected"),
      { times: 1 },
    );
    await page.getByRole("link", { name: "회의록", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("오류가 발생했습니다");
    const actions = page.getByTestId("error-actions");
    await expect(actions.getByRole("link", { name: "돌아가기" })).toHaveAttribute("href", "/studio");
    await actions.getByRole("link", { name: "다시 시도" }).click();
    await expect(page).toHaveURL(new RegExp(`text-to-speech\\?id=${id}$`));
    await hydrated(page);
    await expect(page.getByTestId("error-actions")).toHaveCount(0);
  });

  test("a dashboard page without a list of its own goes back to the dashboard after a dropped load", async ({ page, request, context }) => {
    await member(request, context);
    await page.goto("/dashboard");
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.route(
      (url) => url.pathname.endsWith("/dashboard/plan.data"),
      (route) => route.abort("internetdisconnected"),
      { times: 1 },
    );
    await page.locator('a[href="/dashboard/plan"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("오류가 발생했습니다");
    // No route of the plan page names a list (`handle.back`): back goes to the page's section, not the landing.
    await expect(page.getByTestId("error-actions").getByRole("link", { name: "돌아가기" })).toHaveAttribute("href", "/dashboard");
  });

  test("autosave: the state shows saving then saved, the text survives a reload, and leaving with unsaved text asks first", async ({
    page,
    request,
    context,
  }) => {
    await member(request, context);
    const url = await newProject(page);
    const text = page.getByTestId("paragraph").first().locator("textarea");
    await text.fill("자동 저장 테스트입니다.");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "unsaved");
    await expect(page.getByTestId("save-state")).toHaveText("모든 변경 사항이 저장됨");
    await page.goto(url);
    await hydrated(page);
    await expect(page.getByTestId("paragraph").first().locator("textarea")).toHaveValue("자동 저장 테스트입니다.");

    // Unsaved text: a link in the app asks in the product's own dialog (not the browser's confirm);
    // "stay" (and Escape) keep the page and the text, "leave" goes.
    const browserDialogs: string[] = [];
    page.on("dialog", (d) => {
      browserDialogs.push(d.message());
      void d.dismiss();
    });
    const textarea = page.getByTestId("paragraph").first().locator("textarea");
    await textarea.fill("아직 저장 안 됨");
    await page.getByRole("link", { name: "← 프로젝트 목록" }).click();
    const leave = page.getByRole("alertdialog", { name: "저장하지 않고 나갈까요?" });
    await expect(leave).toBeVisible();
    await expect(leave).toContainText("마지막 변경 사항이 아직 저장되지 않았어요.");
    await expect(leave.getByRole("button", { name: "이 페이지에 머무르기" })).toBeFocused();
    await leave.getByRole("button", { name: "이 페이지에 머무르기" }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(url);
    await expect(textarea).toHaveValue("아직 저장 안 됨");

    await textarea.fill("아직 저장 안 됨 2");
    await page.getByRole("link", { name: "← 프로젝트 목록" }).click();
    await expect(leave).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(url);

    await textarea.fill("아직 저장 안 됨 3");
    await page.getByRole("link", { name: "← 프로젝트 목록" }).click();
    await leave.getByRole("button", { name: "나가기" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    expect(browserDialogs).toEqual([]);
  });

  test("two tabs: the second tab's autosave meets a conflict and can overwrite or reload", async ({ page, request, context }) => {
    await member(request, context);
    const url = await newProject(page);
    const other = await context.newPage();
    await other.goto(url);
    await hydrated(other);
    await page.getByTestId("paragraph").first().locator("textarea").fill("첫째 탭의 글");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "unsaved");
    await expect(page.getByTestId("save-state")).toHaveText("모든 변경 사항이 저장됨");
    await other.getByTestId("paragraph").first().locator("textarea").fill("둘째 탭의 글");
    const banner = other.getByTestId("conflict");
    await expect(banner).toContainText("다른 탭이나 기기에서");
    await banner.getByRole("button", { name: "덮어쓰기" }).click();
    await expect(other.getByTestId("toast")).toHaveText("저장했습니다.");
    await page.goto(url);
    await expect(page.getByTestId("paragraph").first().locator("textarea")).toHaveValue("둘째 탭의 글");
  });

  test("text: quotes, 3:30, brackets, emoji and … are fine; what cannot be spoken is named as it is typed; keys move between paragraphs", async ({
    page,
    request,
    context,
  }) => {
    await member(request, context);
    await newProject(page);
    const first = page.getByTestId("paragraph").first();
    await first.locator("textarea").fill("“안녕하세요” 3:30에 (잠깐) 만나요… 🎉");
    await expect(first.getByTestId("unreadable")).toHaveCount(0);
    await expect(page.getByTestId("save-state")).toHaveText("모든 변경 사항이 저장됨");
    await first.locator("textarea").fill("메일 a@b");
    await expect(first.getByTestId("unreadable")).toHaveText("읽을 수 없는 문자: @");
    await expect(page.getByTestId("save-state")).toContainText("1번 문단에 읽을 수 없는 문자가 있습니다: @");

    await first.locator("textarea").fill("첫 문단");
    await page.getByRole("button", { name: "+ 문단 추가" }).click();
    const second = page.getByTestId("paragraph").nth(1);
    // A new paragraph shows its defaults.
    await expect(second.getByTestId("pitch-value")).toHaveText("0");
    await expect(second.getByTestId("tempo-value")).toHaveText("1×");
    await expect(second.getByTestId("pause_ms-value")).toHaveText("300ms");
    await first.locator("textarea").focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect(second.locator("textarea")).toBeFocused();
    await page.keyboard.press("Alt+ArrowUp");
    await expect(first.locator("textarea")).toBeFocused();
    await expect(page.getByTestId("shortcuts")).toContainText("키보드 단축키");
  });

  test("+ add: the new paragraph takes the voice and language chosen above, its sliders show the defaults, and it has the cursor", async ({
    page,
    request,
    context,
  }) => {
    await member(request, context);
    await newProject(page);
    const first = page.getByTestId("paragraph").first();
    await first.getByTestId("voice-picker").locator("summary").click();
    await first.getByRole("radio", { name: /^엠마/ }).check();
    // The picker's summary follows the choice.
    await expect(first.getByTestId("voice-chosen")).toHaveText("엠마");
    // The settings open from the block's head line.
    await first.getByTestId("paragraph-settings").locator("summary").click();
    await first.getByLabel("언어").selectOption("en");
    await first.getByLabel("피치 (반음)").fill("5");
    await expect(first.getByTestId("pitch-value")).toHaveText("5");
    await page.getByRole("button", { name: "+ 문단 추가" }).click();
    const second = page.getByTestId("paragraph").nth(1);
    await expect(second.locator("textarea")).toBeFocused();
    await expect(second.getByTestId("voice-chosen")).toHaveText("엠마");
    await expect(second.getByLabel("언어")).toHaveValue("en");
    await expect(second.getByTestId("pitch-value")).toHaveText("0");
    await expect(second.getByLabel("피치 (반음)")).toHaveValue("0");
    // Saved as typed: after a reload both paragraphs are there, with their own settings.
    await second.locator("textarea").fill("Second paragraph.");
    await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved");
    await page.reload();
    await expect(page.getByTestId("paragraph")).toHaveCount(2);
    await expect(page.getByTestId("paragraph").nth(1).locator("textarea")).toHaveValue("Second paragraph.");
    await expect(page.getByTestId("paragraph").nth(1).getByTestId("voice-chosen")).toHaveText("엠마");
    await expect(page.getByTestId("paragraph").first().getByTestId("pitch-value")).toHaveText("5");
  });

  test("a project with audio hydrates without React redrawing its players, even when their code arrives late", async ({
    page,
    request,
    context,
  }) => {
    await member(request, context);
    await newProject(page);
    const first = page.getByTestId("paragraph").first();
    await first.locator("textarea").fill("오디오가 있는 문단입니다.");
    await generateByKey(page, first);
    // The players' code held back: the page hydrates and settles (its leave guard, its autosave) before it arrives.
    await page.route(/\/assets\/Waveform-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const errors: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
    page.on("pageerror", (e) => errors.push(e.message));
    const players = page.waitForResponse(/\/assets\/Waveform-[^/]+\.js$/);
    await page.reload();
    await hydrated(page);
    await players;
    await expect(first.getByTestId("paragraph-audio")).toHaveCount(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    expect(errors).toEqual([]);
  });

  test("keys: Ctrl+Enter generates this paragraph, whose audio appears; Alt+K plays and pauses it", async ({ page, request, context }) => {
    await member(request, context);
    // Alt+K at the worst moment: the waveform is about to put its copy of the audio in place of the player's source
    // (wavesurfer reading the copy's blob: URL, held here until the key has started the player). The swap stops the
    // player without a pause event: it must play on from the copy.
    await page.addInitScript(() => {
      const gate = window as unknown as { blobAsked?: boolean; openBlobs?: () => void };
      const opened = new Promise<void>((resolve) => (gate.openBlobs = resolve));
      const original = window.fetch;
      window.fetch = async (input, init) => {
        if (String(input instanceof Request ? input.url : input).startsWith("blob:")) {
          gate.blobAsked = true;
          await opened;
        }
        return original(input, init);
      };
    });
    await newProject(page);
    const first = page.getByTestId("paragraph").first();
    await first.locator("textarea").fill("단축키로 생성합니다.");
    await page.getByRole("button", { name: "+ 문단 추가" }).click();
    const second = page.getByTestId("paragraph").nth(1);
    await second.locator("textarea").fill("둘째 문단은 그대로 둡니다.");
    // Only the paragraph with the focus is generated.
    await generateByKey(page, first);
    await expect(first.getByTestId("paragraph-audio")).toHaveCount(1);
    await expect(second.getByTestId("paragraph-audio")).toHaveCount(0);
    // Alt+K from the paragraph's text plays its audio and pauses it again (the audio element itself, whether or not
    // the waveform has drawn in between).
    // The waveform takes over once its player is in view.
    await first.getByTestId("paragraph-audio").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (window as unknown as { blobAsked?: boolean }).blobAsked === true);
    await first.locator("textarea").focus();
    await page.keyboard.press("Alt+KeyK");
    const audio = first.getByTestId("paragraph-audio").locator("audio");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused)).toBe(true);
    await page.evaluate(() => (window as unknown as { openBlobs: () => void }).openBlobs());
    await expect(first.getByTestId("paragraph-audio")).toHaveAttribute("data-enhanced", "true");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.src.startsWith("blob:") && !a.paused)).toBe(true);
    await first.locator("textarea").focus();
    await page.keyboard.press("Alt+KeyK");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  });
});

test("saving names the paragraph that cannot be spoken, and keeps the text (with and without JavaScript)", async ({
  page,
  request,
  context,
}) => {
  await member(request, context);
  await newProject(page);
  await page.getByTestId("paragraph").first().locator("textarea").fill("“좋아요” 👍");
  await page.getByRole("button", { name: "+ 문단 추가" }).click();
  await page.getByTestId("paragraph").nth(1).locator("textarea").fill("x^2 § y");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByText("2번 문단에 읽을 수 없는 문자가 있습니다: ^ §").first()).toBeVisible();
  await expect(page.getByTestId("paragraph").nth(1).locator("textarea")).toHaveValue("x^2 § y");
});

test("a paragraph past 500 characters is refused with its message and comes back whole (with and without JavaScript)", async ({
  page,
  request,
  context,
  javaScriptEnabled,
}) => {
  await member(request, context);
  await newProject(page);
  const long = "가나다라마바사아자차. ".repeat(60).trim(); // 719 characters
  const text = page.getByTestId("paragraph").first().locator("textarea");
  await text.fill(long);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  const message = page.getByText("한 번에 최대 500자까지 생성할 수 있습니다. 문단을 나누어 주세요.").first();
  await expect(message).toBeVisible();
  await expect(text).toHaveValue(long);
  await expect(text).toHaveAttribute("aria-invalid", "true");
  if (javaScriptEnabled) await expect(text).toBeFocused();
  await expect(page.getByTestId("char-count").first()).toHaveClass(/text-red-600/);
  // Shortened, the text is no longer refused: the answer's message goes (with JavaScript; without, the next save says).
  await text.fill("가나다라마바사아자차.");
  if (javaScriptEnabled) {
    await expect(message).toHaveCount(0);
    await expect(text).not.toHaveAttribute("aria-invalid");
  } else {
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
    await expect(message).toHaveCount(0);
  }
  await expect(page.getByTestId("char-count").first()).not.toHaveClass(/text-red-600/);
});

test("a stale page's save is a conflict: reload or overwrite (without JavaScript too)", async ({ page, request, context }) => {
  await member(request, context);
  const url = await newProject(page);
  const other = await context.newPage();
  await other.goto(url);
  await page.getByTestId("paragraph").first().locator("textarea").fill("먼저 저장");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await other.getByTestId("paragraph").first().locator("textarea").fill("나중 저장");
  await other.getByRole("button", { name: "저장", exact: true }).click();
  await expect(other.getByTestId("conflict")).toBeVisible();
  await other.getByTestId("conflict").getByRole("button", { name: "덮어쓰기" }).click();
  await expect(other.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(other.getByTestId("paragraph").first().locator("textarea")).toHaveValue("나중 저장");
});

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
