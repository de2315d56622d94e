import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { coupons, mailOutbox } from "../../../../db/schema";
import { planByName } from "../domain/billing/plans";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

/** Development-only helpers; every path answers 404 unless APP_ENV is "development". */
export const devRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => (c.env.APP_ENV === "development" ? next() : fail(c, Code.NOT_FOUND)))
  /** The latest mails kept by the dev outbox (newest first). */
  .get("/mailbox", async (c) => {
    const mails = await c.var.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    return ok(c, mails);
  })
  /** A fresh single-use coupon for a paid plan (seeded numbers can be used once per local database). */
  .post(
    "/coupons",
    jsonBody(z.object({ plan: z.string().min(1).max(40), days: z.number().int().min(1).max(365).default(30) })),
    async (c) => {
      const { plan, days } = c.req.valid("json");
      const row = await planByName(c.var.db, plan);
      if (!row || row.price === 0) return fail(c, Code.PLAN_CHANGE_INVALID);
      const num = `DEV-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
      await c.var.db.insert(coupons).values({ num, plan: row.plan, days });
      return ok(c, { num, plan: row.plan, days });
    },
  );
