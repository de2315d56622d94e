// the remaining console in the browser (JavaScript on and off; docs/decisions/0036): FAQ and contest pages on
// the shared content editor, the report queue (hide with a reason the author sees, dismiss), featured voices, actor
// applications with their sample through a signed URL, the member's dormancy period; 404 to members and visitors.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { expect, operatorSession, signIn, signUp, test, uniqueEmail } from "./fixtures";
import { speechWav } from "./helpers";

async function asOperator(request: APIRequestContext, context: BrowserContext) {
  await signIn(context, await operatorSession(request));
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const apiPost = (request: APIRequestContext, path: string, token: string, data: unknown) =>
  request.post(`/api/v1${path}`, { data, headers: { "api-key": token, lang: "ko" } });

/** A visitor's page in its own context (no session). */
async function visitorPage(page: Page) {
  const visitor = await page.context().browser()!.newContext({ locale: "ko-KR" });
  return { visitor, page: await visitor.newPage(), origin: new URL(page.url()).origin };
}

test("FAQ: operators write, publish, change and unpublish an entry; /faq shows it while published", async ({ page, request, context }) => {
  await asOperator(request, context);
  const question = `환불은 언제 되나요 ${unique()}`;
  await page.goto("/admin/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("자주 묻는 질문 관리");
  const form = page.getByTestId("faq-form");
  await form.getByLabel("분류").selectOption("plan");
  await form.getByLabel("순서 (작을수록 먼저)").fill("3");
  await form.getByLabel("질문 (한국어)").fill(question);
  await form.getByLabel("질문 (영어)").fill("When is a refund paid?");
  await form.getByLabel("답변 (한국어)").fill("영업일 기준 3~5일 안에 환불됩니다.");
  // A missing answer is refused with the field's message, and nothing is saved.
  await form.getByLabel("답변 (영어)").fill(" ");
  await form.getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByTestId("faq-form").getByText("필수 입력 항목입니다.")).toBeVisible();
  await page.getByTestId("faq-form").getByLabel("답변 (영어)").fill("Within 3 to 5 business days.");
  await page.getByTestId("faq-form").getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  const row = () => page.getByTestId("faq-row").filter({ hasText: question });
  await expect(row().getByTestId("faq-state")).toHaveText("초안");
  await expect(row()).toContainText("요금제 · 순서 3");

  const v = await visitorPage(page);
  // The visitor's FAQ: the entry's question is a <summary> (the search box repeats the words).
  const entry = (q: string) => v.page.locator("summary", { hasText: q });
  await v.page.goto(`${v.origin}/faq?q=${encodeURIComponent(question)}`);
  await expect(entry(question)).toHaveCount(0);

  await row().getByRole("button", { name: "게시", exact: true }).click();
  await expect(row().getByTestId("faq-state")).toContainText("게시됨");
  await v.page.reload();
  await expect(entry(question)).toBeVisible();

  await row().getByRole("link", { name: "고치기" }).click();
  await expect(page.getByRole("heading", { name: "질문 고치기" })).toBeVisible();
  await expect(page.getByTestId("faq-form").getByLabel("분류")).toHaveValue("plan");
  await page.getByTestId("faq-form").getByLabel("질문 (한국어)").fill(`${question} (변경)`);
  await page.getByTestId("faq-form").getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  // The list shows the changed question once the change is saved (the old row matches `row()` before that).
  await expect(
    page
      .getByTestId("faq-row")
      .filter({ hasText: `${question} (변경)` })
      .getByTestId("faq-state"),
  ).toContainText("게시됨");
  await v.page.goto(`${v.origin}/faq?q=${encodeURIComponent(`${question} (변경)`)}`);
  await expect(entry(`${question} (변경)`)).toBeVisible();

  await row().getByRole("button", { name: "게시 중단" }).click();
  await expect(row().getByTestId("faq-state")).toHaveText("초안");
  await v.page.reload();
  await expect(entry(`${question} (변경)`)).toHaveCount(0);
  await v.visitor.close();

  // The same page in English.
  await page.goto("/admin/faq?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FAQ");
  await expect(page.getByTestId("faq-form").getByLabel("Question (English)")).toBeVisible();
});

test("contests: operators create a page with its period in Korean time, publish and unpublish it; the period is checked", async ({
  page,
  request,
  context,
}) => {
  await asOperator(request, context);
  const slug = `e2e-${unique()}`;
  await page.goto("/admin/contests");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("공모전 관리");
  const form = page.getByTestId("contest-form");
  await form.getByLabel("주소 이름").fill(slug);
  await form.getByLabel("시작 시각").fill("2031-03-01T10:00");
  await form.getByLabel("마감 시각").fill("2031-02-01T10:00");
  await form.getByLabel("제목 (한국어)").fill(`봄 목소리 대회 ${slug}`);
  await form.getByLabel("제목 (영어)").fill(`Spring voice contest ${slug}`);
  await form.getByLabel("요약 (한국어)").fill("봄을 주제로 한 목소리 편지");
  await form.getByLabel("요약 (영어)").fill("A voice letter about spring");
  await form.getByLabel("참가 규칙 (한국어)").fill("- 공유한 결과로 참가합니다.");
  await form.getByLabel("참가 규칙 (영어)").fill("- Enter with a shared result.");
  await form.getByLabel("상품 (한국어)").fill("Creator 플랜 3개월");
  await form.getByLabel("상품 (영어)").fill("Three months of Creator");
  await form.getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByText("마감은 시작보다 뒤여야 합니다.")).toBeVisible();

  await page.getByTestId("contest-form").getByLabel("마감 시각").fill("2031-04-01T18:00");
  await page.getByTestId("contest-form").getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  const row = () => page.getByTestId("contest-row").filter({ hasText: slug });
  await expect(row()).toContainText("2031-03-01 10:00 ~ 2031-04-01 18:00");
  await expect(row().getByTestId("contest-state")).toHaveText("초안");
  expect((await request.get(`/api/v1/contests/${slug}`)).status()).toBe(404);

  await row().getByRole("button", { name: "게시", exact: true }).click();
  await expect(row().getByTestId("contest-state")).toContainText("게시됨");
  const published = await (await request.get(`/api/v1/contests/${slug}`, { headers: { lang: "en" } })).json();
  expect(published.data).toMatchObject({
    title: `Spring voice contest ${slug}`,
    // 10:00 in Korea is 01:00 UTC.
    startsAt: Date.UTC(2031, 2, 1, 1, 0),
    endsAt: Date.UTC(2031, 3, 1, 9, 0),
  });

  await row().getByRole("link", { name: "고치기" }).click();
  // The form of the new page keeps what was typed until the edit page has loaded: wait for the edit form itself.
  await expect(page.getByRole("heading", { name: "공모전 고치기" })).toBeVisible();
  await expect(page.getByTestId("contest-form").getByLabel("시작 시각")).toHaveValue("2031-03-01T10:00");
  await page.getByTestId("contest-form").getByLabel("주소 이름").fill("Not A Slug");
  await page.getByTestId("contest-form").getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByText("주소 이름은 영문 소문자, 숫자, 하이픈으로 3~60자여야 합니다.")).toBeVisible();
  await page.goto("/admin/contests");
  await row().getByRole("button", { name: "게시 중단" }).click();
  await expect(row().getByTestId("contest-state")).toHaveText("초안");
  expect((await request.get(`/api/v1/contests/${slug}`)).status()).toBe(404);
});

test("reports: a comment is hidden with a reason its author sees; a voice report is dismissed", async ({ page, request, context }) => {
  const author = await signUp(request);
  const reporter = await signUp(request);
  const text = `e2e 댓글 ${unique()}`;
  const comment = await apiPost(request, "/voices/open-seed-1/comments", author.token, { text });
  expect(comment.status()).toBe(200);
  const commentId = (await comment.json()).data.id as string;
  expect(
    (await apiPost(request, `/comments/${commentId}/report`, reporter.token, { category: "offensive", description: "욕설" })).status(),
  ).toBe(200);
  const voiceReport = await apiPost(request, "/voices/open-seed-2/report", reporter.token, {
    category: "other",
    description: `e2e ${text}`,
  });
  expect(voiceReport.status()).toBe(200);

  await asOperator(request, context);
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("신고 관리");
  const commentRow = page.getByTestId("comment-reports").getByTestId("report-row").filter({ hasText: text });
  await expect(commentRow.getByTestId("report-status")).toHaveText("처리 전");
  await commentRow.getByPlaceholder("숨기는 사유 (만든 사람에게 보입니다)").fill("다른 회원을 모욕하는 표현");
  await commentRow.getByRole("button", { name: "댓글 숨기기" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("comment-reports").getByText(text)).toHaveCount(0);
  await page.getByRole("link", { name: "숨김 처리됨" }).click();
  const resolved = page.getByTestId("comment-reports").getByTestId("report-row").filter({ hasText: text });
  await expect(resolved.getByTestId("report-hidden")).toHaveText("숨김: 다른 회원을 모욕하는 표현");
  await expect(resolved.getByRole("button", { name: "댓글 되돌리기" })).toBeVisible();

  // The voice report: dismissed, it leaves the open queue and shows under Dismissed.
  await page.goto("/admin/reports");
  const voiceRow = page
    .getByTestId("voice-reports")
    .getByTestId("report-row")
    .filter({ hasText: `e2e ${text}` });
  await voiceRow.getByRole("button", { name: "신고 기각" }).click();
  await expect(page.getByTestId("voice-reports").getByText(`e2e ${text}`)).toHaveCount(0);
  await page.goto("/admin/reports?status=dismissed");
  await expect(
    page
      .getByTestId("voice-reports")
      .getByTestId("report-row")
      .filter({ hasText: `e2e ${text}` })
      .getByTestId("report-status"),
  ).toHaveText("기각됨");

  // The author sees the comment marked hidden, with the reason; another member does not see it at all.
  await context.clearCookies();
  await signIn(context, author);
  await page.goto("/dashboard/library/voices/open-seed-1");
  const mine = page.getByTestId("comment").filter({ hasText: text });
  await expect(mine.getByTestId("comment-hidden")).toContainText("사유: 다른 회원을 모욕하는 표현");
  await context.clearCookies();
  await signIn(context, reporter);
  await page.goto("/dashboard/library/voices/open-seed-1");
  await expect(page.getByTestId("comment").filter({ hasText: text })).toHaveCount(0);
});

test("featured voices: add one for a period (checked), then remove it", async ({ page, request, context }, testInfo) => {
  await asOperator(request, context);
  // Each project features its own voice, so the two runs do not take each other's rows.
  const voice = testInfo.project.name === "js" ? "open-seed-3" : "open-seed-4";
  const detail = await (await request.get(`/api/v1/voices/${voice}`, { headers: { lang: "ko" } })).json();
  const name = detail.data.name as string;
  await page.goto("/admin/featured");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("이벤트 보이스");
  const form = page.getByTestId("feature-form");
  await form.getByLabel("보이스 ID").fill(voice);
  await form.getByLabel("시작 시각").fill("2031-05-01T00:00");
  await form.getByLabel("종료 시각").fill("2031-04-01T00:00");
  await form.getByRole("button", { name: "추가" }).click();
  await expect(page.getByText("마감은 시작보다 뒤여야 합니다.")).toBeVisible();
  await page.getByTestId("feature-form").getByLabel("종료 시각").fill("2031-05-08T00:00");
  await page.getByTestId("feature-form").getByRole("button", { name: "추가" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  const row = page.getByTestId("featured-row").filter({ hasText: "2031-05-01 00:00 ~ 2031-05-08 00:00" }).filter({ hasText: name });
  await expect(row).toContainText("예정");
  await row.getByRole("button", { name: "내리기" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(
    page.getByTestId("featured-row").filter({ hasText: "2031-05-01 00:00 ~ 2031-05-08 00:00" }).filter({ hasText: name }),
  ).toHaveCount(0);
  // An unknown voice is refused with the api's message.
  await page.getByTestId("feature-form").getByLabel("보이스 ID").fill("no-such-voice");
  await page.getByTestId("feature-form").getByRole("button", { name: "추가" }).click();
  await expect(page.getByTestId("feature-form").getByRole("alert")).toBeVisible();
});

test("actor applications: the uploaded sample plays through a signed URL only; the state changes", async ({ page, request, context }) => {
  const name = `성우 ${unique()}`;
  const applied = await request.post("/api/v1/actors/applications", {
    headers: { lang: "ko" },
    multipart: {
      name,
      contact: uniqueEmail("actor"),
      consent: "on",
      file: { name: "sample.wav", mimeType: "audio/wav", buffer: speechWav(3) },
    },
  });
  expect(applied.status()).toBe(200);

  await asOperator(request, context);
  await page.goto("/admin/actor-applications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("성우 지원");
  const row = page.getByTestId("application-row").filter({ hasText: name });
  await expect(row.getByTestId("application-status")).toHaveText("새 지원");
  const src = await row.getByTestId("application-sample").getAttribute("src");
  expect(src).toMatch(/^\/api\/v1\/actors\/samples\/[\w-]+\?exp=\d+&sig=/);
  const played = await page.request.get(src!);
  expect(played.status()).toBe(200);
  expect((await played.body()).subarray(0, 4).toString()).toBe("RIFF");
  // Without its signature the file is not there.
  expect((await page.request.get(src!.split("?")[0]!)).status()).toBe(404);

  await row.getByLabel("상태").selectOption("contacted");
  await row.getByRole("button", { name: "상태 저장" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await page.getByRole("link", { name: "연락함" }).click();
  await expect(page.getByTestId("application-row").filter({ hasText: name }).getByTestId("application-status")).toHaveText("연락함");

  await page.goto("/admin/actor-applications?status=contacted&lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Actor applications");
  await expect(page.getByTestId("application-row").filter({ hasText: name }).getByTestId("application-status")).toHaveText("Contacted");
});

test("account settings: a member chooses a 3-year dormancy period", async ({ page, member: _member }) => {
  await page.goto("/dashboard/settings");
  const section = page.locator("#dormancy");
  await expect(section.getByLabel("1년 (기본)")).toBeChecked();
  await section.getByLabel("3년").check();
  await section.getByRole("button", { name: "기간 저장" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await page.reload();
  await expect(page.locator("#dormancy").getByLabel("3년")).toBeChecked();
  await page.goto("/dashboard/settings?lng=en");
  await expect(page.locator("#dormancy").getByLabel("3 years")).toBeChecked();
  await expect(page.locator("#dormancy")).toContainText("Dormant account period");
});

test("the new console pages answer 404 to members and visitors", async ({ page, request, context }) => {
  const paths = ["/admin/faq", "/admin/contests", "/admin/reports", "/admin/featured", "/admin/actor-applications"];
  for (const path of paths) expect((await page.goto(path))?.status(), path).toBe(404);
  await signIn(context, await signUp(request));
  for (const path of paths) expect((await page.goto(path))?.status(), path).toBe(404);
});
