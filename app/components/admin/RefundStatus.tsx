import { useTranslation } from "react-i18next";

/**
 * A refunded payment's status in the console, in the member's words (billing's payment history): "refund
 * requested" while the money is on its way (`refundRequested`), "refunded" after.
 */
export function RefundStatus({ requested }: { requested: boolean }) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("billing");
  if (!requested) return <span className="whitespace-nowrap">{tb("history.status.refunded")}</span>;
  return (
    <>
      <span className="whitespace-nowrap font-medium text-amber-800">{tb("history.refundRequested")}</span>
      <span className="block text-xs text-slate-500">{t("refunds.arrives")}</span>
    </>
  );
}
