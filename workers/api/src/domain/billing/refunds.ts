import { and, desc, eq, inArray } from "drizzle-orm";
import type { BillingScope } from "../scope";
import { cancellations, members, payments } from "#db/schema";
import type { RefundQuote } from "#contracts/billing";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { cardGateway, paypalGateway } from "../../integrations/payments/gateways";
import { PayPalError, refundKey } from "../../integrations/payments/paypal";
import { GatewayError } from "../../integrations/payments/portone";
import type { AppEnv } from "../../env";
import { passwordChecked } from "./payments";
import { member, moveToFree, planStateOf } from "./plan-state";
import {
  isPaid,
  REFUND_WINDOW_MS,
  refundFee,
  refundRefusal,
  type Currency,
  type Db,
  type MemberRow,
  type PaymentRow,
  type RefundReason,
} from "./rules";

// The 7-day refund (spec section 4; the rule in rules.ts `refundRefusal`, the fee `refundFee`), by card
// (POST /payment/refund) or PayPal (POST /payment/paypal_clearplan, which can also end the month without one).

/** One payment a refund gives back: what was paid, the fee kept and what goes back. */
export type RefundPart = { payment: PaymentRow; amount: number; fee: number; refund_amount: number };

export type Refundable =
  | {
      eligible: true;
      /** The payment that started this period (the latest one). */
      payment: PaymentRow;
      /** Every payment given back, the latest first: the period's own, and the ones it upgraded (docs/decisions/0038). */
      parts: RefundPart[];
      amount: number;
      fee: number;
      refund_amount: number;
      currency: Currency;
      deadline: string;
    }
  | { eligible: false; reason: RefundReason; payment?: PaymentRow };

/** The member's paid payments, newest first: the refund looks at the few most recent only. */
const RECENT_PAYMENTS = 5;

/** AI was used since `since` (ms): an allowance charge in the ledger that was not given back (lib/allowance.ts). */
async function usedSince(db: Db, memberId: string, since: number) {
  const row = await db.$client
    .prepare("SELECT 1 AS used FROM job_charges WHERE member_id = ?1 AND created_at >= ?2 AND refunded_at IS NULL LIMIT 1")
    .bind(memberId, since)
    .first<{ used: number }>();
  return !!row;
}

const part = (payment: PaymentRow): RefundPart => {
  const fee = refundFee(payment.amount, payment.currency);
  return { payment, amount: payment.amount, fee, refund_amount: payment.amount - fee };
};

/**
 * Spec section 4: within 7 days of the payment that started this period, with no AI used since. A period that
 * an upgrade started also gives back the payment it upgraded, when that one too was paid within the 7 days
 * (by the same provider) and no AI was used since it was paid, and so on back (a purchase and an upgrade on
 * the same day are refunded together; docs/decisions/0038). Each payment keeps its own fee.
 */
export async function refundable(db: Db, m: MemberRow, now: number): Promise<Refundable> {
  const recent = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, m.id), eq(payments.status, "paid")))
    .orderBy(desc(payments.paidAt), desc(payments.no))
    .limit(RECENT_PAYMENTS);
  const last = recent[0] ?? null;
  const reason = refundRefusal(m, last, now);
  if (reason) return { eligible: false, reason, payment: reason === "coupon" || reason === "none" ? undefined : (last ?? undefined) };
  const payment = last!;
  const parts = [part(payment)];
  for (let i = 1; i < recent.length; i++) {
    const later = recent[i - 1]!;
    const earlier = recent[i]!;
    if (later.kind !== "upgrade" || earlier.provider !== payment.provider || earlier.currency !== payment.currency) break;
    if (earlier.paidAt === null || now - earlier.paidAt > REFUND_WINDOW_MS) break;
    if (await usedSince(db, m.id, earlier.paidAt)) break;
    parts.push(part(earlier));
  }
  const sum = (k: "amount" | "fee" | "refund_amount") => parts.reduce((n, p) => n + p[k], 0);
  return {
    eligible: true,
    payment,
    parts,
    amount: sum("amount"),
    fee: sum("fee"),
    refund_amount: sum("refund_amount"),
    currency: payment.currency,
    deadline: new Date(Math.min(...parts.map((p) => p.payment.paidAt!)) + REFUND_WINDOW_MS).toISOString(),
  };
}

/** GET /payment/refundable: what the refund screen shows. */
export async function refundQuote(s: BillingScope): Promise<Result<RefundQuote>> {
  const m = await member(s.db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  const r = await refundable(s.db, m, s.now);
  if (!r.eligible) return done({ eligible: false, reason: r.reason, payment_no: r.payment?.no ?? null });
  return done({
    eligible: true,
    payment_no: r.payment.no,
    amount: r.amount,
    fee: r.fee,
    refund_amount: r.refund_amount,
    currency: r.currency,
    deadline: r.deadline,
    payments: r.parts.map((p) => ({ no: p.payment.no, amount: p.amount, fee: p.fee, refund_amount: p.refund_amount })),
  });
}

/**
 * Gives the refundable payment back at its gateway, less the fee. PayPal: the capture is refunded once per
 * payment (the same PayPal-Request-Id whichever route asks); a card: the checksum is what we believe is still
 * cancellable, so a second refund is refused by the gateway. A refusal is not taken at its word: two requests
 * of the same member (two tabs, a double click) race here, and the loser's refusal only says that the winner's
 * refund went through. The gateway is asked what it holds, and a payment already given back counts as given.
 * `only`: the one provider the caller refunds (PayPal's clearplan never refunds a card payment).
 */
async function giveRefund(env: AppEnv["Bindings"], r: RefundPart, note: string, only?: "paypal") {
  const p = r.payment;
  const gateway = p.provider === "portone" && !only ? cardGateway(env) : null;
  const wallet = p.provider === "paypal" ? paypalGateway(env) : null;
  if (!p.impUid || (!gateway && !wallet)) return Code.TERMINATION_FAILED;
  try {
    if (wallet) await wallet.refund(p.impUid, { amount: r.refund_amount, currency: p.currency, requestId: refundKey(p.merchantUid), note });
    else await gateway!.cancel({ imp_uid: p.impUid, amount: r.refund_amount, checksum: p.amount, reason: note });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err instanceof PayPalError && err.issue === "CAPTURE_FULLY_REFUNDED") return null;
    if (gateway) {
      const held = await gateway.payment(p.impUid).catch(() => null);
      if (held && held.merchant_uid === p.merchantUid && held.cancel_amount >= r.refund_amount) return null;
    }
    return Code.TERMINATION_FAILED;
  }
  return null;
}

const refundedSet = (r: RefundPart, t: number) => ({
  status: "refunded" as const,
  refundAmount: r.refund_amount,
  refundFee: r.fee,
  refundedAt: t,
});

/**
 * The plan ends now, after a refund (or a PayPal month ended by its member). The period's end is written first, in
 * one small statement, so that if the move to Free fails (it deletes projects and custom voices) the hourly
 * billing cron's "periods that ended" step finishes it: the money already went back and the answer says so.
 */
async function endPlanNow(db: Db, media: R2Bucket, memberId: string, t: number) {
  await db.update(members).set({ subscription: "cancelled", planEndAt: t, nextPaymentAt: null }).where(eq(members.id, memberId));
  try {
    await moveToFree(db, media, memberId);
  } catch (err) {
    console.error("billing: the move to Free after a refund failed; the billing cron ends the plan", memberId, err);
  }
}

/**
 * Gives back each part at its gateway, the latest first, marking each refunded as soon as it is: a failure
 * stops there (a code) with the parts before it done, so asking again refunds what is left. `marked`: how many
 * rows this request marked (none when a concurrent request of the member refunded them all first).
 */
async function giveRefunds(
  env: AppEnv["Bindings"],
  db: Db,
  r: Extract<Refundable, { eligible: true }>,
  note: string,
  t: number,
  only?: "paypal",
) {
  let marked = 0;
  for (const p of r.parts) {
    const failed = await giveRefund(env, p, note, only);
    if (failed) return { failed, marked };
    const changed = await db
      .update(payments)
      .set(refundedSet(p, t))
      .where(and(eq(payments.no, p.payment.no), eq(payments.status, "paid")))
      .returning({ no: payments.no });
    marked += changed.length;
  }
  return { failed: null, marked };
}

/** How recent a refund must be to be a concurrent request's (a bound: the race itself lasts seconds). */
const REFUND_REPLAY_MS = 10 * 60_000;

/**
 * The refund a concurrent request of the member made a moment ago, as it answered, or null. A request that read
 * the member on the paid plan but the payments after the other marked them finds nothing refundable, and would
 * otherwise be told "no paid plan" or "only within 7 days" though its refund went through.
 */
async function recentRefund(db: Db, memberId: string, t: number, provider?: "paypal") {
  const latest = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), inArray(payments.status, ["paid", "refunded"])))
    .orderBy(desc(payments.paidAt), desc(payments.no))
    .limit(RECENT_PAYMENTS);
  const last = latest[0];
  if (!last || last.status !== "refunded" || last.refundedAt === null || t - last.refundedAt > REFUND_REPLAY_MS) return null;
  if (provider && last.provider !== provider) return null;
  const parts = latest.filter((p) => p.status === "refunded" && p.refundedAt === last.refundedAt);
  return {
    refund_amount: parts.reduce((n, p) => n + p.refundAmount, 0),
    fee: parts.reduce((n, p) => n + p.refundFee, 0),
    currency: last.currency,
  };
}

/** Immediate cancel and refund (spec section 4): within 7 days, no paid use, less the fee; Free at once. */
export async function refund(s: BillingScope, b: { reason: string; comment: string; pwd?: string }) {
  const t = s.now;
  const db = s.db;
  const m = await member(db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  // The member was still on the paid plan when this request read them: a refund found made since then is a
  // concurrent request's (two tabs, a double click), and this request is answered with it. Asked again later,
  // the member is on Free and is told so.
  const raced = async () => (isPaid(m) ? recentRefund(db, m.id, t) : null);
  const checked = await passwordChecked(s, b.pwd);
  if (checked === Code.RATE_LIMITED) {
    // Many parallel tries of one refund: those past the password limit are answered with the refund made too,
    // whenever they read the member (a burst past the limit is one refund asked many times).
    const earlier = await recentRefund(db, m.id, t);
    if (earlier) return done({ ...earlier, replay: true, planState: await planStateOf(db, m.id, t) });
  }
  if (checked !== true) return refusal(checked);
  const r = await refundable(db, m, t);
  if (!r.eligible) {
    const earlier = await raced();
    if (earlier) return done({ ...earlier, replay: true, planState: await planStateOf(db, m.id, t) });
    return refusal(r.reason === "none" ? Code.NO_SUBSCRIPTION : Code.REFUND_NOT_ALLOWED, { data: { reason: r.reason } });
  }
  const { failed, marked } = await giveRefunds(s.env, db, r, b.reason || "refund within 7 days", t);
  if (failed) return refusal(failed);
  // The request that marked the payments records the cancellation; one that lost the race only answers.
  if (marked > 0)
    await db
      .insert(cancellations)
      .values({ memberId: m.id, plan: m.plan, reason: b.reason, comment: b.comment, kind: "refund", createdAt: t });
  await endPlanNow(db, s.env.MEDIA, m.id, t);
  return done({
    refund_amount: r.refund_amount,
    fee: r.fee,
    currency: r.currency,
    replay: marked === 0,
    planState: await planStateOf(db, m.id, t),
  });
}

/**
 * Ends the PayPal month (spec section 4): "refund" within 7 days of the payment and with no AI
 * used (less the fee, as `refundable` says), "end" now without a refund; Free at once.
 */
export async function clearPaypalPlan(
  s: BillingScope,
  b: { reason_clear: string; comment: string; option: "refund" | "end"; pwd?: string },
) {
  const t = s.now;
  const db = s.db;
  const m = await member(db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (!isPaid(m) || m.paymentMethod !== "paypal") return refusal(Code.NO_SUBSCRIPTION);
  const checked = await passwordChecked(s, b.pwd);
  if (checked !== true) return refusal(checked);
  let refunded = { refund_amount: 0, fee: 0 };
  let marked = 1;
  if (b.option === "refund") {
    const r = await refundable(db, m, t);
    if (!r.eligible) {
      // As in `refund`: the member was on the PayPal month when read, so a refund made since is a concurrent one.
      const earlier = await recentRefund(db, m.id, t, "paypal");
      if (earlier) return done({ option: b.option, ...earlier, replay: true, planState: await planStateOf(db, m.id, t) });
      return refusal(r.reason === "none" ? Code.NO_SUBSCRIPTION : Code.REFUND_NOT_ALLOWED, { data: { reason: r.reason } });
    }
    const given = await giveRefunds(s.env, db, r, b.reason_clear || "refund within 7 days", t, "paypal");
    if (given.failed) return refusal(given.failed);
    refunded = { refund_amount: r.refund_amount, fee: r.fee };
    marked = given.marked;
  }
  if (marked > 0)
    await db.insert(cancellations).values({
      memberId: m.id,
      plan: m.plan,
      reason: b.reason_clear,
      comment: b.comment,
      kind: b.option === "refund" ? "refund" : "cancel",
      createdAt: t,
    });
  await endPlanNow(db, s.env.MEDIA, m.id, t);
  return done({ option: b.option, ...refunded, currency: "USD", replay: marked === 0, planState: await planStateOf(db, m.id, t) });
}

/**
 * An operator's refund of a member's payment (the console, docs/decisions/0032): the same rule as the
 * member's own (within 7 days, no AI used, less the fee; `refundable`), for the payment the rule names only
 * (`paymentNo` must be it), by its own gateway; the member moves to Free at once. No password: the operator
 * is not the payer, and the audit log records who did it.
 */
export async function operatorRefund(env: AppEnv["Bindings"], db: Db, memberId: string, paymentNo: number, reason: string, t: number) {
  const m = await member(db, memberId);
  if (!m) return refusal(Code.MEMBER_NOT_FOUND);
  const r = await refundable(db, m, t);
  if (!r.eligible) return refusal(r.reason === "none" ? Code.NO_SUBSCRIPTION : Code.REFUND_NOT_ALLOWED, { data: { reason: r.reason } });
  if (r.payment.no !== paymentNo) return refusal(Code.REFUND_NOT_ALLOWED, { data: { reason: "window" } });
  const { failed } = await giveRefunds(env, db, r, reason || "refund by support", t);
  if (failed) return refusal(failed);
  await db.insert(cancellations).values({ memberId: m.id, plan: m.plan, reason: "support", comment: reason, kind: "refund", createdAt: t });
  await endPlanNow(db, env.MEDIA, m.id, t);
  return done({ payment_no: r.payment.no, plan: m.plan, refund_amount: r.refund_amount, fee: r.fee, currency: r.currency });
}
