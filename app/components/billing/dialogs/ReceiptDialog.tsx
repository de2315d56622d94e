import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import { CloseLink } from "./parts";

/** A receipt the card company has no link for (the action's message). */
export function ReceiptDialog({ closeTo, message }: { closeTo: string; message: string }) {
  const { t } = useTranslation("billing");
  return (
    <Modal name="receipt" title={t("receipt.title")} closeTo={closeTo} alert describedBy="receipt-text">
      <p id="receipt-text" className="text-sm text-slate-700">
        {message}
      </p>
      <div className="mt-5 flex justify-end">
        <CloseLink to={closeTo}>{t("ok")}</CloseLink>
      </div>
    </Modal>
  );
}
