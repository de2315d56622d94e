import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { members, payments } from "../../../../../db/schema";
import { now } from "../../lib/clock";
import { Code } from "../../lib/codes";
import { done, refused, type Outcome } from "../../lib/outcome";
import { paypalGateway, paypalWebhookId } from "../../integrations/payments/gateways";
import {
  captureOf,
  PayPalError,
  toCents,
  WEBHOOK_HEADERS,
  type PayPal,
  type PayPalCapture,
  type PayPalEvent,
  type PayPalOrder,
} from "../../integrations/payments/paypal";
import { GatewayError } from "../../integrations/payments/portone";
import type { AppEnv } from "../../env";
import { invoice } from "./payments";
import { planByName } from "./plans";
import { hasPaymentRecord, leftover, member, moveToFree, planStateOf } from "./plan-state";
import {
  addMonths,
  discountEligible,
  newPeriod,
  paypalRefusal,
  quote,
  type Db,
  type MemberRow,
  type PaymentRow,
  type PlanRow,
} from "./rules";

/**
 * PayPal months for overseas members (spec sections 1 and 4): one month of a plan bought through PayPal
 * in USD, with no renewal. Flow: order (the payer approves it at PayPal), capture, then save (a purchase)
 * or upgrade-plan save, by flow type; ending the month (with or without a refund) is in refunds.ts.
 * Our payments row (provider "paypal") is made with the order: it holds the server's price, and the
 * order's custom_id is its merchant_uid, so every later step finds the row through PayPal's order and
 * checks that it is this member's. While the row is pending its imp_uid is the PayPal order id; once
 * saved it is the capture id. Nothing changes the plan before PayPal has confirmed a capture of exactly
 * the row's amount. The card flows are in card.ts.
 */

type Ctx = Context<AppEnv>;
export type Flow = "save" | "upgrade";

const kindOf = (f: Flow) => (f === "save" ? ("purchase" as const) : ("upgrade" as const));

/** The USD price of `target` for this flow: a purchase gets the first-month 50% when eligible; an upgrade is full price. */
const priceFor = (m: MemberRow, target: PlanRow, f: Flow, paidBefore: boolean) =>
  quote(target, "USD", f === "save" && discountEligible(m, paidBefore));

/** What keeps this member from buying `target` by this flow right now, if anything. */
async function refusal(db: Db, m: MemberRow, target: PlanRow, f: Flow, t: number) {
  return paypalRefusal(m, f === "upgrade" ? await planByName(db, m.plan) : null, target, f, t);
}

// ---------------------------------------------------------------------------------------------
// Orders' rows

/** A pending row that will not be paid, marked failed with why. */
export async function failRow(db: Db, row: PaymentRow, reason: string) {
  await db
    .update(payments)
    .set({ status: "failed", failReason: reason.slice(0, 300) })
    .where(and(eq(payments.no, row.no), eq(payments.status, "pending")));
}

/** Money PayPal took for an order we will not honour goes back in full (the same key never refunds twice). */
async function giveBack(db: Db, wallet: PayPal, row: PaymentRow, capture: PayPalCapture, reason: string) {
  let note = "refunded";
  try {
    await wallet.refund(capture.id, {
      amount: toCents(capture.amount.value),
      currency: capture.amount.currency_code,
      requestId: `void-${row.merchantUid}`,
      note: reason,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (!(err instanceof PayPalError && err.issue === "CAPTURE_FULLY_REFUNDED")) {
      note = `refund failed: ${err.message}`;
      console.warn("paypal give-back failed", row.merchantUid, err.message);
    }
  }
  await failRow(db, row, `${reason} (${note})`);
}

/** GET the order; null when PayPal does not know it. */
async function lookUp(wallet: PayPal, orderId: string) {
  try {
    return await wallet.order(orderId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Only one payment of a member is pending at a time. An earlier PayPal order that was left (the
 * payer never came back) is closed before a new one (or a card payment, card.ts) starts; if PayPal
 * shows it captured but it was never saved, the money goes back. Answers a code when the earlier
 * order cannot be settled.
 */
export async function closeOpenOrder(db: Db, wallet: PayPal, memberId: string) {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, "pending"), eq(payments.provider, "paypal")))
    .get();
  if (!open) return null;
  let order: PayPalOrder | null = null;
  if (open.impUid) {
    try {
      order = await lookUp(wallet, open.impUid);
    } catch (err) {
      if (err instanceof GatewayError) return Code.GATEWAY_FAILED;
      throw err;
    }
  }
  const capture = order?.status === "COMPLETED" ? captureOf(order) : null;
  // A capture PayPal holds PENDING (a review, an eCheck) may still complete: it is settled by PayPal's webhook
  // or the hourly cron (settleOrder), not dropped, and the member waits for it as for any payment in flight.
  if (capture?.status === "PENDING") return Code.PAYMENT_IN_PROGRESS;
  if (capture) await giveBack(db, wallet, open, capture, "captured but never saved; replaced by a newer order");
  else await failRow(db, open, "not completed; replaced by a newer order");
  return null;
}

/** Why a confirmed capture is not the one of this row, or null. */
function captureProblem(order: PayPalOrder, capture: PayPalCapture, row: PaymentRow) {
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid) return "the order is not this payment's";
  if (capture.amount.currency_code !== row.currency)
    return `currency mismatch: captured ${capture.amount.currency_code}, expected ${row.currency}`;
  const captured = toCents(capture.amount.value);
  if (captured !== row.amount) return `amount mismatch: captured ${captured}, expected ${row.amount}`;
  return null;
}

/** The member's row of a PayPal order (found through the order's custom_id), or null when it is not theirs. */
async function rowOfOrder(db: Db, memberId: string, order: PayPalOrder) {
  const uid = order.purchase_units?.[0]?.custom_id;
  if (!uid) return null;
  const row = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantUid, uid), eq(payments.memberId, memberId), eq(payments.provider, "paypal")))
    .get();
  return row ?? null;
}

/** A gateway failure answers 5040; anything else is a bug and is thrown. */
const gatewayFailure = (err: unknown) => {
  if (err instanceof GatewayError) return refused(Code.GATEWAY_FAILED);
  throw err;
};

// ---------------------------------------------------------------------------------------------
// The flow

/** The USD price `order` will ask for (the PayPal purchase modal shows it). */
export async function paypalQuote(c: Ctx, planName: string, f: Flow) {
  const [target, m, paidBefore] = await Promise.all([
    planByName(c.var.db, planName),
    member(c.var.db, c.var.member.id),
    hasPaymentRecord(c.var.db, c.var.member.id),
  ]);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  if (!target || target.priceEnCents <= 0) return refused(Code.PLAN_CHANGE_INVALID);
  return done({ ...priceFor(m, target, f, paidBefore), flow: f });
}

/**
 * Creates the PayPal order for one month of `plan`; the client sends the payer to `approve_url`. The route settles a
 * card payment the member left pending first (card.ts `settleMembersLost`; there, so this module need not import card.ts,
 * which imports it).
 */
export async function order(c: Ctx, b: { plan: string; flow: Flow; return_url: string; cancel_url: string }) {
  const t = now(c);
  const db = c.var.db;
  const [target, m, paidBefore] = await Promise.all([
    planByName(db, b.plan),
    member(db, c.var.member.id),
    hasPaymentRecord(db, c.var.member.id),
  ]);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  if (!target) return refused(Code.PLAN_CHANGE_INVALID);
  const refusedWith = await refusal(db, m, target, b.flow, t);
  if (refusedWith) return refused(refusedWith);
  const wallet = paypalGateway(c.env);
  if (!wallet) return refused(Code.GATEWAY_FAILED);
  const closed = await closeOpenOrder(db, wallet, m.id);
  if (closed) return refused(closed);

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
    if (String((err as { cause?: { message?: string } })?.cause?.message ?? err).includes("UNIQUE constraint failed: payments.member_id"))
      return refused(Code.PAYMENT_IN_PROGRESS);
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
    await failRow(db, row, `order not created: ${err.message}`);
    return refused(Code.GATEWAY_FAILED);
  }
  await db.update(payments).set({ impUid: created.order.id }).where(eq(payments.no, row.no));
  return done({
    orderID: created.order.id,
    approve_url: created.approveUrl,
    merchant_uid: merchantUid,
    plan: target.plan,
    flow: b.flow,
    currency: "USD" as const,
    list_price: price.list_price,
    discount: price.discount,
    amount: price.amount,
  });
}

/** Captures an approved order of this member (server to PayPal); a repeated call answers the same capture. */
export async function capture(c: Ctx, b: { plan: string; orderID: string }) {
  const db = c.var.db;
  const wallet = paypalGateway(c.env);
  if (!wallet) return refused(Code.GATEWAY_FAILED);
  let order: PayPalOrder | null;
  try {
    order = await lookUp(wallet, b.orderID);
  } catch (err) {
    return gatewayFailure(err);
  }
  const row = order && (await rowOfOrder(db, c.var.member.id, order));
  if (!order || !row) return refused(Code.NOT_FOUND);
  if (row.plan !== b.plan) return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "the order was made for another plan" });
  if (row.status === "failed") return refused(Code.PAYPAL_ORDER_CLOSED, { reason: row.failReason });
  if (row.status === "pending" && row.impUid !== order.id) return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "another order" });

  if (row.status === "pending" && order.status !== "COMPLETED") {
    if (order.status !== "APPROVED") return refused(Code.PAYPAL_NOT_APPROVED);
    try {
      order = await wallet.capture(order.id, `capture-${row.merchantUid}`);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") return refused(Code.PAYPAL_NOT_APPROVED);
      if (err instanceof PayPalError && err.status === 422 && err.issue !== "ORDER_ALREADY_CAPTURED") {
        // INSTRUMENT_DECLINED and other refusals: nothing was taken; the member starts again.
        await failRow(db, row, `${err.issue || err.errorName}: ${err.message}`);
        return refused(Code.PAYPAL_DECLINED, { reason: err.issue || err.errorName });
      }
      if (err instanceof PayPalError && err.issue !== "ORDER_ALREADY_CAPTURED") return refused(Code.GATEWAY_FAILED);
      // The answer was lost (or another request captured first): PayPal says whether money moved.
      try {
        order = await lookUp(wallet, b.orderID);
      } catch (again) {
        return gatewayFailure(again);
      }
      if (!order || order.status !== "COMPLETED") return refused(Code.GATEWAY_FAILED);
    }
  }
  const captured = captureOf(order);
  if (!captured) return refused(Code.PAYPAL_NOT_CAPTURED);
  if (row.status === "pending") {
    if (captured.status === "PENDING") return refused(Code.PAYPAL_NOT_CAPTURED);
    if (captured.status === "DECLINED" || captured.status === "FAILED") {
      await failRow(db, row, `capture ${captured.status}`);
      return refused(Code.PAYPAL_DECLINED, { reason: captured.status });
    }
    const problem = captureProblem(order, captured, row);
    if (problem) {
      await giveBack(db, wallet, row, captured, problem);
      return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: problem });
    }
  }
  return done({
    orderID: order.id,
    payerID: order.payer?.payer_id ?? "",
    merchant_uid: row.merchantUid,
    authorization_id: captured.id,
    status: captured.status,
    amount: row.amount,
    currency: row.currency,
  });
}

/** A PayPal payment saved (or replayed): the invoice and the plan state after it. */
async function saved(db: Db, memberId: string, payment: PaymentRow, replay: boolean, t: number) {
  return done({ payment: invoice(payment), replay, planState: await planStateOf(db, memberId, t) });
}

export type SaveInput = { plan_name: string; orderID: string; payerID: string; merchant_uid: string; authorization_id: string };

/**
 * Save or upgrade-plan save: checks the capture with PayPal (completed, this row's order, capture
 * id, payer, amount and currency equal to the server's price now), then starts the PayPal month in
 * the same D1 batch that marks the payment paid. The same order again changes nothing.
 */
export async function save(c: Ctx, f: Flow, b: SaveInput): Promise<Outcome<unknown>> {
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
  if (!m) return refused(Code.LOGIN_REQUIRED);
  if (!row) return refused(Code.NOT_FOUND);
  if (row.kind !== kindOf(f) || row.plan !== b.plan_name)
    return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "the order was made for another plan or flow" });
  if (row.status === "paid" || row.status === "refunded") {
    if (row.impUid === b.authorization_id) return saved(db, m.id, row, true, t);
    return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "another capture" });
  }
  if (row.status === "failed") return refused(Code.PAYPAL_ORDER_CLOSED, { reason: row.failReason });
  if (row.impUid !== b.orderID) return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "another order" });

  const wallet = paypalGateway(c.env);
  if (!wallet) return refused(Code.GATEWAY_FAILED);
  let order: PayPalOrder | null;
  try {
    order = await lookUp(wallet, b.orderID);
  } catch (err) {
    return gatewayFailure(err);
  }
  if (!order) return refused(Code.NOT_FOUND);
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid)
    return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "the order is not this payment's" });
  if (order.status !== "COMPLETED") return refused(order.status === "APPROVED" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_NOT_APPROVED);
  const captured = order.purchase_units?.[0]?.payments?.captures?.find((x) => x.id === b.authorization_id);
  if (!captured) return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "another capture" });
  if (b.payerID && order.payer?.payer_id !== b.payerID) return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: "another payer" });
  if (captured.status !== "COMPLETED")
    return refused(captured.status === "PENDING" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_ORDER_CLOSED, {
      reason: `capture ${captured.status}`,
    });

  return complete(db, wallet, m, row, order, captured, f, t);
}

/**
 * A pending row whose capture PayPal has confirmed COMPLETED: checked (this row's order, amount and currency
 * equal to the server's price now, the plan change still allowed) and applied, the PayPal month starting in the
 * same D1 batch that marks the payment paid, or the money given back. The member's save and the settling of a
 * capture PayPal completed later (a webhook, the hourly cron) both end here; the guarded batch lets one win.
 */
async function complete(
  db: Db,
  wallet: PayPal,
  m: MemberRow,
  row: PaymentRow,
  order: PayPalOrder,
  captured: PayPalCapture,
  f: Flow,
  t: number,
): Promise<Outcome<unknown>> {
  // The money has moved: a payment we refuse is given back.
  const problem = captureProblem(order, captured, row);
  if (problem) {
    await giveBack(db, wallet, row, captured, problem);
    return refused(Code.PAYPAL_ORDER_MISMATCH, { reason: problem });
  }
  const [target, paidBefore] = await Promise.all([planByName(db, row.plan), hasPaymentRecord(db, m.id)]);
  const price = target ? priceFor(m, target, f, paidBefore) : null;
  if (!target || !price || price.amount !== row.amount || price.currency !== row.currency) {
    const reason = `price changed: now ${price?.amount ?? "none"}, captured ${row.amount}`;
    await giveBack(db, wallet, row, captured, reason);
    return refused(Code.PAYPAL_ORDER_MISMATCH, { reason });
  }
  const refusedWith = await refusal(db, m, target, f, t);
  if (refusedWith) {
    await giveBack(db, wallet, row, captured, `refused at save (${refusedWith})`);
    return refused(refusedWith);
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
      .set({ status: "paid", impUid: captured.id, paidAt: t, periodStart: t, periodEnd: end, failReason: "" })
      .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
      .returning(),
  ]);
  const paid = marked[0];
  if (paid) return saved(db, m.id, paid, false, t);
  // A concurrent save of the same order got there first.
  const again = await db.select().from(payments).where(eq(payments.no, row.no)).get();
  if (again && again.status === "paid" && again.impUid === captured.id) return saved(db, m.id, again, true, t);
  return refused(Code.PAYMENT_IN_PROGRESS);
}

// ---------------------------------------------------------------------------------------------
// Captures PayPal settles later (PENDING at capture time): its webhook and the hourly cron

/** A PayPal order is left unfinished this long before the cron closes its row (nothing was charged). */
const ORDER_ABANDONED_MS = 86_400_000;
/** The cron leaves a pending row this long to the member's own return from PayPal (capture and save). */
const ORDER_SETTLE_AFTER_MS = 10 * 60_000;

const flowOf = (row: PaymentRow): Flow => (row.kind === "upgrade" ? "upgrade" : "save");

/**
 * Settles one pending PayPal row from what PayPal holds now: a completed capture is applied as the member's save
 * would (`complete`), a declined or failed one closes the row, a pending one waits. An order never captured is
 * closed after a day (the payer did not finish at PayPal). Answers what became of the row.
 */
export async function settleOrder(db: Db, wallet: PayPal, row: PaymentRow, t: number) {
  if (row.status !== "pending" || !row.impUid) return "unchanged" as const;
  const order = await lookUp(wallet, row.impUid);
  const captured = order && order.purchase_units?.[0]?.custom_id === row.merchantUid ? captureOf(order) : null;
  if (!order || !captured) {
    if (t - row.createdAt < ORDER_ABANDONED_MS) return "open" as const;
    await failRow(db, row, "not completed at PayPal within a day");
    return "failed" as const;
  }
  if (captured.status === "PENDING") return "pending" as const;
  if (captured.status === "DECLINED" || captured.status === "FAILED") {
    await failRow(db, row, `capture ${captured.status}`);
    return "failed" as const;
  }
  const m = await member(db, row.memberId!);
  if (!m) return "unchanged" as const;
  return (await complete(db, wallet, m, row, order, captured, flowOf(row), t)).ok ? ("paid" as const) : ("failed" as const);
}

/** The hourly cron's part: PayPal rows left pending past the member's own return, settled (bounded per run). */
export async function settlePendingOrders(env: AppEnv["Bindings"], db: Db, t: number) {
  const wallet = paypalGateway(env);
  if (!wallet) return 0;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), eq(payments.provider, "paypal"), sql`${payments.createdAt} <= ${t - ORDER_SETTLE_AFTER_MS}`))
    .limit(50);
  let settled = 0;
  for (const row of rows) {
    // One order PayPal does not answer for is tried again at the next run; the others go on.
    const outcome = await settleOrder(db, wallet, row, t).catch((err: unknown) => {
      if (err instanceof GatewayError) return "unchanged" as const;
      throw err;
    });
    if (outcome === "paid" || outcome === "failed") settled++;
  }
  return settled;
}

/** The webhook events of a capture this app acts on (PayPal's "Payments v2" events). */
const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
]);

/** The capture an event is about: the resource itself, or for a refund the capture its "up" link names. */
function captureIdOf(event: PayPalEvent) {
  if (event.event_type !== "PAYMENT.CAPTURE.REFUNDED") return event.resource?.id ?? null;
  const up = event.resource?.links?.find((l) => l.rel === "up")?.href ?? "";
  return up.match(/\/v2\/payments\/captures\/([^/?#]+)$/)?.[1] ?? null;
}

/**
 * POST /payment/paypal_webhook: PayPal's notification of a capture's change. The event is believed only after
 * PayPal's verify-webhook-signature says SUCCESS for our webhook's id; even then it is only a hint: the capture
 * is read again from PayPal and the row settled from that, so a replayed, duplicated or out-of-order event
 * changes nothing that is already settled. A refund made at PayPal (not through us) ends the month it paid for.
 */
export async function paypalWebhook(c: Ctx, raw: string): Promise<Outcome<{ event: string; outcome: string }>> {
  const wallet = paypalGateway(c.env);
  const webhookId = paypalWebhookId(c.env);
  if (!wallet || !webhookId) return refused(Code.NOT_FOUND);
  let event: PayPalEvent;
  try {
    event = JSON.parse(raw) as PayPalEvent;
  } catch {
    return refused(Code.MALFORMED_JSON);
  }
  const headers = Object.fromEntries(
    Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, c.req.header(header) ?? ""]),
  ) as Record<keyof typeof WEBHOOK_HEADERS, string>;
  if (!event || typeof event !== "object" || Object.values(headers).some((v) => !v)) return refused(Code.PAYPAL_WEBHOOK_UNVERIFIED);
  try {
    if (!(await wallet.verifyWebhook(headers, webhookId, event))) return refused(Code.PAYPAL_WEBHOOK_UNVERIFIED);
  } catch (err) {
    // PayPal's own 4xx (a malformed header) is a forgery's answer; no answer at all is retried by PayPal.
    if (err instanceof PayPalError && err.status < 500) return refused(Code.PAYPAL_WEBHOOK_UNVERIFIED);
    return gatewayFailure(err);
  }
  const type = String(event.event_type ?? "");
  const captureId = CAPTURE_EVENTS.has(type) ? captureIdOf(event) : null;
  if (!captureId) return done({ event: type, outcome: "ignored" });
  let captured: PayPalCapture;
  try {
    captured = await wallet.captureDetails(captureId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) return done({ event: type, outcome: "ignored" });
    return gatewayFailure(err);
  }
  const db = c.var.db;
  const row = captured.custom_id
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.merchantUid, captured.custom_id), eq(payments.provider, "paypal")))
        .get()
    : undefined;
  if (!row) return done({ event: type, outcome: "ignored" });
  const t = now(c);
  if (row.status === "pending") {
    try {
      return done({ event: type, outcome: await settleOrder(db, wallet, row, t) });
    } catch (err) {
      return gatewayFailure(err);
    }
  }
  // PayPal took money for an order we had closed: it goes back (the same key never refunds twice).
  if (row.status === "failed" && captured.status === "COMPLETED") {
    await giveBack(db, wallet, row, captured, "captured after the order was closed");
    return done({ event: type, outcome: "given back" });
  }
  if (row.status === "paid" && row.impUid === captured.id && captured.status === "REFUNDED") {
    await refundedAtPayPal(db, c.env.MEDIA, row, t);
    return done({ event: type, outcome: "refunded" });
  }
  return done({ event: type, outcome: "unchanged" });
}

/**
 * A capture PayPal reports fully refunded though we never refunded it (an operator at PayPal, a dispute): the
 * payment is marked refunded and, when it paid for the member's current month, the month ends now, as our own
 * refund would end it. Our refunds keep a fee, so PayPal reports them PARTIALLY_REFUNDED and they never get here.
 */
async function refundedAtPayPal(db: Db, media: R2Bucket, row: PaymentRow, t: number) {
  const [marked] = await db
    .update(payments)
    .set({ status: "refunded", refundAmount: row.amount, refundFee: 0, refundedAt: t })
    .where(and(eq(payments.no, row.no), eq(payments.status, "paid")))
    .returning();
  if (!marked) return;
  const m = await member(db, row.memberId!);
  if (!m || m.paymentMethod !== "paypal" || m.planEndAt !== row.periodEnd) return;
  await db.update(members).set({ subscription: "cancelled", planEndAt: t, nextPaymentAt: null }).where(eq(members.id, m.id));
  await moveToFree(db, media, m.id).catch((err: unknown) =>
    console.error("billing: the move to Free after a refund at PayPal failed; the billing cron ends the plan", m.id, err),
  );
}
