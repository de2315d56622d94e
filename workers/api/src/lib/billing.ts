import { and, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { cards, members, paragraphs, payments, plans, projects, stsSources, voices } from "../../../../db/schema";
import type * as schema from "../../../../db/schema";
import type { Bindings } from "../env";
import { customVoiceSlots, usage } from "./allowance";
import { Code } from "./codes";
import { createMailer } from "../integrations/mailer";
import { releaseAudio } from "./media";
import { GatewayError, type PortOne, type PortOnePayment } from "./payments/portone";

/**
 * The plan and billing rules (spec sections 3, 4 and 9): prices and the first-month discount, paid
 * periods, upgrade carry-over, pending downgrades, cancellation, the 7-day refund, the move to Free,
 * and card charges that are verified with the gateway before anything changes. Routes (payment.ts,
 * the coupon and PayPal routes) and the renewal cron call these; they never re-derive a rule.
 */

type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };
export type MemberRow = typeof members.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type Currency = "KRW" | "USD";

/** Spec section 9: 50% off the first month, once, for new or first-time paying members. */
export const FIRST_MONTH_DISCOUNT = 0.5;
/** Spec section 4: immediate cancel and refund within 7 days of the payment, with no paid use. */
export const REFUND_WINDOW_MS = 7 * 86_400_000;
/** The fee deducted from a refund ("the fee shown on the refund screen", terms article 6 (5)): the gateway's cost, 5%. */
export const REFUND_FEE_RATE = 0.05;
/** Spec section 9: 3 recent projects are kept after a move to Free. */
export const PROJECTS_KEPT_ON_FREE = 3;
/** A declined renewal is tried again daily, this many times in all, before the plan ends. */
export const RENEWAL_ATTEMPTS = 3;
export const RENEWAL_RETRY_MS = 86_400_000;
/** A payment left pending this long (its answer was lost) is looked up by the cron. */
export const PENDING_RECONCILE_MS = 2 * 60_000;
/** Plans that take corporate cards (spec section 5: Production and Max). */
export const CORPORATE_PLANS = new Set(["Production", "Max"]);

/** Billing months are counted in Korea's calendar (UTC+9, no daylight saving). */
const KST_MS = 9 * 3_600_000;

/**
 * `ms` plus `n` calendar months in Korea time, clamped to the month's last day (Jan 31 + 1 month =
 * Feb 28). Periods are always counted from the anchor, so a clamped month does not drift the day.
 */
export function addMonths(ms: number, n: number) {
  const d = new Date(ms + KST_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()) - KST_MS;
}

/** The first month boundary after `after`, counted from `anchor`. */
export function nextBoundary(anchor: number, after: number) {
  let n = 1;
  while (addMonths(anchor, n) <= after) n++;
  return addMonths(anchor, n);
}

export const listPrice = (plan: PlanRow, currency: Currency) => (currency === "KRW" ? plan.price : plan.priceEnCents);

/** KRW rounds to 10 won, USD to the cent. */
const roundMoney = (v: number, currency: Currency) => (currency === "KRW" ? Math.round(v / 10) * 10 : Math.round(v));

export type Quote = { plan: string; currency: Currency; list_price: number; discount: number; amount: number; discounted: boolean };

/** The price the server charges; the client's amount only has to agree with it. */
export function quote(plan: PlanRow, currency: Currency, discountEligible: boolean): Quote {
  const list = listPrice(plan, currency);
  const amount = discountEligible && list > 0 ? roundMoney(list * (1 - FIRST_MONTH_DISCOUNT), currency) : list;
  return { plan: plan.plan, currency, list_price: list, discount: list - amount, amount, discounted: amount < list };
}

export async function planByName(db: Db, name: string) {
  return (await db.select().from(plans).where(eq(plans.plan, name)).get()) ?? null;
}

export async function member(db: Db, id: string) {
  return (await db.select().from(members).where(eq(members.id, id)).get()) ?? null;
}

/** True once the member has paid (and not only tried to); the first-month discount is for those who have not. */
export async function hasPaymentRecord(db: Db, memberId: string) {
  const row = await db.select({ n: count() }).from(payments).where(and(eq(payments.memberId, memberId), inArray(payments.status, ["paid", "refunded"]))).get();
  return (row?.n ?? 0) > 0;
}

export const discountEligible = (m: MemberRow, paidBefore: boolean) => !m.usedDiscount && !paidBefore;

export const isPaid = (m: MemberRow) => m.plan !== "Free";
export const couponRunning = (m: MemberRow, now: number) => m.couponEndAt !== null && m.couponEndAt > now;

/** Used and available amounts of the current period, as the allowance module counts them (seconds, characters). */
async function period(db: Db, m: MemberRow, now: number) {
  const [seconds, chars] = await Promise.all([usage(db.$client, m.id, "seconds", now), usage(db.$client, m.id, "chars", now)]);
  const live = m.usagePeriodEnd > now;
  return {
    usedSeconds: seconds?.used ?? 0,
    usedChars: chars?.used ?? 0,
    limitSeconds: seconds?.limit ?? 0,
    limitChars: chars?.limit ?? 0,
    carrySeconds: live ? m.carrySeconds : 0,
    carryChars: live ? m.carryChars : 0,
  };
}

/** AI was used in the current paid period (spec: isUsedAIDuringPlan; such a period is not refundable). */
export const usedAIDuringPlan = (m: MemberRow, now: number) => isPaid(m) && m.usagePeriodEnd > now && (m.usedSeconds > 0 || m.usedChars > 0);

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);

/** The spec's user plan state (section 3), as the profile and the plan page show it. */
export async function planState(db: Db, m: MemberRow, now: number) {
  const [plan, projectRow, slots, paidBefore, p] = await Promise.all([
    planByName(db, m.plan),
    db.select({ n: count() }).from(projects).where(eq(projects.memberId, m.id)).get(),
    customVoiceSlots(db.$client, m.id),
    hasPaymentRecord(db, m.id),
    period(db, m, now),
  ]);
  return {
    planName: m.plan,
    tier: plan?.tier ?? 0,
    projectCount: projectRow?.n ?? 0,
    usedTime: p.usedSeconds,
    usedCharacters: p.usedChars,
    usedCustomVoice: slots?.used ?? 0,
    limits: { time: p.limitSeconds, characters: p.limitChars, customVoice: slots?.slots ?? 0, projects: plan?.projectLimit ?? 3 },
    carried: { time: p.carrySeconds, characters: p.carryChars },
    startDate: iso(m.planStartAt),
    endDate: iso(m.planEndAt),
    renewalDate: m.subscription === "active" || m.subscription === "past_due" ? iso(m.nextPaymentAt) : null,
    mustChooseCustomVoice: m.mustChooseCv,
    usedCoupon: couponRunning(m, now),
    couponEndDate: couponRunning(m, now) ? iso(m.couponEndAt) : null,
    isUsedAIDuringPlan: usedAIDuringPlan(m, now),
    hasPaymentRecord: paidBefore,
    hasPurchasedWithDiscount: m.usedDiscount,
    toplan: m.toPlan,
    paymentMethod: m.paymentMethod as "" | "card" | "paypal" | "coupon",
    subscription: m.subscription,
    discountEligible: discountEligible(m, paidBefore),
  };
}
export type PlanState = Awaited<ReturnType<typeof planState>>;

/** The member fields of a new paid period starting `start` (purchase, upgrade, renewal, coupon, PayPal month). */
export function newPeriod(
  plan: string,
  start: number,
  end: number,
  opts: { method: "card" | "paypal" | "coupon"; anchor?: number; carrySeconds?: number; carryChars?: number; couponEndAt?: number | null; usedDiscount?: boolean },
): Partial<MemberRow> {
  const card = opts.method === "card";
  return {
    plan,
    planStartAt: start,
    planEndAt: end,
    billingAnchorAt: card ? (opts.anchor ?? start) : null,
    nextPaymentAt: card ? end : null,
    subscription: card ? "active" : "none",
    toPlan: null,
    paymentMethod: opts.method,
    couponEndAt: opts.couponEndAt ?? null,
    usedChars: 0,
    usedSeconds: 0,
    usagePeriodEnd: end,
    carrySeconds: opts.carrySeconds ?? 0,
    carryChars: opts.carryChars ?? 0,
    renewAttempts: 0,
    renewRetryAt: null,
    ...(opts.usedDiscount ? { usedDiscount: true } : {}),
  };
}

/** Spec section 4: what an upgrade carries into the new period (the unused part of the old one). */
export async function leftover(db: Db, m: MemberRow, now: number) {
  if (m.usagePeriodEnd <= now) return { carrySeconds: 0, carryChars: 0 };
  const p = await period(db, m, now);
  return { carrySeconds: Math.max(0, p.limitSeconds - p.usedSeconds), carryChars: Math.max(0, p.limitChars - p.usedChars) };
}

/**
 * The move to Free (spec section 4): the plan, period and billing state reset; only the 3 most
 * recently changed projects stay; custom voices are deleted. Stored audio no row needs is released.
 */
export async function moveToFree(db: Db, media: R2Bucket, memberId: string) {
  const keep = db.select({ id: projects.id }).from(projects).where(eq(projects.memberId, memberId)).orderBy(desc(projects.updatedAt), desc(projects.createdAt)).limit(PROJECTS_KEPT_ON_FREE);
  const doomed = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.memberId, memberId), notInArray(projects.id, keep)));
  const ids = doomed.map((p) => p.id);
  const keys =
    ids.length === 0
      ? []
      : (
          await Promise.all([
            db.select({ key: paragraphs.audioKey }).from(paragraphs).where(inArray(paragraphs.projectId, ids)),
            db.select({ key: stsSources.audioKey }).from(stsSources).where(inArray(stsSources.projectId, ids)),
          ])
        ).flat();
  await db.batch([
    db
      .update(members)
      .set({
        plan: "Free",
        planStartAt: null,
        planEndAt: null,
        billingAnchorAt: null,
        nextPaymentAt: null,
        subscription: "none",
        toPlan: null,
        paymentMethod: "",
        couponEndAt: null,
        usedChars: 0,
        usedSeconds: 0,
        usagePeriodEnd: 0,
        carrySeconds: 0,
        carryChars: 0,
        renewAttempts: 0,
        renewRetryAt: null,
        mustChooseCv: false,
      })
      .where(eq(members.id, memberId)),
    db.delete(projects).where(and(eq(projects.memberId, memberId), inArray(projects.id, ids.length ? ids : [""]))),
    db.delete(voices).where(and(eq(voices.ownerId, memberId), eq(voices.type, "custom"))),
  ]);
  await releaseAudio(db, media, keys.map((k) => k.key));
  return { deletedProjects: ids.length };
}

/** More custom voices than `plan`'s slots: the member must choose which to keep (spec: cv_cnt_over). */
export async function overSlots(db: Db, memberId: string, plan: PlanRow) {
  const slots = await customVoiceSlots(db.$client, memberId);
  return plan.cvCnt >= 0 && (slots?.used ?? 0) > plan.cvCnt;
}

// ---------------------------------------------------------------------------------------------
// Card charges

export type ChargeKind = "purchase" | "upgrade" | "renewal";
export type ChargeOutcome =
  | { ok: true; payment: PaymentRow; replay: boolean }
  | { ok: false; code: Code; reason?: string; payment?: PaymentRow };

/** A unique-index failure on `payments.<column>` (drizzle wraps D1's error in its `cause`). */
function isUnique(err: unknown, column: string): boolean {
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

export const merchantUidPattern = /^[A-Za-z0-9_-]{8,64}$/;
export const newMerchantUid = (kind: ChargeKind) => `${kind}_${crypto.randomUUID().replaceAll("-", "")}`;

/** The gateway's answer agrees with what we charged. */
function verified(p: PortOnePayment, row: PaymentRow) {
  if (p.merchant_uid !== row.merchantUid) return "merchant_uid mismatch";
  if (p.status !== "paid") return p.fail_reason || `status ${p.status}`;
  if (p.amount !== row.amount) return `amount mismatch: charged ${p.amount}, expected ${row.amount}`;
  return null;
}

/**
 * Charges a billing key once for `kind` and, only when the gateway confirms the payment (looked up by
 * imp_uid: paid, our merchant_uid, our amount), applies `apply` in the same D1 batch that marks it
 * paid. Safe to repeat: the merchant_uid is claimed first (a replay answers the first result), one
 * payment per member is in flight at a time, and an imp_uid already recorded changes nothing.
 * A lost answer (timeout) is looked up by merchant_uid; if that fails too the payment stays
 * pending for the cron (reconcilePending).
 */
export async function chargeCard(
  db: Db,
  gateway: PortOne,
  input: { memberId: string; kind: ChargeKind; plan: string; quote: Quote; merchantUid: string; card: CardRow; now: number; name: string },
  apply: (payment: PaymentRow, paidAt: number) => Promise<Partial<MemberRow>>,
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
    if (isUnique(err, "merchant_uid")) return (await replayed(db, input.memberId, input.merchantUid)) ?? { ok: false, code: Code.BAD_REQUEST };
    if (isUnique(err, "member_id")) return { ok: false, code: Code.PAYMENT_IN_PROGRESS };
    throw err;
  }

  let answer: PortOnePayment | null;
  try {
    answer = await gateway.chargeAgain({ customer_uid: input.card.customerUid, merchant_uid: row.merchantUid, amount: row.amount, name: input.name });
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
async function settle(
  db: Db,
  gateway: PortOne,
  row: PaymentRow,
  impUid: string,
  apply: (payment: PaymentRow, paidAt: number) => Promise<Partial<MemberRow>>,
): Promise<ChargeOutcome> {
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
      await gateway.cancel({ imp_uid: impUid, amount: confirmed.amount - confirmed.cancel_amount, checksum: confirmed.amount - confirmed.cancel_amount, reason: problem }).catch(() => undefined);
    }
    return failPayment(db, row, problem, Code.PAYMENT_DECLINED);
  }
  // Periods run on our clock (the request's, or the cron's scheduled time), not the gateway's.
  const paidAt = row.createdAt;
  const memberSet = await apply(row, paidAt);
  const [paid] = await db.batch([
    db
      .update(payments)
      .set({ status: "paid", impUid, paidAt, receiptUrl: confirmed.receipt_url || null, periodStart: memberSet.planStartAt ?? null, periodEnd: memberSet.planEndAt ?? null })
      .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
      .returning(),
    db.update(members).set(memberSet).where(and(eq(members.id, row.memberId!), sql`EXISTS (SELECT 1 FROM payments WHERE no = ${row.no} AND status = 'paid')`)),
  ]);
  const payment = paid[0];
  if (!payment) return { ok: false, code: Code.PAYMENT_IN_PROGRESS };
  return { ok: true, payment, replay: false };
}

async function failPayment(db: Db, row: PaymentRow, reason: string, code: Code): Promise<ChargeOutcome> {
  const [failed] = await db
    .update(payments)
    .set({ status: "failed", failReason: reason.slice(0, 300) })
    .where(and(eq(payments.no, row.no), eq(payments.status, "pending")))
    .returning();
  return { ok: false, code, reason, payment: failed ?? row };
}

/** What applying a paid card payment does to the member, by kind (also used when the cron settles a lost answer). */
export function applyCardPayment(db: Db, kind: ChargeKind) {
  return async (payment: PaymentRow, paidAt: number): Promise<Partial<MemberRow>> => {
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

/** The member's main card, if any. */
export async function mainCard(db: Db, memberId: string) {
  return (await db.select().from(cards).where(and(eq(cards.memberId, memberId), eq(cards.main, true))).get()) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Refunds

export type Refundable =
  | { eligible: true; payment: PaymentRow; amount: number; fee: number; refund_amount: number; currency: Currency; deadline: string }
  | { eligible: false; reason: "none" | "window" | "used" | "coupon"; payment?: PaymentRow };

const ceilMoney = (v: number, currency: Currency) => (currency === "KRW" ? Math.ceil(v / 10) * 10 : Math.ceil(v));

/** Spec section 4: within 7 days of the payment that started this period, with no AI used since. */
export async function refundable(db: Db, m: MemberRow, now: number): Promise<Refundable> {
  if (m.paymentMethod === "coupon") return { eligible: false, reason: "coupon" };
  if (!isPaid(m) || (m.paymentMethod !== "card" && m.paymentMethod !== "paypal")) return { eligible: false, reason: "none" };
  const payment = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, m.id), eq(payments.status, "paid")))
    .orderBy(desc(payments.paidAt), desc(payments.no))
    .get();
  if (!payment || payment.paidAt === null) return { eligible: false, reason: "none" };
  if (now - payment.paidAt > REFUND_WINDOW_MS) return { eligible: false, reason: "window", payment };
  if (usedAIDuringPlan(m, now)) return { eligible: false, reason: "used", payment };
  const currency = payment.currency as Currency;
  const fee = Math.min(payment.amount, ceilMoney(payment.amount * REFUND_FEE_RATE, currency));
  return { eligible: true, payment, amount: payment.amount, fee, refund_amount: payment.amount - fee, currency, deadline: new Date(payment.paidAt + REFUND_WINDOW_MS).toISOString() };
}

// ---------------------------------------------------------------------------------------------
// The cron: renewals, pending payments, ended periods

/** Tells a member about their billing by e-mail (failures are logged, never fatal to billing). */
async function tell(env: Bindings, db: Db, to: string, subject: string, text: string) {
  await createMailer(env, db)
    .send({ to, subject, text })
    .catch((err) => console.error("billing mail failed", err));
}

const RENEWAL_MAIL = {
  failed: {
    ko: (plan: string, n: number): [string, string] => [`[Voice Studio] ${plan} 플랜 자동결제 실패`, `등록된 카드로 ${plan} 플랜 요금을 결제하지 못했습니다. 카드 정보를 확인해 주세요. 내일 다시 결제를 시도합니다 (${n}/${RENEWAL_ATTEMPTS}).`],
    en: (plan: string, n: number): [string, string] => [`[Voice Studio] Payment for the ${plan} plan failed`, `We could not charge your registered card for the ${plan} plan. Please check your card. We will try again tomorrow (${n}/${RENEWAL_ATTEMPTS}).`],
  },
  ended: {
    ko: (plan: string): [string, string] => [`[Voice Studio] ${plan} 플랜이 종료되었습니다`, `자동결제에 ${RENEWAL_ATTEMPTS}번 실패하여 ${plan} 플랜이 종료되고 Free 플랜으로 바뀌었습니다. 플랜 페이지에서 다시 구독할 수 있습니다.`],
    en: (plan: string): [string, string] => [`[Voice Studio] Your ${plan} plan has ended`, `The payment failed ${RENEWAL_ATTEMPTS} times, so your ${plan} plan ended and you are now on the Free plan. You can subscribe again on the plan page.`],
  },
} as const;

/**
 * One run of the billing cron at `now`. Safe to run twice (or concurrently): every renewal charge
 * has a merchant_uid made of the member, the period and the attempt, claimed in D1 before the
 * gateway is called, and the gateway refuses a merchant_uid it has already been paid for.
 */
export async function runBilling(env: Bindings, db: Db, media: R2Bucket, gateway: PortOne | null, now: number) {
  const counts = { renewed: 0, declined: 0, ended: 0, reconciled: 0 };

  // 1. Payments whose answer was lost.
  if (gateway) {
    const stale = await db.select().from(payments).where(and(eq(payments.status, "pending"), eq(payments.provider, "portone"), sql`${payments.createdAt} <= ${now - PENDING_RECONCILE_MS}`)).limit(50);
    for (const row of stale) {
      const found = await gateway.findByMerchant(row.merchantUid).catch(() => undefined);
      if (found === undefined) continue;
      if (!found || found.status === "failed") await failPayment(db, row, found?.fail_reason ?? "not found at the gateway", Code.PAYMENT_DECLINED);
      else if ((await settle(db, gateway, row, found.imp_uid, applyCardPayment(db, row.kind))).ok) counts.reconciled++;
    }
  }

  // 2. Renewals due (and retries of declined ones).
  const due = await db
    .select()
    .from(members)
    .where(sql`${members.subscription} IN ('active', 'past_due') AND ${members.nextPaymentAt} <= ${now} AND (${members.renewRetryAt} IS NULL OR ${members.renewRetryAt} <= ${now})`)
    .limit(100);
  for (const m of due) {
    const target = await planByName(db, m.toPlan ?? m.plan);
    const card = await mainCard(db, m.id);
    if (!target || !gateway || !card) {
      await declined(env, db, media, m, now, !gateway ? "gateway not configured" : "no card");
      counts.declined++;
      continue;
    }
    const q = quote(target, "KRW", false);
    const outcome = await chargeCard(
      db,
      gateway,
      { memberId: m.id, kind: "renewal", plan: target.plan, quote: q, merchantUid: `renewal_${m.id.replaceAll("-", "")}_${m.nextPaymentAt}_${m.renewAttempts + 1}`, card, now, name: `Voice Studio ${target.plan}` },
      applyCardPayment(db, "renewal"),
    );
    if (outcome.ok) {
      if (!outcome.replay) counts.renewed++;
    } else if (outcome.code === Code.PAYMENT_DECLINED && outcome.payment?.status === "failed") {
      await declined(env, db, media, m, now, outcome.reason ?? "declined");
      counts.declined++;
    }
  }

  // 3. Periods that ended without renewal: cancelled subscriptions, coupon periods, PayPal months.
  const ended = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`${members.plan} <> 'Free' AND ${members.subscription} IN ('none', 'cancelled') AND ${members.planEndAt} IS NOT NULL AND ${members.planEndAt} <= ${now}`)
    .limit(100);
  for (const m of ended) {
    await moveToFree(db, media, m.id);
    counts.ended++;
  }
  return counts;
}

/** A renewal that could not be charged: retried daily; after the last attempt the plan ends. */
async function declined(env: Bindings, db: Db, media: R2Bucket, m: MemberRow, now: number, reason: string) {
  const attempts = m.renewAttempts + 1;
  const lang = m.locale === "en" ? "en" : "ko";
  if (attempts >= RENEWAL_ATTEMPTS) {
    await moveToFree(db, media, m.id);
    const [subject, text] = RENEWAL_MAIL.ended[lang](m.plan);
    await tell(env, db, m.email, subject, text);
    return;
  }
  // The member keeps the plan while it is retried, on the old period's allowance (no fresh month unpaid).
  await db
    .update(members)
    .set({ subscription: "past_due", renewAttempts: attempts, renewRetryAt: now + RENEWAL_RETRY_MS, usagePeriodEnd: Math.max(m.usagePeriodEnd, now + RENEWAL_RETRY_MS * (RENEWAL_ATTEMPTS - attempts) + 3_600_000) })
    .where(and(eq(members.id, m.id), eq(members.renewAttempts, m.renewAttempts)));
  const [subject, text] = RENEWAL_MAIL.failed[lang](m.plan, attempts);
  await tell(env, db, m.email, subject, `${text}\n(${reason})`);
}
