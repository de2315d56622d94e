import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedStatements } from "../../db/seed";
import { spend } from "../../workers/api/src/lib/allowance";
import { runBilling } from "../../workers/api/src/domain/billing/renewal";
import { addMonths, REFUND_WINDOW_MS } from "../../workers/api/src/domain/billing/rules";
import { Code } from "../../workers/api/src/lib/codes";
import { cardGateway } from "../../workers/api/src/integrations/payments/gateways";
import { createApp } from "../../workers/api/src/app";
import { call, memberRow, newMember as member, type Loose, type Member as M } from "./billing-helpers";
import { PASSWORD, worker, type Answer } from "./helpers";

const newMember = () => member("pp");

// PayPal months through the real adapter (integrations/payments/paypal.ts) against the PayPal stand-in
// (workers/api/src/sandbox/paypal.js) on api-m.paypal.com, as vitest.workers.config.ts routes it.

const DAY = 86_400_000;
const db = drizzle(env.DB, { schema });
const RETURN_URL = "https://app.test/dashboard/plan/paypal/return?flow=save&plan=Starter";
const CANCEL_URL = "https://app.test/dashboard/plan/upgrade";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const paymentRows = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM payments WHERE member_id = ? ORDER BY no").bind(id).all<Loose>()).results;
/** The order as the stand-in holds it (captures, refunds, payer), without a token. */
const standinOrder = async (orderID: string) =>
  (await (await fetch(`https://api-m.paypal.com/__standin/orders/${orderID}`)).json()) as Loose;

const order = (m: M, plan: string, flow: "save" | "upgrade" = "save", at?: number) =>
  call("/payment/paypal_order", m.token, { body: { plan, flow, return_url: RETURN_URL, cancel_url: CANCEL_URL }, at });

/** The payer approves at PayPal (the stand-in's approval page) and is sent back to return_url. */
async function approve(approveUrl: string, payer = "buyer@example.com") {
  const res = await fetch(`${approveUrl}&approve=1&payer=${encodeURIComponent(payer)}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return { back, token: back.searchParams.get("token")!, payerID: back.searchParams.get("PayerID")! };
}

/** Order, approval, capture and save of `plan` at `at`: what the return page does. */
async function buy(m: M, plan = "Starter", at = Date.now(), flow: "save" | "upgrade" = "save") {
  const o = await order(m, plan, flow, at);
  expect(o.code, o.message).toBe(Code.OK);
  await approve(o.data.approve_url);
  const captured = await call("/payment/paypal_payment", m.token, { body: { plan, orderID: o.data.orderID }, at });
  expect(captured.code, captured.message).toBe(Code.OK);
  const c = captured.data;
  const body = {
    plan_name: plan,
    orderID: c.orderID,
    payerID: c.payerID,
    merchant_uid: c.merchant_uid,
    authorization_id: c.authorization_id,
  };
  const saved = await call(flow === "save" ? "/payment/paypal_save" : "/payment/paypal_upgradeplan", m.token, { body, at });
  expect(saved.code, saved.message).toBe(Code.OK);
  return { order: o.data, capture: c, body, saved: saved.data };
}

describe("PayPal purchase", () => {
  it("order → approve → capture → save: one USD month with no renewal, the first at 50%; the same order again changes nothing", async () => {
    const m = await newMember();
    const at = Date.UTC(2026, 0, 31, 3);
    const q = await call("/payment/paypal_quote?plan=Starter", m.token, { at });
    expect(q.data).toMatchObject({ currency: "USD", list_price: 399, discount: 199, amount: 200, discounted: true, flow: "save" });

    const o = await order(m, "Starter", "save", at);
    expect(o.code, o.message).toBe(Code.OK);
    expect(o.data).toMatchObject({ currency: "USD", amount: 200, list_price: 399, discount: 199, plan: "Starter", flow: "save" });
    expect(o.data.approve_url).toBe(`https://www.paypal.com/checkoutnow?token=${o.data.orderID}`);
    // At PayPal: intent CAPTURE, our merchant_uid as custom_id, the server's amount.
    expect(await standinOrder(o.data.orderID)).toMatchObject({
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [{ custom_id: o.data.merchant_uid, amount: { currency_code: "USD", value: "2.00" } }],
    });

    // Not approved yet: nothing to capture or save.
    const early = await call("/payment/paypal_payment", m.token, { body: { plan: "Starter", orderID: o.data.orderID }, at });
    expect(early.code).toBe(Code.PAYPAL_NOT_APPROVED);
    expect(early.status).toBe(409);

    const approved = await approve(o.data.approve_url);
    expect(approved.back.origin + approved.back.pathname).toBe("https://app.test/dashboard/plan/paypal/return");
    expect(approved.back.searchParams.get("flow")).toBe("save");
    expect(approved.token).toBe(o.data.orderID);

    const captured = await call("/payment/paypal_payment", m.token, { body: { plan: "Starter", orderID: approved.token }, at });
    expect(captured.code, captured.message).toBe(Code.OK);
    expect(captured.data).toMatchObject({
      orderID: o.data.orderID,
      payerID: approved.payerID,
      merchant_uid: o.data.merchant_uid,
      status: "COMPLETED",
      amount: 200,
      currency: "USD",
    });
    // Capturing again answers the same capture (PayPal-Request-Id), and PayPal holds one.
    const again = await call("/payment/paypal_payment", m.token, { body: { plan: "Starter", orderID: approved.token }, at });
    expect(again.data.authorization_id).toBe(captured.data.authorization_id);
    const atPaypal = await standinOrder(o.data.orderID);
    expect(atPaypal.status).toBe("COMPLETED");
    expect(atPaypal.purchase_units[0].payments.captures).toHaveLength(1);
    expect((await memberRow(m.id)).plan).toBe("Free");

    const c = captured.data;
    const body = {
      plan_name: "Starter",
      orderID: c.orderID,
      payerID: c.payerID,
      merchant_uid: c.merchant_uid,
      authorization_id: c.authorization_id,
    };
    // Two saves at once: one applies, the other answers it.
    const [s1, s2] = await Promise.all([
      call("/payment/paypal_save", m.token, { body, at }),
      call("/payment/paypal_save", m.token, { body, at }),
    ]);
    expect([s1.code, s2.code]).toEqual([Code.OK, Code.OK]);
    expect([s1.data.replay, s2.data.replay].sort()).toEqual([false, true]);
    expect(s1.data.payment.no).toBe(s2.data.payment.no);
    const saved = s1.data.replay ? s2 : s1;
    expect(saved.data.payment).toMatchObject({
      plan: "Starter",
      kind: "purchase",
      method: "paypal",
      currency: "USD",
      price: 399,
      discount: 199,
      amount: 200,
      status: "paid",
      imp_uid: c.authorization_id,
    });
    expect(saved.data.planState).toMatchObject({
      planName: "Starter",
      paymentMethod: "paypal",
      subscription: "none",
      renewalDate: null,
      startDate: new Date(at).toISOString(),
      endDate: "2026-02-28T03:00:00.000Z",
      hasPaymentRecord: true,
      hasPurchasedWithDiscount: true,
      discountEligible: false,
      limits: { time: 20 * 60 },
    });
    expect(saved.data.planState.endDate).toBe(new Date(addMonths(at, 1)).toISOString());

    // Replayed later: nothing changes.
    const before = await memberRow(m.id);
    const replay = await call("/payment/paypal_save", m.token, { body, at: at + DAY });
    expect(replay.code).toBe(Code.OK);
    expect(replay.data).toMatchObject({ replay: true, payment: { no: saved.data.payment.no } });
    expect(await memberRow(m.id)).toEqual(before);
    expect((await paymentRows(m.id)).map((p) => [p.status, p.provider, p.amount])).toEqual([["paid", "paypal", 200]]);

    // The profile and the history show the PayPal month; it cannot be bought twice.
    const profile = await call("/member/getmember", m.token, { at: at + DAY });
    expect(profile.data).toMatchObject({ plan: "Starter", paymentMethod: "paypal", paymentYN: "Y", indiscount: "Y" });
    expect((await call("/payment/list?page=1", m.token)).data.items[0]).toMatchObject({
      method: "paypal",
      currency: "USD",
      amount: 200,
      status: "paid",
    });
    expect((await order(m, "Creator", "save", at + DAY)).code).toBe(Code.ALREADY_SUBSCRIBED);
  });

  it("another member cannot capture or save my order; a tampered plan, flow, capture or payer is refused", async () => {
    const a = await newMember();
    const b = await newMember();
    const o = await order(a, "Creator");
    expect(o.data.amount).toBe(500);
    await approve(o.data.approve_url);
    expect((await call("/payment/paypal_payment", b.token, { body: { plan: "Creator", orderID: o.data.orderID } })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await standinOrder(o.data.orderID)).status).toBe("APPROVED");
    expect((await call("/payment/paypal_payment", a.token, { body: { plan: "Starter", orderID: o.data.orderID } })).code).toBe(
      Code.PAYPAL_ORDER_MISMATCH,
    );

    const c = (await call("/payment/paypal_payment", a.token, { body: { plan: "Creator", orderID: o.data.orderID } })).data;
    const body = {
      plan_name: "Creator",
      orderID: c.orderID,
      payerID: c.payerID,
      merchant_uid: c.merchant_uid,
      authorization_id: c.authorization_id,
    };
    expect((await call("/payment/paypal_save", b.token, { body })).code).toBe(Code.NOT_FOUND);
    expect((await call("/payment/paypal_save", a.token, { body: { ...body, plan_name: "Production" } })).code).toBe(
      Code.PAYPAL_ORDER_MISMATCH,
    );
    expect((await call("/payment/paypal_upgradeplan", a.token, { body })).code).toBe(Code.PAYPAL_ORDER_MISMATCH);
    expect((await call("/payment/paypal_save", a.token, { body: { ...body, authorization_id: "9XX00000AB0000000" } })).code).toBe(
      Code.PAYPAL_ORDER_MISMATCH,
    );
    expect((await call("/payment/paypal_save", a.token, { body: { ...body, payerID: "SOMEONEELSE12" } })).code).toBe(
      Code.PAYPAL_ORDER_MISMATCH,
    );
    expect((await call("/payment/paypal_save", a.token, { body: { ...body, merchant_uid: "paypal_0000000000000000" } })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await memberRow(b.id)).plan).toBe("Free");
    expect((await memberRow(a.id)).plan).toBe("Free");
    // None of that closed the order: the real save still works, and b still cannot replay it.
    const saved = await call("/payment/paypal_save", a.token, { body });
    expect(saved.code).toBe(Code.OK);
    expect(saved.data.planState.planName).toBe("Creator");
    expect((await call("/payment/paypal_save", b.token, { body })).code).toBe(Code.NOT_FOUND);
  });

  it("a declined capture, a lost capture answer (timeout) and a captured amount that differs", async () => {
    // Declined: nothing taken, the order is closed, a new one (still at 50%) works.
    const d = await newMember();
    const o = await order(d, "Starter");
    await approve(o.data.approve_url, "decline@paypal.test");
    const declined = await call("/payment/paypal_payment", d.token, { body: { plan: "Starter", orderID: o.data.orderID } });
    expect(declined.code).toBe(Code.PAYPAL_DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.message).toMatch(/^Payment failed\./);
    expect(declined.data.reason).toBe("INSTRUMENT_DECLINED");
    expect((await memberRow(d.id)).plan).toBe("Free");
    expect((await call("/payment/list?page=1", d.token)).data.items[0]).toMatchObject({ status: "failed", method: "paypal" });
    expect((await call("/payment/paypal_payment", d.token, { body: { plan: "Starter", orderID: o.data.orderID } })).code).toBe(
      Code.PAYPAL_ORDER_CLOSED,
    );
    expect((await buy(d, "Starter")).saved.payment.amount).toBe(200);

    // Timeout: PayPal captured but answered after 10 s (the adapter waits 1.5 s); the order says it was captured.
    const t = await newMember();
    const slow = await order(t, "Starter");
    await approve(slow.data.approve_url, "slow@paypal.test");
    const started = Date.now();
    const captured = await call("/payment/paypal_payment", t.token, { body: { plan: "Starter", orderID: slow.data.orderID } });
    expect(captured.code, captured.message).toBe(Code.OK);
    expect(Date.now() - started).toBeLessThan(9000);
    const c = captured.data;
    const saved = await call("/payment/paypal_save", t.token, {
      body: {
        plan_name: "Starter",
        orderID: c.orderID,
        payerID: c.payerID,
        merchant_uid: c.merchant_uid,
        authorization_id: c.authorization_id,
      },
    });
    expect(saved.code).toBe(Code.OK);
    expect((await memberRow(t.id)).plan).toBe("Starter");

    // PayPal captured another amount: refused, and the money goes back.
    const w = await newMember();
    const wrong = await order(w, "Starter");
    await approve(wrong.data.approve_url, "mismatch@paypal.test");
    const refused = await call("/payment/paypal_payment", w.token, { body: { plan: "Starter", orderID: wrong.data.orderID } });
    expect(refused.code).toBe(Code.PAYPAL_ORDER_MISMATCH);
    expect(refused.data.reason).toContain("amount mismatch: captured 300, expected 200");
    const atPaypal = await standinOrder(wrong.data.orderID);
    expect(atPaypal.purchase_units[0].payments.captures[0]).toMatchObject({ status: "REFUNDED", amount: { value: "3.00" } });
    expect(atPaypal.purchase_units[0].payments.refunds).toHaveLength(1);
    expect((await memberRow(w.id)).plan).toBe("Free");
    const [row] = await paymentRows(w.id);
    expect(row).toMatchObject({ status: "failed", amount: 200 });
    expect(row!.fail_reason).toContain("amount mismatch: captured 300, expected 200 (refunded)");
  });

  it("a new order closes one that was left: an uncaptured one is dropped, a captured but unsaved one is given back", async () => {
    const m = await newMember();
    const left = await order(m, "Starter");
    // The payer cancels at PayPal: sent to cancel_url with the order.
    const cancelled = await fetch(`${left.data.approve_url}&cancel=1`, { redirect: "manual" });
    expect(cancelled.headers.get("location")).toBe(`${CANCEL_URL}?token=${left.data.orderID}`);
    const captured = await order(m, "Starter");
    expect(captured.code).toBe(Code.OK);
    await approve(captured.data.approve_url);
    expect((await call("/payment/paypal_payment", m.token, { body: { plan: "Starter", orderID: captured.data.orderID } })).code).toBe(
      Code.OK,
    );
    // Never saved: the next order gives that capture back.
    const bought = await buy(m, "Starter");
    expect(bought.saved.payment).toMatchObject({ amount: 200, discount: 199 });
    expect((await paymentRows(m.id)).map((p) => p.status)).toEqual(["failed", "failed", "paid"]);
    expect((await standinOrder(captured.data.orderID)).purchase_units[0].payments.captures[0].status).toBe("REFUNDED");
    // Session 17 (the flows): the member's history says why, never "declined by the card issuer" (no card was involved).
    const items = (await call("/payment/list?page=1", m.token)).data.items as Loose[];
    expect(items.map((i) => [i.status, i.fail_kind])).toEqual([
      ["paid", null],
      ["failed", "unverified"],
      ["failed", "abandoned"],
    ]);
  });

  it("the sandbox approval page works without JavaScript: a form that approves or cancels", async () => {
    const m = await newMember();
    const o = await order(m, "Starter");
    const page = await fetch(o.data.approve_url);
    const html = await page.text();
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(html).toContain('<form method="post">');
    expect(html).toContain('value="approve">Approve</button>');
    expect(html).toContain('value="cancel">Cancel</button>');
    expect(html).toContain("2.00 USD");
    const posted = await fetch(o.data.approve_url, {
      method: "POST",
      body: new URLSearchParams({ choice: "approve", payer: "buyer@example.com" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toContain(`token=${o.data.orderID}&PayerID=`);
    // In live mode (the tests) the api does not serve the sandbox page.
    expect((await worker.fetch(`http://localhost/api/v1/sandbox/paypal/checkoutnow?token=${o.data.orderID}`)).status).toBe(404);
  });
});

describe("PayPal in local sandbox mode (PAYMENTS=sandbox)", () => {
  it("serves the approval page through the api at a same-origin path; its form approves and returns to the app", async () => {
    const app = createApp();
    const sandbox = { ...env, PAYMENTS: "sandbox" };
    const m = await newMember();
    const local = async (path: string, body?: unknown) => {
      const res = await app.request(
        `http://localhost/api/v1${path}`,
        {
          method: body ? "POST" : "GET",
          headers: { "content-type": "application/json", lang: "en", "api-key": m.token },
          body: body ? JSON.stringify(body) : undefined,
        },
        sandbox,
      );
      return (await res.json()) as Answer & { data: Loose };
    };
    const o = await local("/payment/paypal_order", { plan: "Creator", flow: "save", return_url: RETURN_URL, cancel_url: CANCEL_URL });
    expect(o.code, o.message).toBe(Code.OK);
    expect(o.data.approve_url).toBe(`/api/v1/sandbox/paypal/checkoutnow?token=${o.data.orderID}`);
    const page = await app.request(`http://localhost${o.data.approve_url}`, {}, sandbox);
    expect(await page.text()).toContain("Voice Studio Creator (1 month)");
    const form = await app.request(
      `http://localhost${o.data.approve_url}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "choice=approve&payer=buyer%40example.com",
      },
      sandbox,
    );
    expect(form.status).toBe(303);
    const back = new URL(form.headers.get("location")!);
    expect(back.searchParams.get("token")).toBe(o.data.orderID);
    const c = (await local("/payment/paypal_payment", { plan: "Creator", orderID: o.data.orderID })).data;
    const saved = await local("/payment/paypal_save", {
      plan_name: "Creator",
      orderID: c.orderID,
      payerID: c.payerID,
      merchant_uid: c.merchant_uid,
      authorization_id: c.authorization_id,
    });
    expect(saved.code, saved.message).toBe(Code.OK);
    expect(saved.data.planState).toMatchObject({ planName: "Creator", paymentMethod: "paypal" });
    // Only the page is exposed, not the stand-in's API.
    expect((await app.request("http://localhost/api/v1/sandbox/paypal/v2/checkout/orders", { method: "POST" }, sandbox)).status).toBe(404);
  });
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
