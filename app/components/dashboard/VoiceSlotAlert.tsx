import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NativeDialog } from "~/components/shell/Modal";

import { SLOTS_PATH } from "~/lib/shell";

export { SLOTS_PATH };

/**
 * The blocking voice-slot alert (spec sections 4 and 8): while a plan change has left more custom voices
 * than slots (`mustChooseCustomVoice`), every dashboard and studio page but the slots page is covered by
 * this alert, whose only way out is the link to the slots page (Escape and the backdrop do nothing).
 * Rendered by the server, so it blocks without JavaScript too; with it, a modal <dialog> makes the page inert.
 */
export function VoiceSlotAlert({ slots, used }: { slots: number; used: number }) {
  const { t } = useTranslation("account");
  return (
    <NativeDialog
      alert
      labelledBy="voice-slot-alert-title"
      describedBy="voice-slot-alert-text"
      testId="voice-slot-alert"
      className="max-w-md"
    >
      <div className="p-6">
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
      </div>
    </NativeDialog>
  );
}
