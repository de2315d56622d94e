import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { apiCall, buyPlan, card, expect, memberAbroad, PASSWORD, payWithPayPal, signIn, signUp, test } from "./fixtures";

/**
 * My plan and plan change: the card, coupon and termination forms without JavaScript,
 * the purchase flow with it. Payments go to the api worker's PortOne sandbox (its test cards:
 * 4242... succeeds, 4000-0000-0000-0002 is declined, ...0010 is refused at registration, ...0044
 * has no receipt).
 */

/** A signed-in member's call to the api, as the app would make it. */
const call = apiCall;

/**
 * A Creator coupon for this test. Seeded numbers are used once per database, so the api's
 * development helper makes a fresh one (`POST /api/v1/dev/coupons`); without it, the seeded
 * CREATOR-30, which only a fresh database (CI) still has unused.
 */
async function creatorCoupon(request: APIRequestContext) {
  const made = await request.post("/api/v1/dev/coupons", { data: { plan: "Creator", days: 30 } });
  if (made.ok()) return ((await made.json()) as { data: { num: string } }).data.num;
  return "CREATOR-30";
}

/** Fills the card dialog; `number` as "1234-5678-..." (one group per box). */
async function fillCard(dialog: Locator, c: { number: string; month: string; year: string; birth: string; pwd: string }) {
  const groups = c.number.split("-");
  for (let i = 0; i < 4; i++) await dialog.getByLabel(`카드 번호 ${i + 1}번째 4자리`).fill(groups[i] ?? "");
  await dialog.getByLabel("유효기간 월 (MM)").fill(c.month);
  await dialog.getByLabel("유효기간 연도 (YY)").fill(c.year);
  await dialog.getByLabel(/^(생년월일 6자리|사업자등록번호 10자리)$/).fill(c.birth);
  await dialog.getByLabel("카드 비밀번호 앞 2자리").fill(c.pwd);
}

async function openCardDialog(page: Page) {
  await page.getByRole("link", { name: /^(카드 등록|카드 변경)$/ }).click();
  const dialog = page.getByRole("dialog", { name: "결제 카드 등록" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "these forms are checked without JavaScript");

  test("card registration: each invalid field gets its message, a refused card, then only the newest card remains", async ({
    page,
    request,
    member: session,
  }) => {
    await page.goto("/dashboard/plan");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 요금제");
    await expect(page.getByRole("navigation", { name: "대시보드 메뉴" }).getByRole("link", { name: "내 요금제" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("main-card")).toHaveText("등록된 카드가 없습니다.");

    let dialog = await openCardDialog(page);
    await expect(page).toHaveURL(/modal=card/);
    // Four number boxes shown as ' - ' separated, expiry as MM / YY.
    await expect(dialog.getByLabel("카드 번호 1번째 4자리")).toHaveAttribute("inputmode", "numeric");
    await expect(dialog.getByLabel("카드 번호 1번째 4자리")).toHaveAttribute("maxlength", "4");

    // Empty: every field says what is wrong (the server's zod check; no script ran).
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    dialog = page.getByRole("dialog", { name: "결제 카드 등록" });
    await expect(dialog.getByText("카드 번호를 정확히 입력해 주세요.")).toBeVisible();
    await expect(dialog.getByText("순서에 맞게 숫자를 입력해 주세요 (MM / YY).")).toBeVisible();
    await expect(dialog.getByText("생년월일 6자리를 정확히 입력해 주세요.")).toBeVisible();
    await expect(dialog.getByText("카드 비밀번호 앞 2자리를 정확히 입력해 주세요.")).toBeVisible();

    // Only the wrong fields are marked: a short group and month 13.
    await fillCard(dialog, { number: "4242-4242-42-4242", month: "13", year: "31", birth: "900101", pwd: "12" });
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(dialog.getByText("카드 번호를 정확히 입력해 주세요.")).toBeVisible();
    await expect(dialog.getByText("순서에 맞게 숫자를 입력해 주세요 (MM / YY).")).toBeVisible();
    await expect(dialog.getByText("생년월일 6자리를 정확히 입력해 주세요.")).toHaveCount(0);
    await expect(dialog.getByLabel("유효기간 월 (MM)")).toHaveAttribute("aria-invalid", "true");
    // What was typed stays, except the password digits.
    await expect(dialog.getByLabel("카드 번호 1번째 4자리")).toHaveValue("4242");
    await expect(dialog.getByLabel("카드 비밀번호 앞 2자리")).toHaveValue("");

    // A corporate card needs a 10-digit business number; the guide is one link away.
    await dialog.getByLabel("법인 카드").check();
    await fillCard(dialog, { number: "4242-4242-4242-4242", month: "12", year: "31", birth: "900101", pwd: "12" });
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(dialog.getByText("사업자등록번호 10자리를 정확히 입력해 주세요.")).toBeVisible();
    await dialog.getByRole("link", { name: "법인 카드 안내" }).click();
    const guide = page.getByRole("alertdialog", { name: "법인 카드 안내" });
    await expect(guide).toContainText("Production과 Max");
    await guide.getByRole("link", { name: "카드 다시 등록" }).click();

    // The gateway refuses this test card: the spec's message.
    dialog = page.getByRole("dialog", { name: "결제 카드 등록" });
    await dialog.getByLabel("개인 카드").check();
    await fillCard(dialog, { number: "4000-0000-0000-0010", month: "12", year: "31", birth: "900101", pwd: "12" });
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(dialog.getByText("결제 정보 변경에 실패했습니다. 카드 정보를 확인해 주세요.")).toBeVisible();

    await fillCard(dialog, { number: "4242-4242-4242-4242", month: "12", year: "31", birth: "900101", pwd: "12" });
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(page.getByTestId("toast")).toHaveText("카드를 등록했습니다.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("main-card")).toContainText("4242-****-****-4242");

    // A second card replaces the first: the old one is unregistered (spec section 4).
    dialog = await openCardDialog(page);
    await fillCard(dialog, { number: "5555-5555-5555-4444", month: "01", year: "30", birth: "851231", pwd: "34" });
    await dialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(page.getByTestId("toast")).toHaveText("카드를 등록했습니다.");
    await expect(page.getByTestId("main-card")).toContainText("5555-****-****-4444");
    const cards = await call<{ card_number: string; main_card_yn: string }[]>(request, session, "/payment/cardList", {});
    expect(cards.data.map((c) => [c.card_number, c.main_card_yn])).toEqual([["5555-****-****-4444", "Y"]]);
  });

  test("coupon: an invalid or expired number gets the spec's message; a valid one applies its plan and blocks plan changes", async ({
    page,
    request,
    member: session,
  }) => {
    const num = await creatorCoupon(request);
    await page.goto("/dashboard/plan");
    await expect(page.getByTestId("plan-name")).toHaveText("Free");
    // Usage says what is left of what the plan gives, and that Free gives no custom voice slot.
    await expect(page.getByTestId("usage-projects").getByTestId("usage-figures")).toHaveText("3개 중 3개 남음");
    await expect(page.getByTestId("usage-voices").getByTestId("usage-figures")).toHaveText("이 요금제에는 없음");
    await page.getByRole("link", { name: "쿠폰 등록" }).click();
    const dialog = page.getByRole("dialog", { name: "쿠폰 등록" });
    const invalid = "유효하지 않은 쿠폰 번호입니다. 사용할 수 없는 쿠폰입니다. 쿠폰 번호를 확인해 주세요.";
    for (const wrong of ["NOT-A-COUPON", "CREATOR-EXPIRED"]) {
      await dialog.getByLabel("쿠폰 번호").fill(wrong);
      await dialog.getByRole("button", { name: "쿠폰 등록" }).click();
      await expect(dialog.getByText(invalid)).toBeVisible();
      await expect(dialog.getByLabel("쿠폰 번호")).toHaveAttribute("aria-invalid", "true");
    }
    await dialog.getByLabel("쿠폰 번호").fill(num.toLowerCase());
    await dialog.getByRole("button", { name: "쿠폰 등록" }).click();
    await expect(page.getByTestId("toast")).toContainText("쿠폰을 등록했습니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("plan-coupon")).toContainText("까지 쿠폰 요금제를 이용합니다.");
    await expect(page.getByTestId("payment-method")).toHaveText("쿠폰");
    await expect(page.getByTestId("usage-voices").getByTestId("usage-figures")).toHaveText("1개 중 1개 남음");

    // The same number again is used up.
    await call(request, session, "/utils/accept_coupon", { num }).then((r) => expect(r.code).not.toBe(1000));

    // Changing plan during the coupon period: the coupon-period alert, whichever plan is chosen.
    await page.getByRole("link", { name: "요금제 변경" }).click();
    await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade$/);
    await expect(page.getByTestId("plan-Creator").getByTestId("current-plan")).toHaveText("현재 요금제");
    // A coupon does not renew: Free says when it comes, instead of a cancellation that has no dialog to open.
    await expect(page.getByTestId("plan-Free").getByTestId("free-after")).toContainText("기간이 끝나면 Free로 바뀌어요");
    await expect(page.getByTestId("plan-Free").getByRole("link")).toHaveCount(0);
    await page.getByRole("link", { name: "Production 요금제로 업그레이드" }).click();
    const alert = page.getByRole("alertdialog", { name: "쿠폰 이용 기간입니다" });
    await expect(alert).toContainText("요금제를 변경할 수 없습니다");
    await alert.getByRole("link", { name: "확인" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    // The api agrees (4317), so a hand-made request cannot get around it.
    expect((await call(request, session, "/payment/upgradeplan", { toplan: "Production" })).code).toBe(4317);
  });

  test("cancel subscription: reasons, a wrong password, then the plan runs to its end", async ({ page, request, context }) => {
    const session = await signUp(request);
    await buyPlan(request, session, "Creator");
    await signIn(context, session);
    await page.goto("/dashboard/plan");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("payment-method")).toHaveText("카드 자동 결제");
    await page.getByRole("link", { name: "구독 해지" }).click();
    const dialog = page.getByRole("dialog", { name: "구독 해지" });
    await expect(dialog).toContainText("자동 결제가 중지되고, Creator 요금제는");

    await dialog.getByRole("button", { name: "구독 해지" }).click();
    await expect(dialog.getByText("해지 이유를 하나 이상 선택해 주세요.")).toBeVisible();

    await dialog.getByLabel("가격이 부담돼요").check();
    await dialog.getByLabel("기타", { exact: true }).check();
    await dialog.getByLabel("비밀번호 확인").fill("Wrong#2026a");
    await dialog.getByRole("button", { name: "구독 해지" }).click();
    await expect(dialog.getByText("기타 이유를 적어 주세요.")).toBeVisible();
    // The choices stay checked after the round trip.
    await expect(dialog.getByLabel("가격이 부담돼요")).toBeChecked();

    await dialog.getByLabel(/자세한 이유/).fill("회사 예산이 줄었어요");
    await dialog.getByLabel("비밀번호 확인").fill("Wrong#2026a");
    await dialog.getByRole("button", { name: "구독 해지" }).click();
    await expect(dialog.getByText("비밀번호를 정확히 입력해 주세요.")).toBeVisible();
    await expect(dialog.getByLabel("비밀번호 확인")).toHaveValue("");

    await dialog.getByLabel("비밀번호 확인").fill(PASSWORD);
    await dialog.getByRole("button", { name: "구독 해지" }).click();
    await expect(page.getByTestId("toast")).toContainText("구독을 해지했습니다.");
    await expect(page.getByTestId("plan-cancelled")).toContainText("에 종료된 뒤 Free 요금제로 바뀝니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("plan-renewal")).toHaveText("자동 결제 없음");
    await expect(page.getByTestId("payment-method")).toHaveText("카드 (자동 결제 해지됨)");
    await expect(page.getByRole("link", { name: "구독 해지" })).toHaveCount(0);
    // The outcome stays on the page (not only the toast), and the plan page says what the end deletes.
    await expect(page.getByTestId("billing-outcome")).toContainText("구독을 해지했습니다.");
    await expect(page.getByTestId("plan-ends-notice")).toContainText("요금제가 끝나면 Free 요금제로 바뀌어요.");

    // Changed their mind before the end: auto-payment back on, renewing on the same day.
    await page.getByRole("button", { name: "자동 결제 다시 켜기" }).click();
    await expect(page.getByTestId("billing-outcome")).toContainText("자동 결제를 다시 켰습니다.");
    await expect(page.getByTestId("plan-cancelled")).toHaveCount(0);
    await expect(page.getByTestId("plan-renewal")).not.toHaveText("자동 결제 없음");
    await expect(page.getByTestId("payment-method")).toHaveText("카드 자동 결제");
    await expect(page.getByRole("link", { name: "구독 해지" })).toBeVisible();
    await expect(page.getByRole("button", { name: "자동 결제 다시 켜기" })).toHaveCount(0);
  });

  test("cancel and refund: the amounts, a wrong password, then Free at once and a refunded invoice", async ({ page, request, context }) => {
    const session = await signUp(request);
    const paid = await buyPlan(request, session, "Starter");
    await signIn(context, session);
    await page.goto("/dashboard/plan");
    await page.getByRole("link", { name: "즉시 해지 및 환불" }).click();
    const dialog = page.getByRole("dialog", { name: "즉시 해지 및 환불" });
    const refundable = await call<{ eligible: boolean; amount: number; fee: number; refund_amount: number }>(
      request,
      session,
      "/payment/refundable",
    );
    expect(refundable.data.eligible).toBe(true);
    expect(refundable.data.amount).toBe(paid);
    const won = (n: number) => `${new Intl.NumberFormat("ko-KR").format(n)}원`;
    await expect(dialog.getByTestId("refund-figures")).toContainText(won(paid));
    await expect(dialog.getByTestId("refund-amount")).toHaveText(won(refundable.data.refund_amount));
    await expect(dialog).toContainText("영업일 기준 3~5일");

    await dialog.getByLabel("비밀번호 확인").fill("Wrong#2026a");
    await dialog.getByRole("button", { name: "해지하고 환불받기" }).click();
    await expect(dialog.getByText("비밀번호를 정확히 입력해 주세요.")).toBeVisible();
    await dialog.getByLabel("비밀번호 확인").fill(PASSWORD);
    await dialog.getByRole("button", { name: "해지하고 환불받기" }).click();
    await expect(page.getByTestId("toast")).toContainText(`${won(refundable.data.refund_amount)} 환불을 요청했습니다`);
    await expect(page.getByTestId("plan-name")).toHaveText("Free");
    const row = page.getByTestId("invoice-row").first();
    // Until the money is back on the card (3 to 5 business days), the refund reads as requested.
    await expect(row.getByTestId("invoice-status")).toContainText("환불 요청됨");
    await expect(row.getByTestId("invoice-status")).toContainText("영업일 기준 3~5일 안에");
    await expect(row).toContainText(won(refundable.data.refund_amount));

    // Nothing left to refund: the dialog explains why instead of offering the form.
    await page.goto("/dashboard/plan?modal=refund");
    await expect(page.getByRole("dialog", { name: "즉시 해지 및 환불" }).getByTestId("refund-unavailable")).toHaveText(
      "환불할 수 있는 결제가 없습니다.",
    );
    await expect(page.getByRole("button", { name: "해지하고 환불받기" })).toHaveCount(0);
  });

  test("a declined card: the purchase fails with the gateway's reason and nothing changes", async ({ page, request, context }) => {
    const session = await signUp(request);
    expect((await call(request, session, "/payment/registcard", card("4000-0000-0000-0002"))).success).toBe(true);
    await signIn(context, session);
    await page.goto("/dashboard/plan/upgrade?modal=purchase&plan=Starter");
    const dialog = page.getByRole("dialog", { name: "Starter 요금제 구매" });
    await dialog.getByRole("button", { name: /결제하기$/ }).click();
    await expect(dialog.getByText("필수 항목에 동의해 주세요.").first()).toBeVisible();
    for (const consent of [/자동 결제되는 것에 동의/, /다음 달 결제일부터 적용/, /제6조/, /정가\(.*\)로 결제되는 것에 동의/])
      await dialog.getByLabel(consent).check();
    await dialog.getByRole("button", { name: /결제하기$/ }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "결제에 실패했습니다" })).toContainText("카드 한도를 초과했습니다.");
    await page.goto("/dashboard/plan");
    await expect(page.getByTestId("plan-name")).toHaveText("Free");
    await expect(page.getByTestId("invoice-failure").first()).toHaveText("카드 한도 초과");
    // Nothing was charged: no discount shows on the failed row (the first month's is still the member's).
    await expect(page.getByTestId("invoice-discount").first()).toHaveText("-");
  });

  test("receipts: a payment's receipt opens; one without a link says to ask the card issuer", async ({ page, request, context }) => {
    const session = await signUp(request);
    await buyPlan(request, session, "Starter", "4000-0000-0000-0044");
    await signIn(context, session);
    await page.goto("/dashboard/plan");
    await page.getByTestId("invoice-row").first().getByRole("button", { name: "영수증" }).click();
    await expect(page.getByRole("alertdialog", { name: "영수증" })).toContainText(
      "영수증 링크를 불러올 수 없습니다. 카드사에 문의해 주세요.",
    );

    const other = await signUp(request);
    await buyPlan(request, other, "Starter");
    await context.clearCookies();
    await signIn(context, other);
    await page.goto("/dashboard/plan");
    await page.getByTestId("invoice-row").first().getByRole("button", { name: "영수증" }).click();
    await expect(page).toHaveTitle(/^Receipt /);
  });
});

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the purchase flow runs with JavaScript");

  test("purchase: register a card, buy Starter at the first-month price, upgrade to Creator, then schedule a downgrade", async ({
    page,
    request,
    member: session,
  }) => {
    await page.goto("/dashboard/plan/upgrade");
    await expect(page.getByTestId("payment-path")).toContainText("국내 카드");
    await expect(page.getByTestId("plan-Free").getByTestId("current-plan")).toBeVisible();
    await page.getByRole("link", { name: "Starter 시작하기" }).click();

    // No card yet: the card dialog first. Typing runs on from box to box.
    const cardDialog = page.getByRole("dialog", { name: "결제 카드 등록" });
    await expect(cardDialog).toBeVisible();
    // (Retried until the page has hydrated: before that, typing stops at the first box's maxlength.)
    await expect(async () => {
      for (let i = 1; i <= 4; i++) await cardDialog.getByLabel(`카드 번호 ${i}번째 4자리`).clear();
      await cardDialog.getByLabel("카드 번호 1번째 4자리").click();
      await page.keyboard.type("4242424242424242");
      await expect(cardDialog.getByLabel("카드 번호 4번째 4자리")).toHaveValue("4242", { timeout: 1000 });
    }).toPass();
    await expect(cardDialog.getByLabel("유효기간 월 (MM)")).toBeFocused();
    await page.keyboard.type("1231");
    await expect(cardDialog.getByLabel("유효기간 연도 (YY)")).toHaveValue("31");
    await cardDialog.getByLabel("생년월일 6자리").fill("900101");
    // Checked in the browser before anything is sent.
    await cardDialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(cardDialog.getByText("카드 비밀번호 앞 2자리를 정확히 입력해 주세요.")).toBeVisible();
    await cardDialog.getByLabel("카드 비밀번호 앞 2자리").fill("12");
    await cardDialog.getByRole("button", { name: "카드 등록" }).click();
    await expect(page.getByTestId("toast")).toHaveText("카드를 등록했습니다.");

    // Back to the purchase, priced by the server: 4,900 won less the first month's 50%.
    const quote = await call<{ list_price: number; discount: number; amount: number }>(
      request,
      session,
      "/payment/quote?plan=Starter&kind=purchase",
    );
    expect(quote.data).toMatchObject({ list_price: 4900, discount: 2450, amount: 2450 });
    const purchase = page.getByRole("dialog", { name: "Starter 요금제 구매" });
    await expect(purchase.getByTestId("quote-discount")).toHaveText("-2,450원");
    await expect(purchase.getByTestId("quote-amount")).toHaveText("2,450원");
    await expect(purchase).toContainText("4242-****-****-4242");
    await purchase.getByRole("button", { name: "2,450원 결제하기" }).click();
    await expect(purchase.getByText("필수 항목에 동의해 주세요.")).toHaveCount(4);
    await purchase.getByLabel(/자동 결제되는 것에 동의/).check();
    await purchase.getByLabel(/다음 달 결제일부터 적용/).check();
    await purchase.getByLabel(/제6조/).check();
    await purchase.getByLabel("다음 달부터는 정가(4,900원)로 결제되는 것에 동의합니다.").check();
    await purchase.getByRole("button", { name: "2,450원 결제하기" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Starter 요금제 결제가 완료되었습니다.");
    await expect(page).toHaveURL(/\/dashboard\/plan$/);
    await expect(page.getByTestId("plan-name")).toHaveText("Starter");
    await expect(page.getByTestId("payment-method")).toHaveText("카드 자동 결제");
    await expect(page.getByTestId("plan-period")).toContainText("~");
    const first = page.getByTestId("invoice-row");
    await expect(first).toHaveCount(1);
    await expect(first.getByTestId("invoice-plan")).toHaveText("Starter");
    // The amount actually charged, with the list price under it.
    await expect(first.getByTestId("invoice-price")).toHaveText("2,450원정가 4,900원");
    await expect(first.getByTestId("invoice-discount")).toHaveText("-2,450원");
    await expect(first.getByTestId("invoice-status")).toHaveText("결제 완료");

    // Upgrade: charged the full Creator price now, effective at once.
    await page.getByRole("link", { name: "요금제 변경" }).click();
    await expect(page.getByTestId("plan-Starter").getByTestId("current-plan")).toBeVisible();
    await page.getByRole("link", { name: "Creator 요금제로 업그레이드" }).click();
    const up = page.getByRole("dialog", { name: "Creator 요금제로 업그레이드" });
    await expect(up).toContainText("오늘부터 다시 시작");
    await expect(up.getByTestId("quote-amount")).toHaveText("12,900원");
    await expect(up.getByTestId("quote-discount")).toHaveCount(0);
    await up.getByRole("button", { name: "Creator 요금제로 업그레이드" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Creator 요금제로 업그레이드했습니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("invoice-row")).toHaveCount(2);
    await expect(page.getByTestId("invoice-row").first().getByTestId("invoice-plan")).toHaveText("Creator");

    // Downgrade: from the next payment date, shown as 'will change to'.
    await page.getByRole("link", { name: "요금제 변경" }).click();
    await page.getByRole("link", { name: "Starter 요금제로 다운그레이드" }).click();
    const down = page.getByRole("dialog", { name: "Starter 요금제로 다운그레이드" });
    await expect(down).toContainText("다음 결제일");
    await down.getByRole("button", { name: "Starter 요금제로 변경 예약" }).click();
    await expect(page.getByTestId("toast")).toContainText("Starter 요금제로 변경될 예정입니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("plan-toplan")).toContainText("Starter 요금제로 변경될 예정입니다.");
    // Escape closes a dialog when JavaScript runs.
    await page.getByRole("link", { name: "쿠폰 등록" }).click();
    await expect(page.getByRole("dialog", { name: "쿠폰 등록" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The receipt is a page of the gateway's (the sandbox's, here), opened as a document.
    await page.getByTestId("invoice-row").first().getByRole("button", { name: "영수증" }).click();
    await expect(page).toHaveTitle(/^Receipt /);
  });

  test("from abroad: buy a PayPal month at the first-month price, approve at PayPal, then upgrade the same way", async ({
    page,
    request,
    context,
  }) => {
    const session = await memberAbroad(request, context);
    // Members abroad are not asked to register a card.
    await page.goto("/dashboard/plan");
    await expect(page.getByTestId("paypal-only")).toContainText("PayPal");
    await expect(page.getByRole("link", { name: "카드 등록" })).toHaveCount(0);
    await page.goto("/dashboard/plan/upgrade");
    await expect(page.getByTestId("payment-path")).toContainText("PayPal");
    await page.getByRole("link", { name: "Creator 시작하기" }).click();
    // No card on this path: the PayPal dialog, priced by the server in dollars.
    const dialog = page.getByRole("dialog", { name: "Creator 요금제 구매" });
    const quote = await call<{ list_price: number; discount: number; amount: number }>(
      request,
      session,
      "/payment/paypal_quote?plan=Creator&flow=save",
    );
    const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await expect(dialog.getByTestId("quote-amount")).toHaveText(usd(quote.data.amount));
    await expect(dialog.getByTestId("quote-discount")).toHaveText(`-${usd(quote.data.discount)}`);
    await expect(dialog).toContainText("자동 갱신되지 않습니다");
    await dialog.getByRole("button", { name: "PayPal로 결제하기" }).click();
    await expect(dialog.getByText("필수 항목에 동의해 주세요.")).toHaveCount(2);
    await payWithPayPal(dialog);

    // PayPal's approval page (the local sandbox serves it on this origin), then back to us.
    await expect(page.getByRole("heading", { name: "PayPal checkout (sandbox)" })).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/dashboard\/plan$/);
    await expect(page.getByTestId("toast")).toHaveText("Creator 요금제 결제가 완료되었습니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Creator");
    await expect(page.getByTestId("payment-method")).toHaveText("PayPal (1개월 단위)");
    await expect(page.getByTestId("plan-renewal")).toHaveText("자동 결제 없음");
    const row = page.getByTestId("invoice-row").first();
    await expect(row.getByTestId("invoice-price")).toContainText(usd(quote.data.amount));
    await expect(row.getByTestId("invoice-discount")).toHaveText(`-${usd(quote.data.discount)}`);

    // Upgrade through PayPal too (full price); a lower plan waits for the month to end.
    await page.getByRole("link", { name: "요금제 변경" }).click();
    await expect(page.getByTestId("plan-Starter")).toContainText("기간이 끝난 뒤 선택");
    await page.getByRole("link", { name: "Production 요금제로 업그레이드" }).click();
    const up = page.getByRole("dialog", { name: "Production 요금제로 업그레이드" });
    await expect(up.getByTestId("quote-discount")).toHaveCount(0);
    await payWithPayPal(up);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Production 요금제로 업그레이드했습니다.");
    await expect(page.getByTestId("plan-name")).toHaveText("Production");
    await expect(page.getByTestId("invoice-row")).toHaveCount(2);
  });

  test("from abroad: cancelling at PayPal or a declined capture charges nothing", async ({ page, request, context }) => {
    await memberAbroad(request, context);
    const order = async () => {
      await page.goto("/dashboard/plan/upgrade?modal=purchase&plan=Starter");
      await payWithPayPal(page.getByRole("dialog", { name: "Starter 요금제 구매" }));
      await expect(page.getByRole("heading", { name: "PayPal checkout (sandbox)" })).toBeVisible();
    };
    await order();
    await page.getByRole("button", { name: "Cancel" }).click();
    // Back on the plan page with a message that stays, and without PayPal's token in the address.
    await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade$/);
    await expect(page.getByTestId("billing-outcome")).toContainText("PayPal 결제를 취소했습니다. 결제된 금액은 없어요.");
    await order();
    await page.getByLabel("Pay as").selectOption("decline@paypal.test");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/dashboard\/plan\/upgrade$/);
    await expect(page.getByTestId("toast")).toContainText("결제에 실패했습니다");
    await page.goto("/dashboard/plan");
    await expect(page.getByTestId("plan-name")).toHaveText("Free");
  });

  test("the plan pages in English", async ({ browser, request }) => {
    const session = await signUp(request);
    const context = await browser.newContext({ locale: "en-US" });
    await signIn(context, session);
    const page = await context.newPage();
    await page.goto("/dashboard/plan");
    await expect(page).toHaveTitle("My plan | Voice Studio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My plan");
    await expect(page.getByTestId("usage-projects").getByRole("meter", { name: "Projects" })).toHaveAttribute("aria-valuenow", "100");
    await page.getByRole("link", { name: "Register a coupon" }).click();
    const dialog = page.getByRole("dialog", { name: "Register a coupon" });
    await dialog.getByLabel("Coupon number").fill("NOT-A-COUPON");
    await dialog.getByRole("button", { name: "Register coupon" }).click();
    await expect(dialog.getByText("Invalid coupon number. This coupon cannot be used. Please check the coupon number.")).toBeVisible();
    await page.goto("/dashboard/plan/upgrade");
    await expect(page).toHaveTitle("Change plan | Voice Studio");
    await expect(page.getByRole("link", { name: "Start Creator" })).toBeVisible();
    await context.close();
  });
});
