import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { declineKind } from "./declines";
import type { BillingScope } from "../scope";
import { cards, members, payments } from "#db/schema";
import type { Card, Invoice, InvoicePage } from "#contracts/billing";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { verifyPassword } from "../../lib/password";
import { hit, release } from "../../lib/rate-limit";
import { cardGateway } from "../../integrations/payments/gateways";
import type { CardRow, Db, PaymentRow } from "./rules";

// Payments as a member sees them (history, one invoice, a receipt, the cards) and the password check of
// termination and refund, shared by the card and PayPal flows.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An invoice row (spec section 3: date, plan, price, detail, refund status, refund amount, fee deducted, discount). */
export const invoice = (p: PaymentRow): Invoice => ({
  no: p.no,
  date: new Date(p.paidAt ?? p.createdAt).toISOString(),
  plan: p.plan,
  kind: p.kind,
  method: p.provider === "paypal" ? "paypal" : "card",
  currency: p.currency,
  price: p.price,
  discount: p.discount,
  amount: p.amount,
  status: p.status,
  refund_amount: p.refundAmount,
  fee: p.refundFee,
  refunded_at: iso(p.refundedAt),
  period_start: iso(p.periodStart),
  period_end: iso(p.periodEnd),
  imp_uid: p.impUid,
  card_name: p.cardName,
  fail_kind: p.status === "failed" ? declineKind(p.failReason) : null,
});

/** A registered card as the api shows it (the number masked when it was stored). */
export const cardOut = (c: CardRow): Card => ({
  card_no: c.no,
  card_name: c.cardName,
  card_number: c.cardNumber,
  card_type: c.cardType,
  main_card_yn: c.main ? "Y" : "N",
  created_at: new Date(c.createdAt).toISOString(),
});

/** The member's cards, the main one first. */
export async function cardList(db: Db, memberId: string) {
  const rows = await db.select().from(cards).where(eq(cards.memberId, memberId)).orderBy(desc(cards.main), desc(cards.no));
  return rows.map(cardOut);
}

/** The member's main card, if any. */
export async function mainCard(db: Db, memberId: string) {
  return (
    (await db
      .select()
      .from(cards)
      .where(and(eq(cards.memberId, memberId), eq(cards.main, true)))
      .get()) ?? null
  );
}

/**
 * What the history lists: settled payments, and a card payment still pending (shown as being checked with the
 * card company until it is settled). A PayPal order waiting for its payer is not a payment yet.
 */
const shown = or(
  inArray(payments.status, ["paid", "refunded", "failed"]),
  and(eq(payments.status, "pending"), eq(payments.provider, "portone")),
);

/** Payment history, newest first (spec: page size 10). */
export async function invoicePage(db: Db, memberId: string, page: number, limit: number): Promise<InvoicePage> {
  const mine = eq(payments.memberId, memberId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(mine, shown))
      .orderBy(desc(payments.createdAt), desc(payments.no))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(payments).where(and(mine, shown)).get(),
  ]);
  return { items: rows.map(invoice), page, limit, total: total?.n ?? 0 };
}

/** One of the member's payments. */
export async function invoiceOf(db: Db, memberId: string, no: number): Promise<Result<Invoice>> {
  const p = await db
    .select()
    .from(payments)
    .where(and(eq(payments.no, no), eq(payments.memberId, memberId)))
    .get();
  return p ? done(invoice(p)) : refusal(Code.NOT_FOUND);
}

/** The card receipt's link, from the gateway (spec: receipt link unavailable → ask the card issuer). */
export async function receipt(s: BillingScope, impUid: string): Promise<Result<{ url: string }>> {
  const p = await s.db
    .select()
    .from(payments)
    .where(and(eq(payments.impUid, impUid), eq(payments.memberId, s.member.id)))
    .get();
  if (!p) return refusal(Code.NOT_FOUND);
  if (p.provider !== "portone") return refusal(Code.RECEIPT_UNAVAILABLE);
  const gateway = cardGateway(s.env);
  const url = await gateway
    ?.payment(p.impUid!)
    .then((g) => g.receipt_url)
    .catch(() => p.receiptUrl);
  return url ? done({ url }) : refusal(Code.RECEIPT_UNAVAILABLE);
}

/** Termination and refund need the password check (spec section 5); social accounts have none to check. */
export async function passwordChecked(s: BillingScope, pwd: string | undefined) {
  const row = await s.db.select({ hash: members.passwordHash, type: members.type }).from(members).where(eq(members.id, s.member.id)).get();
  if (!row || row.type !== "email") return true;
  if (!(await hit(s.env, "loginPerAccount", s.member.email)).allowed) return Code.RATE_LIMITED;
  if (!row.hash || !pwd || !(await verifyPassword(pwd, row.hash))) return Code.PASSWORD_MISMATCH;
  // Like a login, only failures count against the limit.
  await release(s.env, "loginPerAccount", s.member.email);
  return true;
}
