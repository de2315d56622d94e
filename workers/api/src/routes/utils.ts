import { Hono } from "hono";
import { z } from "zod/v4";
import { billingScope } from "../domain/scope";
import { acceptCoupon } from "../domain/billing/coupon";
import { planCatalogue } from "../domain/billing/plans";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { speechEngine } from "../speech/engine";
import { EngineError } from "../speech/types";
import { XinferenceEngine } from "../speech/xinference";
import { requireMember } from "../lib/middleware";
import { answer } from "../lib/envelope";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

const couponBody = z.object({ num: z.string().trim().min(1).max(64) });

export const utils = new Hono<AppEnv>()
  /** Registers a coupon (spec sections 4 and 5; domain/billing/coupon.ts). */
  .post("/accept_coupon", requireMember, jsonBody(couponBody), async (c) =>
    answer(c, await acceptCoupon(billingScope(c), c.req.valid("json").num)),
  )
  /**
   * Whether the voice engine can serve (for monitoring): the embedded engine always can; Xinference when its server
   * has the configured models launched with the abilities the product needs, else 503 naming what is missing.
   */
  .get("/healthz", async (c) => {
    c.header("cache-control", "no-store");
    let engine;
    try {
      engine = speechEngine(c.env);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      return fail(c, Code.SERVICE_UNAVAILABLE, { data: { engine: c.env.VOICE_ENGINE, ready: false, problems: [err.message] } });
    }
    if (!(engine instanceof XinferenceEngine)) return ok(c, { engine: engine.name, ready: true, problems: [] });
    // The check of the last minute (at most one a minute per isolate reaches the server, whoever asks).
    const check = await engine.check();
    if (check.ok) return ok(c, { engine: engine.name, ready: true, problems: [] });
    return fail(c, Code.SERVICE_UNAVAILABLE, { data: { engine: engine.name, ready: false, problems: check.problems } });
  })
  /** The plan catalogue (spec section 3), in the request's language. */
  .get("/planlist", async (c) => {
    const data = await planCatalogue(c.var.db, c.var.locale);
    c.header("cache-control", "public, max-age=60");
    return ok(c, data);
  });
