/**
 * Billing shapes of the api (docs/billing-api.md) and the form schemas that the browser (conform)
 * and the actions share. Validation messages are keys of the billing bundle's `errors` group.
 */

export type { Card, Quote, Currency, Invoice, InvoicePage, PlanState, RefundQuote as Refundable } from "#contracts/billing";
export { cardBrand, formatMoney, refundRequested } from "#contracts/billing";

/** The dialogs of the plan pages, opened by `?modal=` so they render without JavaScript. */
export const MODALS = ["coupon", "couponPeriod", "card", "corporate", "purchase", "change", "cancel", "refund", "receipt"] as const;
export type ModalName = (typeof MODALS)[number];
export const modalFrom = (v: string | null): ModalName | null =>
  (MODALS as readonly string[]).includes(v ?? "") ? (v as ModalName) : null;

/** Termination reasons (spec section 3), sent comma-joined in this order. */
export const CANCEL_REASONS = ["ai_voice", "inconvenience", "change_reuse", "price", "other"] as const;

export const expiryValue = (v: { expiry_month: string; expiry_year: string }) => `20${v.expiry_year}-${v.expiry_month}`;
