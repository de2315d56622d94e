import { and, eq, gt, sql } from "drizzle-orm";
import { declineText } from "./declines";
import type { Context } from "hono";
import { cancellations, cards, members, payments } from "../../../../../db/schema";
import { cardProblem, isCorporate, type Card, type CardFields, type InvoicePage } from "../../../../../contracts/billing";
import { now } from "../../lib/clock";
import { Code, type Locale } from "../../lib/codes";
import { done, refused, type Outcome } from "../../lib/outcome";
import { cardGateway, paypalGateway } from "../../integrations/payments/gateways";
import { GatewayError, type PortOne, type PortOnePayment } from "../../integrations/payments/portone";
import type { AppEnv } from "../../env";
import { cardOut, invoice, invoicePage, mainCard, passwordChecked } from "./payments";
import { closeOpenOrder } from "./paypal";
import { planByName } from "./plans";
import { hasPaymentRecord, leftover, member, overSlots, planState, planStateOf } from "./plan-state";
import {
  addMonths,
  cardSuits,
  discountEligible,
  downgradeRefusal,
  newPeriod,
  nextBoundary,
  PENDING_RECONCILE_MS,
  purchaseRefusal,
  quote,
  renewing,
  scopedMerchantUid,
  upgradeRefusal,
  type CardRow,
  type ChargeKind,
  type Db,
  type MemberRow,
  type PaymentRow,
  type Quote,
} from "./rules";

// Card payments (spec sections 4 and 5; docs/decisions/0015): the cards (billing keys at PortOne), the
// charge that counts only once the gateway confirms it, and the card plan changes: purchase, upgrade,
// downgrade, cancellation. The PayPal flows are in paypal.ts, refunds in refunds.ts, the cron in renewal.ts.

type Ctx = Context<AppEnv>;

export type ChargeOutcome =
  { ok: true; payment: PaymentRow; replay: boolean } | { ok: false; code: Code; reason?: string; payment?: PaymentRow };

// ---------------------------------------------------------------------------------------------
// Cards

/** Issues a billing key for the card and makes it the main card (spec sections 4 and 5). */
export async function registerCard(c: Ctx, b: CardFields): Promise<Outcome<Card>> {
  const problem = cardProblem(b, now(c));
  if (problem) return refused(problem.code, { field: problem.field });
  const gateway = cardGateway(c.env);
  if (!gateway) return refused(Code.GATEWAY_FAILED);
  const customerUid = `cus_${c.var.member.id.replaceAll("-", "").slice(0, 16)}_${crypto.randomUUID().slice(0, 8)}`;
  let key;
  try {
    key = await gateway.issueBillingKey(customerUid, {
      card_number: [b.card_number1, b.card_number2, b.card_number3, b.card_number4].join("-"),
      expiry: b.expiry.replace(/^(\d{4})-?(\d{2})$/, "$1-$2"),
      birth: b.birth,
      pwd_2digit: b.pwd_2digit,
    });
  } catch (err) {
    if (err instanceof GatewayError && err.kind === "rejected") {
      // The gateway's own text is for operators (the worker's log); the member reads what it means.
      console.warn("card registration refused by the gateway:", err.message);
      return refused(Code.CARD_REJECTED, { reason: declineText(err.message, c.var.locale) });
    }
    if (err instanceof GatewayError) return refused(Code.GATEWAY_FAILED);
    throw err;
  }
  const last4 = key.card_number.slice(-4) || b.card_number4;
  // The member may have withdrawn while the gateway answered: then the card row cannot be stored
  // (its member is gone), and the billing key just issued is deleted so none is left at the gateway.
  const stored = await c.var.db
    .batch([
      c.var.db.update(cards).set({ main: false }).where(eq(cards.memberId, c.var.member.id)),
      c.var.db
        .insert(cards)
        .values({
          memberId: c.var.member.id,
          customerUid,
          cardType: isCorporate(b.card_type) ? "corporate" : "personal",
          cardName: key.card_name || "",
          cardNumber: `${b.card_number1}-****-****-${last4}`,
          main: true,
          createdAt: now(c),
        })
        .returning(),
    ])
    .catch(async (err: unknown) => {
      await gateway.deleteBillingKey(customerUid).catch(() => {});
      if (!(await member(c.var.db, c.var.member.id))) return null;
      throw err;
    });
  if (!stored) return refused(Code.LOGIN_REQUIRED);
  return done(cardOut(stored[1][0]!));
}

/** Deletes a card and its billing key; the main card of a renewing subscription stays. */
export async function unregisterCard(c: Ctx, cardNo: number): Promise<Outcome<{ card_no: number }>> {
  const card = await c.var.db
    .select()
    .from(cards)
    .where(and(eq(cards.no, cardNo), eq(cards.memberId, c.var.member.id)))
    .get();
  if (!card) return refused(Code.NOT_FOUND);
  const m = await member(c.var.db, c.var.member.id);
  if (card.main && m && renewing(m)) return refused(Code.MAIN_CARD_IN_USE);
  const gateway = cardGateway(c.env);
  if (!gateway) return refused(Code.GATEWAY_FAILED);
  try {
    await gateway.deleteBillingKey(card.customerUid);
  } catch (err) {
    // A key the gateway no longer has is already gone; anything else leaves the card as it is.
    if (!(err instanceof GatewayError && err.kind === "rejected")) return refused(Code.GATEWAY_FAILED);
  }
  await c.var.db.delete(cards).where(eq(cards.no, card.no));
  return done({ card_no: card.no });
}

// ---------------------------------------------------------------------------------------------
// The verified charge

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
function verified(p: PortOnePayment, row: PaymentRow) {
  if (p.merchant_uid !== row.merchantUid) return "merchant_uid mismatch";
  if (p.status !== "paid") return p.fail_reason || `status ${p.status}`;
  if (p.amount !== row.amount) return `amount mismatch: charged ${p.amount}, expected ${row.amount}`;
  return null;
}

type Apply = (payment: PaymentRow, paidAt: number) => Promise<Partial<MemberRow>>;

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

// ---------------------------------------------------------------------------------------------
// Card plan changes

/** A charge as the member is answered: the invoice and the plan state after it, or why not. */
async function charged(db: Db, memberId: string, outcome: ChargeOutcome, t: number, locale: Locale) {
  if (!outcome.ok) {
    const reason = outcome.reason ?? "";
    if (outcome.code === Code.PAYMENT_DECLINED) {
      const said = declineText(reason, locale);
      return refused(Code.PAYMENT_DECLINED, { reason: said, payment: outcome.payment ? invoice(outcome.payment) : null }, { reason: said });
    }
    return refused(outcome.code, outcome.payment ? { payment: invoice(outcome.payment) } : null);
  }
  return done({ payment: invoice(outcome.payment), replay: outcome.replay, planState: await planStateOf(db, memberId, t) });
}

/**
 * Charges the member's main card for a purchase or an upgrade of `plan`: the card must exist (4306) and
 * suit the plan (corporate cards, 4307); an unfinished PayPal order holds the one pending slot and is
 * closed first (refunded if PayPal captured it unsaved), as a new PayPal order would.
 */
async function chargeMainCard(
  c: Ctx,
  memberId: string,
  kind: "purchase" | "upgrade",
  plan: string,
  q: Quote,
  merchantUid: string,
  t: number,
) {
  const card = await mainCard(c.var.db, memberId);
  if (!card) return refused(Code.CARD_REQUIRED);
  if (!cardSuits(card, plan)) return refused(Code.CORPORATE_CARD_PLAN);
  const gateway = cardGateway(c.env);
  if (!gateway) return refused(Code.GATEWAY_FAILED);
  const wallet = paypalGateway(c.env);
  const left = wallet ? await closeOpenOrder(c.var.db, wallet, memberId) : null;
  if (left) return refused(left);
  const outcome = await chargeCard(
    c.var.db,
    gateway,
    { memberId, kind, plan, quote: q, merchantUid, card, now: t, name: `Voice Studio ${plan}` },
    applyCardPayment(c.var.db, kind),
  );
  return charged(c.var.db, memberId, outcome, t, c.var.locale);
}

/** The price the server will charge for a card purchase or upgrade (the purchase modal shows it). */
export async function cardQuote(c: Ctx, planName: string, kind: "purchase" | "upgrade") {
  const [plan, m, paid] = await Promise.all([
    planByName(c.var.db, planName),
    member(c.var.db, c.var.member.id),
    hasPaymentRecord(c.var.db, c.var.member.id),
  ]);
  if (!plan || plan.price === 0 || !m) return refused(Code.PLAN_CHANGE_INVALID);
  return done({ ...quote(plan, "KRW", kind === "purchase" && discountEligible(m, paid)), kind });
}

export type PurchaseInput = {
  plan: string;
  amount: number;
  merchant_uid?: string;
  agree_billing: boolean;
  agree_change: boolean;
  agree_refund: boolean;
  agree_regular_price: boolean;
};

/** First purchase of a paid plan with the main card (spec sections 4 and 5); `amount` must be the server's quote. */
export async function purchase(c: Ctx, b: PurchaseInput) {
  const t = now(c);
  await settleMembersLost(c.var.db, cardGateway(c.env), c.var.member.id, t);
  const [plan, m, paid] = await Promise.all([
    planByName(c.var.db, b.plan),
    member(c.var.db, c.var.member.id),
    hasPaymentRecord(c.var.db, c.var.member.id),
  ]);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  const merchantUid = scopedMerchantUid(m.id, "purchase", b.merchant_uid);
  const earlier = b.merchant_uid ? await replayed(c.var.db, m.id, merchantUid) : null;
  if (earlier) return charged(c.var.db, m.id, earlier, t, c.var.locale);
  const refusal = purchaseRefusal(m, plan, "KRW", t);
  if (refusal || !plan) return refused(refusal ?? Code.PLAN_CHANGE_INVALID);
  const q = quote(plan, "KRW", discountEligible(m, paid));
  if (b.amount !== q.amount) return refused(Code.AMOUNT_MISMATCH, { quote: q });
  if (!b.agree_billing || !b.agree_change || !b.agree_refund || (q.discounted && !b.agree_regular_price))
    return refused(Code.CONSENT_REQUIRED);
  return chargeMainCard(c, m.id, "purchase", plan.plan, q, merchantUid, t);
}

/** Upgrade (spec section 4): charged now, the period restarts, the unused part of the old plan carries over. */
export async function upgrade(c: Ctx, b: { toplan: string; merchant_uid?: string }) {
  const t = now(c);
  await settleMembersLost(c.var.db, cardGateway(c.env), c.var.member.id, t);
  const [target, m] = await Promise.all([planByName(c.var.db, b.toplan), member(c.var.db, c.var.member.id)]);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  const merchantUid = scopedMerchantUid(m.id, "upgrade", b.merchant_uid);
  const earlier = b.merchant_uid ? await replayed(c.var.db, m.id, merchantUid) : null;
  if (earlier) return charged(c.var.db, m.id, earlier, t, c.var.locale);
  const current = await planByName(c.var.db, m.plan);
  const refusal = upgradeRefusal(m, current, target, "card", t);
  if (refusal || !target) return refused(refusal ?? Code.PLAN_CHANGE_INVALID);
  return chargeMainCard(c, m.id, "upgrade", target.plan, quote(target, "KRW", false), merchantUid, t);
}

/** Downgrade (spec section 4): takes effect at the next payment date; the same plan clears a pending change. */
export async function downgrade(c: Ctx, b: { toplan: string }) {
  const t = now(c);
  const [target, m] = await Promise.all([planByName(c.var.db, b.toplan), member(c.var.db, c.var.member.id)]);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  const current = await planByName(c.var.db, m.plan);
  const refusal = downgradeRefusal(m, current, target, t);
  if (refusal || !target || !current) return refused(refusal ?? Code.PLAN_CHANGE_INVALID);
  const card = await mainCard(c.var.db, m.id);
  if (card && !cardSuits(card, target.plan)) return refused(Code.CORPORATE_CARD_PLAN);
  const [updated] = await c.var.db
    .update(members)
    .set({ toPlan: target.tier === current.tier ? null : target.plan })
    .where(eq(members.id, m.id))
    .returning();
  return done({ planState: await planState(c.var.db, updated!, t) });
}

/** Cancel subscription (spec section 4): billing stops; the plan runs to the end of the paid period, then Free. */
export async function cancel(c: Ctx, b: { reason: string; comment: string; pwd?: string }) {
  const t = now(c);
  const m = await member(c.var.db, c.var.member.id);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  if (m.paymentMethod !== "card" || !renewing(m)) return refused(Code.NO_SUBSCRIPTION);
  const checked = await passwordChecked(c, b.pwd);
  if (checked !== true) return refused(checked);
  const [[updated]] = await c.var.db.batch([
    c.var.db
      .update(members)
      .set({ subscription: "cancelled", nextPaymentAt: null, toPlan: null, renewRetryAt: null })
      .where(eq(members.id, m.id))
      .returning(),
    c.var.db
      .insert(cancellations)
      .values({ memberId: m.id, plan: m.plan, reason: b.reason, comment: b.comment, kind: "cancel", createdAt: t }),
  ]);
  return done({ planState: await planState(c.var.db, updated!, t) });
}

/**
 * Resumes a cancelled card subscription before its period ends: auto-billing starts again from the
 * end of the paid period, on the same billing day. Needs a main card. Only while the period runs and only a
 * cancelled card subscription (coupon and PayPal months never renew): the update checks both, so a resume that
 * races the period's end or a second resume changes nothing.
 */
export async function resume(c: Ctx) {
  const t = now(c);
  const m = await member(c.var.db, c.var.member.id);
  if (!m) return refused(Code.LOGIN_REQUIRED);
  if (m.paymentMethod !== "card" || m.subscription !== "cancelled" || !m.planEndAt || m.planEndAt <= t)
    return refused(Code.SUBSCRIPTION_NOT_RESUMABLE);
  if (!(await mainCard(c.var.db, m.id))) return refused(Code.CARD_REQUIRED);
  const [updated] = await c.var.db
    .update(members)
    .set({ subscription: "active", nextPaymentAt: m.planEndAt, renewAttempts: 0, renewRetryAt: null })
    .where(and(eq(members.id, m.id), eq(members.subscription, "cancelled"), eq(members.paymentMethod, "card"), gt(members.planEndAt, t)))
    .returning();
  if (!updated) return refused(Code.SUBSCRIPTION_NOT_RESUMABLE);
  return done({ planState: await planState(c.var.db, updated, t) });
}

/**
 * The member's payment history page. A card payment listed as pending past the time a request can wait for the
 * gateway is settled first (`settleMembersLost`, in this module so that payments.ts need not import it back) and the page read again; otherwise one read.
 */
export async function history(c: Ctx, page: number, limit: number): Promise<InvoicePage> {
  const db = c.var.db;
  const first = await invoicePage(db, c.var.member.id, page, limit);
  const t = now(c);
  const lost = first.items.some((p) => p.status === "pending" && p.method === "card" && Date.parse(p.date) <= t - PENDING_RECONCILE_MS);
  if (!lost || !(await settleMembersLost(db, cardGateway(c.env), c.var.member.id, t))) return first;
  return invoicePage(db, c.var.member.id, page, limit);
}
