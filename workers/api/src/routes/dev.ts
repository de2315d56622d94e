import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { coupons, mailOutbox, members, voices } from "#db/schema";
import { planByName } from "../domain/billing/plans";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { roundTrips } from "../lib/round-trips";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

/** Development-only helpers; every path answers 404 unless APP_ENV is "development". */
export const devRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => (c.env.APP_ENV === "development" ? next() : fail(c, Code.NOT_FOUND)))
  /**
   * What was counted under a page request's trace (lib/round-trips.ts): its D1 round trips in sequence, its api calls
   * and its D1 calls; 404 when unknown.
   */
  .get("/round-trips/:trace", (c) => {
    const trace = roundTrips(c.req.param("trace"));
    return trace === null ? fail(c, Code.NOT_FOUND) : ok(c, { rounds: trace.rounds, calls: trace.calls, queries: trace.queries });
  })
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
  )
  /**
   * A member's state for browser tests of voice slots: `count` custom voices (copies of a basic
   * voice's engine settings), the plan, and whether the one-time choice is due. Kept beside the real creation
   * (POST /voices/custom, docs/decisions/0034) because tests/e2e/slots.spec.ts needs several voices and a due
   * choice at once: real creation makes one voice per job and never more than the plan's slots, and only a
   * renewal sets the choice (tested in tests/workers/billing.test.ts). The workerd tests use the real endpoint.
   */
  .post(
    "/custom-voices",
    requireMember,
    jsonBody(
      z.object({ count: z.number().int().min(0).max(10), plan: z.string().min(1).max(40), must_choose: z.boolean().default(false) }),
    ),
    async (c) => {
      const { count, plan, must_choose } = c.req.valid("json");
      const row = await planByName(c.var.db, plan);
      if (!row) return fail(c, Code.PLAN_CHANGE_INVALID);
      const base = await c.var.db.select().from(voices).where(eq(voices.id, "ko-minjun")).get();
      if (!base) return fail(c, Code.NOT_FOUND);
      const now = Date.now();
      const ids = Array.from({ length: count }, () => `cv-${crypto.randomUUID()}`);
      for (const [i, id] of ids.entries())
        await c.var.db.insert(voices).values({
          ...base,
          id,
          type: "custom",
          ownerId: c.var.member.id,
          name: { ko: `내 목소리 ${i + 1}`, en: `My voice ${i + 1}` },
          usageCount: 0,
          createdAt: now - (count - i) * 1000,
        });
      await c.var.db
        .update(members)
        .set({
          plan: row.plan,
          planStartAt: now,
          planEndAt: now + 30 * 86_400_000,
          usagePeriodEnd: now + 30 * 86_400_000,
          mustChooseCv: must_choose,
        })
        .where(eq(members.id, c.var.member.id));
      return ok(c, { ids });
    },
  );
