import { expect, test } from "./fixtures";
import { newProject, member, hydrated, generateByKey } from "./editor-steps";

/** docs/decisions/0037: the TTS editor's autosave, conflicts, text rules, controls and keys. */

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
