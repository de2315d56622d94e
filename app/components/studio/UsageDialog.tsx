import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { UsageLimit } from "~/lib/studio";

/**
 * A usage dialog: the limit's title, the api's message (with the figures), upgrade, and a way out
 * (close, or manage projects). Rendered open by the server, so it works without JavaScript; the
 * close link reloads the page without the dialog.
 */
export function UsageDialog({ kind, message, closeTo }: { kind: UsageLimit; message: string; closeTo: string }) {
  const { t } = useTranslation("studio");
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-slate-900/40 px-4" data-testid="usage-dialog" data-kind={kind}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="usage-title"
        aria-describedby="usage-message"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="usage-title" className="text-lg font-bold">
          {t(`usage.${kind}.title`)}
        </h2>
        <p id="usage-message" className="mt-2 text-sm text-slate-700">
          {message}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3 text-sm font-semibold">
          <Link to={kind === "projectLimit" ? "/studio#projects" : closeTo} replace className="rounded-lg px-4 py-2 ring-1 ring-slate-300">
            {t(kind === "projectLimit" ? "usage.manage" : "usage.close")}
          </Link>
          <Link to="/plan" className="rounded-lg bg-brand-600 px-4 py-2 text-white">
            {t("usage.upgrade")}
          </Link>
        </div>
      </div>
    </div>
  );
}
