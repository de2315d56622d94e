import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { cards, members, payments, plans } from "#db/schema";
import type * as schema from "#db/schema";
import { firstMonthPrice, type Currency } from "#contracts/billing";
import { Code } from "../../lib/codes";
import type { Quote } from "#contracts/billing";

/**
 * The plan and billing rules (spec sections 3, 4 and 9; docs/decisions/0015): prices and the first-month
 * discount, paid periods, what each plan change needs, the refund fee, the move to Free's limits, renewal
 * retries. Pure: no database, no gateway. The settlement flows beside this file (card.ts, paypal.ts,
 * refunds.ts, renewal.ts, coupon.ts) apply these; they never re-derive a rule.
 */

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };
export type MemberRow = typeof members.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CardRow = typeof cards.$inferSelect;
export type { Currency };

/** Spec section 4: immediate cancel and refund within 7 days of the payment, with no paid use. */
export const REFUND_WINDOW_MS = 7 * 86_400_000;
/** The fee deducted from a refund ("the fee shown on the refund screen", terms article 6 (5)): the gateway's cost, 5%. */
export const REFUND_FEE_RATE = 0.05;
/** Spec section 9: 3 recent projects are kept after a move to Free. */
export const PROJECTS_KEPT_ON_FREE = 3;
/** A declined renewal is tried again daily, this many times in all, before the plan ends. */
export const RENEWAL_ATTEMPTS = 3;
export const RENEWAL_RETRY_MS = 86_400_000;
/**
 * A card payment still pending this long has no request working on it any more (a request waits for at most
 * three gateway calls, 15 s each by default: the charge, the look-up of a lost answer, the check), so the
 * gateway is asked what happened: by the member's next billing request or the every-minute cron, which keeps
 * a crash's pending payment under 2 minutes.
 */
export const PENDING_RECONCILE_MS = 60_000;
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
  return (
    Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()) - KST_MS
  );
}

/** The first month boundary after `after`, counted from `anchor`. */
export function nextBoundary(anchor: number, after: number) {
  let n = 1;
  while (addMonths(anchor, n) <= after) n++;
  return addMonths(anchor, n);
}

// ---------------------------------------------------------------------------------------------
// Prices

export const listPrice = (plan: PlanRow, currency: Currency) => (currency === "KRW" ? plan.price : plan.priceEnCents);

/** A fee rounds up: to 10 won, or to the cent. */
const ceilMoney = (v: number, currency: Currency) => (currency === "KRW" ? Math.ceil(v / 10) * 10 : Math.ceil(v));

export type { Quote };

/** The price the server charges; the client's amount only has to agree with it. */
export function quote(plan: PlanRow, currency: Currency, discountEligible: boolean): Quote {
  const list = listPrice(plan, currency);
  const amount = discountEligible && list > 0 ? firstMonthPrice(list, currency) : list;
  return { plan: plan.plan, currency, list_price: list, discount: list - amount, amount, discounted: amount < list };
}

/** The refund fee of a payment (5%, rounded up, never more than the payment). */
export const refundFee = (amount: number, currency: Currency) => Math.min(amount, ceilMoney(amount * REFUND_FEE_RATE, currency));

// ---------------------------------------------------------------------------------------------
// The member's plan

export const discountEligible = (m: MemberRow, paidBefore: boolean) => !m.usedDiscount && !paidBefore;

export const isPaid = (m: MemberRow) => m.plan !== "Free";
export const couponRunning = (m: MemberRow, now: number) => m.couponEndAt !== null && m.couponEndAt > now;
/** Card auto-billing that still renews (a declined renewal being retried included). */
export const renewing = (m: MemberRow) => m.subscription === "active" || m.subscription === "past_due";

/** AI was used in the current paid period (spec: isUsedAIDuringPlan; such a period is not refundable). */
export const usedAIDuringPlan = (m: MemberRow, now: number) =>
  isPaid(m) && m.usagePeriodEnd > now && (m.usedSeconds > 0 || m.usedChars > 0);

/** The member fields of a new paid period starting `start` (purchase, upgrade, renewal, coupon, PayPal month). */
export function newPeriod(
  plan: string,
  start: number,
  end: number,
  opts: {
    method: "card" | "paypal" | "coupon";
    anchor?: number;
    carrySeconds?: number;
    carryChars?: number;
    couponEndAt?: number | null;
    usedDiscount?: boolean;
  },
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

// ---------------------------------------------------------------------------------------------
// Plan changes: what each needs (a code when refused, null when allowed)

/** A first purchase of `plan` (card or PayPal): only from Free, only a paid plan, not during a coupon period. */
export function purchaseRefusal(m: MemberRow, plan: PlanRow | null, currency: Currency, now: number): Code | null {
  if (!plan || listPrice(plan, currency) <= 0) return Code.PLAN_CHANGE_INVALID;
  if (couponRunning(m, now)) return Code.COUPON_PERIOD;
  return isPaid(m) ? Code.ALREADY_SUBSCRIBED : null;
}

/** An upgrade to `target`, paid by `method` (card subscribers upgrade by card, PayPal months by PayPal): a higher tier. */
export function upgradeRefusal(
  m: MemberRow,
  current: PlanRow | null,
  target: PlanRow | null,
  method: "card" | "paypal",
  now: number,
): Code | null {
  if (couponRunning(m, now)) return Code.COUPON_PERIOD;
  if (!isPaid(m) || m.paymentMethod !== method) return Code.NO_SUBSCRIPTION;
  return !target || !current || target.tier <= current.tier ? Code.PLAN_CHANGE_INVALID : null;
}

/** A downgrade of a renewing card subscription to a paid plan of the same or a lower tier. */
export function downgradeRefusal(m: MemberRow, current: PlanRow | null, target: PlanRow | null, now: number): Code | null {
  if (couponRunning(m, now)) return Code.COUPON_PERIOD;
  if (m.paymentMethod !== "card" || !renewing(m)) return Code.NO_SUBSCRIPTION;
  return !target || !current || target.price === 0 || target.tier > current.tier ? Code.PLAN_CHANGE_INVALID : null;
}

/**
 * A PayPal month (spec sections 1 and 4): a plan with a USD price, not during a coupon period; "save" buys
 * it from Free, "upgrade" moves a PayPal month to a higher tier.
 */
export function paypalRefusal(m: MemberRow, current: PlanRow | null, target: PlanRow, flow: "save" | "upgrade", now: number): Code | null {
  if (couponRunning(m, now)) return Code.COUPON_PERIOD;
  if (target.priceEnCents <= 0) return Code.PLAN_CHANGE_INVALID;
  return flow === "save" ? purchaseRefusal(m, target, "USD", now) : upgradeRefusal(m, current, target, "paypal", now);
}

/** A corporate card pays only for the plans that take one (spec section 5). */
export const cardSuits = (card: Pick<CardRow, "cardType">, plan: string) => card.cardType !== "corporate" || CORPORATE_PLANS.has(plan);

// ---------------------------------------------------------------------------------------------
// Refunds

export type RefundReason = "none" | "window" | "used" | "coupon";

/**
 * Spec section 4: refundable within 7 days of the payment that started this period (`last`, the member's
 * latest paid payment), with no AI used since; coupon periods never. A reason when not.
 */
export function refundRefusal(m: MemberRow, last: PaymentRow | null, now: number): RefundReason | null {
  if (m.paymentMethod === "coupon") return "coupon";
  if (!isPaid(m) || (m.paymentMethod !== "card" && m.paymentMethod !== "paypal")) return "none";
  if (!last || last.paidAt === null) return "none";
  if (now - last.paidAt > REFUND_WINDOW_MS) return "window";
  if (usedAIDuringPlan(m, now)) return "used";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Merchant uids

export type ChargeKind = "purchase" | "upgrade" | "renewal";

export const newMerchantUid = (kind: ChargeKind) => `${kind}_${crypto.randomUUID().replaceAll("-", "")}`;

/** The member's own merchant_uid: a client's idempotency key, scoped to the member (or a new one without a key). */
export const scopedMerchantUid = (memberId: string, kind: "purchase" | "upgrade", key: string | undefined) =>
  key ? `${kind}_${memberId.replaceAll("-", "").slice(0, 12)}_${key}` : newMerchantUid(kind);

/** A renewal's merchant_uid: the member, the period and the attempt, so a cron that runs twice charges once. */
export const renewalMerchantUid = (m: Pick<MemberRow, "id" | "nextPaymentAt" | "renewAttempts">) =>
  `renewal_${m.id.replaceAll("-", "")}_${m.nextPaymentAt}_${m.renewAttempts + 1}`;
