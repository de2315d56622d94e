// The voice library's pages in a real Chromium, with JavaScript on and off (the two projects of
// playwright.config.ts): the library's tabs, filters, search, sort and pages in the URL at 360 and 1280 px in
// Korean and English; samples; a voice's page (rating, comments, report, bookmark); the whole open voice
// wizard by upload; "use this voice" into a TTS project; the creator deleting an open voice.
// The seeded open voices and the event come from db/seed-library.ts; speech goes to the engine's stand-in.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { apiCall, expect, signIn, signUp, test } from "./fixtures";
import { phrasedSpeechWav, speechWav } from "./helpers";

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
}

/** A member with a session in this browser. */
async function member(page: Page, request: Parameters<typeof signUp>[0]) {
  const session = await signUp(request);
  await signIn(page.context(), session);
  return session;
}

const cards = (page: Page) => page.getByTestId("library-voices").getByTestId("voice-card");

for (const width of [360, 1280]) {
  test(`the library at ${width} px: tabs, filters, search and sort in a shareable URL, ko and en`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await member(page, request);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "대시보드 메뉴" }).getByRole("link", { name: "보이스 라이브러리" }).click();
    await expect(page).toHaveURL(/\/dashboard\/library$/);
    await expect(page).toHaveTitle("보이스 라이브러리 | 보이스 스튜디오");
    // My library starts empty and says what to do.
    await expect(page.getByTestId("library-empty")).toContainText("아직 만들거나 저장한 목소리가 없어요.");
    await expect(page.getByTestId("library-empty").getByRole("link", { name: "오픈 보이스 등록하기" })).toBeVisible();
    await expectFits(page);

    await page.getByTestId("library-tabs").getByRole("link", { name: "오픈 보이스" }).click();
    await expect(page).toHaveURL(/\?tab=open$/);
    // The URL changes as the navigation commits; the open voices render just after it.
    await expect.poll(() => cards(page).count()).toBeGreaterThan(1);
    const all = await cards(page).count();
    await expect(page.getByTestId("library-total")).toHaveText(`목소리 ${all}개`);

    // A tag filter and a sort, applied by the GET form.
    const filters = page.getByTestId("library-filters");
    await filters.locator("summary").click();
    await filters.getByLabel("영어").check();
    await filters.getByLabel("정렬").selectOption("rating");
    await filters.getByRole("button", { name: "적용" }).first().click();
    for (const part of [/[?&]tab=open(&|$)/, /[?&]lang=en(&|$)/, /[?&]sort=rating(&|$)/]) await expect(page).toHaveURL(part);
    await expect(page.getByTestId("library-total")).not.toHaveText(`목소리 ${all}개`);
    const english = await cards(page).count();
    expect(english).toBeGreaterThan(0);
    expect(english).toBeLessThan(all);
    for (const lang of await cards(page).locator("h3 span").allTextContents()) expect(lang).toBe("en");
    const ratings = await cards(page).evaluateAll((els) => els.map((el) => Number(/★\s*([\d.]+)/.exec(el.textContent ?? "")?.[1] ?? 0)));
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    // The URL is the view: opened afresh (shared), in English, it shows the same voices.
    const url = page.url();
    await page.goto(`${url}&lng=en`);
    await expect(page.getByTestId("library-total")).toHaveText(english === 1 ? "1 voice" : `${english} voices`);
    await expect(page.getByTestId("library-filters").getByLabel("Sort")).toHaveValue("rating");
    await expect(page.getByTestId("library-filters").getByLabel("English")).toBeChecked();
    await expectFits(page);

    // Name search with no match: the empty state offers to clear the filters.
    await page.getByTestId("library-filters").getByLabel("Search by name").fill("no-such-voice-name");
    await page.getByRole("button", { name: "Apply" }).first().click();
    await expect(page.getByTestId("library-empty")).toContainText("No voice matches.");
    await page.getByTestId("library-empty").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\?tab=open&sort=rating$/);
    await expect(cards(page)).toHaveCount(all);
  });
}

test("Custom on the Free plan opens the spec's Starter dialog", async ({ page, request }) => {
  await member(page, request);
  await page.goto("/dashboard/library?tab=custom");
  const dialog = page.getByTestId("modal-starter");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveRole("alertdialog");
  await expect(dialog).toContainText("커스텀 보이스는 Starter 요금제부터 쓸 수 있어요");
  await expect(dialog.getByRole("link", { name: "요금제 업그레이드" })).toHaveAttribute("href", "/dashboard/plan/upgrade");
  await dialog.getByRole("link", { name: "닫기" }).click();
  await expect(page).toHaveURL(/\/dashboard\/library$/);
  await expect(page.getByTestId("modal-starter")).toHaveCount(0);
});

test("a sample that cannot be played is reported once, naming the member (the api client loaded on the failure)", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the report is the player's, with JavaScript");
  const session = await member(page, request);
  await page.goto("/dashboard/library?tab=basic");
  const sample = cards(page).first().getByTestId("voice-sample");
  await expect(sample).toHaveAttribute("data-ready", "true");
  const src = (await sample.getAttribute("href"))!;
  await page.route(`**${src}`, (route) => route.fulfill({ status: 404, contentType: "application/json", body: "{}" }));
  const report = page.waitForRequest((r) => r.url().endsWith("/api/notify") && r.method() === "POST");
  await sample.click();
  const body = (await report).postDataJSON() as { message: string; detail: string; userId: string };
  expect(body.userId).toBe(session.email);
  expect(body.message).toMatch(/^audio could not be played/);
  expect(JSON.parse(body.detail)).toMatchObject({ url: src, method: "GET" });
  await expect(sample).toHaveAttribute("data-state", "idle");
});

test("every card plays its sample in place (one at a time, keyboard too) and opens its page", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  await member(page, request);
  await page.goto("/dashboard/library?tab=basic");
  const first = cards(page).first();
  const sample = first.getByTestId("voice-sample");
  if (javaScriptEnabled) {
    // Once hydrated, the link is a play button.
    await expect(sample).toHaveAttribute("data-ready", "true");
    await sample.click();
    await expect(sample).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
    const second = cards(page).nth(1).getByTestId("voice-sample");
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("data-state", "playing", { timeout: 20_000 });
    await expect(sample).toHaveAttribute("data-state", "paused");
    await page.keyboard.press(" ");
    await expect(second).toHaveAttribute("data-state", "paused");
  } else {
    const response = await page.request.get((await sample.getAttribute("href"))!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("audio/mpeg");
  }
  const name = (await first.getByTestId("voice-link").textContent())!;
  await first.getByTestId("voice-link").click();
  await expect(page.getByTestId("voice-detail").getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("voice-terms")).toContainText("상업적");
  // The dashboard home's lists play and open the same way.
  await page.goto("/dashboard");
  await expect(page.getByTestId("top-voices").getByTestId("voice-sample").first()).toHaveAttribute("href", /\/sample$/);
  await expect(page.getByTestId("recommended-voices").getByTestId("voice-link").first()).toHaveAttribute(
    "href",
    /\/dashboard\/library\/voices\//,
  );
});

test("a voice's page: rate, comment (add, edit, delete), report once, bookmark", async ({ page, request }) => {
  await member(page, request);
  await page.goto("/dashboard/library?tab=open");
  await cards(page).first().getByTestId("voice-link").click();
  await expect(page.getByTestId("voice-detail")).toBeVisible();
  await expect(page.getByTestId("voice-terms")).toContainText("개인적인 용도");

  // Rating (one per member: a new score replaces the old).
  await page.getByTestId("rating-form").locator("label", { hasText: "4점" }).click();
  await page.getByRole("button", { name: "별점 저장" }).click();
  await expect(page.getByTestId("toast")).toHaveText("별점을 저장했어요.");
  await expect(page.getByTestId("rating-form")).toContainText("내 별점: 4점");
  await page.getByTestId("rating-form").locator("label", { hasText: "5점" }).click();
  await page.getByRole("button", { name: "별점 저장" }).click();
  await expect(page.getByTestId("rating-form")).toContainText("내 별점: 5점");

  // Comments: add, edit, delete one's own. The words carry a number of this run's: the JavaScript and no-JavaScript
  // projects run this test at the same time on the same voice, and each must find its own comment.
  const words = `따뜻한 목소리네요 ${Math.floor(Math.random() * 1e6)}`;
  await page.getByLabel("댓글", { exact: true }).first().fill(words);
  await page.getByRole("button", { name: "댓글 남기기" }).click();
  const mine = page.getByTestId("comment").filter({ hasText: words });
  await expect(mine).toBeVisible();
  await mine.getByRole("link", { name: "수정" }).click();
  await page.getByTestId("comments").getByLabel("댓글").fill(`정말 ${words}`);
  await page.getByRole("button", { name: "수정 저장" }).click();
  const edited = page.getByTestId("comment").filter({ hasText: `정말 ${words}` });
  await expect(edited).toContainText("(수정됨)");
  page.once("dialog", (d) => void d.accept());
  await edited.getByRole("button", { name: "삭제" }).click();
  await expect(page.getByTestId("comment").filter({ hasText: `정말 ${words}` })).toHaveCount(0);

  // Report: the three categories; once per voice.
  await page.getByTestId("report-voice").click();
  const report = page.getByTestId("report-form");
  await expect(report.getByRole("radio")).toHaveCount(3);
  await report.getByLabel("기타").check();
  await report.getByLabel("설명").fill("샘플과 설명이 맞지 않아요");
  await report.getByRole("button", { name: "신고 보내기" }).click();
  await expect(page.getByTestId("toast")).toHaveText("신고를 접수했어요. 검토 후 조치할게요.");
  await expect(page.getByTestId("already-reported")).toHaveText("이미 신고한 목소리예요. (목소리 하나에 한 번만 신고할 수 있어요)");
  await expect(page.getByTestId("report-voice")).toHaveCount(0);

  // Bookmark toggle; the voice shows under Bookmark and My library.
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.getByTestId("bookmark").click();
  await expect(page.getByTestId("bookmark")).toHaveAttribute("aria-pressed", "true");
  await page.goto("/dashboard/library?tab=bookmark");
  await expect(cards(page).getByTestId("voice-link")).toHaveText([name]);
  await cards(page).getByTestId("voice-link").click();
  await page.getByTestId("bookmark").click();
  await expect(page.getByTestId("bookmark")).toHaveAttribute("aria-pressed", "false");
  await page.goto("/dashboard/library?tab=bookmark");
  await expect(page.getByTestId("library-empty")).toBeVisible();
});

test("the open voice wizard: the new voice's reference part is named, and another part of the recording can be tried", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await member(page, request);
  await page.goto("/dashboard/library/open");
  const tags = page.getByTestId("tags-form");
  for (const label of ["한국어", "중간 톤", "여성", "청년", "차분한", "따뜻한", "내레이션"]) await tags.getByLabel(label).check();
  await tags.getByRole("button", { name: "다음" }).click();
  await expect(page).toHaveURL(/step=2/);
  // 30 s of phrases with pauses between them: the voice is cloned from the best 5-15 s, and there are others.
  await page
    .getByTestId("recording-form")
    .getByLabel("목소리 파일")
    .setInputFiles({ name: "reading.wav", mimeType: "audio/wav", buffer: phrasedSpeechWav(30) });
  await page
    .getByTestId("recording-form")
    .getByRole("button", { name: /확인하고 AI 보이스 만들기|확인하는 중/ })
    .click();
  await expect(page.getByTestId("check-passed")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("draft-segment")).toContainText(
    /녹음의 [\d.]+-[\d.]+초 구간을 본떠 만든 목소리예요 \(구간 \d개 중 1번째\)/,
  );
  const first = await page.getByTestId("draft-segment").textContent();
  await page.getByRole("button", { name: "녹음의 다른 구간으로 다시 만들기" }).click();
  await expect(page.getByTestId("draft-segment")).toContainText("2번째", { timeout: 60_000 });
  expect(await page.getByTestId("draft-segment").textContent()).not.toBe(first);
  // The preview is the new clip's, spoken when asked for.
  const heard = await page.request.get((await page.getByTestId("draft-preview").getAttribute("src"))!);
  expect(heard.status()).toBe(200);
  expect(heard.headers()["cache-control"]).toBe("private, no-cache");
});

test("the open voice wizard by upload: tags, a failed check that keeps the tags, the check, preview, profile, publish, delete", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await member(page, request);
  await page.goto("/dashboard/library");
  await page.getByTestId("register-open-voice").click();
  await expect(page).toHaveURL(/\/dashboard\/library\/open$/);

  // Step 1: exactly two moods.
  const tags = page.getByTestId("tags-form");
  await tags.getByLabel("한국어").check();
  await tags.getByLabel("중간 톤").check();
  await tags.getByLabel("여성").check();
  await tags.getByLabel("청년").check();
  await tags.getByLabel("차분한").check();
  await tags.getByLabel("내레이션").check();
  await tags.getByRole("button", { name: "다음" }).click();
  await expect(tags.getByText("분위기·특징을 꼭 2개 골라 주세요.")).toBeVisible();
  await tags.getByLabel("따뜻한").check();
  await tags.getByRole("button", { name: "다음" }).click();
  await expect(page).toHaveURL(/step=2/);

  // Step 2: a 3-second file fails the length rule in the spec's words; the tags are kept.
  const upload = page.getByTestId("recording-form");
  await upload.getByLabel("목소리 파일").setInputFiles({ name: "short.wav", mimeType: "audio/wav", buffer: speechWav(3) });
  await upload.getByRole("button", { name: /확인하고 AI 보이스 만들기|확인하는 중/ }).click();
  await expect(page.getByTestId("check-failed")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("check-failed")).toContainText("5초");
  await expect(page.getByTestId("recording-facts")).toContainText("길이");
  await page.getByRole("link", { name: "태그 설정으로 돌아가기" }).click();
  await expect(page.getByTestId("tags-form").getByLabel("따뜻한")).toBeChecked();
  await expect(page.getByTestId("tags-form").getByLabel("차분한")).toBeChecked();
  await page.getByTestId("tags-form").getByRole("button", { name: "다음" }).click();

  // A real recording of one speaker passes; the new voice's preview plays before saving.
  const recording = await readFile("tests/workers/fixtures/audio/alsa-speaker.wav");
  await page
    .getByTestId("recording-form")
    .getByLabel("목소리 파일")
    .setInputFiles({ name: "me.wav", mimeType: "audio/wav", buffer: recording });
  await page
    .getByTestId("recording-form")
    .getByRole("button", { name: /확인하고 AI 보이스 만들기|확인하는 중/ })
    .click();
  await expect(page.getByTestId("check-passed")).toBeVisible({ timeout: 60_000 });
  // 8.8 s of speech holds one reference part only: it is named, and no other is offered.
  await expect(page.getByTestId("draft-segment")).toContainText("구간 1개 중 1번째");
  await expect(page.getByRole("button", { name: "녹음의 다른 구간으로 다시 만들기" })).toHaveCount(0);
  const preview = await page.getByTestId("draft-preview").getAttribute("src");
  const heard = await page.request.get(preview!);
  expect(heard.status()).toBe(200);
  expect((await heard.body()).subarray(0, 4).toString()).toBe("RIFF");
  await page.getByTestId("to-profile").click();

  // Step 3: the name's 14-character rule, then publish.
  const profile = page.getByTestId("profile-form");
  await profile.getByLabel("이름").fill("열다섯 글자가 넘는 아주 긴 이름");
  await profile.getByLabel("한 줄 소개").fill("차분한 낭독");
  await profile.getByRole("button", { name: "오픈 보이스 등록" }).click();
  await expect(profile.getByText("이름은 공백 포함 14자까지 쓸 수 있어요.")).toBeVisible();
  const name = `테스트 ${Math.floor(Math.random() * 1e6)}`;
  await profile.getByLabel("이름").fill(name);
  await profile.getByRole("button", { name: "오픈 보이스 등록" }).click();
  await expect(page).toHaveURL(/\/dashboard\/library\/voices\/open-/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("report-count")).toHaveText("받은 신고 0건");

  // It is listed under Open voice and My library.
  await page.goto(`/dashboard/library?tab=mine`);
  await expect(cards(page).getByTestId("voice-link")).toContainText([name]);

  // The creator deletes it, after confirming.
  await cards(page).getByTestId("voice-link").filter({ hasText: name }).click();
  await page.getByTestId("delete-voice").click();
  await expect(page.getByRole("alertdialog")).toContainText("이 오픈 보이스를 삭제할까요?");
  await page.getByRole("alertdialog").getByRole("button", { name: "삭제" }).click();
  await expect(page).toHaveURL(/\/dashboard\/library\?tab=mine$/);
  await expect(page.getByTestId("toast")).toHaveText("오픈 보이스를 삭제했어요.");
  await expect(page.getByTestId("library-voices").getByText(name)).toHaveCount(0);
});

test("use this voice at the Free plan's project limit offers adding it to a project the member has (with and without JavaScript)", async ({
  page,
  request,
}) => {
  const session = await member(page, request);
  for (const name of ["하나", "둘", "셋"])
    expect((await apiCall(request, session, "/studio/projects", { type: "tts", name })).success).toBe(true);
  await page.goto("/dashboard/library?tab=open");
  const card = cards(page).first();
  const name = (await card.getByTestId("voice-link").textContent())!;
  await card.getByTestId("use-voice").click();
  const dialog = page.getByTestId("usage-dialog");
  await expect(dialog).toContainText("프로젝트를 더 만들 수 없어요");
  await expect(dialog.getByTestId("add-to-project")).toContainText(`${name} 보이스는 지금 있는 프로젝트에 새 문단으로 넣을 수 있어요`);
  await dialog.getByRole("button", { name: "둘", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/projects\/text-to-speech\?id=/);
  await expect(page.getByRole("textbox", { name: "프로젝트 이름" })).toHaveValue("둘");
  // The project's first paragraph as it was, and a new one in that voice.
  await expect(page.getByTestId("paragraph")).toHaveCount(2);
  await expect(page.getByTestId("voice-chosen").nth(1)).toHaveText(name);
});

test("use this voice: a new TTS project with the voice chosen; convert speech to it", async ({ page, request }) => {
  await member(page, request);
  await page.goto("/dashboard/library?tab=open");
  const card = cards(page).first();
  const name = (await card.getByTestId("voice-link").textContent())!;
  await card.getByTestId("use-voice").click();
  await expect(page).toHaveURL(/\/studio\/projects\/text-to-speech\?id=/);
  await expect(page.getByTestId("voice-chosen").first()).toHaveText(name);

  // From a voice's page into the speech-to-speech studio: the voice is chosen at the voice step.
  await page.goto("/dashboard/library?tab=basic");
  await cards(page).first().getByTestId("voice-link").click();
  await expect(page).toHaveURL(/\/dashboard\/library\/voices\//);
  const basic = (await page.getByTestId("voice-detail").getByRole("heading", { level: 1 }).textContent())!;
  await page.getByRole("button", { name: "이 목소리로 음성 변환" }).click();
  await expect(page).toHaveURL(/speech-to-speech\?voice=/);
  await page.getByLabel("오디오 파일").setInputFiles({ name: "memo.wav", mimeType: "audio/wav", buffer: speechWav(2) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await expect(page).toHaveURL(/source=.*voice=/);
  await page.getByRole("link", { name: "보이스 고르기 →" }).click();
  await expect(page.getByTestId("voice-chosen")).toHaveText(basic);
});
