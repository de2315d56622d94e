import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/shell/Page";
import { FAQ_QUERY_MAX, type FaqCategory, type FaqList } from "~/lib/content";
import { Body } from "./Body";

const TABS = [null, "service", "plan"] as const;

/**
 * The FAQ (spec: categories Service and Plan) on /faq and /dashboard/faq: a GET search form, category
 * links that keep the search, and answers that open with details/summary (no JavaScript needed).
 */
export function FaqBoard({ list, base }: { list: FaqList; base: string }) {
  const { t } = useTranslation("content");
  const href = (category: FaqCategory | null, withSearch = true) => {
    const q = new URLSearchParams();
    if (category) q.set("category", category);
    if (list.q && withSearch) q.set("q", list.q);
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <>
      <PageHeading title={t("faq.title")} description={t("faq.description")} testId="faq-title" />
      <Form method="get" action={base} role="search" className="mt-6 flex flex-wrap gap-2">
        {list.category ? <input type="hidden" name="category" value={list.category} /> : null}
        <label htmlFor="faq-q" className="sr-only">
          {t("faq.search")}
        </label>
        <input
          id="faq-q"
          type="search"
          name="q"
          defaultValue={list.q}
          maxLength={FAQ_QUERY_MAX}
          placeholder={t("faq.searchPlaceholder")}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2.5"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white">
          {t("faq.searchButton")}
        </button>
      </Form>
      <nav aria-label={t("faq.tabs.label")} className="mt-4 flex scroll-fade-x gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab ?? "all"}
            to={href(tab)}
            aria-current={tab === list.category ? "page" : undefined}
            className={`whitespace-nowrap rounded-full px-4 py-1.5 text-sm font-medium ${tab === list.category ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
          >
            {t(`faq.tabs.${tab ?? "all"}`)}
          </Link>
        ))}
      </nav>
      {list.q ? (
        <p className="mt-4 text-sm text-slate-600" role="status">
          {t("faq.results", { q: list.q, count: list.items.length })}{" "}
          <Link to={href(list.category, false)} className="underline">
            {t("faq.clear")}
          </Link>
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <p className="mt-6 text-slate-600">{t("faq.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200" data-testid="faq-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <details className="group py-1">
                <summary className="flex cursor-pointer list-none items-start gap-3 py-3 font-medium text-slate-900">
                  <span aria-hidden="true" className="text-brand-600">
                    Q
                  </span>
                  <span className="flex-1">{item.question}</span>
                  <span aria-hidden="true" className="text-slate-400 transition group-open:rotate-180">
                    ▾
                  </span>
                </summary>
                <div className="flex gap-3 pb-4">
                  <span aria-hidden="true" className="font-medium text-slate-400">
                    A
                  </span>
                  <Body text={item.answer} className="flex-1 text-sm" />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
