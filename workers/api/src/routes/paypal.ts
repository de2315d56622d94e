import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod/v4";
import { cancellations, members, payments } from "../../../../db/schema";
import {
  addMonths,
  couponRunning,
  discountEligible,
  hasPaymentRecord,
  isPaid,
  leftover,
  member,
  merchantUidPattern,
  moveToFree,
  newPeriod,
  planByName,
  planState,
  quote,
  refundable,
  type MemberRow,
  type PaymentRow,
  type PlanRow,
} from "../lib/billing";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { paypalGateway } from "../lib/payments/gateways";
import { captureOf, PayPalError, refundKey, toCents, type PayPalCapture, type PayPalOrder } from "../lib/payments/paypal";
import { GatewayError } from "../lib/payments/portone";
import { jsonBody, queryParams } from "../lib/validate";
import type { AppEnv } from "../env";
import { invoice, passwordChecked } from "../domain/payments";
import { closeOpenOrder, failRow, giveBack, lookUp } from "../domain/paypal-orders";

/**
 * Overseas members (spec sections 1 and 4): one month of a plan bought through PayPal in USD, with
 * no renewal. Flow: order (the payer approves it at PayPal), capture, then save (a purchase) or
 * upgrade-plan save, by flow type; and clearplan (refund within 7 days, or end the month now).
 * Our payments row (provider "paypal") is made with the order: it holds the server's price, and
 * the order's custom_id is its merchant_uid, so every later step finds the row through PayPal's
 * order and checks that it is this member's. While the row is pending its imp_uid is the PayPal
 * order id; once saved it is the capture id. Nothing changes the plan before PayPal has confirmed
 * a capture of exactly the row's amount.
 */

type Ctx = Context<AppEnv>;
type Flow = "save" | "upgrade";

const absoluteUrl = z
  .string()
  .max(2000)
  .refine((v) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol), "an absolute http(s) URL");
const paypalId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const plan = z.string().min(1).max(40);
const flow = z.enum(["save", "upgrade"]);
const orderBody = z.object({ plan, flow: flow.default("save"), return_url: absoluteUrl, cancel_url: absoluteUrl });
const captureBody = z.object({ plan, orderID: paypalId });
const saveBody = z.object({ plan_name: plan, orderID: paypalId, payerID: z.string().max(64).default(""), merchant_uid: z.string().regex(merchantUidPattern), authorization_id: paypalId });
const clearBody = z.object({
  reason_clear: z.string().trim().max(200).default(""),
  comment: z.string().trim().max(2000).default(""),
  option: z.enum(["refund", "end"]),
  pwd: z.string().max(64).optional(),
});
const quoteQuery = z.object({ plan, flow: flow.default("save") });

const kindOf = (f: Flow) => (f === "save" ? ("purchase" as const) : ("upgrade" as const));

/** The USD price of `target` for this flow: a purchase gets the first-month 50% when eligible; an upgrade is full price. */
const priceFor = (m: MemberRow, target: PlanRow, f: Flow, paidBefore: boolean) => quote(target, "USD", f === "save" && discountEligible(m, paidBefore));

/** What keeps this member from buying `target` by this flow right now, if anything. */
async function refusal(c: Ctx, m: MemberRow, target: PlanRow, f: Flow, t: number) {
  if (couponRunning(m, t)) return Code.COUPON_PERIOD;
  if (target.priceEnCents <= 0) return Code.PLAN_CHANGE_INVALID;
  if (f === "save") return isPaid(m) ? Code.ALREADY_SUBSCRIBED : null;
  // An upgrade through PayPal is for a PayPal month; card subscribers upgrade with their card.
  if (!isPaid(m) || m.paymentMethod !== "paypal") return Code.NO_SUBSCRIPTION;
  const current = await planByName(c.var.db, m.plan);
  return !current || target.tier <= current.tier ? Code.PLAN_CHANGE_INVALID : null;
}

/** Why a confirmed capture is not the one of this row, or null. */
function captureProblem(order: PayPalOrder, capture: PayPalCapture, row: PaymentRow) {
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid) return "the order is not this payment's";
  if (capture.amount.currency_code !== row.currency) return `currency mismatch: captured ${capture.amount.currency_code}, expected ${row.currency}`;
  const captured = toCents(capture.amount.value);
  if (captured !== row.amount) return `amount mismatch: captured ${captured}, expected ${row.amount}`;
  return null;
}

/** The member's row of a PayPal order (found through the order's custom_id), or null when it is not theirs. */
async function rowOfOrder(c: Ctx, order: PayPalOrder) {
  const uid = order.purchase_units?.[0]?.custom_id;
  if (!uid) return null;
  const row = await c.var.db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantUid, uid), eq(payments.memberId, c.var.member.id), eq(payments.provider, "paypal")))
    .get();
  return row ?? null;
}

const gatewayFailure = (c: Ctx, err: unknown) => {
  if (err instanceof GatewayError) return fail(c, Code.GATEWAY_FAILED);
  throw err;
};

/** A PayPal payment saved (or replayed): the invoice and the plan state after it. */
async function saved(c: Ctx, payment: PaymentRow, replay: boolean, t: number) {
  const m = await member(c.var.db, c.var.member.id);
  return ok(c, { payment: invoice(payment), replay, planState: m ? await planState(c.var.db, m, t) : null });
}

/**
 * Save or upgrade-plan save: checks the capture with PayPal (completed, this row's order, capture
 * id, payer, amount and currency equal to the server's price now), then starts the PayPal month in
 * the same D1 batch that marks the payment paid. The same order again changes nothing.
 */
async function save(c: Ctx, f: Flow, b: z.output<typeof saveBody>) {
  const t = now(c);
  const db = c.var.db;
  const [row, m] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantUid, b.merchant_uid), eq(payments.memberId, c.var.member.id), eq(payments.provider, "paypal")))
      .get(),
    member(db, c.var.member.id),
  ]);
  if (!m) return fail(c, Code.LOGIN_REQUIRED);
  if (!row) return fail(c, Code.NOT_FOUND);
  if (row.kind !== kindOf(f) || row.plan !== b.plan_name) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order was made for another plan or flow" } });
  if (row.status === "paid" || row.status === "refunded") {
    if (row.impUid === b.authorization_id) return saved(c, row, true, t);
    return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another capture" } });
  }
  if (row.status === "failed") return fail(c, Code.PAYPAL_ORDER_CLOSED, { data: { reason: row.failReason } });
  if (row.impUid !== b.orderID) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another order" } });

  const wallet = paypalGateway(c.env);
  if (!wallet) return fail(c, Code.GATEWAY_FAILED);
  let order: PayPalOrder | null;
  try {
    order = await lookUp(wallet, b.orderID);
  } catch (err) {
    return gatewayFailure(c, err);
  }
  if (!order) return fail(c, Code.NOT_FOUND);
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order is not this payment's" } });
  if (order.status !== "COMPLETED") return fail(c, order.status === "APPROVED" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_NOT_APPROVED);
  const capture = order.purchase_units?.[0]?.payments?.captures?.find((x) => x.id === b.authorization_id);
  if (!capture) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another capture" } });
  if (b.payerID && order.payer?.payer_id !== b.payerID) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another payer" } });
  if (capture.status !== "COMPLETED") return fail(c, capture.status === "PENDING" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_ORDER_CLOSED, { data: { reason: `capture ${capture.status}` } });

  // From here the money has moved: a payment we refuse is given back.
  const problem = captureProblem(order, capture, row);
  if (problem) {
    await giveBack(c, wallet, row, capture, problem);
    return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: problem } });
  }
  const [target, paidBefore] = await Promise.all([planByName(db, row.plan), hasPaymentRecord(db, m.id)]);
  const price = target ? priceFor(m, target, f, paidBefore) : null;
  if (!target || !price || price.amount !== row.amount || price.currency !== row.currency) {
    const reason = `price changed: now ${price?.amount ?? "none"}, captured ${row.amount}`;
    await giveBack(c, wallet, row, capture, reason);
    return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason } });
  }
  const refused = await refusal(c, m, target, f, t);
  if (refused) {
    await giveBack(c, wallet, row, capture, `refused at save (${refused})`);
    return fail(c, refused);
  }

  const end = addMonths(t, 1);
  const carry = f === "upgrade" ? await leftover(db, m, t) : {};
  const memberSet = newPeriod(target.plan, t, end, { method: "paypal", ...carry, usedDiscount: row.discount > 0 });
  // One transaction: the member changes only while the payment is still pending, and it is marked paid with it.
  const [, marked] = await db.batch([
    db
      .update(members)
      .set(memberSet)
      .where(and(eq(members.id, m.id), sql`EXISTS (SELECT 1 FROM payments WHERE no = ${row.no} AND status = 'pending')`)),
    db
      .update(payments)
      .set({ status: "paid", impUid: capture.id, paidAt: t, periodStart: t, periodEnd: end, failReason: "" })
      .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
      .returning(),
  ]);
  const paid = marked[0];
  if (paid) return saved(c, paid, false, t);
  // A concurrent save of the same order got there first.
  const now_ = await db.select().from(payments).where(eq(payments.no, row.no)).get();
  if (now_ && now_.status === "paid" && now_.impUid === capture.id) return saved(c, now_, true, t);
  return fail(c, Code.PAYMENT_IN_PROGRESS);
}

export const paypalRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /** The USD price `/paypal_order` will ask for (the PayPal purchase modal shows it). */
  .get("/paypal_quote", queryParams(quoteQuery), async (c) => {
    const q = c.req.valid("query");
    const [target, m, paidBefore] = await Promise.all([planByName(c.var.db, q.plan), member(c.var.db, c.var.member.id), hasPaymentRecord(c.var.db, c.var.member.id)]);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (!target || target.priceEnCents <= 0) return fail(c, Code.PLAN_CHANGE_INVALID);
    return ok(c, { ...priceFor(m, target, q.flow, paidBefore), flow: q.flow });
  })
  /** Creates the PayPal order for one month of `plan`; the client sends the payer to `approve_url`. */
  .post("/paypal_order", jsonBody(orderBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const db = c.var.db;
    const [target, m, paidBefore] = await Promise.all([planByName(db, b.plan), member(db, c.var.member.id), hasPaymentRecord(db, c.var.member.id)]);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (!target) return fail(c, Code.PLAN_CHANGE_INVALID);
    const refused = await refusal(c, m, target, b.flow, t);
    if (refused) return fail(c, refused);
    const wallet = paypalGateway(c.env);
    if (!wallet) return fail(c, Code.GATEWAY_FAILED);
    const closed = await closeOpenOrder(c, wallet, m.id);
    if (closed) return fail(c, closed);

    const price = priceFor(m, target, b.flow, paidBefore);
    const merchantUid = `paypal_${crypto.randomUUID().replaceAll("-", "")}`;
    let row: PaymentRow;
    try {
      const inserted = await db
        .insert(payments)
        .values({
          memberId: m.id,
          merchantUid,
          provider: "paypal",
          kind: kindOf(b.flow),
          plan: target.plan,
          currency: "USD",
          price: price.list_price,
          discount: price.discount,
          amount: price.amount,
          status: "pending",
          cardName: "PayPal",
          createdAt: t,
        })
        .returning();
      row = inserted[0]!;
    } catch (err) {
      // payments_one_pending: a card payment (or another order) of this member is in flight.
      if (String((err as { cause?: { message?: string } })?.cause?.message ?? err).includes("UNIQUE constraint failed: payments.member_id")) return fail(c, Code.PAYMENT_IN_PROGRESS);
      throw err;
    }
    let created;
    try {
      created = await wallet.createOrder({
        merchantUid,
        amount: price.amount,
        currency: "USD",
        description: `Voice Studio ${target.plan} (1 month)`,
        returnUrl: b.return_url,
        cancelUrl: b.cancel_url,
      });
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      // An order PayPal may have made without answering is never approved, so nothing is charged.
      await failRow(c, row, `order not created: ${err.message}`);
      return fail(c, Code.GATEWAY_FAILED);
    }
    await db.update(payments).set({ impUid: created.order.id }).where(eq(payments.no, row.no));
    return ok(c, {
      orderID: created.order.id,
      approve_url: created.approveUrl,
      merchant_uid: merchantUid,
      plan: target.plan,
      flow: b.flow,
      currency: "USD",
      list_price: price.list_price,
      discount: price.discount,
      amount: price.amount,
    });
  })
  /** Captures an approved order of this member (server to PayPal); a repeated call answers the same capture. */
  .post("/paypal_payment", jsonBody(captureBody), async (c) => {
    const b = c.req.valid("json");
    const wallet = paypalGateway(c.env);
    if (!wallet) return fail(c, Code.GATEWAY_FAILED);
    let order: PayPalOrder | null;
    try {
      order = await lookUp(wallet, b.orderID);
    } catch (err) {
      return gatewayFailure(c, err);
    }
    const row = order && (await rowOfOrder(c, order));
    if (!order || !row) return fail(c, Code.NOT_FOUND);
    if (row.plan !== b.plan) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order was made for another plan" } });
    if (row.status === "failed") return fail(c, Code.PAYPAL_ORDER_CLOSED, { data: { reason: row.failReason } });
    if (row.status === "pending" && row.impUid !== order.id) return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another order" } });

    if (row.status === "pending" && order.status !== "COMPLETED") {
      if (order.status !== "APPROVED") return fail(c, Code.PAYPAL_NOT_APPROVED);
      try {
        order = await wallet.capture(order.id, `capture-${row.merchantUid}`);
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") return fail(c, Code.PAYPAL_NOT_APPROVED);
        if (err instanceof PayPalError && err.status === 422 && err.issue !== "ORDER_ALREADY_CAPTURED") {
          // INSTRUMENT_DECLINED and other refusals: nothing was taken; the member starts again.
          await failRow(c, row, `${err.issue || err.errorName}: ${err.message}`);
          return fail(c, Code.PAYPAL_DECLINED, { data: { reason: err.issue || err.errorName } });
        }
        if (err instanceof PayPalError && err.issue !== "ORDER_ALREADY_CAPTURED") return fail(c, Code.GATEWAY_FAILED);
        // The answer was lost (or another request captured first): PayPal says whether money moved.
        try {
          order = await lookUp(wallet, b.orderID);
        } catch (again) {
          return gatewayFailure(c, again);
        }
        if (!order || order.status !== "COMPLETED") return fail(c, Code.GATEWAY_FAILED);
      }
    }
    const capture = captureOf(order);
    if (!capture) return fail(c, Code.PAYPAL_NOT_CAPTURED);
    if (row.status === "pending") {
      if (capture.status === "PENDING") return fail(c, Code.PAYPAL_NOT_CAPTURED);
      if (capture.status === "DECLINED" || capture.status === "FAILED") {
        await failRow(c, row, `capture ${capture.status}`);
        return fail(c, Code.PAYPAL_DECLINED, { data: { reason: capture.status } });
      }
      const problem = captureProblem(order, capture, row);
      if (problem) {
        await giveBack(c, wallet, row, capture, problem);
        return fail(c, Code.PAYPAL_ORDER_MISMATCH, { data: { reason: problem } });
      }
    }
    return ok(c, {
      orderID: order.id,
      payerID: order.payer?.payer_id ?? "",
      merchant_uid: row.merchantUid,
      authorization_id: capture.id,
      status: capture.status,
      amount: row.amount,
      currency: row.currency,
    });
  })
  .post("/paypal_save", jsonBody(saveBody), (c) => save(c, "save", c.req.valid("json")))
  .post("/paypal_upgradeplan", jsonBody(saveBody), (c) => save(c, "upgrade", c.req.valid("json")))
  /**
   * Ends the PayPal month (spec section 4): "refund" within 7 days of the payment and with no AI
   * used (less the fee, as billing.refundable says), "end" now without a refund; Free at once.
   */
  .post("/paypal_clearplan", jsonBody(clearBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const db = c.var.db;
    const m = await member(db, c.var.member.id);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (!isPaid(m) || m.paymentMethod !== "paypal") return fail(c, Code.NO_SUBSCRIPTION);
    const checked = await passwordChecked(c, b.pwd);
    if (checked !== true) return fail(c, checked);
    let refunded = { refund_amount: 0, fee: 0 };
    if (b.option === "refund") {
      const r = await refundable(db, m, t);
      if (!r.eligible) return fail(c, r.reason === "none" ? Code.NO_SUBSCRIPTION : Code.REFUND_NOT_ALLOWED, { data: { reason: r.reason } });
      const p = r.payment;
      const wallet = paypalGateway(c.env);
      if (p.provider !== "paypal" || !p.impUid || !wallet) return fail(c, Code.TERMINATION_FAILED);
      try {
        await wallet.refund(p.impUid, { amount: r.refund_amount, currency: p.currency, requestId: refundKey(p.merchantUid), note: b.reason_clear || "refund within 7 days" });
      } catch (err) {
        if (err instanceof GatewayError) return fail(c, Code.TERMINATION_FAILED);
        throw err;
      }
      await db.update(payments).set({ status: "refunded", refundAmount: r.refund_amount, refundFee: r.fee, refundedAt: t }).where(and(eq(payments.no, p.no), eq(payments.status, "paid")));
      refunded = { refund_amount: r.refund_amount, fee: r.fee };
    }
    await db.insert(cancellations).values({ memberId: m.id, plan: m.plan, reason: b.reason_clear, comment: b.comment, kind: b.option === "refund" ? "refund" : "cancel", createdAt: t });
    await moveToFree(db, c.env.MEDIA, m.id);
    const after = await member(db, m.id);
    return ok(c, { option: b.option, ...refunded, currency: "USD", planState: after ? await planState(db, after, t) : null });
  });
