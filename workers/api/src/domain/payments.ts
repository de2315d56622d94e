import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { members } from "../../../../db/schema";
import type { PaymentRow } from "../lib/billing";
import { Code } from "../lib/codes";
import { verifyPassword } from "../lib/password";
import { hit } from "../lib/rate-limit";
import type { AppEnv } from "../env";

// What the card (routes/payment.ts) and PayPal (routes/paypal.ts) payment routes share.

type Ctx = Context<AppEnv>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An invoice row (spec section 3: date, plan, price, detail, refund status, refund amount, fee deducted, discount). */
export const invoice = (p: PaymentRow) => ({
  no: p.no,
  date: new Date(p.paidAt ?? p.createdAt).toISOString(),
  plan: p.plan,
  kind: p.kind,
  method: p.provider === "paypal" ? ("paypal" as const) : ("card" as const),
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
  fail_reason: p.failReason,
});

/** Termination and refund need the password check (spec section 5); social accounts have none to check. */
export async function passwordChecked(c: Ctx, pwd: string | undefined) {
  const row = await c.var.db.select({ hash: members.passwordHash, type: members.type }).from(members).where(eq(members.id, c.var.member.id)).get();
  if (!row || row.type !== "email") return true;
  if (!(await hit(c.env, "loginPerAccount", c.var.member.email)).allowed) return Code.RATE_LIMITED;
  return !!row.hash && !!pwd && (await verifyPassword(pwd, row.hash)) ? true : Code.PASSWORD_MISMATCH;
}
