import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Where the member chooses which custom voices to keep; the alert is not shown there. */
export const SLOTS_PATH = "/dashboard/library/slots";

/**
 * The blocking voice-slot alert (spec sections 4 and 8): while a plan change has left more custom voices
 * than slots (`mustChooseCustomVoice`), every dashboard and studio page but the slots page is covered by
 * this alert, whose only way out is the link to the slots page. Rendered by the server, so it blocks
 * without JavaScript too; the page behind it is inert.
 */
export function VoiceSlotAlert({ slots, used }: { slots: number; used: number }) {
  const { t } = useTranslation("account");
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 px-4" data-testid="voice-slot-alert">
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="voice-slot-alert-title"
        aria-describedby="voice-slot-alert-text"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="voice-slot-alert-title" className="text-lg font-bold">
          {t("slotAlert.title")}
        </h2>
        <p id="voice-slot-alert-text" className="mt-3 text-sm text-slate-700">
          {t("slotAlert.text", { slots: Math.max(0, slots), used })}
        </p>
        <Link
          to={SLOTS_PATH}
          autoFocus
          className="mt-5 block rounded-lg bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("slotAlert.link")}
        </Link>
      </section>
    </div>
  );
}
