import { and, asc, eq, gt, isNull, or } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { coupons, members, plans } from "../../../../db/schema";
import { isPaid, member, newPeriod, planState } from "../lib/billing";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { hit } from "../lib/rate-limit";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";
import type { PlanListItem } from "../../../../contracts/plans";

const couponBody = z.object({ num: z.string().trim().min(1).max(64) });

export const utils = new Hono<AppEnv>()
  /**
   * Registers a coupon (spec sections 4 and 5): it applies at once, giving its plan for its days; a
   * number is used once. While its period runs, plan changes are blocked (billing.ts couponRunning).
   */
  .post("/accept_coupon", requireMember, jsonBody(couponBody), async (c) => {
    const t = now(c);
    if (!(await hit(c.env, "couponPerAccount", c.var.member.id, t)).allowed) return fail(c, Code.RATE_LIMITED);
    const m = await member(c.var.db, c.var.member.id);
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (isPaid(m)) return fail(c, Code.COUPON_PLAN_ACTIVE);
    const num = c.req.valid("json").num.toUpperCase();
    // Claiming is one conditional UPDATE: two members (or two tabs) cannot both use one number.
    const [claimed] = await c.var.db
      .update(coupons)
      .set({ usedBy: m.id, usedAt: t })
      .where(and(eq(coupons.num, num), isNull(coupons.usedBy), or(isNull(coupons.expiresAt), gt(coupons.expiresAt, t))))
      .returning();
    if (!claimed) return fail(c, Code.COUPON_INVALID);
    const end = t + claimed.days * 86_400_000;
    const [updated] = await c.var.db
      .update(members)
      .set(newPeriod(claimed.plan, t, end, { method: "coupon", couponEndAt: end }))
      .where(eq(members.id, m.id))
      .returning();
    return ok(c, { plan: claimed.plan, days: claimed.days, planState: await planState(c.var.db, updated!, t) });
  })
  .get("/planlist", async (c) => {
  const rows = await c.var.db.select().from(plans).orderBy(asc(plans.tier));
  const locale = c.var.locale;
  const data: PlanListItem[] = rows.map((p) => ({
    tier: p.tier,
    plan: p.plan,
    subtitle: p.subtitle[locale],
    price: p.price,
    price_en: p.priceEnCents / 100,
    plan_time: p.planTime,
    plan_txt: p.planTxt,
    cv_cnt: p.cvCnt,
    project_limit: p.projectLimit,
    func: p.func[locale],
  }));
  c.header("cache-control", "public, max-age=60");
  return ok(c, data);
});
