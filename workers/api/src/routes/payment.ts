import { Hono } from "hono";
import { z } from "zod/v4";
import { billingScope } from "../domain/scope";
import { MERCHANT_UID } from "#contracts/billing";
import { registerCard, unregisterCard } from "../domain/billing/cards";
import { cancel, resume, cardQuote, downgrade, history, purchase, upgrade } from "../domain/billing/plan-changes";
import { cardList, invoiceOf, receipt } from "../domain/billing/payments";
import { refund, refundQuote } from "../domain/billing/refunds";
import { ok } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { answer } from "../lib/envelope";
import { jsonBody, queryParams } from "../lib/validate";
import type { AppEnv } from "../env";
import { forgetAfterAnswer } from "../speech/engine";

// `/payment/*` for cards, history and refunds (docs/billing-api.md): each handler parses, calls the billing
// domain (domain/billing/) and answers. The PayPal endpoints are in paypal.ts; the sandbox's pages in sandbox.ts.

const registBody = z.object({
  card_type: z.enum(["개인", "법인", "personal", "corporate"]),
  card_number1: z.string().trim(),
  card_number2: z.string().trim(),
  card_number3: z.string().trim(),
  card_number4: z.string().trim(),
  expiry: z.string().trim(),
  birth: z.string().trim(),
  gender_no: z.string().trim().optional(),
  pwd_2digit: z.string().trim(),
});
const consent = z.boolean().default(false);
const paymentBody = z.object({
  plan: z.string().min(1).max(40),
  amount: z.number().int().nonnegative(),
  merchant_uid: z.string().regex(MERCHANT_UID).optional(),
  agree_billing: consent,
  agree_change: consent,
  agree_refund: consent,
  agree_regular_price: consent,
});
const changeBody = z.object({ toplan: z.string().min(1).max(40), merchant_uid: z.string().regex(MERCHANT_UID).optional() });
const cancelBody = z.object({
  reason: z.string().trim().max(200).default(""),
  comment: z.string().trim().max(2000).default(""),
  pwd: z.string().max(64).optional(),
});
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const quoteQuery = z.object({ plan: z.string().min(1).max(40), kind: z.enum(["purchase", "upgrade"]).default("purchase") });
const noBody = z.object({ no: z.coerce.number().int().positive() });
const receiptBody = z.object({ imp_uid: z.string().min(1).max(100) });
const cardNoBody = z.object({ card_no: z.coerce.number().int().positive() });

export const paymentRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .post("/cardList", async (c) => ok(c, await cardList(c.var.db, c.var.member.id)))
  /** Issues a billing key for the card and makes it the main card (spec sections 4 and 5). */
  .post("/registcard", jsonBody(registBody), async (c) => answer(c, await registerCard(billingScope(c), c.req.valid("json"))))
  .post("/unRegistCard", jsonBody(cardNoBody), async (c) => answer(c, await unregisterCard(billingScope(c), c.req.valid("json").card_no)))
  /** The price the server will charge (the purchase modal shows it). */
  .get("/quote", queryParams(quoteQuery), async (c) => {
    const q = c.req.valid("query");
    return answer(c, await cardQuote(billingScope(c), q.plan, q.kind));
  })
  /** First purchase of a paid plan with the main card (spec sections 4 and 5). */
  .post("/payment", jsonBody(paymentBody), async (c) => answer(c, await purchase(billingScope(c), c.req.valid("json"))))
  /** Upgrade (spec section 4): charged now, the period restarts, the unused part of the old plan carries over. */
  .post("/upgradeplan", jsonBody(changeBody), async (c) => answer(c, await upgrade(billingScope(c), c.req.valid("json"))))
  /** Downgrade (spec section 4): takes effect at the next payment date; the same plan clears a pending change. */
  .post("/downgradeplan", jsonBody(changeBody), async (c) => answer(c, await downgrade(billingScope(c), c.req.valid("json"))))
  /** Cancel subscription (spec section 4): billing stops; the plan runs to the end of the paid period, then Free. */
  .post("/cancel", jsonBody(cancelBody), async (c) => answer(c, await cancel(billingScope(c), c.req.valid("json"))))
  /** Resumes a cancelled card subscription before its period ends. */
  .post("/resume", async (c) => answer(c, await resume(billingScope(c))))
  .get("/refundable", async (c) => answer(c, await refundQuote(billingScope(c))))
  /** Immediate cancel and refund (spec section 4): within 7 days, no paid use, less the fee; Free at once. */
  .post("/refund", jsonBody(cancelBody), async (c) => {
    const outcome = await refund(billingScope(c), c.req.valid("json"));
    // The move to Free deleted the custom voices: their remote voices go after the answer (docs/decisions/0052).
    if (outcome.ok) forgetAfterAnswer(c);
    return answer(c, outcome);
  })
  /** Payment history, newest first (spec: page size 10). */
  .get("/list", queryParams(listQuery), async (c) => {
    const { page, limit } = c.req.valid("query");
    return ok(c, await history(billingScope(c), page, limit));
  })
  .post("/detail", jsonBody(noBody), async (c) => answer(c, await invoiceOf(c.var.db, c.var.member.id, c.req.valid("json").no)))
  /** The card receipt's link, from the gateway (spec: receipt link unavailable → ask the card issuer). */
  .post("/receipt", jsonBody(receiptBody), async (c) => answer(c, await receipt(billingScope(c), c.req.valid("json").imp_uid)));
