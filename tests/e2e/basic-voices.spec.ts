// Basic voices made by operators in the console (docs/decisions/0062), with JavaScript on and off: a consented
// speaker's reference clip staged, refused while its consent is missing, auditioned through the api's Xinference engine
// (the stand-in of playwright.config.ts), published, then found and heard by a member in the library.
import { expect, operatorSession, signIn, signUp, test, uniqueEmail } from "./fixtures";
import { phrasedSpeechWav } from "./helpers";

test("an operator stages a speaker's clip, hears it, publishes it; a member finds it among the basic voices", async ({
  page,
  request,
  context,
  browser,
  javaScriptEnabled,
}) => {
  await signIn(context, await operatorSession(request));
  const name = `하늘${Date.now().toString(36).slice(-4)}`;
  await page.goto("/admin/voices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("기본 보이스");
  await page.getByRole("link", { name: "기본 보이스 추가" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("기본 보이스 추가");

  const form = page.getByTestId("voice-reference-form");
  const fill = async () => {
    await form.getByLabel("참조 음성(WAV, MP3, OGG, WebM, M4A; 5~15초)").setInputFiles({
      name: "haneul.wav",
      mimeType: "audio/wav",
      buffer: phrasedSpeechWav(8),
    });
    await form.getByLabel("참조 음성이 말하는 내용(그대로)").fill("안녕하세요. 오늘도 좋은 하루 보내세요.");
    await form.getByLabel("화자 이름").fill("김하늘");
    await form.getByLabel("이름(한국어)").fill(name);
    await form.getByLabel("이름(영어)").fill("Haneul");
    await form.getByLabel("소개(한국어)").fill("차분한 내레이션");
    await form.getByLabel("소개(영어)").fill("Calm narration");
    await form.getByText("중간 톤").click();
    await form.getByText("여성", { exact: true }).click();
    await form.getByText("청년").click();
    await form.getByText("차분한").click();
    await form.getByText("따뜻한").click();
    await form.getByText("내레이션").click();
  };
  await fill();
  // No consent yet: refused beside the fields, nothing staged.
  await form.getByRole("button", { name: "등록하기" }).click();
  await expect(
    page.getByTestId("voice-reference-form").getByText("화자의 서면 동의 날짜와 동의서 보관 위치를 적어 주세요.").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/voices\/new/);

  const again = page.getByTestId("voice-reference-form");
  // Without JavaScript the page came back from the server: the clip is chosen again, as a browser asks.
  if ((await again.getByLabel("이름(한국어)").inputValue()) !== name) await fill();
  else
    await again.getByLabel("참조 음성(WAV, MP3, OGG, WebM, M4A; 5~15초)").setInputFiles({
      name: "haneul.wav",
      mimeType: "audio/wav",
      buffer: phrasedSpeechWav(8),
    });
  await again.getByLabel("화자의 서면 동의 날짜").fill("2026-11-01");
  await again.getByLabel("서명한 동의서 보관 위치").fill("계약서 2026-0042");
  await again.getByRole("button", { name: "등록하기" }).click();

  await expect(page.getByTestId("voice-reference-title")).toHaveText(name);
  await expect(page.getByTestId("voice-reference-facts")).toContainText("2026-11-01 서면 동의, 보관 위치: 계약서 2026-0042");
  await expect(page.getByTestId("voice-reference-facts")).toContainText("화자의 독점 이용 허락");
  await expect(page.getByText("아직 들어 보지 않았어요.")).toBeVisible();

  // Not before it was heard.
  await page.getByTestId("publish-form").getByRole("button", { name: "공개하기" }).click();
  await expect(page.getByTestId("publish-form").getByText("공개하기 전에 지금 설정된 엔진으로 목소리를 들어 보세요.")).toBeVisible();

  await page.getByTestId("audition-form").getByLabel("읽을 글(선택)").fill("새 목소리를 들어 봅니다.");
  await page.getByTestId("audition-form").getByRole("button", { name: "읽어 보기" }).click();
  const heard = page.getByTestId("voice-reference-audition");
  await expect(heard).toContainText("xinference 엔진으로 들어 봄");
  await expect(heard).toContainText("새 목소리를 들어 봅니다.");
  const src = await heard.locator("audio").getAttribute("src");
  const audio = await page.request.get(src!);
  expect([audio.status(), (await audio.body()).subarray(0, 4).toString()]).toEqual([200, "RIFF"]);

  await page.getByTestId("publish-form").getByRole("button", { name: "공개하기" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  await expect(page.getByTestId("publish-form")).toHaveCount(0);
  const libraryPath = await page.getByTestId("voice-reference-library").getAttribute("href");
  await page.goto("/admin/voices");
  await expect(page.getByTestId("voice-reference-row").filter({ hasText: name })).toContainText("공개됨");

  // A member sees it as a basic voice.
  const member = await browser.newContext({ locale: "ko-KR", javaScriptEnabled });
  await signIn(member, await signUp(request, uniqueEmail("basicvoice")));
  const memberPage = await member.newPage();
  await memberPage.goto(libraryPath!);
  await expect(memberPage.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(memberPage.getByText("기본 보이스").first()).toBeVisible();
  await member.close();
});

test("the console's voice pages are not there for a member", async ({ page, request, context }) => {
  await signIn(context, await signUp(request, uniqueEmail("notop")));
  for (const path of ["/admin/voices", "/admin/voices/new"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
});
