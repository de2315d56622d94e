// The console's coupons and refunds in the browser (JavaScript on and off): a refund asks first in a dialog rendered
// from the URL, then reads "refund requested" in the console exactly as the member's payment history says it; the
// coupon and refund lists; the menu's tabs at 1280 and 360 px; 404 to members and visitors.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { apiCall, buyPlan, expect, operatorSession, signIn, signUp, test } from "./fixtures";

async function asOperator(request: APIRequestContext, context: BrowserContext) {
  await signIn(context, await operatorSession(request));
}

const won = (n: number) => `${new Intl.NumberFormat("ko-KR").format(n)}원`;
const memberPage = (email: string) => `/admin/members?${new URLSearchParams({ email })}`;
const paymentStatus = (page: Page) => page.getByRole("region", { name: "결제 내역" }).getByTestId("member-payment-status").first();

test("a refund asks first, then the console and the member both read it as requested; the refund list shows it", async ({
  page,
  request,
  context,
  browser,
  javaScriptEnabled,
}) => {
  const session = await signUp(request);
  const paid = await buyPlan(request, session, "Starter");
  const quote = await apiCall<{ refund_amount: number; fee: number; payment_no: number }>(request, session, "/payment/refundable");
  await asOperator(request, context);
  await page.goto(memberPage(session.email));
  await expect(paymentStatus(page)).toHaveText("결제 완료");

  // A post that skips the confirmation (an old page, a crafted form) only opens it; nothing is refunded.
  const memberId = await page.locator('input[name="member_id"]').first().inputValue();
  const skipped = await page.request.post(memberPage(session.email), {
    form: { intent: "refund", member_id: memberId, payment_no: String(quote.data.payment_no), reason: "" },
    maxRedirects: 0,
  });
  expect(skipped.status()).toBe(302);
  expect(skipped.headers().location).toContain("confirm=refund");
  await page.reload();
  await expect(paymentStatus(page)).toHaveText("결제 완료");

  // The button opens the confirmation: who, what, the fee and what the member loses; Cancel changes nothing.
  await page.getByRole("link", { name: "이 결제 환불하기" }).click();
  await expect(page).toHaveURL(/confirm=refund/);
  const dialog = page.getByRole("alertdialog", { name: `결제 #${quote.data.payment_no} 환불 확인` });
  await expect(dialog.getByTestId("refund-confirm-figures")).toContainText(session.email);
  await expect(dialog.getByTestId("refund-confirm-figures")).toContainText(won(paid));
  await expect(dialog.getByTestId("refund-confirm-figures")).toContainText(won(quote.data.refund_amount));
  await expect(dialog).toContainText("Free 요금제로 바뀝니다");
  await expect(dialog).toContainText("'환불 요청됨'");
  await dialog.getByRole("link", { name: "취소" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/confirm=refund/);
  await expect(paymentStatus(page)).toHaveText("결제 완료");

  await page.getByRole("link", { name: "이 결제 환불하기" }).click();
  await dialog.getByLabel("환불 사유").fill("중복 결제");
  await dialog.getByRole("button", { name: `${won(quote.data.refund_amount)} 환불하기` }).click();
  await expect(page.getByTestId("toast")).toContainText(`환불을 요청했습니다: 결제 #${quote.data.payment_no}`);
  await expect(page).not.toHaveURL(/confirm=refund/);
  // Not "refunded": the money is on its way, as the member is told.
  await expect(paymentStatus(page)).toContainText("환불 요청됨");
  await expect(paymentStatus(page)).toContainText("영업일 기준 3~5일");
  await expect(page.getByRole("region", { name: "환불" })).toContainText("지금 환불할 수 있는 결제가 없습니다");

  const member = await browser.newContext({ locale: "ko-KR", javaScriptEnabled });
  await signIn(member, session);
  const own = await member.newPage();
  await own.goto("/dashboard/plan");
  await expect(own.getByTestId("invoice-row").first().getByTestId("invoice-status")).toContainText("환불 요청됨");
  await member.close();

  // The refund list: the latest first, the same status, filtered by it; the member's address leads to their page.
  await page.goto("/admin/refunds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("환불");
  const row = page.getByTestId("refund-row").filter({ hasText: session.email });
  await expect(row).toContainText(`#${quote.data.payment_no}`);
  await expect(row).toContainText(won(quote.data.refund_amount));
  await expect(row.getByTestId("refund-status")).toContainText("환불 요청됨");
  await page.getByRole("navigation", { name: "환불 보기" }).getByRole("link", { name: "환불 완료" }).click();
  await expect(page).toHaveURL(/status=refunded/);
  await expect(page.getByTestId("refund-row").filter({ hasText: session.email })).toHaveCount(0);
  await page.getByRole("navigation", { name: "환불 보기" }).getByRole("link", { name: "환불 요청됨" }).click();
  await page.getByTestId("refund-row").filter({ hasText: session.email }).getByRole("link", { name: session.email }).click();
  await expect(page.getByTestId("admin-member")).toContainText(session.email);

  // The audit log has it, once.
  await page.goto(`/admin/audit?action=payment.refund`);
  await expect(page.getByTestId("audit-log")).toContainText(`payment:${quote.data.payment_no}`);

  // The same words in English.
  await page.goto("/admin/refunds?status=requested&lng=en");
  await expect(page.getByTestId("refund-row").filter({ hasText: session.email }).getByTestId("refund-status")).toContainText(
    "Refund requested",
  );
  await page.goto(`${memberPage(session.email)}&lng=en`);
  await expect(page.getByRole("region", { name: "Payments" }).getByTestId("member-payment-status").first()).toContainText(
    "Refund requested",
  );
});

test("coupons: one issued on a member's page is listed unused, then used by that member", async ({ page, request, context }) => {
  const session = await signUp(request);
  await asOperator(request, context);
  await page.goto(memberPage(session.email));
  const coupon = page.getByRole("region", { name: "쿠폰 발급" });
  await coupon.getByLabel("요금제").selectOption("Starter");
  await coupon.getByLabel("기간(일)").fill("14");
  await coupon.getByRole("button", { name: "쿠폰 발급" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("쿠폰을 발급했습니다: OP-");
  const num = (await toast.textContent())!.match(/OP-[A-Z0-9-]+/)![0];

  await page.getByRole("navigation", { name: "운영자 메뉴" }).getByRole("link", { name: "쿠폰" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("쿠폰");
  const row = () => page.getByTestId("coupon-row").filter({ hasText: num });
  // Newest first: the coupon just issued heads the list.
  await expect(page.getByTestId("coupon-row").first()).toContainText(num);
  await expect(row()).toContainText("Starter");
  await expect(row()).toContainText("미사용");

  expect((await apiCall(request, session, "/utils/accept_coupon", { num })).success).toBe(true);
  await page.getByRole("navigation", { name: "쿠폰 보기" }).getByRole("link", { name: "사용됨" }).click();
  await expect(page).toHaveURL(/status=used/);
  await expect(row()).toContainText("사용됨");
  await expect(row().getByRole("link", { name: session.email })).toBeVisible();
  await page.getByRole("navigation", { name: "쿠폰 보기" }).getByRole("link", { name: "미사용" }).click();
  await expect(page).toHaveURL(/status=unused/);
  await expect(row()).toHaveCount(0);

  await page.goto("/admin/coupons?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coupons");
  await expect(row()).toContainText("Used");
});

test("the coupon and refund pages answer 404 to a member and to a visitor", async ({ page, browser }) => {
  for (const path of ["/admin/coupons", "/admin/refunds", "/admin/refunds?status=requested"]) {
    expect((await page.goto(path))!.status(), `${path} as a visitor`).toBe(404);
  }
  const member = await browser.newContext({ locale: "ko-KR" });
  await signIn(member, await signUp(member.request));
  const memberPage_ = await member.newPage();
  for (const path of ["/admin/coupons", "/admin/refunds"]) {
    expect((await memberPage_.goto(path))!.status(), `${path} as a member`).toBe(404);
  }
  await member.close();
});

/** Every tab of the console's menu can be reached: all in view at 1280 px; at 360 px a strip that scrolls with a fade. */
test.describe("1280 px, the console's menu", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every tab is in view", async ({ page, request, context }) => {
    await asOperator(request, context);
    for (const lng of ["ko", "en"]) {
      await page.goto(`/admin/refunds?lng=${lng}`);
      const strip = page.getByRole("navigation", { name: lng === "ko" ? "운영자 메뉴" : "Operator menu" });
      expect(await strip.evaluate((nav) => nav.scrollWidth <= nav.clientWidth), lng).toBe(true);
      const tabs = strip.getByRole("link");
      expect(await tabs.count()).toBe(12);
      for (const tab of await tabs.all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x, `${lng} ${await tab.textContent()}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${lng} ${await tab.textContent()}`).toBeLessThanOrEqual(1280);
      }
      expect(await strip.evaluate((nav) => getComputedStyle(nav).maskImage)).toBe("none");
    }
  });
});

test.describe("360 px, the console's menu", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the strip scrolls sideways, fades at its end until scrolled there, and starts with the current tab in view", async ({
    page,
    request,
    context,
  }) => {
    await asOperator(request, context);
    await page.goto("/admin/coupons");
    const strip = page.getByRole("navigation", { name: "운영자 메뉴" });
    const fade = () => strip.evaluate((nav) => getComputedStyle(nav).getPropertyValue("--scroll-fade"));
    expect(await strip.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
    expect(await strip.evaluate((nav) => getComputedStyle(nav).maskImage)).toContain("linear-gradient");
    expect(await fade()).toBe("32px");
    await strip.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
    await expect.poll(fade).toBe("0px");
    // The page is no wider than the phone: only the strip scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto("/admin/audit");
    const current = strip.locator('[aria-current="page"]');
    await expect(current).toHaveText("감사 기록");
    const seen = await current.evaluate((tab) => {
      const nav = tab.closest("nav")!;
      const box = tab.getBoundingClientRect();
      const frame = nav.getBoundingClientRect();
      return { left: box.left - frame.left, right: frame.right - box.right };
    });
    expect(seen.left).toBeGreaterThanOrEqual(0);
    expect(seen.right).toBeGreaterThanOrEqual(0);
  });
});
