import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * The one dialog (the plan pages' dialogs, the studio's usage dialogs). The server renders it open (from the
 * URL, `?modal=...`, or from an action's answer), so it works without JavaScript; the close link goes back to
 * the page without it. With JavaScript, Escape closes it too.
 */
export function Modal({
  name,
  title,
  closeTo,
  alert = false,
  describedBy,
  testId,
  closeButton = true,
  children,
}: {
  name: string;
  title: string;
  closeTo: string;
  alert?: boolean;
  describedBy?: string;
  /** Defaults to `modal-${name}`. */
  testId?: string;
  /** The ✕ link in the corner; off when the dialog's own actions include the way out (the usage dialogs). */
  closeButton?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  const titleId = `${name}-title`;
  return (
    <div
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/40 px-4 py-10"
      data-testid={testId ?? `modal-${name}`}
    >
      <section
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          {closeButton ? (
            <Link
              to={closeTo}
              replace
              preventScrollReset
              aria-label={t("dialog.close")}
              className="-m-1 rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100"
            >
              <span aria-hidden="true">✕</span>
            </Link>
          ) : null}
        </div>
        <div className="mt-4">{children}</div>
      </section>
    </div>
  );
}
