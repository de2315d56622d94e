// Our rows of PayPal orders (docs/decisions/0066): failing one, giving a capture back, looking an order up, closing
// a member's open order, and finding the row of an order PayPal answered with. The flow is in paypal.ts.
import { and, eq } from "drizzle-orm";
import { payments } from "#db/schema";
import { Code } from "../../lib/codes";
import { refusal } from "../../lib/envelope";
import { captureOf, PayPalError, toCents, type PayPal, type PayPalCapture, type PayPalOrder } from "../../integrations/payments/paypal";
import { GatewayError } from "../../integrations/payments/portone";
import type { Db, PaymentRow } from "./rules";

// ---------------------------------------------------------------------------------------------
// Orders' rows

/**
 * A pending row that will not be paid, closed with why: `failed` when a payment was refused, `cancelled` when the payer
 * never finished at PayPal (cancelled there, or left), which the payment history does not list.
 */
export async function failRow(db: Db, row: PaymentRow, reason: string, status: "failed" | "cancelled" = "failed") {
  await db
    .update(payments)
    .set({ status, failReason: reason.slice(0, 300) })
    .where(and(eq(payments.no, row.no), eq(payments.status, "pending")));
}

/** Money PayPal took for an order we will not honour goes back in full (the same key never refunds twice). */
export async function giveBack(db: Db, wallet: PayPal, row: PaymentRow, capture: PayPalCapture, reason: string) {
  let note = "refunded";
  try {
    await wallet.refund(capture.id, {
      amount: toCents(capture.amount.value),
      currency: capture.amount.currency_code,
      requestId: `void-${row.merchantUid}`,
      note: reason,
    });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    if (!(err instanceof PayPalError && err.issue === "CAPTURE_FULLY_REFUNDED")) {
      note = `refund failed: ${err.message}`;
      console.warn("paypal give-back failed", row.merchantUid, err.message);
    }
  }
  await failRow(db, row, `${reason} (${note})`);
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
 * payer never came back) is closed before a new one (or a card payment, card.ts) starts; if PayPal
 * shows it captured but it was never saved, the money goes back. Answers a code when the earlier
 * order cannot be settled.
 */
export async function closeOpenOrder(db: Db, wallet: PayPal, memberId: string) {
  const open = await db
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
  // A capture PayPal holds PENDING (a review, an eCheck) may still complete: it is settled by PayPal's webhook
  // or the hourly cron (settleOrder), not dropped, and the member waits for it as for any payment in flight.
  if (capture?.status === "PENDING") return Code.PAYMENT_IN_PROGRESS;
  if (capture) await giveBack(db, wallet, open, capture, "captured but never saved; replaced by a newer order");
  else await failRow(db, open, "not completed; replaced by a newer order", "cancelled");
  return null;
}

/** Why a confirmed capture is not the one of this row, or null. */
export function captureProblem(order: PayPalOrder, capture: PayPalCapture, row: PaymentRow) {
  if (order.purchase_units?.[0]?.custom_id !== row.merchantUid) return "the order is not this payment's";
  if (capture.amount.currency_code !== row.currency)
    return `currency mismatch: captured ${capture.amount.currency_code}, expected ${row.currency}`;
  const captured = toCents(capture.amount.value);
  if (captured !== row.amount) return `amount mismatch: captured ${captured}, expected ${row.amount}`;
  return null;
}

/** The member's row of a PayPal order (found through the order's custom_id), or null when it is not theirs. */
export async function rowOfOrder(db: Db, memberId: string, order: PayPalOrder) {
  const uid = order.purchase_units?.[0]?.custom_id;
  if (!uid) return null;
  const row = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantUid, uid), eq(payments.memberId, memberId), eq(payments.provider, "paypal")))
    .get();
  return row ?? null;
}

/** A gateway failure answers 5040; anything else is a bug and is thrown. */
export const gatewayFailure = (err: unknown) => {
  if (err instanceof GatewayError) return refusal(Code.GATEWAY_FAILED);
  throw err;
};
