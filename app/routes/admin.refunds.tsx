import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterTabs } from "~/components/admin/FilterTabs";
import { Pager } from "~/components/admin/Pager";
import { RefundStatus } from "~/components/admin/RefundStatus";
import { PageHeading } from "~/components/shell/Page";
import { REFUND_STATUSES } from "~/lib/admin";
import { formatMoney } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./admin.refunds.server";

export { loader } from "./admin.refunds.server";
export const handle = { i18n: ["common", "admin", "help", "billing"] };
export const meta = pageMetaTags;

const COLUMNS = ["no", "member", "plan", "paid", "refund", "fee", "when", "status"] as const;

/** Refunds: every refunded payment, the latest first, with the status its member sees; filtered by it, paged. */
export default function RefundsPage() {
  const { items, page, pageSize, total, status } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const clock = useClock();
  const locale = i18n.language;
  return (
    <main>
      <PageHeading title={t("refunds.title")} description={t("refunds.description")} />
      <FilterTabs
        label={t("refunds.filter")}
        path="/admin/refunds"
        values={REFUND_STATUSES}
        current={status}
        name={(s) => t(`refunds.statuses.${s}`)}
      />
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{t("refunds.empty")}</p>
      ) : (
        <div className="mt-6 scroll-fade-x rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="refund-list">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                    {t(`refunds.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.no} className="border-t border-slate-100 align-top" data-testid="refund-row">
                  <td className="px-3 py-2 tabular-nums">#{p.no}</td>
                  <td className="px-3 py-2">
                    {p.email ? (
                      <Link to={`/admin/members?${new URLSearchParams({ email: p.email })}`} className="text-brand-700 underline">
                        {p.email}
                      </Link>
                    ) : (
                      t("refunds.withdrawn")
                    )}
                  </td>
                  <td className="px-3 py-2">{p.plan}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatMoney(p.amount, p.currency, locale)}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatMoney(p.refund_amount, p.currency, locale)}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatMoney(p.fee, p.currency, locale)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{p.refunded_at ? formatDate(p.refunded_at, clock) : "—"}</td>
                  <td className="px-3 py-2" data-testid="refund-status">
                    <RefundStatus requested={p.state === "requested"} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageSize={pageSize} total={total} link={(p) => `?${new URLSearchParams({ status, page: String(p) })}`} />
    </main>
  );
}
