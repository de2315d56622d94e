// PayPal months after the purchase: plan changes, refunds and the end of the month.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { spend } from "../../workers/api/src/lib/allowance";
import { runBilling } from "../../workers/api/src/domain/billing/renewal";
import { addMonths, REFUND_WINDOW_MS } from "../../workers/api/src/domain/billing/rules";
import { Code } from "../../workers/api/src/lib/codes";
import { cardGateway } from "../../workers/api/src/integrations/payments/gateways";
import { call, memberRow, type Loose } from "./billing-helpers";
import { PASSWORD, worker, type Answer } from "./helpers";
import { newMember, DAY, db, RETURN_URL, CANCEL_URL, paymentRows, standinOrder, order, buy } from "./paypal-helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("PayPal plan changes, refunds and the end of the month", () => {
  it("upgrade: a higher plan at full price now, the period restarts, the unused part carries over", async () => {
    const t0 = Date.now() - 3 * DAY;
    const m = await newMember();
    await buy(m, "Starter", t0);
    expect((await spend(env.DB, m.id, "chars", 10_000, t0 + DAY)).ok).toBe(true);
    expect((await spend(env.DB, m.id, "seconds", 300, t0 + DAY)).ok).toBe(true);
    const t1 = t0 + 2 * DAY;
    expect((await order(m, "Starter", "upgrade", t1)).code).toBe(Code.PLAN_CHANGE_INVALID);
    expect((await order(m, "Creator", "save", t1)).code).toBe(Code.ALREADY_SUBSCRIBED);
    expect((await call("/payment/paypal_quote?plan=Creator&flow=upgrade", m.token, { at: t1 })).data).toMatchObject({
      amount: 999,
      discount: 0,
    });
    const up = await buy(m, "Creator", t1, "upgrade");
    expect(up.order).toMatchObject({ amount: 999, discount: 0, flow: "upgrade" });
    expect(up.saved.payment).toMatchObject({ plan: "Creator", kind: "upgrade", method: "paypal", price: 999, discount: 0, amount: 999 });
    expect(up.saved.planState).toMatchObject({
      planName: "Creator",
      paymentMethod: "paypal",
      renewalDate: null,
      startDate: new Date(t1).toISOString(),
      endDate: new Date(addMonths(t1, 1)).toISOString(),
      usedCharacters: 0,
      usedTime: 0,
      carried: { characters: 20_000, time: 900 },
      limits: { characters: 120_000, time: 3600 + 900 },
    });
    // A PayPal upgrade is for PayPal months; a Free member has nothing to upgrade.
    const free = await newMember();
    expect((await order(free, "Creator", "upgrade")).code).toBe(Code.NO_SUBSCRIPTION);
  });

  it("clearplan refund: within 7 days of the payment (the edge included), less the fee, through PayPal; not after, not after AI use", async () => {
    const t0 = Date.now() - DAY;
    const m = await newMember();
    const { capture } = await buy(m, "Creator", t0);
    const late = await call("/payment/paypal_clearplan", m.token, {
      body: { reason_clear: "price", option: "refund", pwd: PASSWORD },
      at: t0 + REFUND_WINDOW_MS + 1,
    });
    expect(late.code).toBe(Code.REFUND_NOT_ALLOWED);
    expect(late.data).toEqual({ reason: "window" });
    const edge = t0 + REFUND_WINDOW_MS;
    expect((await call("/payment/refundable", m.token, { at: edge })).data).toMatchObject({
      eligible: true,
      amount: 500,
      fee: 25,
      refund_amount: 475,
      currency: "USD",
    });
    expect(
      (await call("/payment/paypal_clearplan", m.token, { body: { reason_clear: "price", option: "refund", pwd: "Nope#2026a" }, at: edge }))
        .code,
    ).toBe(Code.PASSWORD_MISMATCH);
    const done = await call("/payment/paypal_clearplan", m.token, {
      body: { reason_clear: "price,other", comment: "too dear", option: "refund", pwd: PASSWORD },
      at: edge,
    });
    expect(done.code, done.message).toBe(Code.OK);
    expect(done.data).toMatchObject({
      option: "refund",
      refund_amount: 475,
      fee: 25,
      currency: "USD",
      planState: { planName: "Free", paymentMethod: "", subscription: "none" },
    });
    const atPaypal = await standinOrder(capture.orderID);
    expect(atPaypal.purchase_units[0].payments.refunds.map((r: Loose) => r.amount)).toEqual([{ currency_code: "USD", value: "4.75" }]);
    expect(atPaypal.purchase_units[0].payments.captures[0].status).toBe("PARTIALLY_REFUNDED");
    expect((await call("/payment/list?page=1", m.token)).data.items[0]).toMatchObject({
      status: "refunded",
      refund_amount: 475,
      fee: 25,
      currency: "USD",
    });
    expect(await env.DB.prepare("SELECT reason, comment, kind FROM cancellations WHERE member_id = ?").bind(m.id).first()).toEqual({
      reason: "price,other",
      comment: "too dear",
      kind: "refund",
    });
    expect((await call("/payment/paypal_clearplan", m.token, { body: { option: "refund", pwd: PASSWORD } })).code).toBe(
      Code.NO_SUBSCRIPTION,
    );

    // AI used during the month: no refund; "end" ends it now without one.
    const used = await newMember();
    const bought = await buy(used, "Starter", t0);
    await spend(env.DB, used.id, "chars", 10, t0 + 1000);
    const refused = await call("/payment/paypal_clearplan", used.token, { body: { option: "refund", pwd: PASSWORD }, at: t0 + DAY });
    expect(refused.code).toBe(Code.REFUND_NOT_ALLOWED);
    expect(refused.data).toEqual({ reason: "used" });
    const ended = await call("/payment/paypal_clearplan", used.token, {
      body: { reason_clear: "inconvenience", option: "end", pwd: PASSWORD },
      at: t0 + DAY,
    });
    expect(ended.code).toBe(Code.OK);
    expect(ended.data).toMatchObject({ option: "end", refund_amount: 0, planState: { planName: "Free" } });
    expect((await standinOrder(bought.capture.orderID)).purchase_units[0].payments.refunds).toBeUndefined();
    expect((await paymentRows(used.id))[0]).toMatchObject({ status: "paid", refund_amount: 0 });
    expect(await env.DB.prepare("SELECT kind FROM cancellations WHERE member_id = ?").bind(used.id).first()).toEqual({ kind: "cancel" });
  });

  it("/payment/refund refunds a PayPal month through PayPal, once", async () => {
    const m = await newMember();
    const { capture } = await buy(m, "Starter");
    const r = await call("/payment/refund", m.token, { body: { pwd: PASSWORD } });
    expect(r.code, r.message).toBe(Code.OK);
    expect(r.data).toMatchObject({ refund_amount: 190, fee: 10, currency: "USD", planState: { planName: "Free" } });
    expect((await standinOrder(capture.orderID)).purchase_units[0].payments.refunds).toHaveLength(1);
    expect((await call("/payment/refund", m.token, { body: { pwd: PASSWORD } })).code).toBe(Code.NO_SUBSCRIPTION);
  });

  it("the cron moves an ended PayPal month to Free and charges nothing", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await newMember();
    await buy(m, "Starter", t0);
    const end = addMonths(t0, 1);
    await runBilling(env, db, env.MEDIA, cardGateway(env), end - 1000);
    expect(await memberRow(m.id)).toMatchObject({ plan: "Starter", payment_method: "paypal", subscription: "none", next_payment_at: null });
    await runBilling(env, db, env.MEDIA, cardGateway(env), end + 1000);
    expect(await memberRow(m.id)).toMatchObject({ plan: "Free", payment_method: "" });
    expect((await paymentRows(m.id)).map((p) => p.kind)).toEqual(["purchase"]);
  });

  it("coupon periods block PayPal purchases; malformed bodies answer 4xx; no token answers 8000", async () => {
    const m = await newMember();
    await env.DB.prepare("INSERT INTO coupons (num, plan, days) VALUES (?, 'Creator', 30)").bind(`PP-${m.id}`.toUpperCase()).run();
    expect((await call("/utils/accept_coupon", m.token, { body: { num: `PP-${m.id}` } })).code).toBe(Code.OK);
    expect((await order(m, "Production")).code).toBe(Code.COUPON_PERIOD);
    expect((await order(m, "Production", "upgrade")).code).toBe(Code.COUPON_PERIOD);
    expect((await call("/payment/paypal_clearplan", m.token, { body: { option: "end", pwd: PASSWORD } })).code).toBe(Code.NO_SUBSCRIPTION);

    const n = await newMember();
    expect((await order(n, "Free")).code).toBe(Code.PLAN_CHANGE_INVALID);
    expect((await order(n, "Nope")).code).toBe(Code.PLAN_CHANGE_INVALID);
    const bad = [
      ["/payment/paypal_order", { plan: "Starter", flow: "save", return_url: "javascript:alert(1)", cancel_url: CANCEL_URL }],
      ["/payment/paypal_order", { plan: "Starter", flow: "renew", return_url: RETURN_URL, cancel_url: CANCEL_URL }],
      ["/payment/paypal_order", { plan: "Starter" }],
      ["/payment/paypal_payment", { plan: "Starter", orderID: "../v1/oauth2/token" }],
      ["/payment/paypal_save", { plan_name: "Starter", orderID: "X1", merchant_uid: "short", authorization_id: "Y1" }],
      ["/payment/paypal_upgradeplan", { plan_name: "Starter" }],
      ["/payment/paypal_clearplan", { option: "later" }],
    ] as const;
    for (const [path, body] of bad) {
      const r = await call(path, n.token, { body });
      expect([r.status, r.code], `${path} ${JSON.stringify(body)}`).toEqual([400, Code.BAD_REQUEST]);
    }
    const res = await worker.fetch("http://localhost/api/v1/payment/paypal_save", {
      method: "POST",
      headers: { "content-type": "application/json", "api-key": n.token },
      body: "{nope",
    });
    expect([res.status, (await res.json<Answer>()).code]).toEqual([400, Code.MALFORMED_JSON]);
    expect((await call("/payment/paypal_payment", n.token, { body: { plan: "Starter", orderID: "NOSUCHORDER00000" } })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await call("/payment/paypal_order", "", { body: { plan: "Starter" } })).code).toBe(Code.LOGIN_REQUIRED);
    const ko = await call("/payment/paypal_payment", n.token, { body: { plan: "Free", orderID: "NOSUCHORDER00000" }, lang: "kr" });
    expect(ko.message).toBe("요청한 주소를 찾을 수 없습니다.");
    const koCoupon = await call("/payment/paypal_order", m.token, {
      body: { plan: "Production", flow: "save", return_url: RETURN_URL, cancel_url: CANCEL_URL },
      lang: "kr",
    });
    expect(koCoupon.message).toBe("쿠폰 이용 기간 중에는 요금제를 변경할 수 없습니다.");
  });
});
