import { expect, test } from "@playwright/test";

test("a certification code sent in a local run shows in the dev mailbox", async ({ page, request }) => {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await request.post("/api/v1/member/certemail", { data: { email }, headers: { lang: "kr" } });
  expect(res.status()).toBe(200);
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("개발용 메일함");
  const mail = page.getByTestId("mailbox").getByRole("listitem").filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(/인증번호는 \d{6} 입니다/);

  await page.goto("/dev/mailbox?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dev mailbox");
});
