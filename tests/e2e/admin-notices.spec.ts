// JavaScript on and off: The operator console's notices. A draft is not public; publishing
// puts it on /notice; a change shows there; unpublishing takes it away; members are refused the console (404).
import { expect, operatorSession, signIn, signUp, test } from "./fixtures";

test("operators write, publish, change and unpublish a notice; members get 404", async ({ page, request, context }) => {
  await signIn(context, await operatorSession(request));
  const title = `점검 안내 ${Date.now()}`;

  await page.goto("/admin/notices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("공지사항 관리");
  const form = page.getByTestId("notice-form");
  await form.getByLabel("제목 (한국어)").fill(title);
  await form.getByLabel("제목 (영어)").fill("Maintenance");
  await form.getByLabel("본문 (한국어)").fill("새벽 2시부터 30분 동안 점검합니다.");
  await form.getByLabel("본문 (영어)").fill("We will be down for 30 minutes from 2 a.m.");
  await form.getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(page.getByTestId("toast")).toHaveText("저장했습니다.");
  const row = page.getByTestId("notice-row").filter({ hasText: title });
  await expect(row.getByTestId("notice-state")).toHaveText("초안");

  // A draft is not public.
  const visitor = await page.context().browser()!.newContext({ locale: "ko-KR" });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${new URL(page.url()).origin}/notice`);
  await expect(publicPage.getByText(title)).toHaveCount(0);

  await row.getByRole("button", { name: "게시", exact: true }).click();
  await expect(page.getByTestId("notice-row").filter({ hasText: title }).getByTestId("notice-state")).toContainText("게시됨");
  await publicPage.reload();
  await expect(publicPage.getByText(title)).toBeVisible();

  // A change shows on the public page.
  await page.getByTestId("notice-row").filter({ hasText: title }).getByRole("link", { name: "고치기" }).click();
  await expect(page.getByRole("heading", { name: "공지 고치기" })).toBeVisible();
  await page.getByTestId("notice-form").getByLabel("제목 (한국어)").fill(`${title} (변경)`);
  await page.getByTestId("notice-form").getByRole("button", { name: "저장 (게시 상태는 그대로)" }).click();
  await expect(
    page
      .getByTestId("notice-row")
      .filter({ hasText: `${title} (변경)` })
      .getByTestId("notice-state"),
  ).toContainText("게시됨");
  await publicPage.reload();
  await expect(publicPage.getByText(`${title} (변경)`)).toBeVisible();

  await page.getByTestId("notice-row").filter({ hasText: title }).getByRole("button", { name: "게시 중단" }).click();
  await expect(page.getByTestId("notice-row").filter({ hasText: title }).getByTestId("notice-state")).toHaveText("초안");
  await publicPage.reload();
  await expect(publicPage.getByText(title)).toHaveCount(0);
  await visitor.close();

  // A member is not an operator.
  await context.clearCookies();
  await signIn(context, await signUp(request));
  expect((await page.goto("/admin/notices"))?.status()).toBe(404);
});
