// Captures PayPal settles later (PENDING at capture time): its webhook (verified through PayPal's
// verify-webhook-signature API) and the hourly cron settle them (docs/decisions/0066).
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { members, payments } from "#db/schema";
import { now } from "../../lib/clock";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { paypalGateway, paypalWebhookId } from "../../integrations/payments/gateways";
import {
  captureOf,
  PayPalError,
  WEBHOOK_HEADERS,
  type PayPal,
  type PayPalCapture,
  type PayPalEvent,
} from "../../integrations/payments/paypal";
import { GatewayError } from "../../integrations/payments/portone";
import type { AppEnv } from "../../env";
import { member, moveToFree } from "./plan-state";
import type { Db, PaymentRow } from "./rules";
import { failRow, gatewayFailure, giveBack, lookUp } from "./paypal-orders";
import { complete, type Flow } from "./paypal";

/** A PayPal order is left unfinished this long before the cron closes its row (nothing was charged). */
export const ORDER_ABANDONED_MS = 86_400_000;
/** The cron leaves a pending row this long to the member's own return from PayPal (capture and save). */
export const ORDER_SETTLE_AFTER_MS = 10 * 60_000;

export const flowOf = (row: PaymentRow): Flow => (row.kind === "upgrade" ? "upgrade" : "save");

/**
 * Settles one pending PayPal row from what PayPal holds now: a completed capture is applied as the member's save
 * would (`complete`), a declined or failed one closes the row, a pending one waits. An order never captured is
 * closed after a day (the payer did not finish at PayPal). Answers what became of the row.
 */
export async function settleOrder(db: Db, wallet: PayPal, row: PaymentRow, t: number) {
  if (row.status !== "pending" || !row.impUid) return "unchanged" as const;
  const order = await lookUp(wallet, row.impUid);
  const captured = order && order.purchase_units?.[0]?.custom_id === row.merchantUid ? captureOf(order) : null;
  if (!order || !captured) {
    if (t - row.createdAt < ORDER_ABANDONED_MS) return "open" as const;
    await failRow(db, row, "not completed at PayPal within a day", "cancelled");
    return "cancelled" as const;
  }
  if (captured.status === "PENDING") return "pending" as const;
  if (captured.status === "DECLINED" || captured.status === "FAILED") {
    await failRow(db, row, `capture ${captured.status}`);
    return "failed" as const;
  }
  const m = await member(db, row.memberId!);
  if (!m) return "unchanged" as const;
  return (await complete(db, wallet, m, row, order, captured, flowOf(row), t)).ok ? ("paid" as const) : ("failed" as const);
}

/** The hourly cron's part: PayPal rows left pending past the member's own return, settled (bounded per run). */
export async function settlePendingOrders(env: AppEnv["Bindings"], db: Db, t: number) {
  const wallet = paypalGateway(env);
  if (!wallet) return 0;
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), eq(payments.provider, "paypal"), sql`${payments.createdAt} <= ${t - ORDER_SETTLE_AFTER_MS}`))
    .limit(50);
  let settled = 0;
  for (const row of rows) {
    // One order PayPal does not answer for is tried again at the next run; the others go on.
    const outcome = await settleOrder(db, wallet, row, t).catch((err: unknown) => {
      if (err instanceof GatewayError) return "unchanged" as const;
      throw err;
    });
    if (outcome === "paid" || outcome === "failed" || outcome === "cancelled") settled++;
  }
  return settled;
}

/** The webhook events of a capture this app acts on (PayPal's "Payments v2" events). */
export const CAPTURE_EVENTS = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
]);

/** The capture an event is about: the resource itself, or for a refund the capture its "up" link names. */
export function captureIdOf(event: PayPalEvent) {
  if (event.event_type !== "PAYMENT.CAPTURE.REFUNDED") return event.resource?.id ?? null;
  const up = event.resource?.links?.find((l) => l.rel === "up")?.href ?? "";
  return up.match(/\/v2\/payments\/captures\/([^/?#]+)$/)?.[1] ?? null;
}

/**
 * POST /payment/paypal_webhook: PayPal's notification of a capture's change. The event is believed only after
 * PayPal's verify-webhook-signature says SUCCESS for our webhook's id; even then it is only a hint: the capture
 * is read again from PayPal and the row settled from that, so a replayed, duplicated or out-of-order event
 * changes nothing that is already settled. A refund made at PayPal (not through us) ends the month it paid for.
 */
export async function paypalWebhook(c: Context<AppEnv>, raw: string): Promise<Result<{ event: string; outcome: string }>> {
  const wallet = paypalGateway(c.env);
  const webhookId = paypalWebhookId(c.env);
  if (!wallet || !webhookId) return refusal(Code.NOT_FOUND);
  let event: PayPalEvent;
  try {
    event = JSON.parse(raw) as PayPalEvent;
  } catch {
    return refusal(Code.MALFORMED_JSON);
  }
  const headers = Object.fromEntries(
    Object.entries(WEBHOOK_HEADERS).map(([field, header]) => [field, c.req.header(header) ?? ""]),
  ) as Record<keyof typeof WEBHOOK_HEADERS, string>;
  if (!event || typeof event !== "object" || Object.values(headers).some((v) => !v)) return refusal(Code.PAYPAL_WEBHOOK_UNVERIFIED);
  try {
    if (!(await wallet.verifyWebhook(headers, webhookId, event))) return refusal(Code.PAYPAL_WEBHOOK_UNVERIFIED);
  } catch (err) {
    // PayPal's own 4xx (a malformed header) is a forgery's answer; no answer at all is retried by PayPal.
    if (err instanceof PayPalError && err.status < 500) return refusal(Code.PAYPAL_WEBHOOK_UNVERIFIED);
    return gatewayFailure(err);
  }
  const type = String(event.event_type ?? "");
  const captureId = CAPTURE_EVENTS.has(type) ? captureIdOf(event) : null;
  if (!captureId) return done({ event: type, outcome: "ignored" });
  let captured: PayPalCapture;
  try {
    captured = await wallet.captureDetails(captureId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) return done({ event: type, outcome: "ignored" });
    return gatewayFailure(err);
  }
  const db = c.var.db;
  const row = captured.custom_id
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.merchantUid, captured.custom_id), eq(payments.provider, "paypal")))
        .get()
    : undefined;
  if (!row) return done({ event: type, outcome: "ignored" });
  const t = now(c);
  if (row.status === "pending") {
    try {
      return done({ event: type, outcome: await settleOrder(db, wallet, row, t) });
    } catch (err) {
      return gatewayFailure(err);
    }
  }
  // PayPal took money for an order we had closed: it goes back (the same key never refunds twice).
  if ((row.status === "failed" || row.status === "cancelled") && captured.status === "COMPLETED") {
    await giveBack(db, wallet, row, captured, "captured after the order was closed");
    return done({ event: type, outcome: "given back" });
  }
  if (row.status === "paid" && row.impUid === captured.id && captured.status === "REFUNDED") {
    await refundedAtPayPal(db, c.env.MEDIA, row, t);
    return done({ event: type, outcome: "refunded" });
  }
  return done({ event: type, outcome: "unchanged" });
}

/**
 * A capture PayPal reports fully refunded though we never refunded it (an operator at PayPal, a dispute): the
 * payment is marked refunded and, when it paid for the member's current month, the month ends now, as our own
 * refund would end it. Our refunds keep a fee, so PayPal reports them PARTIALLY_REFUNDED and they never get here.
 */
export async function refundedAtPayPal(db: Db, media: R2Bucket, row: PaymentRow, t: number) {
  const [marked] = await db
    .update(payments)
    .set({ status: "refunded", refundAmount: row.amount, refundFee: 0, refundedAt: t })
    .where(and(eq(payments.no, row.no), eq(payments.status, "paid")))
    .returning();
  if (!marked) return;
  const m = await member(db, row.memberId!);
  if (!m || m.paymentMethod !== "paypal" || m.planEndAt !== row.periodEnd) return;
  await db.update(members).set({ subscription: "cancelled", planEndAt: t, nextPaymentAt: null }).where(eq(members.id, m.id));
  await moveToFree(db, media, m.id).catch((err: unknown) =>
    console.error("billing: the move to Free after a refund at PayPal failed; the billing cron ends the plan", m.id, err),
  );
}
