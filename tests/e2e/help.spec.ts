// With JavaScript on and off: a member sends a 1:1 inquiry with an image (the payment
// failure link prefills the category), the development operator answers it with an image in /admin, and the
// member sees the unread badge, reads the answer and its image, and the badge goes.
import { expect, operatorSession, signIn, test } from "./fixtures";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("an inquiry with an image, answered by the operator and read by the member", async ({ page, request, browser, member }) => {
  const question = `환불 문의 ${Date.now()}`;

  await page.goto("/dashboard/help?category=payment");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("고객센터");
  await expect(page.getByLabel("문의 유형")).toHaveValue("payment");
  await page.getByLabel("문의 내용").fill(question);
  await page.getByLabel("이미지 첨부 (선택)").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "문의 보내기" }).click();
  await expect(page).toHaveURL(/\/dashboard\/help\/\d+$/);
  const inquiryUrl = page.url();
  const no = inquiryUrl.split("/").pop()!;
  await expect(page.getByTestId("toast")).toHaveText("문의를 보냈습니다.");
  await expect(page.getByTestId("inquiry-thread")).toContainText(question);
  const mine = page.getByRole("img", { name: "receipt.png" });
  await expect(mine).toBeVisible();
  expect((await request.get(new URL((await mine.getAttribute("src"))!, inquiryUrl).toString())).headers()["content-type"]).toBe(
    "image/png",
  );

  // A member is not an operator: the console answers 404 like an unknown page.
  expect((await page.goto("/admin/inquiries"))!.status()).toBe(404);

  // The development operator (seeded by npm run setup:db) answers in the console.
  const operator = await browser.newContext({ locale: "ko-KR", javaScriptEnabled: test.info().project.name === "js" });
  await signIn(operator, await operatorSession(request));
  const console_ = await operator.newPage();
  await console_.goto("/admin/inquiries?state=0&category=payment");
  await console_
    .getByTestId("admin-queue")
    .getByRole("link", { name: new RegExp(`#${no}\\b`) })
    .click();
  await expect(console_.getByRole("heading", { level: 1 })).toHaveText(`문의 #${no}`);
  await expect(console_.getByTestId("inquiry-thread")).toContainText(question);
  await console_.getByLabel("답변 내용").fill("결제를 확인했습니다. 3~5 영업일 안에 환불됩니다.");
  await console_.getByLabel("이미지 첨부 (선택, 최대 5장)").setInputFiles({ name: "refund.png", mimeType: "image/png", buffer: PNG });
  await console_.getByRole("button", { name: "답변 보내기" }).click();
  await expect(console_.getByTestId("toast")).toHaveText("답변을 보냈습니다.");
  await expect(console_.getByTestId("inquiry-answer")).toContainText("결제를 확인했습니다.");
  await console_.goto(`/admin/audit?action=inquiry.answer`);
  await expect(console_.getByTestId("audit-log")).toContainText(`inquiry:${no}`);
  await operator.close();

  // The member is told by mail (the development mailbox), then: a badge in the sidebar, the answer with its image,
  // then no badge.
  await page.goto("/dev/mailbox");
  await expect(
    page
      .getByTestId("mailbox")
      .getByRole("listitem")
      .filter({ hasText: member.email })
      .filter({ hasText: "1:1 문의에 답변이 등록되었습니다" }),
  ).toContainText(`문의 번호 ${no}`);
  await page.goto("/dashboard");
  await expect(page.getByTestId("help-unread")).toBeVisible();
  await page.goto("/dashboard/help");
  await expect(page.getByTestId("inquiry-row").filter({ hasText: question })).toContainText("새 답변");
  await page.goto(inquiryUrl);
  await expect(page.getByTestId("inquiry-answer")).toContainText("결제를 확인했습니다.");
  await expect(page.getByRole("img", { name: "refund.png" })).toBeVisible();
  await expect(page.getByText("답변 완료").first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByTestId("help-unread")).toHaveCount(0);
});

test("the console answers 404 to a visitor", async ({ page }) => {
  for (const path of ["/admin", "/admin/inquiries", "/admin/members", "/admin/audit"]) {
    expect((await page.goto(path))!.status(), path).toBe(404);
  }
});
