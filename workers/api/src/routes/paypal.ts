import { Hono } from "hono";
import { z } from "zod/v4";
import { billingScope } from "../domain/scope";
import { MERCHANT_UID } from "#contracts/billing";
import { capture, order, paypalQuote, save } from "../domain/billing/paypal";
import { paypalWebhook } from "../domain/billing/paypal-settlement";
import { settleMembersLost } from "../domain/billing/charges";
import { clearPaypalPlan } from "../domain/billing/refunds";
import { cardGateway } from "../integrations/payments/gateways";
import { now } from "../lib/clock";
import { requireMember } from "../lib/middleware";
import { answer } from "../lib/envelope";
import { jsonBody, queryParams } from "../lib/validate";
import type { AppEnv } from "../env";
import { forgetAfterAnswer } from "../speech/engine";

// `/payment/paypal_*` (docs/billing-api.md): PayPal months for overseas members. Each handler parses, calls
// the billing domain (domain/billing/paypal.ts, refunds.ts) and answers.

const absoluteUrl = z
  .string()
  .max(2000)
  .refine((v) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol), "an absolute http(s) URL");
const paypalId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const plan = z.string().min(1).max(40);
const flow = z.enum(["save", "upgrade"]);
const orderBody = z.object({ plan, flow: flow.default("save"), return_url: absoluteUrl, cancel_url: absoluteUrl });
const captureBody = z.object({ plan, orderID: paypalId });
const saveBody = z.object({
  plan_name: plan,
  orderID: paypalId,
  payerID: z.string().max(64).default(""),
  merchant_uid: z.string().regex(MERCHANT_UID),
  authorization_id: paypalId,
});
const clearBody = z.object({
  reason_clear: z.string().trim().max(200).default(""),
  comment: z.string().trim().max(2000).default(""),
  option: z.enum(["refund", "end"]),
  pwd: z.string().max(64).optional(),
});
const quoteQuery = z.object({ plan, flow: flow.default("save") });

export const paypalRoutes = new Hono<AppEnv>()
  .use(requireMember)
  /** The USD price `/paypal_order` will ask for (the PayPal purchase modal shows it). */
  .get("/paypal_quote", queryParams(quoteQuery), async (c) => {
    const q = c.req.valid("query");
    return answer(c, await paypalQuote(billingScope(c), q.plan, q.flow));
  })
  /** Creates the PayPal order for one month of `plan`; the client sends the payer to `approve_url`. */
  .post("/paypal_order", jsonBody(orderBody), async (c) => {
    // A card payment left pending is settled before the order is judged against the member's plan.
    await settleMembersLost(c.var.db, cardGateway(c.env), c.var.member.id, now(c));
    return answer(c, await order(billingScope(c), c.req.valid("json")));
  })
  /** Captures an approved order of this member (server to PayPal); a repeated call answers the same capture. */
  .post("/paypal_payment", jsonBody(captureBody), async (c) => answer(c, await capture(billingScope(c), c.req.valid("json"))))
  .post("/paypal_save", jsonBody(saveBody), async (c) => answer(c, await save(billingScope(c), "save", c.req.valid("json"))))
  .post("/paypal_upgradeplan", jsonBody(saveBody), async (c) => answer(c, await save(billingScope(c), "upgrade", c.req.valid("json"))))
  /** Ends the PayPal month (spec section 4): "refund" within 7 days and with no AI used, less the fee; "end" now; Free at once. */
  .post("/paypal_clearplan", jsonBody(clearBody), async (c) => {
    const outcome = await clearPaypalPlan(billingScope(c), c.req.valid("json"));
    // The move to Free deleted the custom voices: their remote voices go after the answer (docs/decisions/0052).
    if (outcome.ok) forgetAfterAnswer(c);
    return answer(c, outcome);
  });

/**
 * PayPal's webhook (PAYMENT.CAPTURE.* events), mounted before the member routes: PayPal signs in no member. The
 * raw body is what verify-webhook-signature is given back (domain/billing/paypal.ts `paypalWebhook`).
 */
export const paypalWebhookRoutes = new Hono<AppEnv>().post("/paypal_webhook", async (c) =>
  answer(c, await paypalWebhook(c, await c.req.text())),
);
