// The verified card charge (docs/decisions/0015): it counts only once the gateway confirms it; a lost answer is
// settled by the member's next request or the cron; a replayed idempotency key charges nothing.
import { and, eq, sql } from "drizzle-orm";
import { members, payments } from "#db/schema";
import { Code } from "../../lib/codes";
import { GatewayError, type PortOne, type PortOnePayment } from "../../integrations/payments/portone";
import { planByName } from "./plans";
import { leftover, member, overSlots } from "./plan-state";
import {
  addMonths,
  newPeriod,
  nextBoundary,
  PENDING_RECONCILE_MS,
  type CardRow,
  type ChargeKind,
  type Db,
  type MemberRow,
  type PaymentRow,
  type Quote,
} from "./rules";

export type ChargeOutcome =
  { ok: true; payment: PaymentRow; replay: boolean } | { ok: false; code: Code; reason?: string; payment?: PaymentRow };

/** A unique-index failure on `payments.<column>` (drizzle wraps D1's error in its `cause`). */
export function isUnique(err: unknown, column: string): boolean {
  for (let e = err as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (String(e.message ?? e).includes(`UNIQUE constraint failed: payments.${column}`)) return true;
  }
  return false;
}

/** The earlier payment of a client's idempotency key, answered as it was (a replay charges nothing). */
export async function replayed(db: Db, memberId: string, merchantUid: string): Promise<ChargeOutcome | null> {
  const first = await db.select().from(payments).where(eq(payments.merchantUid, merchantUid)).get();
  if (!first || first.memberId !== memberId) return null;
  if (first.status === "paid" || first.status === "refunded") return { ok: true, payment: first, replay: true };
  if (first.status === "pending") return { ok: false, code: Code.PAYMENT_IN_PROGRESS };
  return { ok: false, code: Code.PAYMENT_DECLINED, reason: first.failReason, payment: first };
}

/** The gateway's answer agrees with what we charged. */
export function verified(p: PortOnePayment, row: PaymentRow) {
  if (p.merchant_uid !== row.merchantUid) return "merchant_uid mismatch";
  if (p.status !== "paid") return p.fail_reason || `status ${p.status}`;
  if (p.amount !== row.amount) return `amount mismatch: charged ${p.amount}, expected ${row.amount}`;
  return null;
}

export type Apply = (payment: PaymentRow, paidAt: number) => Promise<Partial<MemberRow>>;

/**
 * Charges a billing key once for `kind` and, only when the gateway confirms the payment (looked up by
 * imp_uid: paid, our merchant_uid, our amount), applies `apply` in the same D1 batch that marks it
 * paid. Safe to repeat: the merchant_uid is claimed first (a replay answers the first result), one
 * payment per member is in flight at a time, and an imp_uid already recorded changes nothing.
 * A lost answer (timeout) is looked up by merchant_uid; if that fails too the payment stays
 * pending for the cron (renewal.ts).
 */
export async function chargeCard(
  db: Db,
  gateway: PortOne,
  input: { memberId: string; kind: ChargeKind; plan: string; quote: Quote; merchantUid: string; card: CardRow; now: number; name: string },
  apply: Apply,
): Promise<ChargeOutcome> {
  const { quote: q } = input;
  let row: PaymentRow;
  try {
    const inserted = await db
      .insert(payments)
      .values({
        memberId: input.memberId,
        merchantUid: input.merchantUid,
        provider: "portone",
        kind: input.kind,
        plan: input.plan,
        currency: q.currency,
        price: q.list_price,
        discount: q.discount,
        amount: q.amount,
        status: "pending",
        cardName: input.card.cardName,
        createdAt: input.now,
      })
      .returning();
    row = inserted[0]!;
  } catch (err) {
    if (isUnique(err, "merchant_uid"))
      return (await replayed(db, input.memberId, input.merchantUid)) ?? { ok: false, code: Code.BAD_REQUEST };
    if (isUnique(err, "member_id")) return { ok: false, code: Code.PAYMENT_IN_PROGRESS };
    throw err;
  }

  let answer: PortOnePayment | null;
  try {
    answer = await gateway.chargeAgain({
      customer_uid: input.card.customerUid,
      merchant_uid: row.merchantUid,
      amount: row.amount,
      name: input.name,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (err.kind === "rejected") return failPayment(db, row, err.message, Code.PAYMENT_DECLINED);
    // The answer was lost: whether money moved is for the gateway to say.
    try {
      answer = await gateway.findByMerchant(row.merchantUid);
    } catch {
      return { ok: false, code: Code.GATEWAY_FAILED, payment: row };
    }
    if (!answer) return failPayment(db, row, err.message, Code.GATEWAY_FAILED);
  }
  if (answer.status === "failed") return failPayment(db, row, answer.fail_reason ?? "declined", Code.PAYMENT_DECLINED);
  return settle(db, gateway, row, answer.imp_uid, apply);
}

/** Looks the payment up by imp_uid, checks it, and applies it; a mismatch is cancelled at the gateway. */
export async function settle(db: Db, gateway: PortOne, row: PaymentRow, impUid: string, apply: Apply): Promise<ChargeOutcome> {
  let confirmed: PortOnePayment;
  try {
    confirmed = await gateway.payment(impUid);
  } catch {
    return { ok: false, code: Code.GATEWAY_FAILED, payment: row };
  }
  const replayed = await db.select({ no: payments.no }).from(payments).where(eq(payments.impUid, impUid)).get();
  if (replayed && replayed.no !== row.no) return failPayment(db, row, `imp_uid ${impUid} was already used`, Code.PAYMENT_DECLINED);
  const problem = verified(confirmed, row);
  if (problem) {
    // Money that moved for a payment we refuse goes back.
    if (confirmed.status === "paid" && confirmed.merchant_uid === row.merchantUid) {
      await gateway
        .cancel({
          imp_uid: impUid,
          amount: confirmed.amount - confirmed.cancel_amount,
          checksum: confirmed.amount - confirmed.cancel_amount,
          reason: problem,
        })
        .catch(() => undefined);
    }
    return failPayment(db, row, problem, Code.PAYMENT_DECLINED);
  }
  // Periods run on our clock (the request's, or the cron's scheduled time), not the gateway's.
  const paidAt = row.createdAt;
  const memberSet = await apply(row, paidAt);
  // One transaction, the member first and only while the payment is still pending: the member's request and the
  // one that settles a lost answer (settleLost) may both get here, and only the first changes the member.
  const [, paid] = await db.batch([
    db
      .update(members)
      .set(memberSet)
      .where(and(eq(members.id, row.memberId!), sql`EXISTS (SELECT 1 FROM payments WHERE no = ${row.no} AND status = 'pending')`)),
    db
      .update(payments)
      .set({
        status: "paid",
        impUid,
        paidAt,
        receiptUrl: confirmed.receipt_url || null,
        periodStart: memberSet.planStartAt ?? null,
        periodEnd: memberSet.planEndAt ?? null,
      })
      .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
      .returning(),
  ]);
  const payment = paid[0];
  if (!payment) return { ok: false, code: Code.PAYMENT_IN_PROGRESS };
  return { ok: true, payment, replay: false };
}

/**
 * A card payment left pending: its request ended (a crash, a deploy, a dropped connection) before the answer
 * was recorded. The gateway says what happened to its merchant_uid: paid is applied as the request would have,
 * failed or unknown is marked failed (nothing was charged). Undefined when the gateway did not answer (tried
 * again later). Safe beside a request still running: both settle through the same guarded batch.
 */
export async function settleLost(db: Db, gateway: PortOne, row: PaymentRow): Promise<"paid" | "failed" | undefined> {
  const found = await gateway.findByMerchant(row.merchantUid).catch(() => undefined);
  if (found === undefined) return undefined;
  if (!found) {
    await failPayment(db, row, "interrupted: no payment at the gateway", Code.PAYMENT_DECLINED);
    return "failed";
  }
  if (found.status === "failed") {
    await failPayment(db, row, found.fail_reason ?? "declined", Code.PAYMENT_DECLINED);
    return "failed";
  }
  return (await settle(db, gateway, row, found.imp_uid, applyCardPayment(db, row.kind))).ok ? "paid" : undefined;
}

/**
 * The member's card payment left pending longer than a request can wait for the gateway (PENDING_RECONCILE_MS),
 * settled now, before the request reads the member: their next purchase, upgrade, PayPal order or look at the
 * payment history does not wait for the cron, is not refused 4311 for a payment no request works on any more,
 * and is checked against the plan that payment gave. Null when there is none (or the gateway did not answer).
 */
export async function settleMembersLost(db: Db, gateway: PortOne | null, memberId: string, t: number) {
  if (!gateway) return null;
  const row = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.memberId, memberId),
        eq(payments.status, "pending"),
        eq(payments.provider, "portone"),
        sql`${payments.createdAt} <= ${t - PENDING_RECONCILE_MS}`,
      ),
    )
    .get();
  return row ? ((await settleLost(db, gateway, row)) ?? null) : null;
}

export async function failPayment(db: Db, row: PaymentRow, reason: string, code: Code): Promise<ChargeOutcome> {
  const [failed] = await db
    .update(payments)
    .set({ status: "failed", failReason: reason.slice(0, 300) })
    .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
    .returning();
  return { ok: false, code, reason, payment: failed ?? row };
}

/** What applying a paid card payment does to the member, by kind (also used when the cron settles a lost answer). */
export function applyCardPayment(db: Db, kind: ChargeKind): Apply {
  return async (payment, paidAt) => {
    const m = await member(db, payment.memberId!);
    if (!m) return {};
    if (kind === "renewal") {
      const start = m.planEndAt ?? paidAt;
      const end = nextBoundary(m.billingAnchorAt ?? start, start);
      const plan = await planByName(db, payment.plan);
      return {
        ...newPeriod(payment.plan, start, end, { method: "card", anchor: m.billingAnchorAt ?? start }),
        mustChooseCv: plan ? await overSlots(db, m.id, plan) : false,
      };
    }
    const end = addMonths(paidAt, 1);
    const carry = kind === "upgrade" ? await leftover(db, m, paidAt) : {};
    return newPeriod(payment.plan, paidAt, end, { method: "card", ...carry, usedDiscount: payment.discount > 0 });
  };
}
