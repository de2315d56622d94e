import { Form, Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList } from "~/components/forms";
import { NeedsStarterDialog } from "~/components/library/gate-on-use";
import { VoiceGrid } from "~/components/library/VoiceCard";
import { PageHeading } from "~/components/shell/Page";
import { UsageDialog } from "~/components/studio/on-use";
import { activeFilters, FILTER_NAMES, FILTERS, viewSearch, type LibraryView } from "~/lib/library";
import { pageMetaTags } from "~/utils/seo";
import { LIBRARY_SORTS, LIBRARY_TABS, type LibraryTab } from "#contracts/voices";
import type { loader as dashboardLoader } from "./dashboard";
import type { action, loader } from "./dashboard.library._index.server";

export { action, loader } from "./dashboard.library._index.server";

export const handle = { i18n: ["common", "account", "library", "studio", "custom-voices"] };

export const meta = pageMetaTags;

const TAB_LINKS: Record<LibraryTab, "register" | "basic" | "open" | "custom" | null> = {
  mine: "register",
  event: "open",
  open: "register",
  basic: null,
  custom: "custom",
  bookmark: "basic",
};

/** The voice library (spec section 2): tabs, tag filters, sort, name search and pages, all in the URL. */
export default function LibraryPage() {
  const { view, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const parent = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { pathname, search } = useLocation();
  const { t } = useTranslation("library");
  const pages = Math.max(1, Math.ceil(page.total / page.limit));
  const filtered = activeFilters(view) > 0 || view.q !== "";
  // Custom voices need Starter or above (spec section 6): on Free the tab opens the spec's dialog.
  const needsStarter = view.tab === "custom" && (parent?.profile.plan ?? "Free") === "Free";
  const emptyAction = TAB_LINKS[view.tab];
  return (
    <main className="space-y-6 px-4 py-8 sm:px-6">
      <PageHeading
        title={t("list.title")}
        description={t("list.intro")}
        actions={
          view.tab === "custom" ? (
            // The Custom tab leads to custom voice creation.
            <ButtonLink to="/dashboard/custom" data-testid="make-custom-voice">
              {t("list.emptyActions.custom")}
            </ButtonLink>
          ) : (
            <ButtonLink to="/dashboard/library/open" data-testid="register-open-voice">
              {t("list.register")}
            </ButtonLink>
          )
        }
      />

      <nav aria-label={t("list.tabsLabel")} className="-mx-4 scroll-fade-x px-4 sm:mx-0 sm:px-0">
        <ul className="flex gap-1 border-b border-slate-200" data-testid="library-tabs">
          {LIBRARY_TABS.map((tab) => {
            const active = tab === view.tab;
            return (
              <li key={tab}>
                <Link
                  to={`${pathname}${viewSearch(view, { tab, page: 1 })}`}
                  aria-current={active ? "page" : undefined}
                  className={`block scroll-ml-4 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                    active
                      ? "border-brand-600 text-brand-700 [scroll-initial-target:nearest]"
                      : "border-transparent text-slate-600 hover:text-slate-900"
                  }`}
                >
                  {t(`list.tabs.${tab}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <Form method="get" className="space-y-3" data-testid="library-filters">
        <input type="hidden" name="tab" value={view.tab} />
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor="q" className="block text-sm font-medium text-slate-800">
              {t("list.search")}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={view.q}
              maxLength={40}
              placeholder={t("list.searchPlaceholder")}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
            />
          </div>
          <div>
            <label htmlFor="sort" className="block text-sm font-medium text-slate-800">
              {t("list.sort")}
            </label>
            <select
              id="sort"
              name="sort"
              defaultValue={view.sort}
              className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-base"
            >
              {LIBRARY_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`list.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            {t("list.apply")}
          </button>
        </div>
        <details open={activeFilters(view) > 0} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <summary className="cursor-pointer text-sm font-semibold">
            {activeFilters(view) > 0 ? t("list.filtersActive", { count: activeFilters(view) }) : t("list.filters")}
          </summary>
          <div className="mt-3 space-y-3">
            {FILTER_NAMES.map((name) => (
              <fieldset key={name}>
                <legend className="text-xs font-semibold text-slate-600">{t(`tags.${name}.label`)}</legend>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {(FILTERS[name] as readonly string[]).map((code) => {
                    const id = `f-${name}-${code}`;
                    return (
                      <label
                        key={code}
                        htmlFor={id}
                        className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-slate-300 px-2.5 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                      >
                        <input
                          id={id}
                          type="checkbox"
                          name={name}
                          value={code}
                          defaultChecked={view[name].includes(code)}
                          className="accent-brand-600"
                        />
                        {t(`tags.${name}.${code}`)}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                {t("list.apply")}
              </button>
              {filtered ? (
                <Link to={`${pathname}${viewSearch(clearView(view))}`} className="text-sm text-slate-600 underline">
                  {t("list.clear")}
                </Link>
              ) : null}
            </div>
          </div>
        </details>
      </Form>

      {actionData?.error ? <ErrorList errors={[actionData.error]} /> : null}

      <section aria-labelledby="results-title">
        <h2 id="results-title" className="text-sm text-slate-600" data-testid="library-total">
          {t("list.total", { count: page.total })}
        </h2>
        {page.voices.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" data-testid="library-empty">
            <p className="text-slate-700">{filtered ? t("list.empty.filtered") : t(`list.empty.${view.tab}`)}</p>
            <div className="mt-4 flex flex-wrap justify-center gap-3">
              {filtered ? (
                <ButtonLink to={`${pathname}${viewSearch(clearView(view))}`} variant="outline">
                  {t("list.clear")}
                </ButtonLink>
              ) : null}
              {!filtered && emptyAction ? <EmptyAction kind={emptyAction} view={view} /> : null}
            </div>
          </div>
        ) : (
          <VoiceGrid voices={page.voices} testId="library-voices" />
        )}
      </section>

      {pages > 1 ? (
        <nav aria-label={t("list.pages")} className="flex items-center justify-center gap-3 text-sm" data-testid="library-pages">
          {view.page > 1 ? (
            <Link
              to={`${pathname}${viewSearch(view, { page: view.page - 1 })}`}
              rel="prev"
              className="rounded-lg px-3 py-2 ring-1 ring-slate-300"
            >
              {t("list.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("list.pageOf", { page: view.page, pages })}</span>
          {view.page < pages ? (
            <Link
              to={`${pathname}${viewSearch(view, { page: view.page + 1 })}`}
              rel="next"
              className="rounded-lg px-3 py-2 ring-1 ring-slate-300"
            >
              {t("list.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}

      {needsStarter ? <NeedsStarterDialog closeTo={`${pathname}${viewSearch(view, { tab: "mine", page: 1 })}`} /> : null}
      {actionData?.usage ? (
        <UsageDialog
          kind={actionData.usage.kind}
          message={actionData.usage.message}
          closeTo={`${pathname}${search}`}
          addTo={"addTo" in actionData ? actionData.addTo : null}
        />
      ) : null}
    </main>
  );
}

/** The view without filters or search (tab and sort kept). */
const clearView = (view: LibraryView): LibraryView => ({
  ...view,
  q: "",
  page: 1,
  ...(Object.fromEntries(FILTER_NAMES.map((n) => [n, []])) as unknown as Pick<LibraryView, (typeof FILTER_NAMES)[number]>),
});

function EmptyAction({ kind, view }: { kind: "register" | "basic" | "open" | "custom"; view: LibraryView }) {
  const { t } = useTranslation("library");
  const to =
    kind === "register"
      ? "/dashboard/library/open"
      : kind === "custom"
        ? "/dashboard/custom"
        : `/dashboard/library${viewSearch(view, { tab: kind, page: 1 })}`;
  return <ButtonLink to={to}>{t(`list.emptyActions.${kind}`)}</ButtonLink>;
}
