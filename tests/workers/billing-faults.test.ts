import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import api from "../../workers/api/src/index";
import { runBilling } from "../../workers/api/src/domain/billing/renewal";
import { Code } from "../../workers/api/src/lib/codes";
import { cardGateway } from "../../workers/api/src/integrations/payments/gateways";
import { call, CARD, CONSENTS, gatewayPayments, memberRow, newMember, subscriber, type Loose, type Member } from "./billing-helpers";
import { PASSWORD, worker } from "./helpers";

const db = drizzle(env.DB, { schema });

// Billing faults found by an operator's trial: the card gateway's documented Bearer scheme, parallel refunds,
// a card purchase interrupted by a crash, and PayPal captures left PENDING. Every call goes through the real
// adapters to the stand-ins built from the providers' documentation (vitest.workers.config.ts).

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("PortOne v1 authentication", () => {
  it("the stand-in takes `Authorization: Bearer <access_token>` only, as PortOne documents it", async () => {
    const token = await fetch("https://api.iamport.kr/users/getToken", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ imp_key: "portone-test-key", imp_secret: "portone-test-secret" }),
    }).then((r) => r.json<{ response: { access_token: string } }>());
    const access = token.response.access_token;
    const ask = (authorization?: string) =>
      fetch("https://api.iamport.kr/payments/find/nothing-here", { headers: authorization ? { authorization } : {} }).then((r) => r.status);
    expect(await ask(`Bearer ${access}`)).toBe(404);
    expect(await ask(access)).toBe(401);
    expect(await ask(`bearer  ${access}`)).toBe(401);
    expect(await ask()).toBe(401);
    // The adapter speaks it: a purchase goes through.
    const m = await subscriber("Starter");
    expect(m.payment.status).toBe("paid");
  });
});

describe("parallel refunds", () => {
  it("every request that raced the one that refunded is answered truthfully, past the password limit too", async () => {
    const m = await subscriber("Creator");
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call("/payment/refund", m.token, { body: { pwd: PASSWORD, reason: "price" } })),
    );
    // One request refunded. The others read the member on the plan, or are past the password limit (then they are
    // answered with that refund), or read the member after it ended (then there is no paid plan); none is told
    // that termination failed, or "only within 7 days".
    expect(results.filter((r) => r.code === Code.OK && r.data.replay === false)).toHaveLength(1);
    for (const r of results) {
      expect([Code.OK, Code.NO_SUBSCRIPTION], r.message).toContain(r.code);
      if (r.code === Code.OK)
        expect(r.data).toMatchObject({ refund_amount: 6120, fee: 330, currency: "KRW", planState: { planName: "Free" } });
    }
    // Once at the gateway, one row marked, one cancellation recorded.
    expect((await gatewayPayments()).find((p) => p.imp_uid === m.payment.imp_uid)).toMatchObject({ cancel_amount: 6120 });
    const rows = await env.DB.prepare("SELECT status, refund_amount FROM payments WHERE member_id = ?").bind(m.id).all();
    expect(rows.results).toEqual([{ status: "refunded", refund_amount: 6120 }]);
    const cancels = await env.DB.prepare("SELECT COUNT(*) AS n FROM cancellations WHERE member_id = ?").bind(m.id).first();
    expect(cancels).toEqual({ n: 1 });
  });

  it("a refund the gateway already made (a concurrent request's, not yet recorded) is answered as made, not as failed", async () => {
    const m = await subscriber("Creator");
    // The other request's cancel reached PortOne; its row update has not happened yet.
    const cancelled = await fetch("https://api.iamport.kr/payments/cancel", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await portoneToken()}` },
      body: JSON.stringify({ imp_uid: m.payment.imp_uid, amount: 6120, checksum: 6450, reason: "price" }),
    }).then((x) => x.json<{ code: number }>());
    expect(cancelled.code).toBe(0);
    for (const lang of ["en", "kr"]) {
      const r = await call("/payment/refund", m.token, { body: { pwd: PASSWORD }, lang });
      if (lang === "en") {
        expect(r.code, r.message).toBe(Code.OK);
        expect(r.data).toMatchObject({ refund_amount: 6120, fee: 330, replay: false, planState: { planName: "Free" } });
      } else expect(r.message).toBe("이용 중인 유료 요금제가 없습니다.");
    }
    // Given back once, recorded once.
    expect((await gatewayPayments()).find((p) => p.imp_uid === m.payment.imp_uid)).toMatchObject({ cancel_amount: 6120 });
    expect(await env.DB.prepare("SELECT status FROM payments WHERE member_id = ?").bind(m.id).first()).toEqual({ status: "refunded" });
  });

  it("a member's refund answers no other member's; a visitor is asked to sign in", async () => {
    const owner = await subscriber("Starter");
    const other = await subscriber("Starter");
    const [mine, theirs] = await Promise.all([
      call("/payment/refund", owner.token, { body: { pwd: PASSWORD } }),
      call("/payment/refund", other.token, { body: { pwd: PASSWORD } }),
    ]);
    expect([mine.code, theirs.code]).toEqual([Code.OK, Code.OK]);
    expect([mine.data.replay, theirs.data.replay]).toEqual([false, false]);
    for (const m of [owner, other]) {
      const rows = await env.DB.prepare("SELECT imp_uid, status FROM payments WHERE member_id = ?").bind(m.id).all();
      expect(rows.results).toEqual([{ imp_uid: m.payment.imp_uid, status: "refunded" }]);
    }
    const visitor = await worker.fetch("http://localhost/api/v1/payment/refund", {
      method: "POST",
      headers: { "content-type": "application/json", lang: "en" },
      body: JSON.stringify({ pwd: PASSWORD }),
    });
    expect(visitor.status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------
// A card purchase interrupted by a crash

/** A PortOne access token, as the adapter gets one. */
async function portoneToken() {
  const r = await fetch("https://api.iamport.kr/users/getToken", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ imp_key: "portone-test-key", imp_secret: "portone-test-secret" }),
  }).then((x) => x.json<{ response: { access_token: string } }>());
  return r.response.access_token;
}

/**
 * What a request that died mid-purchase leaves: our pending row (created `ageMs` ago) and, when `charged`, the
 * charge at the gateway that nobody recorded.
 */
async function interrupted(m: Member, opts: { charged: boolean; ageMs: number; plan?: string; amount?: number }) {
  const merchantUid = `purchase_crash_${crypto.randomUUID().replaceAll("-", "")}`;
  const plan = opts.plan ?? "Starter";
  const amount = opts.amount ?? 2450;
  const card = await env.DB.prepare("SELECT customer_uid, card_name FROM cards WHERE member_id = ? AND main = 1")
    .bind(m.id)
    .first<{ customer_uid: string; card_name: string }>();
  await env.DB.prepare(
    "INSERT INTO payments (member_id, merchant_uid, provider, kind, plan, currency, price, discount, amount, status, card_name, created_at) VALUES (?, ?, 'portone', 'purchase', ?, 'KRW', ?, ?, ?, 'pending', ?, ?)",
  )
    .bind(m.id, merchantUid, plan, amount * 2 - 50, amount - 50, amount, card!.card_name, Date.now() - opts.ageMs)
    .run();
  if (opts.charged) {
    const res = await fetch("https://api.iamport.kr/subscribe/payments/again", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await portoneToken()}` },
      body: JSON.stringify({ customer_uid: card!.customer_uid, merchant_uid: merchantUid, amount, name: `Voice Studio ${plan}` }),
    }).then((x) => x.json<{ code: number }>());
    expect(res.code).toBe(0);
  }
  return merchantUid;
}

const rowOf = async (merchantUid: string) =>
  (await env.DB.prepare("SELECT * FROM payments WHERE merchant_uid = ?").bind(merchantUid).first<Loose>())!;

async function withCard() {
  const m = await newMember();
  expect((await call("/payment/registcard", m.token, { body: CARD })).success).toBe(true);
  return m;
}

describe("a card purchase interrupted by a crash", () => {
  it("is shown as being checked, then settled by the member's next look at the history: charged means the plan", async () => {
    const m = await withCard();
    const q = await call("/payment/quote?plan=Starter", m.token);
    const uid = await interrupted(m, { charged: true, ageMs: 10_000, amount: q.data.amount });
    // Still within the time a request may wait for the gateway: shown pending ("checking with the card company").
    const during = await call("/payment/list?page=1", m.token);
    expect(during.data.items[0]).toMatchObject({ status: "pending", method: "card", plan: "Starter", imp_uid: null, fail_kind: null });
    expect((await call("/payment/payment", m.token, { body: { plan: "Starter", amount: q.data.amount, ...CONSENTS } })).code).toBe(
      Code.PAYMENT_IN_PROGRESS,
    );
    // Past it (the clock moved on): the history asks the gateway, applies the charge and lists it paid.
    const after = await call("/payment/list?page=1", m.token, { at: Date.now() + 60_000 });
    expect(after.data.items[0]).toMatchObject({ status: "paid", plan: "Starter" });
    expect(after.data.total).toBe(1);
    expect(await rowOf(uid)).toMatchObject({ status: "paid" });
    expect(await memberRow(m.id)).toMatchObject({ plan: "Starter", payment_method: "card", subscription: "active" });
    // Charged once at the gateway.
    expect((await gatewayPayments()).filter((p) => p.merchant_uid === uid)).toHaveLength(1);
  });

  it("not charged: the member's next purchase marks it failed (nothing charged) and goes through", async () => {
    const m = await withCard();
    const q = await call("/payment/quote?plan=Starter", m.token);
    const uid = await interrupted(m, { charged: false, ageMs: 70_000, amount: q.data.amount });
    const bought = await call("/payment/payment", m.token, { body: { plan: "Starter", amount: q.data.amount, ...CONSENTS } });
    expect(bought.code, bought.message).toBe(Code.OK);
    expect(await rowOf(uid)).toMatchObject({ status: "failed" });
    const items = (await call("/payment/list?page=1", m.token)).data.items as Loose[];
    expect(items.map((i) => [i.status, i.fail_kind])).toEqual([
      ["paid", null],
      ["failed", "interrupted"],
    ]);
    expect((await gatewayPayments()).filter((p) => p.merchant_uid === uid)).toHaveLength(0);
  });

  it("the every-minute cron settles it when the member does not come back, within 2 minutes of the crash", async () => {
    const charged = await withCard();
    const lost = await withCard();
    const a = await interrupted(charged, { charged: true, ageMs: 61_000 });
    const b = await interrupted(lost, { charged: false, ageMs: 61_000 });
    const ctx = createExecutionContext();
    await api.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await rowOf(a)).toMatchObject({ status: "paid" });
    expect((await memberRow(charged.id)).plan).toBe("Starter");
    expect(await rowOf(b)).toMatchObject({ status: "failed", fail_reason: "interrupted: no payment at the gateway" });
    expect((await memberRow(lost.id)).plan).toBe("Free");
  });

  it("another member's history neither shows nor settles it; a visitor is asked to sign in", async () => {
    const owner = await withCard();
    const other = await withCard();
    const uid = await interrupted(owner, { charged: true, ageMs: 90_000 });
    const theirs = await call("/payment/list?page=1", other.token);
    expect(theirs.data.items).toEqual([]);
    expect(await rowOf(uid)).toMatchObject({ status: "pending" });
    const visitor = await worker.fetch("http://localhost/api/v1/payment/list?page=1", { headers: { lang: "en" } });
    expect(visitor.status).toBe(401);
    expect(await rowOf(uid)).toMatchObject({ status: "pending" });
    // The owner's own look settles it; in Korean the history still answers.
    const mine = await call("/payment/list?page=1", owner.token, { lang: "kr" });
    expect(mine.data.items[0]).toMatchObject({ status: "paid" });
  });
});

// ---------------------------------------------------------------------------------------------
// PayPal captures left PENDING

const RETURN_URL = "https://app.test/dashboard/plan/paypal/return?flow=save&plan=Starter";
const CANCEL_URL = "https://app.test/dashboard/plan/upgrade";

/** Order and approval by `payer` at the stand-in, then the capture call of the return page. */
async function orderAndCapture(m: Member, payer: string, plan = "Starter") {
  const o = await call("/payment/paypal_order", m.token, { body: { plan, flow: "save", return_url: RETURN_URL, cancel_url: CANCEL_URL } });
  expect(o.code, o.message).toBe(Code.OK);
  const approved = await fetch(`${o.data.approve_url}&approve=1&payer=${encodeURIComponent(payer)}`, { redirect: "manual" });
  expect(approved.status).toBe(302);
  const captured = await call("/payment/paypal_payment", m.token, { body: { plan, orderID: o.data.orderID } });
  const order = (await (await fetch(`https://api-m.paypal.com/__standin/orders/${o.data.orderID}`)).json()) as Loose;
  return { order: o.data as Loose, captured, captureId: order.purchase_units[0].payments?.captures?.[0]?.id as string };
}

/** The delivery PayPal would make for a capture's event (the stand-in signs it), after setting its status if given. */
async function delivery(captureId: string, eventType: string, status?: string) {
  const res = await fetch(`https://api-m.paypal.com/__standin/captures/${captureId}/event`, {
    method: "POST",
    body: JSON.stringify({ event_type: eventType, status }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { headers: Record<string, string>; body: string };
}

/** Posts a delivery to our webhook, as PayPal does (no member, no lang). */
async function deliver(d: { headers: Record<string, string>; body: string }) {
  const res = await worker.fetch("http://localhost/api/v1/payment/paypal_webhook", { method: "POST", headers: d.headers, body: d.body });
  return { status: res.status, ...((await res.json()) as Loose) };
}

const paypalRow = async (memberId: string) =>
  (await env.DB.prepare("SELECT * FROM payments WHERE member_id = ? AND provider = 'paypal' ORDER BY no DESC")
    .bind(memberId)
    .first<Loose>())!;

describe("a PayPal capture left PENDING", () => {
  it("waits (a new order is refused, nothing is given back), then PayPal's verified webhook completes it; replays change nothing", async () => {
    const m = await newMember("pp");
    const first = await orderAndCapture(m, "pending@paypal.test");
    expect(first.captured.code).toBe(Code.PAYPAL_NOT_CAPTURED);
    expect(await paypalRow(m.id)).toMatchObject({ status: "pending" });
    // A new order does not drop (or refund) a capture PayPal may still complete.
    const again = await call("/payment/paypal_order", m.token, {
      body: { plan: "Starter", flow: "save", return_url: RETURN_URL, cancel_url: CANCEL_URL },
    });
    expect(again.code).toBe(Code.PAYMENT_IN_PROGRESS);
    expect(again.message).toBe("A payment is already in progress. Please check again in a moment.");

    const pending = await deliver(await delivery(first.captureId, "PAYMENT.CAPTURE.PENDING"));
    expect(pending).toMatchObject({ status: 200, code: Code.OK, data: { event: "PAYMENT.CAPTURE.PENDING", outcome: "pending" } });
    expect(await paypalRow(m.id)).toMatchObject({ status: "pending" });

    const completed = await delivery(first.captureId, "PAYMENT.CAPTURE.COMPLETED", "COMPLETED");
    // Tampered (another event type under the same signature) or without its headers: refused, nothing changes.
    const forged = await deliver({ ...completed, body: completed.body.replace("PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED") });
    expect(forged).toMatchObject({ status: 400, code: Code.PAYPAL_WEBHOOK_UNVERIFIED });
    const bare = await worker.fetch("http://localhost/api/v1/payment/paypal_webhook", {
      method: "POST",
      headers: { "content-type": "application/json", lang: "en" },
      body: completed.body,
    });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as Loose).message).toBe("The notification could not be verified as PayPal's.");
    expect(await paypalRow(m.id)).toMatchObject({ status: "pending" });

    const done = await deliver(completed);
    expect(done).toMatchObject({ status: 200, data: { outcome: "paid" } });
    const paid = await paypalRow(m.id);
    expect(paid).toMatchObject({ status: "paid", imp_uid: first.captureId, amount: 200 });
    const after = await memberRow(m.id);
    expect(after).toMatchObject({ plan: "Starter", payment_method: "paypal" });
    // The same delivery again, and a late PENDING one: nothing moves.
    expect(await deliver(completed)).toMatchObject({ status: 200, data: { outcome: "unchanged" } });
    expect(await deliver(await delivery(first.captureId, "PAYMENT.CAPTURE.PENDING"))).toMatchObject({ data: { outcome: "unchanged" } });
    expect(await memberRow(m.id)).toMatchObject({ plan_end_at: after.plan_end_at, plan_start_at: after.plan_start_at });
    expect((await call("/payment/list?page=1", m.token)).data.items).toHaveLength(1);
  });

  it("DENIED closes the row and nothing is charged; a refund made at PayPal ends the month it paid for", async () => {
    const d = await newMember("pp");
    const denied = await orderAndCapture(d, "pending@paypal.test");
    expect(await deliver(await delivery(denied.captureId, "PAYMENT.CAPTURE.DENIED", "DECLINED"))).toMatchObject({
      status: 200,
      data: { outcome: "failed" },
    });
    expect(await paypalRow(d.id)).toMatchObject({ status: "failed", fail_reason: "capture DECLINED" });
    expect((await memberRow(d.id)).plan).toBe("Free");
    // The member may buy again.
    const next = await orderAndCapture(d, "buyer@example.com");
    expect(next.captured.code).toBe(Code.OK);

    // A completed purchase refunded in full at PayPal (not through us).
    const r = await newMember("pp");
    const bought = await orderAndCapture(r, "buyer@example.com");
    const c = bought.captured.data;
    const saved = await call("/payment/paypal_save", r.token, {
      body: {
        plan_name: "Starter",
        orderID: c.orderID,
        payerID: c.payerID,
        merchant_uid: c.merchant_uid,
        authorization_id: c.authorization_id,
      },
    });
    expect(saved.code, saved.message).toBe(Code.OK);
    const token = await fetch("https://api-m.paypal.com/v1/oauth2/token", {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa("paypal-test-client:paypal-test-secret")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).then((x) => x.json<{ access_token: string }>());
    const refunded = await fetch(`https://api-m.paypal.com/v2/payments/captures/${bought.captureId}/refund`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(refunded.status).toBe(201);
    const event = await delivery(bought.captureId, "PAYMENT.CAPTURE.REFUNDED");
    expect(await deliver(event)).toMatchObject({ status: 200, data: { outcome: "refunded" } });
    expect(await paypalRow(r.id)).toMatchObject({ status: "refunded", refund_amount: 200, refund_fee: 0 });
    expect(await memberRow(r.id)).toMatchObject({ plan: "Free" });
    expect(await deliver(event)).toMatchObject({ status: 200, data: { outcome: "unchanged" } });
  });

  it("the hourly cron settles a capture PayPal completed when no webhook came, and closes an order left a day", async () => {
    const m = await newMember("pp");
    const left = await orderAndCapture(m, "pending@paypal.test");
    // PayPal completes the capture; its delivery is lost.
    await delivery(left.captureId, "PAYMENT.CAPTURE.COMPLETED", "COMPLETED");
    const t = Date.now() + 11 * 60_000;
    await runBilling(env, db, env.MEDIA, cardGateway(env), t);
    expect(await paypalRow(m.id)).toMatchObject({ status: "paid", imp_uid: left.captureId });
    expect((await memberRow(m.id)).plan).toBe("Starter");

    const gone = await newMember("pp");
    const o = await call("/payment/paypal_order", gone.token, {
      body: { plan: "Starter", flow: "save", return_url: RETURN_URL, cancel_url: CANCEL_URL },
    });
    expect(o.code).toBe(Code.OK);
    await runBilling(env, db, env.MEDIA, cardGateway(env), Date.now() + 11 * 60_000);
    expect(await paypalRow(gone.id)).toMatchObject({ status: "pending" });
    await runBilling(env, db, env.MEDIA, cardGateway(env), Date.now() + 86_400_000 + 1000);
    // Left at PayPal: cancelled, and not listed as a failed payment.
    expect(await paypalRow(gone.id)).toMatchObject({ status: "cancelled" });
    expect((await call("/payment/list?page=1", gone.token)).data.items).toEqual([]);
  });

  it("an event PayPal did not send, or for another webhook, settles nothing; a member's token gives no more", async () => {
    const owner = await newMember("pp");
    const other = await newMember("pp");
    const o = await orderAndCapture(owner, "pending@paypal.test");
    const d = await delivery(o.captureId, "PAYMENT.CAPTURE.COMPLETED", "COMPLETED");
    // Another member replays the owner's delivery with their own token: it is PayPal's word that counts, and the
    // settlement is the owner's order's, never the caller's.
    const res = await worker.fetch("http://localhost/api/v1/payment/paypal_webhook", {
      method: "POST",
      headers: { ...d.headers, "api-key": other.token, "paypal-transmission-sig": "Zm9yZ2Vk" },
      body: d.body,
    });
    expect(res.status).toBe(400);
    expect(await paypalRow(owner.id)).toMatchObject({ status: "pending" });
    expect((await memberRow(other.id)).plan).toBe("Free");
    // PayPal's own delivery settles the owner's order only.
    const mine = await deliver(d);
    expect(mine).toMatchObject({ status: 200, data: { outcome: "paid" } });
    expect((await memberRow(owner.id)).plan).toBe("Starter");
    expect((await memberRow(other.id)).plan).toBe("Free");
  });
});
