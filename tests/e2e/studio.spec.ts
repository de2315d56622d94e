import { expect, signIn, signUp, test } from "./fixtures";

test("projects: create a TTS project, write and save paragraphs, rename, list and delete", async ({ page, request, context }) => {
  await signIn(context, await signUp(request));
  await page.goto("/studio");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 프로젝트");
  await expect(page.getByText("아직 프로젝트가 없습니다.")).toBeVisible();
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await expect(page).toHaveURL(/\/studio\/projects\/text-to-speech\?id=/);
  await expect(page.getByTestId("paragraph")).toHaveCount(1);
  // The first paragraph has no delete button.
  await expect(page.getByRole("button", { name: "문단 삭제" })).toHaveCount(0);

  await page.getByTestId("paragraph").first().locator("textarea").fill("안녕하세요. 보이스 스튜디오입니다.");
  await page.getByRole("button", { name: "+ 문단 추가" }).click();
  await expect(page.getByTestId("paragraph")).toHaveCount(2);
  const second = page.getByTestId("paragraph").nth(1);
  await second.locator("textarea").fill("Welcome to the studio!");
  await second.getByLabel("보이스").selectOption("en-emma");
  await second.getByLabel("언어").selectOption("en");
  await second.getByLabel("피치 (반음)").fill("3");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("paragraph").first().locator("textarea")).toHaveValue("안녕하세요. 보이스 스튜디오입니다.");
  await expect(page.getByTestId("paragraph").nth(1).getByLabel("보이스")).toHaveValue("en-emma");
  await expect(page.getByTestId("paragraph").nth(1).getByLabel("피치 (반음)")).toHaveValue("3");

  // A character the engine cannot read: the spec's message, nothing lost.
  await page.getByTestId("paragraph").nth(1).locator("textarea").fill("Price: $5");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByText(/읽을 수 없는 문자가 있습니다: : \$/)).toBeVisible();
  await expect(page.getByTestId("paragraph").nth(1).locator("textarea")).toHaveValue("Price: $5");

  // Delete the second paragraph and save.
  await page.getByRole("button", { name: "문단 삭제" }).click();
  await expect(page.getByTestId("paragraph")).toHaveCount(1);
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("paragraph")).toHaveCount(1);

  await page.getByLabel("프로젝트 이름").fill("광고 내레이션");
  await page.getByRole("button", { name: "이름 저장" }).click();
  await expect(page.getByLabel("프로젝트 이름")).toHaveValue("광고 내레이션");

  await page.getByRole("link", { name: "← 프로젝트 목록" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  await expect(page.getByTestId("project-row")).toContainText("광고 내레이션");
  await page.getByLabel("광고 내레이션 선택").check();
  await page.getByRole("button", { name: "선택 삭제" }).click();
  await expect(page.getByTestId("project-row")).toHaveCount(0);
});

test("the Free plan's 3-project limit shows the upgrade dialog", async ({ page, request, context }) => {
  await signIn(context, await signUp(request));
  for (let i = 0; i < 3; i++) {
    await page.goto("/studio");
    await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
    await expect(page).toHaveURL(/text-to-speech/);
  }
  await page.goto("/studio");
  await expect(page.getByTestId("project-row")).toHaveCount(3);
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  const dialog = page.getByTestId("project-limit");
  await expect(dialog).toContainText("무료 요금제에서는 프로젝트를 3개까지 만들 수 있습니다.");
  await expect(dialog.getByRole("link", { name: "요금제 업그레이드" })).toHaveAttribute("href", "/plan");
});

test("import a .txt script as paragraphs", async ({ page, request, context }) => {
  await signIn(context, await signUp(request));
  await page.goto("/studio");
  await page.getByLabel("대본 가져오기 (.txt)").setInputFiles({ name: "script.txt", mimeType: "text/plain", buffer: Buffer.from("첫 문장입니다.\nSecond sentence.\n\n셋째 문장") });
  await page.getByRole("button", { name: "가져오기", exact: true }).click();
  await expect(page).toHaveURL(/text-to-speech/);
  await expect(page.getByTestId("paragraph")).toHaveCount(3);
  await expect(page.getByLabel("프로젝트 이름")).toHaveValue("script");
});

test("a project that cannot be loaded offers the way back", async ({ page, request, context }) => {
  await signIn(context, await signUp(request));
  await page.goto("/studio/projects/text-to-speech?id=not-mine");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("프로젝트를 불러오지 못했습니다.");
  await page.getByRole("link", { name: "프로젝트 목록" }).click();
  await expect(page).toHaveURL(/\/studio$/);
});

test("dashboard home: greeting, new project, recent projects, top and recommended voices, banner", async ({ page, request, context }) => {
  const session = await signUp(request);
  await signIn(context, session);
  await page.goto("/dashboard");
  await expect(page.getByTestId("greeting")).toHaveText(`${session.nickname}님, 안녕하세요!`);
  await expect(page.getByTestId("top-voices").getByRole("listitem")).toHaveCount(5);
  await expect(page.getByTestId("recommended-voices").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "요금제 보기" })).toHaveAttribute("href", "/plan");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await expect(page).toHaveURL(/text-to-speech/);
  await page.goto("/dashboard");
  await expect(page.getByTestId("recent-projects").getByRole("link")).toHaveCount(1);
});

test("generate all: progress, then each sentence's audio (a valid WAV) in the editor", async ({ page, request, context }) => {
  await signIn(context, await signUp(request));
  await page.goto("/studio");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await page.getByTestId("paragraph").first().locator("textarea").fill("안녕하세요. 반갑습니다.");
  await page.getByRole("button", { name: "+ 문단 추가" }).click();
  const second = page.getByTestId("paragraph").nth(1);
  await second.locator("textarea").fill("Hello from the studio!");
  await second.getByLabel("보이스").selectOption("en-emma");
  await page.getByRole("button", { name: "전체 생성" }).click();
  await expect(page).toHaveURL(/&job=/);
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  await expect(page.getByTestId("job-progress")).toContainText("생성 완료: 2개 성공, 0개 실패");
  await expect(page.getByTestId("paragraph-audio")).toHaveCount(2);
  const src = await page.getByTestId("paragraph-audio").first().getAttribute("src");
  const audio = await page.request.get(src!);
  expect(audio.status()).toBe(200);
  const bytes = await audio.body();
  expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
  expect(bytes.subarray(8, 12).toString()).toBe("WAVE");
  expect(bytes.readUInt32LE(24)).toBe(24_000);
  // Unchanged paragraphs are not generated again.
  await page.getByRole("button", { name: "전체 생성" }).click();
  await expect(page.getByText("새로 생성할 문단이 없습니다.")).toBeVisible();
});
