import type { Context } from "hono";
import type { AppEnv } from "../env";

/**
 * The time a request acts at. Billing rules depend on dates (7-day refund window, renewal, coupon
 * periods), so the tests drive them: with TEST_CLOCK=on (set only by vitest.workers.config.ts) an
 * `x-test-now` header (ms since the epoch) replaces the real clock. Deployed workers ignore it.
 */
export function now(c: Context<AppEnv>) {
  if (c.env.TEST_CLOCK === "on") {
    const t = Number(c.req.header("x-test-now"));
    if (Number.isFinite(t) && t > 0) return t;
  }
  return Date.now();
}
