// Plan changes paid by card (spec section 4): the quote, purchase, upgrade, downgrade, cancellation and resumption,
// and the payment history. The PayPal flows are in paypal.ts, refunds in refunds.ts, the cron in renewal.ts.
import { and, eq, gt } from "drizzle-orm";
import type { BillingScope } from "../scope";
import { declineText } from "./declines";
import { cancellations, members } from "#db/schema";
import { type InvoicePage } from "#contracts/billing";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { cardGateway, paypalGateway } from "../../integrations/payments/gateways";
import { invoice, invoicePage, mainCard, passwordChecked } from "./payments";
import { closeOpenOrder } from "./paypal-orders";
import { planByName } from "./plans";
import { hasPaymentRecord, member, planState, planStateOf } from "./plan-state";
import {
  cardSuits,
  discountEligible,
  downgradeRefusal,
  PENDING_RECONCILE_MS,
  purchaseRefusal,
  quote,
  renewing,
  scopedMerchantUid,
  upgradeRefusal,
  type Db,
  type Quote,
} from "./rules";

import { ChargeOutcome, applyCardPayment, chargeCard, replayed, settleMembersLost } from "./charges";

/** A charge as the member is answered: the invoice and the plan state after it, or why not. */
export async function charged(db: Db, memberId: string, outcome: ChargeOutcome, t: number, locale: Locale) {
  if (!outcome.ok) {
    const reason = outcome.reason ?? "";
    if (outcome.code === Code.PAYMENT_DECLINED) {
      const said = declineText(reason, locale);
      return refusal(Code.PAYMENT_DECLINED, {
        data: { reason: said, payment: outcome.payment ? invoice(outcome.payment) : null },
        params: { reason: said },
      });
    }
    return refusal(outcome.code, { data: outcome.payment ? { payment: invoice(outcome.payment) } : null });
  }
  return done({ payment: invoice(outcome.payment), replay: outcome.replay, planState: await planStateOf(db, memberId, t) });
}

/**
 * Charges the member's main card for a purchase or an upgrade of `plan`: the card must exist (4306) and
 * suit the plan (corporate cards, 4307); an unfinished PayPal order holds the one pending slot and is
 * closed first (refunded if PayPal captured it unsaved), as a new PayPal order would.
 */
export async function chargeMainCard(
  s: BillingScope,
  memberId: string,
  kind: "purchase" | "upgrade",
  plan: string,
  q: Quote,
  merchantUid: string,
  t: number,
) {
  const card = await mainCard(s.db, memberId);
  if (!card) return refusal(Code.CARD_REQUIRED);
  if (!cardSuits(card, plan)) return refusal(Code.CORPORATE_CARD_PLAN);
  const gateway = cardGateway(s.env);
  if (!gateway) return refusal(Code.GATEWAY_FAILED);
  const wallet = paypalGateway(s.env);
  const left = wallet ? await closeOpenOrder(s.db, wallet, memberId) : null;
  if (left) return refusal(left);
  const outcome = await chargeCard(
    s.db,
    gateway,
    { memberId, kind, plan, quote: q, merchantUid, card, now: t, name: `Voice Studio ${plan}` },
    applyCardPayment(s.db, kind),
  );
  return charged(s.db, memberId, outcome, t, s.locale);
}

/** The price the server will charge for a card purchase or upgrade (the purchase modal shows it). */
export async function cardQuote(s: BillingScope, planName: string, kind: "purchase" | "upgrade") {
  const [plan, m, paid] = await Promise.all([planByName(s.db, planName), member(s.db, s.member.id), hasPaymentRecord(s.db, s.member.id)]);
  if (!plan || plan.price === 0 || !m) return refusal(Code.PLAN_CHANGE_INVALID);
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
export async function purchase(s: BillingScope, b: PurchaseInput) {
  const t = s.now;
  await settleMembersLost(s.db, cardGateway(s.env), s.member.id, t);
  const [plan, m, paid] = await Promise.all([planByName(s.db, b.plan), member(s.db, s.member.id), hasPaymentRecord(s.db, s.member.id)]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  const merchantUid = scopedMerchantUid(m.id, "purchase", b.merchant_uid);
  const earlier = b.merchant_uid ? await replayed(s.db, m.id, merchantUid) : null;
  if (earlier) return charged(s.db, m.id, earlier, t, s.locale);
  const refusedWith = purchaseRefusal(m, plan, "KRW", t);
  if (refusedWith || !plan) return refusal(refusedWith ?? Code.PLAN_CHANGE_INVALID);
  const q = quote(plan, "KRW", discountEligible(m, paid));
  if (b.amount !== q.amount) return refusal(Code.AMOUNT_MISMATCH, { data: { quote: q } });
  if (!b.agree_billing || !b.agree_change || !b.agree_refund || (q.discounted && !b.agree_regular_price))
    return refusal(Code.CONSENT_REQUIRED);
  return chargeMainCard(s, m.id, "purchase", plan.plan, q, merchantUid, t);
}

/** Upgrade (spec section 4): charged now, the period restarts, the unused part of the old plan carries over. */
export async function upgrade(s: BillingScope, b: { toplan: string; merchant_uid?: string }) {
  const t = s.now;
  await settleMembersLost(s.db, cardGateway(s.env), s.member.id, t);
  const [target, m] = await Promise.all([planByName(s.db, b.toplan), member(s.db, s.member.id)]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  const merchantUid = scopedMerchantUid(m.id, "upgrade", b.merchant_uid);
  const earlier = b.merchant_uid ? await replayed(s.db, m.id, merchantUid) : null;
  if (earlier) return charged(s.db, m.id, earlier, t, s.locale);
  const current = await planByName(s.db, m.plan);
  const refusedWith = upgradeRefusal(m, current, target, "card", t);
  if (refusedWith || !target) return refusal(refusedWith ?? Code.PLAN_CHANGE_INVALID);
  return chargeMainCard(s, m.id, "upgrade", target.plan, quote(target, "KRW", false), merchantUid, t);
}

/** Downgrade (spec section 4): takes effect at the next payment date; the same plan clears a pending change. */
export async function downgrade(s: BillingScope, b: { toplan: string }) {
  const t = s.now;
  const [target, m] = await Promise.all([planByName(s.db, b.toplan), member(s.db, s.member.id)]);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  const current = await planByName(s.db, m.plan);
  const refusedWith = downgradeRefusal(m, current, target, t);
  if (refusedWith || !target || !current) return refusal(refusedWith ?? Code.PLAN_CHANGE_INVALID);
  const card = await mainCard(s.db, m.id);
  if (card && !cardSuits(card, target.plan)) return refusal(Code.CORPORATE_CARD_PLAN);
  const [updated] = await s.db
    .update(members)
    .set({ toPlan: target.tier === current.tier ? null : target.plan })
    .where(eq(members.id, m.id))
    .returning();
  return done({ planState: await planState(s.db, updated!, t) });
}

/** Cancel subscription (spec section 4): billing stops; the plan runs to the end of the paid period, then Free. */
export async function cancel(s: BillingScope, b: { reason: string; comment: string; pwd?: string }) {
  const t = s.now;
  const m = await member(s.db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (m.paymentMethod !== "card" || !renewing(m)) return refusal(Code.NO_SUBSCRIPTION);
  const checked = await passwordChecked(s, b.pwd);
  if (checked !== true) return refusal(checked);
  const [[updated]] = await s.db.batch([
    s.db
      .update(members)
      .set({ subscription: "cancelled", nextPaymentAt: null, toPlan: null, renewRetryAt: null })
      .where(eq(members.id, m.id))
      .returning(),
    s.db.insert(cancellations).values({ memberId: m.id, plan: m.plan, reason: b.reason, comment: b.comment, kind: "cancel", createdAt: t }),
  ]);
  return done({ planState: await planState(s.db, updated!, t) });
}

/**
 * Resumes a cancelled card subscription before its period ends: auto-billing starts again from the
 * end of the paid period, on the same billing day. Needs a main card. Only while the period runs and only a
 * cancelled card subscription (coupon and PayPal months never renew): the update checks both, so a resume that
 * races the period's end or a second resume changes nothing.
 */
export async function resume(s: BillingScope) {
  const t = s.now;
  const m = await member(s.db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (m.paymentMethod !== "card" || m.subscription !== "cancelled" || !m.planEndAt || m.planEndAt <= t)
    return refusal(Code.SUBSCRIPTION_NOT_RESUMABLE);
  if (!(await mainCard(s.db, m.id))) return refusal(Code.CARD_REQUIRED);
  const [updated] = await s.db
    .update(members)
    .set({ subscription: "active", nextPaymentAt: m.planEndAt, renewAttempts: 0, renewRetryAt: null })
    .where(and(eq(members.id, m.id), eq(members.subscription, "cancelled"), eq(members.paymentMethod, "card"), gt(members.planEndAt, t)))
    .returning();
  if (!updated) return refusal(Code.SUBSCRIPTION_NOT_RESUMABLE);
  return done({ planState: await planState(s.db, updated, t) });
}

/**
 * The member's payment history page. A card payment listed as pending past the time a request can wait for the
 * gateway is settled first (`settleMembersLost`, in this module so that payments.ts need not import it back) and the page read again; otherwise one read.
 */
export async function history(s: BillingScope, page: number, limit: number): Promise<InvoicePage> {
  const db = s.db;
  const first = await invoicePage(db, s.member.id, page, limit);
  const t = s.now;
  const lost = first.items.some((p) => p.status === "pending" && p.method === "card" && Date.parse(p.date) <= t - PENDING_RECONCILE_MS);
  if (!lost || !(await settleMembersLost(db, cardGateway(s.env), s.member.id, t))) return first;
  return invoicePage(db, s.member.id, page, limit);
}
