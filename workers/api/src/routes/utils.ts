import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { plans } from "../../../../db/schema";
import { ok } from "../lib/envelope";
import type { AppEnv } from "../env";

/** A plan as GET /utils/planlist answers it (spec section 3, "Plan catalogue entry"), in the request's locale. */
export type PlanListItem = {
  tier: number;
  plan: string;
  subtitle: string;
  /** KRW per month. */
  price: number;
  /** USD per month. */
  price_en: number;
  /** STS minutes per month. */
  plan_time: number;
  /** TTS characters per month. */
  plan_txt: number;
  /** Custom voice slots; -1 = unlimited. */
  cv_cnt: number;
  /** Projects; -1 = unlimited. */
  project_limit: number;
  func: string[];
};

export const utils = new Hono<AppEnv>().get("/planlist", async (c) => {
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
