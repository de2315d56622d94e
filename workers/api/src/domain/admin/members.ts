import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { coupons, dormantMembers, inquiries, members, payments, projects } from "#db/schema";
import { REFUND_SETTLES_MS, refundRequested } from "#contracts/billing";
import { createMailer } from "../../integrations/mailer";
import { Code, fill } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { COUPON_MAIL } from "../../lib/labels";
import { invoice } from "../billing/payments";
import { planState } from "../billing/plan-state";
import { planByName } from "../billing/plans";
import { operatorRefund, refundable } from "../billing/refunds";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/** The operators' view of a member (docs/decisions/0032): look-up by e-mail, plan, payments, usage; coupons and refunds. */

const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);

async function memberRow(s: MemberScope, id: string) {
  return (await s.db.select().from(members).where(eq(members.id, id)).get()) ?? null;
}

/** The member registered with `email` (a dormant one too, by its separated address). */
export async function findMember(s: MemberScope, email: string) {
  const address = email.trim().toLowerCase();
  const direct = await s.db.select({ id: members.id }).from(members).where(eq(members.email, address)).get();
  const id =
    direct?.id ??
    (await s.db.select({ id: dormantMembers.memberId }).from(dormantMembers).where(eq(dormantMembers.email, address)).get())?.id;
  if (!id) return refusal(Code.MEMBER_NOT_FOUND);
  return memberSummary(s, id, Date.now());
}

/** Plan state, usage, the last 20 payments, what a refund would give now, and how many inquiries. */
export async function memberSummary(s: MemberScope, id: string, now: number) {
  const m = await memberRow(s, id);
  if (!m) return refusal(Code.MEMBER_NOT_FOUND);
  const [state, pays, refund, projectCount, inquiryCount, sleeping] = await Promise.all([
    planState(s.db, m, now),
    s.db.select().from(payments).where(eq(payments.memberId, id)).orderBy(desc(payments.no)).limit(20),
    refundable(s.db, m, now),
    s.db
      .select({ n: count() })
      .from(projects)
      .where(and(eq(projects.memberId, id), isNull(projects.deletedAt)))
      .get(),
    s.db.select({ n: count() }).from(inquiries).where(eq(inquiries.memberId, id)).get(),
    s.db.select({ email: dormantMembers.email }).from(dormantMembers).where(eq(dormantMembers.memberId, id)).get(),
  ]);
  return done({
    id: m.id,
    email: sleeping?.email ?? m.email,
    nickname: m.nickname,
    type: m.type,
    role: m.role,
    locale: m.locale,
    createdAt: iso(m.createdAt),
    lastLoginAt: iso(m.lastLoginAt),
    dormant: m.dormantAt !== null,
    planState: state,
    projects: projectCount?.n ?? 0,
    inquiries: inquiryCount?.n ?? 0,
    payments: pays.map(invoice),
    refundable: refund.eligible
      ? {
          eligible: true as const,
          payment_no: refund.payment.no,
          amount: refund.amount,
          fee: refund.fee,
          refund_amount: refund.refund_amount,
          currency: refund.currency,
        }
      : { eligible: false as const, reason: refund.reason, payment_no: refund.payment?.no ?? null },
  });
}

/** An unguessable coupon number: OP- and 12 characters without look-alikes. */
function couponNumber() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `OP-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * Issues a coupon for a paid plan and `days` to a member: a new number usable once (by anyone who has it,
 * as every coupon), mailed to the member in their language. One audit row.
 */
export async function issueCoupon(s: MemberScope, memberId: string, plan: string, days: number, now: number) {
  const m = await memberRow(s, memberId);
  if (!m || m.dormantAt !== null) return refusal(Code.MEMBER_NOT_FOUND);
  const row = await planByName(s.db, plan);
  if (!row || row.tier === 0) return refusal(Code.BAD_REQUEST);
  const num = couponNumber();
  await s.db.batch([
    s.db.insert(coupons).values({ num, plan: row.plan, days, expiresAt: now + 90 * 86_400_000 }),
    entry(
      s.db,
      s.member,
      { action: "coupon.issue", targetType: "member", targetId: memberId, before: null, after: { num, plan: row.plan, days } },
      now,
    ),
  ]);
  const locale = m.locale === "en" ? "en" : "ko";
  const params = { num, plan: row.plan, days };
  await createMailer(s.env, s.db).send({
    to: m.email,
    subject: COUPON_MAIL.subject[locale],
    text: fill(COUPON_MAIL.text[locale], locale, params),
  });
  return done({ num, plan: row.plan, days });
}

/** Refunds a member's payment through the billing rules (domain/billing/refunds.ts `operatorRefund`). One audit row. */
export async function refundPayment(s: MemberScope, memberId: string, paymentNo: number, reason: string, now: number) {
  const before = await s.db.select().from(payments).where(eq(payments.no, paymentNo)).get();
  if (!before || before.memberId !== memberId) return refusal(Code.NOT_FOUND);
  const outcome = await operatorRefund(s.env, s.db, memberId, paymentNo, reason, now);
  if (!outcome.ok) return refusal(outcome.code, { data: outcome.data });
  await entry(
    s.db,
    s.member,
    {
      action: "payment.refund",
      targetType: "payment",
      targetId: paymentNo,
      before: { status: before.status, amount: before.amount, plan: before.plan },
      after: { status: "refunded", ...outcome.value, reason },
    },
    now,
  );
  return done(outcome.value);
}

/** The console's coupon and refund lists: a page of this many rows, newest first. */
export const LEDGER_PAGE_SIZE = 50;
export const COUPON_STATES = ["unused", "used", "expired"] as const;
export const REFUND_STATES = ["requested", "refunded"] as const;
type CouponState = (typeof COUPON_STATES)[number];
type RefundState = (typeof REFUND_STATES)[number];

/** A member's address as the console shows it: a dormant member's separated one, null once the member is gone. */
const addressOf = sql<string | null>`coalesce(${dormantMembers.email}, ${members.email})`;

/**
 * Every coupon (the operators' and the local ones), newest first: unused (still registrable), used (by whom,
 * when) or expired. Coupons keep no creation time; SQLite's rowid is their insertion order.
 */
export async function couponList(s: MemberScope, q: { state?: CouponState; page: number }, now: number) {
  // A coupon whose member has left keeps its used_at: used, by nobody the console can name.
  const used = or(isNotNull(coupons.usedBy), isNotNull(coupons.usedAt));
  const open = and(isNull(coupons.usedBy), isNull(coupons.usedAt));
  const filter: SQL | undefined = {
    all: undefined,
    used,
    unused: and(open, or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now))),
    expired: and(open, lte(coupons.expiresAt, now)),
  }[q.state ?? "all"];
  const [rows, total] = await Promise.all([
    s.db
      .select({ coupon: coupons, email: addressOf })
      .from(coupons)
      .leftJoin(members, eq(members.id, coupons.usedBy))
      .leftJoin(dormantMembers, eq(dormantMembers.memberId, coupons.usedBy))
      .where(filter)
      .orderBy(desc(sql`${coupons}.rowid`))
      .limit(LEDGER_PAGE_SIZE)
      .offset((q.page - 1) * LEDGER_PAGE_SIZE),
    s.db.select({ n: count() }).from(coupons).where(filter).get(),
  ]);
  return done({
    items: rows.map(({ coupon: c, email }) => ({
      num: c.num,
      plan: c.plan,
      days: c.days,
      state: (c.usedBy !== null || c.usedAt !== null
        ? "used"
        : c.expiresAt !== null && c.expiresAt <= now
          ? "expired"
          : "unused") as CouponState,
      expiresAt: iso(c.expiresAt),
      usedBy: c.usedBy,
      usedByEmail: c.usedBy ? email : null,
      usedAt: iso(c.usedAt),
    })),
    page: q.page,
    pageSize: LEDGER_PAGE_SIZE,
    total: total?.n ?? 0,
  });
}

/**
 * Every refunded payment, the latest refund first, by its member's or an operator's hand. `state` is what the
 * member's payment history says of it (`refundRequested`): "requested" while the money is on its way.
 */
export async function refundList(s: MemberScope, q: { state?: RefundState; page: number }, now: number) {
  const settled = now - REFUND_SETTLES_MS;
  const filter = and(
    eq(payments.status, "refunded"),
    q.state === "requested" ? gt(payments.refundedAt, settled) : undefined,
    q.state === "refunded" ? or(isNull(payments.refundedAt), lte(payments.refundedAt, settled)) : undefined,
  );
  const [rows, total] = await Promise.all([
    s.db
      .select({ payment: payments, email: addressOf })
      .from(payments)
      .leftJoin(members, eq(members.id, payments.memberId))
      .leftJoin(dormantMembers, eq(dormantMembers.memberId, payments.memberId))
      .where(filter)
      .orderBy(desc(payments.refundedAt), desc(payments.no))
      .limit(LEDGER_PAGE_SIZE)
      .offset((q.page - 1) * LEDGER_PAGE_SIZE),
    s.db.select({ n: count() }).from(payments).where(filter).get(),
  ]);
  return done({
    items: rows.map(({ payment: p, email }) => ({
      ...invoice(p),
      memberId: p.memberId,
      email: p.memberId ? email : null,
      state: (refundRequested(invoice(p), now) ? "requested" : "refunded") as RefundState,
    })),
    page: q.page,
    pageSize: LEDGER_PAGE_SIZE,
    total: total?.n ?? 0,
  });
}
