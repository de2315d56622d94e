import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/shell/Page";
import { type Notice, type NoticeCategory, type NoticeList } from "~/lib/content";
import { formatDate, useClock } from "~/lib/time";
import { Body } from "./Body";

const TABS = [null, "notice", "release"] as const;

const listHref = (base: string, category: NoticeCategory | null, page = 1) => {
  const q = new URLSearchParams();
  if (category) q.set("category", category);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
};

/** The notices list (spec: notices, release notices), on /notice and /dashboard/notice: tabs and pages are links (no JavaScript needed). */
export function NoticeBoard({ list, category, base }: { list: NoticeList; category: NoticeCategory | null; base: string }) {
  const { t } = useTranslation("content");
  const clock = useClock();
  return (
    <>
      <PageHeading title={t("notice.title")} description={t("notice.description")} testId="notice-title" />
      <nav aria-label={t("notice.tabs.label")} className="mt-6 flex scroll-fade-x gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab ?? "all"}
            to={listHref(base, tab)}
            aria-current={tab === category ? "page" : undefined}
            className={`whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-medium ${tab === category ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
          >
            {t(`notice.tabs.${tab ?? "all"}`)}
          </Link>
        ))}
      </nav>
      <p className="mt-4 text-sm text-slate-500">{t("notice.count", { count: list.total })}</p>
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("notice.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200" data-testid="notice-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <Link
                to={`${base}/${encodeURIComponent(item.id)}`}
                className="flex flex-col gap-1 py-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="flex shrink-0 items-center gap-2 text-xs font-semibold">
                  {item.pinned ? <span className="rounded bg-brand-50 px-2 py-0.5 text-brand-700">{t("notice.pinned")}</span> : null}
                  <span
                    className={`rounded px-2 py-0.5 ${item.category === "release" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-700"}`}
                  >
                    {t(`notice.categories.${item.category}`)}
                  </span>
                </span>
                <span className="min-w-0 flex-1 font-medium text-slate-900">{item.title}</span>
                <time dateTime={new Date(item.date).toISOString()} className="shrink-0 text-sm text-slate-500">
                  {formatDate(item.date, clock)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.pages > 1 ? (
        <nav aria-label={t("notice.pagination")} className="mt-6 flex items-center justify-center gap-4 text-sm">
          {list.page > 1 ? (
            <Link to={listHref(base, category, list.page - 1)} rel="prev" className="rounded-lg border border-slate-300 px-3 py-1.5">
              {t("notice.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("notice.pageOf", { page: list.page, pages: list.pages })}</span>
          {list.page < list.pages ? (
            <Link to={listHref(base, category, list.page + 1)} rel="next" className="rounded-lg border border-slate-300 px-3 py-1.5">
              {t("notice.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

/** One notice, with its category, date and body. */
export function NoticeArticle({ notice, base }: { notice: Notice; base: string }) {
  const { t } = useTranslation("content");
  const clock = useClock();
  return (
    <article>
      <Link to={base} className="text-sm text-slate-600 underline">
        ← {t("notice.back")}
      </Link>
      <header className="mt-4 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold text-brand-700">{t(`notice.categories.${notice.category}`)}</p>
        <h1 className="mt-1 text-2xl font-bold" data-testid="notice-title">
          {notice.title}
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          {t("notice.date")} <time dateTime={new Date(notice.date).toISOString()}>{formatDate(notice.date, clock, "long")}</time>
        </p>
      </header>
      <Body text={notice.body} className="mt-6" />
    </article>
  );
}
