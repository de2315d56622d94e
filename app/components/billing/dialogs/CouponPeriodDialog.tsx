import { useTranslation } from "react-i18next";
import { formatDate, useClock } from "~/lib/time";
import { Modal } from "~/components/shell/Modal";
import { CloseLink } from "./parts";

/** While a coupon period runs, plan changes are blocked (spec section 4). */
export function CouponPeriodDialog({ closeTo, endDate }: { closeTo: string; endDate: string | null }) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  return (
    <Modal name="couponPeriod" title={t("couponPeriod.title")} closeTo={closeTo} alert describedBy="couponPeriod-text">
      <p id="couponPeriod-text" className="text-sm text-slate-700">
        {endDate ? t("couponPeriod.textUntil", { date: formatDate(endDate, clock) }) : t("couponPeriod.text")}
      </p>
      <div className="mt-5 flex justify-end">
        <CloseLink to={closeTo}>{t("ok")}</CloseLink>
      </div>
    </Modal>
  );
}
