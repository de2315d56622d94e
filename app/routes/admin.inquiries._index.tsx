import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StateBadge } from "~/components/help/StateBadge";
import { PageHeading } from "~/components/shell/Page";
import { INQUIRY_CATEGORIES } from "~/lib/help";
import { formatDateTime, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./admin.inquiries._index.server";

export { loader } from "./admin.inquiries._index.server";
export const handle = { i18n: ["common", "admin", "help"] };
export const meta = pageMetaTags;

const select = "mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** The inquiry queue: a GET form filters by state and category (no JavaScript needed). */
export default function InquiryQueue() {
  const { items, page, pageSize, total, counts, filter } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: th } = useTranslation("help");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const clock = useClock();
  const when = (iso: string) => formatDateTime(iso, clock, { date: "short" });
  const pageLink = (p: number) =>
    `?${new URLSearchParams({ ...(filter.state ? { state: filter.state } : {}), ...(filter.category ? { category: filter.category } : {}), page: String(p) })}`;
  return (
    <main>
      <PageHeading title={t("inquiries.title")} description={t("inquiries.counts", counts)} />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label={t("inquiries.filter")}>
        <div>
          <label htmlFor="queue-state" className="text-sm font-medium">
            {t("inquiries.state")}
          </label>
          <select id="queue-state" name="state" defaultValue={filter.state} className={select}>
            <option value="">{t("inquiries.all")}</option>
            {(["received", "waiting", "completed"] as const).map((s, i) => (
              <option key={s} value={String(i)}>
                {th(`states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="queue-category" className="text-sm font-medium">
            {t("inquiries.category")}
          </label>
          <select id="queue-category" name="category" defaultValue={filter.category} className={select}>
            <option value="">{t("inquiries.all")}</option>
            {INQUIRY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {th(`categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
          {t("inquiries.apply")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{t("inquiries.empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="admin-queue">
          {items.map((item) => (
            <li key={item.no}>
              <Link to={`/admin/inquiries/${item.no}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50">
                <span className="text-sm font-semibold">#{item.no}</span>
                <StateBadge state={item.state} />
                <span className="text-xs text-slate-500">{th(`categories.${item.category}`)}</span>
                <span className="text-xs text-slate-500">{item.email ?? t("inquiries.withdrawn")}</span>
                <span className="min-w-0 basis-full truncate text-sm sm:flex-1 sm:basis-auto">{item.content}</span>
                <time dateTime={item.updatedAt} className="text-xs text-slate-500">
                  {when(item.updatedAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="mt-4 flex gap-3 text-sm">
          {page > 1 ? <Link to={pageLink(page - 1)}>{th("history.prev")}</Link> : null}
          <span>{th("history.page", { page, pages })}</span>
          {page < pages ? <Link to={pageLink(page + 1)}>{th("history.next")}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
