import { asc, eq } from "drizzle-orm";
import { plans } from "#db/schema";
import type { PlanListItem } from "#contracts/plans";
import type { Locale } from "../../lib/codes";
import type { Db } from "./rules";

// The plan catalogue (spec section 3): one plan by name, and the list the public pages show.

export async function planByName(db: Db, name: string) {
  return (await db.select().from(plans).where(eq(plans.plan, name)).get()) ?? null;
}

/** GET /utils/planlist: every plan by tier, in `locale`. */
export async function planCatalogue(db: Db, locale: Locale): Promise<PlanListItem[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.tier));
  return rows.map((p) => ({
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
}
