import { onUse } from "~/components/shell/on-use";
import { CancelDialog as CancelDialogNow } from "./dialogs/CancelDialog";
import { CardDialog as CardDialogNow } from "./dialogs/CardDialog";
import { ChangeDialog as ChangeDialogNow } from "./dialogs/ChangeDialog";
import { CorporateDialog as CorporateDialogNow } from "./dialogs/CorporateDialog";
import { CouponDialog as CouponDialogNow } from "./dialogs/CouponDialog";
import { CouponPeriodDialog as CouponPeriodDialogNow } from "./dialogs/CouponPeriodDialog";
import { PaypalDialog as PaypalDialogNow } from "./dialogs/PaypalDialog";
import { PurchaseDialog as PurchaseDialogNow } from "./dialogs/PurchaseDialog";
import { ReceiptDialog as ReceiptDialogNow } from "./dialogs/ReceiptDialog";
import { RefundDialog as RefundDialogNow } from "./dialogs/RefundDialog";

/**
 * docs/decisions/0050: the plan pages' dialogs (card, PayPal, coupon, cancel, refund, ...), each
 * opened by a link (`?modal=...`) or an answer, loaded when first shown (`onUse`): the server renders the open dialog
 * in place (a page of its own without JavaScript), the browser loads its code (and the form hook and `<dialog>`
 * module under it) only when a dialog is open. Import them from here, never from their own modules.
 */
export const CancelDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/CancelDialog").then((m) => m.CancelDialog),
  import.meta.env.SSR && CancelDialogNow,
);
export const CardDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/CardDialog").then((m) => m.CardDialog),
  import.meta.env.SSR && CardDialogNow,
);
export const ChangeDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/ChangeDialog").then((m) => m.ChangeDialog),
  import.meta.env.SSR && ChangeDialogNow,
);
export const CorporateDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/CorporateDialog").then((m) => m.CorporateDialog),
  import.meta.env.SSR && CorporateDialogNow,
);
export const CouponDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/CouponDialog").then((m) => m.CouponDialog),
  import.meta.env.SSR && CouponDialogNow,
);
export const CouponPeriodDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/CouponPeriodDialog").then((m) => m.CouponPeriodDialog),
  import.meta.env.SSR && CouponPeriodDialogNow,
);
export const PaypalDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/PaypalDialog").then((m) => m.PaypalDialog),
  import.meta.env.SSR && PaypalDialogNow,
);
export const PurchaseDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/PurchaseDialog").then((m) => m.PurchaseDialog),
  import.meta.env.SSR && PurchaseDialogNow,
);
export const ReceiptDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/ReceiptDialog").then((m) => m.ReceiptDialog),
  import.meta.env.SSR && ReceiptDialogNow,
);
export const RefundDialog = /*#__PURE__*/ onUse(
  () => import("./dialogs/RefundDialog").then((m) => m.RefundDialog),
  import.meta.env.SSR && RefundDialogNow,
);
