import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import { CloseLink } from "./parts";

/** Corporate cards only for Production and Max (spec section 5): from the card dialog and after CORPORATE_CARD_PLAN. */
export function CorporateDialog({ closeTo, cardTo }: { closeTo: string; cardTo: string | null }) {
  const { t } = useTranslation("billing");
  return (
    <Modal name="corporate" title={t("corporate.title")} closeTo={closeTo} alert describedBy="corporate-text">
      <p id="corporate-text" className="text-sm text-slate-700">
        {t("corporate.text")}
      </p>
      <div className="mt-5 flex justify-end gap-3">
        {cardTo ? (
          <CloseLink to={cardTo} variant="outline">
            {t("corporate.toCard")}
          </CloseLink>
        ) : null}
        <CloseLink to={closeTo}>{t("ok")}</CloseLink>
      </div>
    </Modal>
  );
}
