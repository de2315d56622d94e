import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Spec section 8, "project load failed (back or retry)": a studio page whose project cannot be loaded
 * offers going back to the list (`back`), and trying again unless the project is not found. Plain links,
 * so it works without JavaScript.
 */
export function LoadFailed({ notFound, back }: { notFound: boolean; back: string }) {
  const { t } = useTranslation("studio");
  const location = useLocation();
  return (
    <main className="px-6 py-16 text-center" data-testid="load-failed">
      <h1 className="text-xl font-bold">{t("editor.loadFailed")}</h1>
      {notFound ? <p className="mt-2 text-sm text-slate-600">{t("editor.loadNotFound")}</p> : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={back} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
          ← {t("editor.back")}
        </Link>
        {notFound ? null : (
          <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            {t("editor.retry")}
          </a>
        )}
      </div>
    </main>
  );
}
