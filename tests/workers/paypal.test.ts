// PayPal months through the real adapter (integrations/payments/paypal.ts) against the PayPal stand-in
// (workers/api/src/sandbox/paypal.js) on api-m.paypal.com, as vitest.workers.config.ts routes it: the purchase and
// the local sandbox.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { addMonths } from "../../workers/api/src/domain/billing/rules";
import { Code } from "../../workers/api/src/lib/codes";
import { createApp } from "../../workers/api/src/app";
import { call, memberRow, type Loose } from "./billing-helpers";
import { worker, type Answer } from "./helpers";
import { newMember, DAY, RETURN_URL, CANCEL_URL, paymentRows, standinOrder, order, approve, buy } from "./paypal-helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

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
    // The order its payer cancelled is recorded as cancelled, not as a failed payment.
    expect((await paymentRows(m.id)).map((p) => p.status)).toEqual(["cancelled", "failed", "paid"]);
    expect((await standinOrder(captured.data.orderID)).purchase_units[0].payments.captures[0].status).toBe("REFUNDED");
    // The member's history says why, never "declined by the card issuer" (no card was involved).
    const items = (await call("/payment/list?page=1", m.token)).data.items as Loose[];
    // The history lists payments: the cancelled order is not one.
    expect(items.map((i) => [i.status, i.fail_kind])).toEqual([
      ["paid", null],
      ["failed", "unverified"],
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
