// Issue 19's billing trust remainder (docs/decisions/0038): a PayPal month gets a receipt page (what was
// bought, amount, period, PayPal's capture id) linked from the history, in ko and en, and only for its
// owner; PayPal and coupon members are not offered auto-payment cancellation nor asked for a card abroad;
// card brands are said in the page's language. Payments go to the api worker's sandboxes.
import { apiCall, expect, memberAbroad, payWithPayPal, signIn, signUp, test } from "./fixtures";

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

test("card brands are said in the page's language", async ({ page, request, context }) => {
  const session = await signUp(request);
  await signIn(context, session);
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
