import { Hono } from "hono";
import { Code } from "../lib/codes";
import { fail } from "../lib/envelope";
import { sandboxMode, standins } from "../integrations/payments/gateways";
import type { AppEnv } from "../env";

/** Local runs only (PAYMENTS=sandbox): the sandbox gateways' pages a browser visits (card receipts, PayPal's approval page). */
export const sandboxRoutes = new Hono<AppEnv>()
  .get("/portone/*", async (c) => {
    if (!sandboxMode(c.env)) return fail(c, Code.NOT_FOUND);
    const url = new URL(c.req.url);
    url.pathname = url.pathname.replace(/^.*\/sandbox\/portone/, "");
    return (await standins()).portoneStandin(c.req.raw, url, { receiptBase: "/api/v1/sandbox/portone" });
  })
  // Only the payer's approval page (GET shows it, its form POSTs back); the API itself is not exposed.
  .on(["GET", "POST"], "/paypal/checkoutnow", async (c) => {
    if (!sandboxMode(c.env)) return fail(c, Code.NOT_FOUND);
    const url = new URL(c.req.url);
    url.pathname = "/checkoutnow";
    return (await standins()).paypalStandin(c.req.raw, url, { approveBase: "/api/v1/sandbox/paypal" });
  });
