import { Hono } from "hono";
import { z } from "zod/v4";
import { acceptCoupon } from "../domain/billing/coupon";
import { planCatalogue } from "../domain/billing/plans";
import { ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { answer } from "../lib/outcome";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

const couponBody = z.object({ num: z.string().trim().min(1).max(64) });

export const utils = new Hono<AppEnv>()
  /** Registers a coupon (spec sections 4 and 5; domain/billing/coupon.ts). */
  .post("/accept_coupon", requireMember, jsonBody(couponBody), async (c) => answer(c, await acceptCoupon(c, c.req.valid("json").num)))
  /** The plan catalogue (spec section 3), in the request's language. */
  .get("/planlist", async (c) => {
    const data = await planCatalogue(c.var.db, c.var.locale);
    c.header("cache-control", "public, max-age=60");
    return ok(c, data);
  });
