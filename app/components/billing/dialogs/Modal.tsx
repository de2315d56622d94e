import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * A dialog of the plan pages. The server renders it open from the URL (`?modal=...`), so it works
 * without JavaScript; the close link goes back to the page without the parameter. With JavaScript,
 * Escape closes it too.
 */
export function Modal({
  name,
  title,
  closeTo,
  alert = false,
  describedBy,
  children,
}: {
  name: string;
  title: string;
  closeTo: string;
  alert?: boolean;
  describedBy?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("billing");
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
      data-testid={`modal-${name}`}
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
          <Link
            to={closeTo}
            replace
            preventScrollReset
            aria-label={t("close")}
            className="-m-1 rounded-lg px-2 py-1 text-slate-500 hover:bg-slate-100"
          >
            <span aria-hidden="true">✕</span>
          </Link>
        </div>
        <div className="mt-4">{children}</div>
      </section>
    </div>
  );
}
