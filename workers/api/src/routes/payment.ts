import { and, count, desc, eq, inArray } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod/v4";
import { cancellations, cards, members, payments } from "../../../../db/schema";
import {
  applyCardPayment,
  chargeCard,
  CORPORATE_PLANS,
  couponRunning,
  discountEligible,
  hasPaymentRecord,
  isPaid,
  mainCard,
  member,
  merchantUidPattern,
  moveToFree,
  newMerchantUid,
  planByName,
  planState,
  quote,
  refundable,
  replayed,
  type ChargeOutcome,
  type MemberRow,
  type Quote,
} from "../lib/billing";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { cardGateway, paypalGateway, sandboxMode } from "../lib/payments/gateways";
import { refundKey } from "../lib/payments/paypal";
import { GatewayError } from "../lib/payments/portone";
import { jsonBody, queryParams } from "../lib/validate";
import { paypalStandin } from "../sandbox/paypal.js";
import { portoneStandin } from "../sandbox/portone.js";
import type { AppEnv } from "../env";
import { invoice, passwordChecked } from "../domain/payments";
import { closeOpenOrder } from "../domain/paypal-orders";

type Ctx = Context<AppEnv>;

const cardOut = (c: typeof cards.$inferSelect) => ({
  card_no: c.no,
  card_name: c.cardName,
  card_number: c.cardNumber,
  card_type: c.cardType,
  main_card_yn: c.main ? "Y" : "N",
  created_at: new Date(c.createdAt).toISOString(),
});

const digits = (n: number) => z.string().trim().regex(new RegExp(`^\\d{${n}}$`));
const registBody = z.object({
  card_type: z.enum(["개인", "법인", "personal", "corporate"]),
  card_number1: z.string().trim(),
  card_number2: z.string().trim(),
  card_number3: z.string().trim(),
  card_number4: z.string().trim(),
  expiry: z.string().trim(),
  birth: z.string().trim(),
  gender_no: z.string().trim().optional(),
  pwd_2digit: z.string().trim(),
});
const consent = z.boolean().default(false);
const paymentBody = z.object({
  plan: z.string().min(1).max(40),
  amount: z.number().int().nonnegative(),
  merchant_uid: z.string().regex(merchantUidPattern).optional(),
  agree_billing: consent,
  agree_change: consent,
  agree_refund: consent,
  agree_regular_price: consent,
});
const changeBody = z.object({ toplan: z.string().min(1).max(40), merchant_uid: z.string().regex(merchantUidPattern).optional() });
const cancelBody = z.object({
  reason: z.string().trim().max(200).default(""),
  comment: z.string().trim().max(2000).default(""),
  pwd: z.string().max(64).optional(),
});
const listQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), limit: z.coerce.number().int().min(1).max(50).default(10) });
const quoteQuery = z.object({ plan: z.string().min(1).max(40), kind: z.enum(["purchase", "upgrade"]).default("purchase") });
const noBody = z.object({ no: z.coerce.number().int().positive() });
const receiptBody = z.object({ imp_uid: z.string().min(1).max(100) });
const cardNoBody = z.object({ card_no: z.coerce.number().int().positive() });

/** Field errors of a card (spec section 5), each with its own code; null when the card is well-formed. */
export function cardProblem(b: z.output<typeof registBody>, at: number): { code: Code; field: string } | null {
  const groups = [b.card_number1, b.card_number2, b.card_number3, b.card_number4];
  if (!groups.slice(0, 3).every((g) => /^\d{4}$/.test(g)) || !/^\d{3,4}$/.test(groups[3]!)) return { code: Code.CARD_NUMBER_INVALID, field: "card_number" };
  const expiry = b.expiry.match(/^(\d{4})-?(\d{2})$/);
  const year = Number(expiry?.[1]);
  const month = Number(expiry?.[2]);
  const today = new Date(at);
  if (!expiry || month < 1 || month > 12 || year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1 || year > today.getUTCFullYear() + 20) {
    return { code: Code.CARD_EXPIRY_INVALID, field: "expiry" };
  }
  const corporate = b.card_type === "법인" || b.card_type === "corporate";
  if (corporate ? !validBusinessNumber(b.birth) : !validBirth(b.birth)) return { code: Code.CARD_BIRTH_INVALID, field: "birth" };
  if (!digits(2).safeParse(b.pwd_2digit).success) return { code: Code.CARD_PASSWORD_INVALID, field: "pwd_2digit" };
  return null;
}

/** YYMMDD that is a real day. */
function validBirth(v: string) {
  const m = v.match(/^(\d{2})(\d{2})(\d{2})$/);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2000 + Number(m[1]), month, 0)).getUTCDate();
}

/** A Korean business registration number (10 digits with its check digit). */
export function validBusinessNumber(v: string) {
  if (!/^\d{10}$/.test(v)) return false;
  const d = [...v].map(Number);
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = w.reduce((s, wi, i) => s + wi * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

async function me(c: Ctx) {
  return member(c.var.db, c.var.member.id);
}

const charged = async (c: Ctx, outcome: ChargeOutcome, t: number) => {
  if (!outcome.ok) {
    const reason = outcome.reason ?? "";
    if (outcome.code === Code.PAYMENT_DECLINED) {
      const template = { ko: "결제에 실패했습니다. {reason}", en: "Payment failed. {reason}" }[c.var.locale];
      return fail(c, Code.PAYMENT_DECLINED, { message: template.replace("{reason}", reason).trim(), data: { reason, payment: outcome.payment ? invoice(outcome.payment) : null } });
    }
    return fail(c, outcome.code, { data: outcome.payment ? { payment: invoice(outcome.payment) } : null });
  }
  const m = await me(c);
  return ok(c, { payment: invoice(outcome.payment), replay: outcome.replay, planState: m ? await planState(c.var.db, m, t) : null });
};

/** The member's own merchant_uid: a client's idempotency key, scoped to the member. */
const scopedUid = (c: Ctx, kind: "purchase" | "upgrade", key: string | undefined) =>
  key ? `${kind}_${c.var.member.id.replaceAll("-", "").slice(0, 12)}_${key}` : newMerchantUid(kind);

/**
 * A PayPal order the member left unfinished holds the one pending slot; a card payment closes it first
 * (refunding it if PayPal captured it unsaved), as a new PayPal order would.
 */
async function closeLeftPaypalOrder(c: Ctx, memberId: string) {
  const wallet = paypalGateway(c.env);
  return wallet ? closeOpenOrder(c, wallet, memberId) : null;
}

/**
 * Charges the member's main card for a purchase or an upgrade of `plan` and answers the outcome: the
 * card must exist (4306) and suit the plan (corporate cards, 4307); an unfinished PayPal order is closed first.
 */
async function chargeMainCard(c: Ctx, memberId: string, kind: "purchase" | "upgrade", plan: string, q: Quote, merchantUid: string, t: number) {
  const card = await mainCard(c.var.db, memberId);
  if (!card) return fail(c, Code.CARD_REQUIRED);
  if (card.cardType === "corporate" && !CORPORATE_PLANS.has(plan)) return fail(c, Code.CORPORATE_CARD_PLAN);
  const gateway = cardGateway(c.env);
  if (!gateway) return fail(c, Code.GATEWAY_FAILED);
  const left = await closeLeftPaypalOrder(c, memberId);
  if (left) return fail(c, left);
  const outcome = await chargeCard(
    c.var.db,
    gateway,
    { memberId, kind, plan, quote: q, merchantUid, card, now: t, name: `Voice Studio ${plan}` },
    applyCardPayment(c.var.db, kind),
  );
  return charged(c, outcome, t);
}

/** What keeps a card member from changing plan right now, if anything. */
function changeBlocked(m: MemberRow, t: number) {
  if (couponRunning(m, t)) return Code.COUPON_PERIOD;
  return null;
}

export const paymentRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .post("/cardList", async (c) => {
    const rows = await c.var.db.select().from(cards).where(eq(cards.memberId, c.var.member.id)).orderBy(desc(cards.main), desc(cards.no));
    return ok(c, rows.map(cardOut));
  })
  /** Issues a billing key for the card and makes it the main card (spec sections 4 and 5). */
  .post("/registcard", jsonBody(registBody), async (c) => {
    const b = c.req.valid("json");
    const problem = cardProblem(b, now(c));
    if (problem) return fail(c, problem.code, { data: { field: problem.field } });
    const gateway = cardGateway(c.env);
    if (!gateway) return fail(c, Code.GATEWAY_FAILED);
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
      if (err instanceof GatewayError && err.kind === "rejected") return fail(c, Code.CARD_REJECTED, { data: { reason: err.message } });
      if (err instanceof GatewayError) return fail(c, Code.GATEWAY_FAILED);
      throw err;
    }
    const last4 = key.card_number.slice(-4) || b.card_number4;
    // The member may have withdrawn while the gateway answered: then the card row cannot be stored
    // (its member is gone), and the billing key just issued is deleted so none is left at the gateway.
    const stored = await c.var.db.batch([
      c.var.db.update(cards).set({ main: false }).where(eq(cards.memberId, c.var.member.id)),
      c.var.db
        .insert(cards)
        .values({
          memberId: c.var.member.id,
          customerUid,
          cardType: b.card_type === "법인" || b.card_type === "corporate" ? "corporate" : "personal",
          cardName: key.card_name || "",
          cardNumber: `${b.card_number1}-****-****-${last4}`,
          main: true,
          createdAt: now(c),
        })
        .returning(),
    ]).catch(async (err: unknown) => {
      await gateway.deleteBillingKey(customerUid).catch(() => {});
      if (!(await me(c))) return null;
      throw err;
    });
    if (!stored) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, cardOut(stored[1][0]!));
  })
  .post("/unRegistCard", jsonBody(cardNoBody), async (c) => {
    const { card_no } = c.req.valid("json");
    const card = await c.var.db.select().from(cards).where(and(eq(cards.no, card_no), eq(cards.memberId, c.var.member.id))).get();
    if (!card) return fail(c, Code.NOT_FOUND);
    const m = await me(c);
    if (card.main && m && (m.subscription === "active" || m.subscription === "past_due")) return fail(c, Code.MAIN_CARD_IN_USE);
    const gateway = cardGateway(c.env);
    if (!gateway) return fail(c, Code.GATEWAY_FAILED);
    try {
      await gateway.deleteBillingKey(card.customerUid);
    } catch (err) {
      // A key the gateway no longer has is already gone; anything else leaves the card as it is.
      if (!(err instanceof GatewayError && err.kind === "rejected")) return fail(c, Code.GATEWAY_FAILED);
    }
    await c.var.db.delete(cards).where(eq(cards.no, card.no));
    return ok(c, { card_no: card.no });
  })
  /** The price the server will charge (the purchase modal shows it). */
  .get("/quote", queryParams(quoteQuery), async (c) => {
    const q = c.req.valid("query");
    const [plan, m, paid] = await Promise.all([planByName(c.var.db, q.plan), me(c), hasPaymentRecord(c.var.db, c.var.member.id)]);
    if (!plan || plan.price === 0 || !m) return fail(c, Code.PLAN_CHANGE_INVALID);
    return ok(c, { ...quote(plan, "KRW", q.kind === "purchase" && discountEligible(m, paid)), kind: q.kind });
  })
  /** First purchase of a paid plan with the main card (spec sections 4 and 5). */
  .post("/payment", jsonBody(paymentBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const [plan, m, paid] = await Promise.all([planByName(c.var.db, b.plan), me(c), hasPaymentRecord(c.var.db, c.var.member.id)]);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    const merchantUid = scopedUid(c, "purchase", b.merchant_uid);
    const earlier = b.merchant_uid ? await replayed(c.var.db, m.id, merchantUid) : null;
    if (earlier) return charged(c, earlier, t);
    if (!plan || plan.price === 0) return fail(c, Code.PLAN_CHANGE_INVALID);
    const blocked = changeBlocked(m, t);
    if (blocked) return fail(c, blocked);
    if (isPaid(m)) return fail(c, Code.ALREADY_SUBSCRIBED);
    const q = quote(plan, "KRW", discountEligible(m, paid));
    if (b.amount !== q.amount) return fail(c, Code.AMOUNT_MISMATCH, { data: { quote: q } });
    if (!b.agree_billing || !b.agree_change || !b.agree_refund || (q.discounted && !b.agree_regular_price)) return fail(c, Code.CONSENT_REQUIRED);
    return chargeMainCard(c, m.id, "purchase", plan.plan, q, merchantUid, t);
  })
  /** Upgrade (spec section 4): charged now, the period restarts, the unused part of the old plan carries over. */
  .post("/upgradeplan", jsonBody(changeBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const [target, m] = await Promise.all([planByName(c.var.db, b.toplan), me(c)]);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    const merchantUid = scopedUid(c, "upgrade", b.merchant_uid);
    const earlier = b.merchant_uid ? await replayed(c.var.db, m.id, merchantUid) : null;
    if (earlier) return charged(c, earlier, t);
    const blocked = changeBlocked(m, t);
    if (blocked) return fail(c, blocked);
    if (!isPaid(m) || m.paymentMethod !== "card") return fail(c, Code.NO_SUBSCRIPTION);
    const current = await planByName(c.var.db, m.plan);
    if (!target || !current || target.tier <= current.tier) return fail(c, Code.PLAN_CHANGE_INVALID);
    return chargeMainCard(c, m.id, "upgrade", target.plan, quote(target, "KRW", false), merchantUid, t);
  })
  /** Downgrade (spec section 4): takes effect at the next payment date; the same plan clears a pending change. */
  .post("/downgradeplan", jsonBody(changeBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const [target, m] = await Promise.all([planByName(c.var.db, b.toplan), me(c)]);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    const blocked = changeBlocked(m, t);
    if (blocked) return fail(c, blocked);
    if (m.paymentMethod !== "card" || (m.subscription !== "active" && m.subscription !== "past_due")) return fail(c, Code.NO_SUBSCRIPTION);
    const current = await planByName(c.var.db, m.plan);
    if (!target || !current || target.price === 0 || target.tier > current.tier) return fail(c, Code.PLAN_CHANGE_INVALID);
    const card = await mainCard(c.var.db, m.id);
    if (card?.cardType === "corporate" && !CORPORATE_PLANS.has(target.plan)) return fail(c, Code.CORPORATE_CARD_PLAN);
    const [updated] = await c.var.db
      .update(members)
      .set({ toPlan: target.tier === current.tier ? null : target.plan })
      .where(eq(members.id, m.id))
      .returning();
    return ok(c, { planState: await planState(c.var.db, updated!, t) });
  })
  /** Cancel subscription (spec section 4): billing stops; the plan runs to the end of the paid period, then Free. */
  .post("/cancel", jsonBody(cancelBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const m = await me(c);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (m.paymentMethod !== "card" || (m.subscription !== "active" && m.subscription !== "past_due")) return fail(c, Code.NO_SUBSCRIPTION);
    const checked = await passwordChecked(c, b.pwd);
    if (checked !== true) return fail(c, checked);
    const [[updated]] = await c.var.db.batch([
      c.var.db.update(members).set({ subscription: "cancelled", nextPaymentAt: null, toPlan: null, renewRetryAt: null }).where(eq(members.id, m.id)).returning(),
      c.var.db.insert(cancellations).values({ memberId: m.id, plan: m.plan, reason: b.reason, comment: b.comment, kind: "cancel", createdAt: t }),
    ]);
    return ok(c, { planState: await planState(c.var.db, updated!, t) });
  })
  .get("/refundable", async (c) => {
    const t = now(c);
    const m = await me(c);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    const r = await refundable(c.var.db, m, t);
    if (!r.eligible) return ok(c, { eligible: false, reason: r.reason, payment_no: r.payment?.no ?? null });
    return ok(c, { eligible: true, payment_no: r.payment.no, amount: r.amount, fee: r.fee, refund_amount: r.refund_amount, currency: r.currency, deadline: r.deadline });
  })
  /** Immediate cancel and refund (spec section 4): within 7 days, no paid use, less the fee; Free at once. */
  .post("/refund", jsonBody(cancelBody), async (c) => {
    const b = c.req.valid("json");
    const t = now(c);
    const m = await me(c);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    const checked = await passwordChecked(c, b.pwd);
    if (checked !== true) return fail(c, checked);
    const r = await refundable(c.var.db, m, t);
    if (!r.eligible) return fail(c, r.reason === "none" ? Code.NO_SUBSCRIPTION : Code.REFUND_NOT_ALLOWED, { data: { reason: r.reason } });
    const p = r.payment;
    if (!p.impUid) return fail(c, Code.TERMINATION_FAILED);
    const gateway = p.provider === "portone" ? cardGateway(c.env) : null;
    const wallet = p.provider === "paypal" ? paypalGateway(c.env) : null;
    if (!gateway && !wallet) return fail(c, Code.TERMINATION_FAILED);
    try {
      // PayPal: the capture is refunded once per payment (the same PayPal-Request-Id as /payment/paypal_clearplan).
      if (wallet) await wallet.refund(p.impUid, { amount: r.refund_amount, currency: p.currency, requestId: refundKey(p.merchantUid), note: b.reason || "refund within 7 days" });
      // checksum: what we believe is still cancellable; a second refund of the same payment is refused by the gateway.
      else await gateway!.cancel({ imp_uid: p.impUid, amount: r.refund_amount, checksum: p.amount, reason: b.reason || "refund within 7 days" });
    } catch (err) {
      if (err instanceof GatewayError) return fail(c, Code.TERMINATION_FAILED);
      throw err;
    }
    await c.var.db.batch([
      c.var.db.update(payments).set({ status: "refunded", refundAmount: r.refund_amount, refundFee: r.fee, refundedAt: t }).where(and(eq(payments.no, p.no), eq(payments.status, "paid"))),
      c.var.db.insert(cancellations).values({ memberId: m.id, plan: m.plan, reason: b.reason, comment: b.comment, kind: "refund", createdAt: t }),
    ]);
    await moveToFree(c.var.db, c.env.MEDIA, m.id);
    const after = await me(c);
    return ok(c, { refund_amount: r.refund_amount, fee: r.fee, currency: r.currency, planState: after ? await planState(c.var.db, after, t) : null });
  })
  /** Payment history, newest first (spec: page size 10). */
  .get("/list", queryParams(listQuery), async (c) => {
    const { page, limit } = c.req.valid("query");
    const mine = eq(payments.memberId, c.var.member.id);
    const [rows, total] = await Promise.all([
      c.var.db
        .select()
        .from(payments)
        .where(and(mine, inArray(payments.status, ["paid", "refunded", "failed"])))
        .orderBy(desc(payments.createdAt), desc(payments.no))
        .limit(limit)
        .offset((page - 1) * limit),
      c.var.db.select({ n: count() }).from(payments).where(and(mine, inArray(payments.status, ["paid", "refunded", "failed"]))).get(),
    ]);
    return ok(c, { items: rows.map(invoice), page, limit, total: total?.n ?? 0 });
  })
  .post("/detail", jsonBody(noBody), async (c) => {
    const p = await c.var.db.select().from(payments).where(and(eq(payments.no, c.req.valid("json").no), eq(payments.memberId, c.var.member.id))).get();
    if (!p) return fail(c, Code.NOT_FOUND);
    return ok(c, invoice(p));
  })
  /** The card receipt's link, from the gateway (spec: receipt link unavailable → ask the card issuer). */
  .post("/receipt", jsonBody(receiptBody), async (c) => {
    const p = await c.var.db.select().from(payments).where(and(eq(payments.impUid, c.req.valid("json").imp_uid), eq(payments.memberId, c.var.member.id))).get();
    if (!p) return fail(c, Code.NOT_FOUND);
    if (p.provider !== "portone") return fail(c, Code.RECEIPT_UNAVAILABLE);
    const gateway = cardGateway(c.env);
    const url = await gateway
      ?.payment(p.impUid!)
      .then((g) => g.receipt_url)
      .catch(() => p.receiptUrl);
    if (!url) return fail(c, Code.RECEIPT_UNAVAILABLE);
    return ok(c, { url });
  });

/** Local runs only (PAYMENTS=sandbox): the sandbox gateways' pages a browser visits (card receipts, PayPal's approval page). */
export const sandboxRoutes = new Hono<AppEnv>()
  .get("/portone/*", async (c) => {
    if (!sandboxMode(c.env)) return fail(c, Code.NOT_FOUND);
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^.*\/sandbox\/portone/, "");
    return portoneStandin(c.req.raw, url, { receiptBase: "/api/v1/sandbox/portone" });
  })
  // Only the payer's approval page (GET shows it, its form POSTs back); the API itself is not exposed.
  .on(["GET", "POST"], "/paypal/checkoutnow", async (c) => {
    if (!sandboxMode(c.env)) return fail(c, Code.NOT_FOUND);
    const url = new URL(c.req.url);
    url.pathname = "/checkoutnow";
    return paypalStandin(c.req.raw, url, { approveBase: "/api/v1/sandbox/paypal" });
  });
