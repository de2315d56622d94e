import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A console list's previous and next pages as links (`link(page)` keeps the list's filter): no JavaScript needed. */
export function Pager({ page, pageSize, total, link }: { page: number; pageSize: number; total: number; link: (page: number) => string }) {
  const { t } = useTranslation("admin");
  const { t: th } = useTranslation("help");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pages")} className="mt-4 flex gap-3 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} className="text-brand-700 underline">
          {th("history.prev")}
        </Link>
      ) : null}
      <span>{th("history.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={link(page + 1)} className="text-brand-700 underline">
          {th("history.next")}
        </Link>
      ) : null}
    </nav>
  );
}
