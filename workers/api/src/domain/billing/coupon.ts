import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { BillingScope } from "../scope";
import { coupons, members } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { hit } from "../../lib/rate-limit";
import { member, planState } from "./plan-state";
import { isPaid, newPeriod } from "./rules";

/**
 * Registers a coupon (spec sections 4 and 5): it applies at once, giving its plan for its days; a number
 * is used once, only on Free. While its period runs, plan changes are refused (rules.ts `couponRunning`).
 */
export async function acceptCoupon(s: BillingScope, code: string) {
  const t = s.now;
  if (!(await hit(s.env, "couponPerAccount", s.member.id, t)).allowed) return refusal(Code.RATE_LIMITED);
  const m = await member(s.db, s.member.id);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (isPaid(m)) return refusal(Code.COUPON_PLAN_ACTIVE);
  const num = code.toUpperCase();
  // Claiming is one conditional UPDATE: two members (or two tabs) cannot both use one number.
  const [claimed] = await s.db
    .update(coupons)
    .set({ usedBy: m.id, usedAt: t })
    .where(and(eq(coupons.num, num), isNull(coupons.usedBy), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, t))))
    .returning();
  if (!claimed) return refusal(Code.COUPON_INVALID);
  const end = t + claimed.days * 86_400_000;
  const [updated] = await s.db
    .update(members)
    .set(newPeriod(claimed.plan, t, end, { method: "coupon", couponEndAt: end }))
    .where(eq(members.id, m.id))
    .returning();
  return done({ plan: claimed.plan, days: claimed.days, planState: await planState(s.db, updated!, t) });
}
