// the billing trust remainder (docs/decisions/0038): a PayPal month gets a receipt page (what was
// bought, amount, period, PayPal's capture id) linked from the history, in ko and en, and only for its
// owner; PayPal and coupon members are not offered auto-payment cancellation nor asked for a card abroad;
// card brands are said in the page's language. Payments go to the api worker's sandboxes.
import type { Page } from "@playwright/test";
import { apiCall, buyPlan, expect, memberAbroad, PASSWORD, payWithPayPal, signIn, signUp, test, type Session } from "./fixtures";

const call = apiCall;

test.describe("without JavaScript", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled,
    "the PayPal round trip is checked without JavaScript (billing.spec.ts has it too)",
  );

  test("a PayPal month: no card asked, no auto-payment to cancel, and a receipt page in ko and en", async ({
    page,
    request,
    context,
    browser,
  }) => {
    const session = await memberAbroad(request, context);
    await page.goto("/dashboard/plan/upgrade");
    await page.getByRole("link", { name: "Creator 시작하기" }).click();
    await payWithPayPal(page.getByRole("dialog", { name: "Creator 요금제 구매" }));
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/dashboard\/plan$/);
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");

    // A PayPal month does not renew: nothing to cancel, and no card to register.
    await expect(page.getByRole("link", { name: "구독 해지" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "카드 등록" })).toHaveCount(0);
    await expect(page.getByTestId("paypal-only")).toBeVisible();

    const invoice = (
      await call<{ items: { no: number; imp_uid: string; amount: number }[] }>(request, session, "/payment/list?page=1&limit=10")
    ).data.items[0]!;
    await page.getByTestId("invoice-row").first().getByTestId("paypal-receipt").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/plan/receipt/${invoice.no}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PayPal 결제 영수증");
    await expect(page.getByTestId("receipt-bought")).toHaveText("Creator 요금제 · 구매");
    await expect(page.getByTestId("receipt-amount")).toHaveText(`$${(invoice.amount / 100).toFixed(2)}`);
    await expect(page.getByTestId("receipt-capture")).toHaveText(invoice.imp_uid);
    await expect(page.getByTestId("receipt-period")).toContainText("~");
    await expect(page).toHaveTitle("결제 영수증 | 보이스 스튜디오");

    await page.goto(`/dashboard/plan/receipt/${invoice.no}?lng=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PayPal payment receipt");
    await expect(page.getByTestId("receipt-bought")).toHaveText("Creator plan · Purchase");
    await expect(page.getByTestId("receipt-status")).toHaveText("Paid");

    // Another member: not found.
    const other = await browser.newContext({ javaScriptEnabled: false });
    await signIn(other, await signUp(request));
    const otherPage = await other.newPage();
    const response = await otherPage.goto(`/dashboard/plan/receipt/${invoice.no}`);
    expect(response!.status()).toBe(404);
    await other.close();
  });
});

test("card brands are said in the page's language", async ({ page, request, member: session }) => {
  const registered = await call(request, session, "/payment/registcard", {
    card_type: "personal",
    card_number1: "4242",
    card_number2: "4242",
    card_number3: "4242",
    card_number4: "4242",
    expiry: "2031-12",
    birth: "900101",
    pwd_2digit: "12",
  });
  expect(registered.success, registered.message).toBe(true);
  await page.goto("/dashboard/plan");
  await expect(page.getByTestId("main-card")).toContainText("신한카드");
  await page.goto("/dashboard/plan?lng=en");
  await expect(page.getByTestId("main-card")).toContainText("Shinhan Card");
  await expect(page.getByTestId("main-card")).not.toContainText("신한");
});

test("a coupon member is not offered auto-payment cancellation, not even by the dialog's address (ko, en)", async ({
  page,
  request,
  member: session,
}) => {
  // A fresh Creator coupon from the api's development helper (seeded numbers are used once per database).
  const made = await request.post("/api/v1/dev/coupons", { data: { plan: "Creator", days: 30 } });
  const num = made.ok() ? ((await made.json()) as { data: { num: string } }).data.num : "CREATOR-30";
  await page.goto("/dashboard/plan");
  await page.getByRole("link", { name: "쿠폰 등록" }).click();
  const dialog = page.getByRole("dialog", { name: "쿠폰 등록" });
  await dialog.getByLabel("쿠폰 번호").fill(num);
  await dialog.getByRole("button", { name: "쿠폰 등록" }).click();
  await expect(page.getByTestId("plan-name")).toHaveText("Creator");
  await expect(page.getByTestId("payment-method")).toHaveText("쿠폰");

  // A coupon period does not renew: nothing to cancel.
  await expect(page.getByRole("link", { name: "구독 해지" })).toHaveCount(0);
  await page.goto("/dashboard/plan?modal=cancel");
  await expect(page.getByTestId("plan-name")).toHaveText("Creator");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.goto("/dashboard/plan?lng=en");
  await expect(page.getByTestId("payment-method")).toHaveText("Coupon");
  await expect(page.getByRole("link", { name: "Cancel subscription" })).toHaveCount(0);
  // And the api agrees, so a hand-made request cannot cancel what does not renew (NO_SUBSCRIPTION).
  expect((await call(request, session, "/payment/cancel", { reason: "price", comment: "", pwd: "x" })).code).toBe(4314);
});

/**
 * A Creator month by card at the first-month price, refunded at once through the api: a history row with every
 * field (list price, discount, refund requested, refund amount, fee, receipt). Answers the refund's figures.
 */
async function refundedPurchase(request: Parameters<typeof call>[0], session: Session) {
  await buyPlan(request, session, "Creator");
  const refundable = await call<{ refund_amount: number; fee: number }>(request, session, "/payment/refundable");
  const refunded = await call(request, session, "/payment/refund", { reason: "price", comment: "", pwd: PASSWORD });
  expect(refunded.success, refunded.message).toBe(true);
  return refundable.data;
}

/** Each named field of the first history row is shown and ends inside the viewport; the page does not scroll sideways. */
async function rowFitsTheScreen(page: Page, fields: (string | { testId: string })[]) {
  const row = page.getByTestId("invoice-row").first();
  await expect(row).toBeVisible();
  const width = page.viewportSize()!.width;
  for (const f of fields) {
    const text = typeof f === "string" ? f : f.testId;
    const field = typeof f === "string" ? row.getByText(f, { exact: true }).first() : row.getByTestId(f.testId);
    await expect(field, text).toBeVisible();
    const box = (await field.boundingBox())!;
    expect(box.x, text).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${text} ends within ${width} px`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("the payment history at 360 px: each payment a card with every field on screen (ko, en); the table from sm: up", async ({
  page,
  request,
  context,
}) => {
  const session = await signUp(request);
  const { refund_amount, fee } = await refundedPurchase(request, session);
  expect(fee).toBeGreaterThan(0);
  await signIn(context, session);
  await page.setViewportSize({ width: 360, height: 800 });
  const won = (n: number) => `${new Intl.NumberFormat("ko-KR").format(n)}원`;
  const krw = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "KRW" }).format(n);
  await page.goto("/dashboard/plan");
  await rowFitsTheScreen(page, [
    "Creator",
    "금액",
    { testId: "invoice-price" },
    "정가 12,900원",
    "상태",
    "환불 요청됨",
    "환불 금액",
    won(refund_amount),
    "차감 수수료",
    won(fee),
    "할인",
    "-6,450원",
    "영수증",
  ]);
  await expect(page.getByTestId("invoice-row").first().getByTestId("invoice-status")).toContainText("영업일 기준 3~5일 안에");
  await expect(page.getByTestId("invoice-row").first().getByTestId("invoice-price")).toHaveText("6,450원정가 12,900원");
  // The table's head is for wide screens only; on the phone each line has its label.
  await expect(page.getByRole("columnheader", { name: "결제일" })).toBeHidden();

  await page.goto("/dashboard/plan?lng=en");
  await rowFitsTheScreen(page, [
    "Creator",
    "Price",
    { testId: "invoice-price" },
    `List price ${krw(12900)}`,
    "Status",
    "Refund requested",
    "Refund amount",
    krw(refund_amount),
    "Fee deducted",
    krw(fee),
    "Discount",
    `-${krw(6450)}`,
    "Receipt",
  ]);

  // From sm: up, the table with its header row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("columnheader", { name: "Date" })).toBeVisible();
  await expect(page.getByTestId("invoice-row").first().getByText("Price", { exact: true })).toBeHidden();

  // Between sm and lg the table scrolls inside its box, and no column's heading breaks over two lines ("영수증" did).
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto("/dashboard/plan?lng=ko");
  const headers = page.getByRole("columnheader");
  await expect(headers.first()).toBeVisible();
  const lines = await headers.evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return [cell.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size] as const;
    }),
  );
  expect(lines.length).toBeGreaterThan(5);
  for (const [text, count] of lines) expect(count, `${text} on one line`).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
});
