import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { payments } from "../../../../db/schema";
import type { PaymentRow } from "../lib/billing";
import { Code } from "../lib/codes";
import { captureOf, PayPalError, toCents, type PayPal, type PayPalCapture, type PayPalOrder } from "../lib/payments/paypal";
import { GatewayError } from "../lib/payments/portone";
import type { AppEnv } from "../env";

// PayPal orders' rows: closing a left order (which a card payment does too, routes/payment.ts) and giving money back.

type Ctx = Context<AppEnv>;

/** A pending row that will not be paid, marked failed with why. */
export async function failRow(c: Ctx, row: PaymentRow, reason: string) {
  await c.var.db
    .update(payments)
    .set({ status: "failed", failReason: reason.slice(0, 300) })
    .where(and(eq(payments.no, row.no), eq(payments.status, "pending")));
}

/** Money PayPal took for an order we will not honour goes back in full (the same key never refunds twice). */
export async function giveBack(c: Ctx, wallet: PayPal, row: PaymentRow, capture: PayPalCapture, reason: string) {
  let note = "refunded";
  try {
    await wallet.refund(capture.id, { amount: toCents(capture.amount.value), currency: capture.amount.currency_code, requestId: `void-${row.merchantUid}`, note: reason });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (!(err instanceof PayPalError && err.issue === "CAPTURE_FULLY_REFUNDED")) {
      note = `refund failed: ${err.message}`;
      console.warn("paypal give-back failed", row.merchantUid, err.message);
    }
  }
  await failRow(c, row, `${reason} (${note})`);
}

/** GET the order; null when PayPal does not know it. */
export async function lookUp(wallet: PayPal, orderId: string) {
  try {
    return await wallet.order(orderId);
  } catch (err) {
    if (err instanceof PayPalError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Only one payment of a member is pending at a time. An earlier PayPal order that was left (the
 * payer never came back) is closed before a new one starts; if PayPal shows it captured but it
 * was never saved, the money goes back. Answers a code when the earlier order cannot be settled.
 */
export async function closeOpenOrder(c: Ctx, wallet: PayPal, memberId: string) {
  const open = await c.var.db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, "pending"), eq(payments.provider, "paypal")))
    .get();
  if (!open) return null;
  let order: PayPalOrder | null = null;
  if (open.impUid) {
    try {
      order = await lookUp(wallet, open.impUid);
    } catch (err) {
      if (err instanceof GatewayError) return Code.GATEWAY_FAILED;
      throw err;
    }
  }
  const capture = order?.status === "COMPLETED" ? captureOf(order) : null;
  if (capture) await giveBack(c, wallet, open, capture, "captured but never saved; replaced by a newer order");
  else await failRow(c, open, "not completed; replaced by a newer order");
  return null;
}
