import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConsoleList } from "~/components/admin/ConsoleList";
import { RefundStatus } from "~/components/admin/RefundStatus";
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
    <ConsoleList
      title={t("refunds.title")}
      description={t("refunds.description")}
      path="/admin/refunds"
      filter={{ label: t("refunds.filter"), values: REFUND_STATUSES, current: status, name: (s) => t(`refunds.statuses.${s}`) }}
      columns={COLUMNS.map((c) => t(`refunds.columns.${c}`))}
      empty={t("refunds.empty")}
      testId="refund-list"
      items={items}
      row={(p) => (
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
      )}
      page={page}
      pageSize={pageSize}
      total={total}
    />
  );
}
