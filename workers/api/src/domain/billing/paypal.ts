/**
 * PayPal months for overseas members (spec sections 1 and 4): one month of a plan bought through PayPal
 * in USD, with no renewal. Flow: order (the payer approves it at PayPal), capture, then save (a purchase)
 * or upgrade-plan save, by flow type; ending the month (with or without a refund) is in refunds.ts.
 * Our payments row (provider "paypal") is made with the order: it holds the server's price, and the
 * order's custom_id is its merchant_uid, so every later step finds the row through PayPal's order and
 * checks that it is this member's. While the row is pending its imp_uid is the PayPal order id; once
 * saved it is the capture id. Nothing changes the plan before PayPal has confirmed a capture of exactly
 * the row's amount. The card flows are in cards.ts, charges.ts and plan-changes.ts; captures PayPal settles
 * later in paypal-settlement.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BillingScope } from "../scope";
import { members, payments } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { paypalGateway } from "../../integrations/payments/gateways";
import { captureOf, PayPalError, type PayPal, type PayPalCapture, type PayPalOrder } from "../../integrations/payments/paypal";
import { GatewayError } from "../../integrations/payments/portone";
import { invoice } from "./payments";
import { planByName } from "./plans";
import { hasPaymentRecord, leftover, member, planStateOf } from "./plan-state";
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

import { captureProblem, closeOpenOrder, failRow, gatewayFailure, giveBack, lookUp, rowOfOrder } from "./paypal-orders";

export type Flow = "save" | "upgrade";

export const kindOf = (f: Flow) => (f === "save" ? ("purchase" as const) : ("upgrade" as const));

/** The USD price of `target` for this flow: a purchase gets the first-month 50% when eligible; an upgrade is full price. */
export const priceFor = (m: MemberRow, target: PlanRow, f: Flow, paidBefore: boolean) =>
  quote(target, "USD", f === "save" && discountEligible(m, paidBefore));

/** What keeps this member from buying `target` by this flow right now, if anything. */
export async function planRefusal(db: Db, m: MemberRow, target: PlanRow, f: Flow, t: number) {
  return paypalRefusal(m, f === "upgrade" ? await planByName(db, m.plan) : null, target, f, t);
}

// ---------------------------------------------------------------------------------------------
// The flow

/** The USD price `order` will ask for (the PayPal purchase modal shows it). */
export async function paypalQuote(s: BillingScope, planName: string, f: Flow) {
  const [target, m, paidBefore] = await Promise.all([
    planByName(s.db, planName),
    member(s.db, s.member.id),
    hasPaymentRecord(s.db, s.member.id),
  ]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (!target || target.priceEnCents <= 0) return refusal(Code.PLAN_CHANGE_INVALID);
  return done({ ...priceFor(m, target, f, paidBefore), flow: f });
}

/**
 * Creates the PayPal order for one month of `plan`; the client sends the payer to `approve_url`. The route settles a
 * card payment the member left pending first (card.ts `settleMembersLost`; there, so this module need not import card.ts,
 * which imports it).
 */
export async function order(s: BillingScope, b: { plan: string; flow: Flow; return_url: string; cancel_url: string }) {
  const t = s.now;
  const db = s.db;
  const [target, m, paidBefore] = await Promise.all([planByName(db, b.plan), member(db, s.member.id), hasPaymentRecord(db, s.member.id)]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (!target) return refusal(Code.PLAN_CHANGE_INVALID);
  const refusedWith = await planRefusal(db, m, target, b.flow, t);
  if (refusedWith) return refusal(refusedWith);
  const wallet = paypalGateway(s.env);
  if (!wallet) return refusal(Code.GATEWAY_FAILED);
  const closed = await closeOpenOrder(db, wallet, m.id);
  if (closed) return refusal(closed);

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
      return refusal(Code.PAYMENT_IN_PROGRESS);
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
    return refusal(Code.GATEWAY_FAILED);
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
export async function capture(s: BillingScope, b: { plan: string; orderID: string }) {
  const db = s.db;
  const wallet = paypalGateway(s.env);
  if (!wallet) return refusal(Code.GATEWAY_FAILED);
  let order: PayPalOrder | null;
  try {
    order = await lookUp(wallet, b.orderID);
  } catch (err) {
    return gatewayFailure(err);
  }
  const row = order && (await rowOfOrder(db, s.member.id, order));
  if (!order || !row) return refusal(Code.NOT_FOUND);
  if (row.plan !== b.plan) return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order was made for another plan" } });
  if (row.status === "failed" || row.status === "cancelled") return refusal(Code.PAYPAL_ORDER_CLOSED, { data: { reason: row.failReason } });
  if (row.status === "pending" && row.impUid !== order.id)
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another order" } });

  if (row.status === "pending" && order.status !== "COMPLETED") {
    if (order.status !== "APPROVED") return refusal(Code.PAYPAL_NOT_APPROVED);
    try {
      order = await wallet.capture(order.id, `capture-${row.merchantUid}`);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      if (err instanceof PayPalError && err.issue === "ORDER_NOT_APPROVED") return refusal(Code.PAYPAL_NOT_APPROVED);
      if (err instanceof PayPalError && err.status === 422 && err.issue !== "ORDER_ALREADY_CAPTURED") {
        // INSTRUMENT_DECLINED and other refusals: nothing was taken; the member starts again.
        await failRow(db, row, `${err.issue || err.errorName}: ${err.message}`);
        return refusal(Code.PAYPAL_DECLINED, { data: { reason: err.issue || err.errorName } });
      }
      if (err instanceof PayPalError && err.issue !== "ORDER_ALREADY_CAPTURED") return refusal(Code.GATEWAY_FAILED);
      // The answer was lost (or another request captured first): PayPal says whether money moved.
      try {
        order = await lookUp(wallet, b.orderID);
      } catch (again) {
        return gatewayFailure(again);
      }
      if (!order || order.status !== "COMPLETED") return refusal(Code.GATEWAY_FAILED);
    }
  }
  const captured = captureOf(order);
  if (!captured) return refusal(Code.PAYPAL_NOT_CAPTURED);
  if (row.status === "pending") {
    if (captured.status === "PENDING") return refusal(Code.PAYPAL_NOT_CAPTURED);
    if (captured.status === "DECLINED" || captured.status === "FAILED") {
      await failRow(db, row, `capture ${captured.status}`);
      return refusal(Code.PAYPAL_DECLINED, { data: { reason: captured.status } });
    }
    const problem = captureProblem(order, captured, row);
    if (problem) {
      await giveBack(db, wallet, row, captured, problem);
      return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: problem } });
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
export async function saved(db: Db, memberId: string, payment: PaymentRow, replay: boolean, t: number) {
  return done({ payment: invoice(payment), replay, planState: await planStateOf(db, memberId, t) });
}

export type SaveInput = { plan_name: string; orderID: string; payerID: string; merchant_uid: string; authorization_id: string };

/**
 * Save or upgrade-plan save: checks the capture with PayPal (completed, this row's order, capture
 * id, payer, amount and currency equal to the server's price now), then starts the PayPal month in
 * the same D1 batch that marks the payment paid. The same order again changes nothing.
 */
export async function save(s: BillingScope, f: Flow, b: SaveInput) {
  const t = s.now;
  const db = s.db;
  const [row, m] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantUid, b.merchant_uid), eq(payments.memberId, s.member.id), eq(payments.provider, "paypal")))
      .get(),
    member(db, s.member.id),
  ]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (!row) return refusal(Code.NOT_FOUND);
  if (row.kind !== kindOf(f) || row.plan !== b.plan_name)
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order was made for another plan or flow" } });
  if (row.status === "paid" || row.status === "refunded") {
    if (row.impUid === b.authorization_id) return saved(db, m.id, row, true, t);
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another capture" } });
  }
  if (row.status === "failed" || row.status === "cancelled") return refusal(Code.PAYPAL_ORDER_CLOSED, { data: { reason: row.failReason } });
  if (row.impUid !== b.orderID) return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another order" } });

  const wallet = paypalGateway(s.env);
  if (!wallet) return refusal(Code.GATEWAY_FAILED);
  let order: PayPalOrder | null;
  try {
    order = await lookUp(wallet, b.orderID);
  } catch (err) {
    return gatewayFailure(err);
  }
  if (!order) return refusal(Code.NOT_FOUND);
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid)
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "the order is not this payment's" } });
  if (order.status !== "COMPLETED") return refusal(order.status === "APPROVED" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_NOT_APPROVED);
  const captured = order.purchase_units?.[0]?.payments?.captures?.find((x) => x.id === b.authorization_id);
  if (!captured) return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another capture" } });
  if (b.payerID && order.payer?.payer_id !== b.payerID) return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: "another payer" } });
  if (captured.status !== "COMPLETED")
    return refusal(captured.status === "PENDING" ? Code.PAYPAL_NOT_CAPTURED : Code.PAYPAL_ORDER_CLOSED, {
      data: {
        reason: `capture ${captured.status}`,
      },
    });

  return complete(db, wallet, m, row, order, captured, f, t);
}

/**
 * A pending row whose capture PayPal has confirmed COMPLETED: checked (this row's order, amount and currency
 * equal to the server's price now, the plan change still allowed) and applied, the PayPal month starting in the
 * same D1 batch that marks the payment paid, or the money given back. The member's save and the settling of a
 * capture PayPal completed later (a webhook, the hourly cron) both end here; the guarded batch lets one win.
 */
export async function complete(
  db: Db,
  wallet: PayPal,
  m: MemberRow,
  row: PaymentRow,
  order: PayPalOrder,
  captured: PayPalCapture,
  f: Flow,
  t: number,
) {
  // The money has moved: a payment we refuse is given back.
  const problem = captureProblem(order, captured, row);
  if (problem) {
    await giveBack(db, wallet, row, captured, problem);
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason: problem } });
  }
  const [target, paidBefore] = await Promise.all([planByName(db, row.plan), hasPaymentRecord(db, m.id)]);
  const price = target ? priceFor(m, target, f, paidBefore) : null;
  if (!target || !price || price.amount !== row.amount || price.currency !== row.currency) {
    const reason = `price changed: now ${price?.amount ?? "none"}, captured ${row.amount}`;
    await giveBack(db, wallet, row, captured, reason);
    return refusal(Code.PAYPAL_ORDER_MISMATCH, { data: { reason } });
  }
  const refusedWith = await planRefusal(db, m, target, f, t);
  if (refusedWith) {
    await giveBack(db, wallet, row, captured, `refused at save (${refusedWith})`);
    return refusal(refusedWith);
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
  return refusal(Code.PAYMENT_IN_PROGRESS);
}
