import { isRouteErrorResponse, Link, useLocation, useMatches, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { sectionOf } from "~/lib/shell";
import { NotFound } from "./NotFound";

type StatusHandler = (status: number) => ReactNode;

/**
 * The one error boundary (house style 9): routes throw Responses (`requireData` in utils/api.server.ts) and
 * this renders a message per status: 404 the not-found page, 403, 429 and 503 their own sentence, anything
 * else (and thrown errors) the generic one with the support address. A route may handle some statuses itself
 * (`statusHandlers`) or replace the fallback for all of them (`defaultHandler`), as the TTS editor does.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  defaultHandler,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultHandler?: StatusHandler;
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const own = statusHandlers[status] ?? defaultHandler;
  if (own) return <>{own(status)}</>;
  if (status === 404) return <NotFound />;
  return <ErrorMessage status={status} />;
}

/**
 * The generic message. A page that failed to load (a dropped connection while a page's data loads
 * lands here, at the root: one request carries every route's data) offers retry, a full load of the same
 * address, and back, to the deepest route's `handle.back` (its list), else the page's section (`sectionOf`: the
 * dashboard, the studio, the console, the labs) or the landing; not for a 403.
 */
function ErrorMessage({ status }: { status: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const back = useMatches().reduce((to, m) => (m.handle as { back?: string } | undefined)?.back ?? to, sectionOf(location.pathname));
  const text =
    status === 403
      ? t("errors.forbidden")
      : status === 429
        ? t("errors.tooMany")
        : status === 503
          ? t("errors.unavailable")
          : t("errors.generic", { email: "help@voicestudio.example" });
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t("errors.title")}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      {status === 403 ? null : (
        <p className="mt-6 flex flex-wrap justify-center gap-3 text-sm font-semibold" data-testid="error-actions">
          <Link to={back} className="rounded-lg border border-slate-300 px-4 py-2">
            ← {t("errors.back")}
          </Link>
          <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 text-white">
            {t("errors.retry")}
          </a>
        </p>
      )}
    </main>
  );
}
