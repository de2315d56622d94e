import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/utils/root-data";

/** The toasts that report a payment or plan outcome: the plan pages also keep them on the page. */
const OUTCOMES = new Set([
  "purchased",
  "paypalCancelled",
  "upgraded",
  "downgraded",
  "cancelled",
  "resumed",
  "refunded",
  "couponApplied",
  "cardRegistered",
]);

/**
 * A payment's outcome as a message that stays on the page until dismissed (not only the spec's
 * 1.5 s toast). It is the same flash message the toast shows, so it appears once, after the action that
 * made it; without JavaScript it stays until the next page.
 */
export function OutcomeBanner() {
  const { t } = useTranslation();
  const toast = useRootData()?.toast;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!toast || !OUTCOMES.has(toast.key) || dismissed === toast.id) return null;
  return (
    <div
      role="status"
      data-testid="billing-outcome"
      className="flex items-start justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200"
    >
      <span>{t(`toast.${toast.key}`, toast.params ?? {})}</span>
      <button type="button" onClick={() => setDismissed(toast.id)} className="shrink-0 text-emerald-800 underline">
        {t("dialog.close")}
      </button>
    </div>
  );
}
