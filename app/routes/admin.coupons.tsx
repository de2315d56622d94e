import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConsoleList } from "~/components/admin/ConsoleList";
import { COUPON_STATUSES } from "~/lib/admin";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./admin.coupons.server";

export { loader } from "./admin.coupons.server";
export const handle = { i18n: ["common", "admin", "help"] };
export const meta = pageMetaTags;

const COLUMNS = ["num", "plan", "days", "state", "expires", "usedBy", "usedAt"] as const;
const STATE_TONE = { unused: "bg-emerald-50 text-emerald-800", used: "bg-slate-100 text-slate-700", expired: "bg-amber-50 text-amber-800" };

/** Coupons: every coupon, newest first, filtered by state (links), paged. */
export default function CouponsPage() {
  const { items, page, pageSize, total, status } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const clock = useClock();
  const date = (iso: string | null) => (iso ? formatDate(iso, clock) : "—");
  return (
    <ConsoleList
      title={t("coupons.title")}
      description={t("coupons.description")}
      path="/admin/coupons"
      filter={{ label: t("coupons.filter"), values: COUPON_STATUSES, current: status, name: (s) => t(`coupons.statuses.${s}`) }}
      columns={COLUMNS.map((c) => t(`coupons.columns.${c}`))}
      empty={t("coupons.empty")}
      testId="coupon-list"
      items={items}
      row={(c) => (
        <tr key={c.num} className="border-t border-slate-100" data-testid="coupon-row">
          <td className="whitespace-nowrap px-3 py-2 font-mono">{c.num}</td>
          <td className="px-3 py-2">{c.plan}</td>
          <td className="px-3 py-2 tabular-nums">{c.days}</td>
          <td className="px-3 py-2">
            <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[c.state]}`}>
              {t(`coupons.statuses.${c.state}`)}
            </span>
          </td>
          <td className="whitespace-nowrap px-3 py-2">{c.expiresAt ? date(c.expiresAt) : t("coupons.noEnd")}</td>
          <td className="px-3 py-2">
            {c.usedByEmail ? (
              <Link to={`/admin/members?${new URLSearchParams({ email: c.usedByEmail })}`} className="text-brand-700 underline">
                {c.usedByEmail}
              </Link>
            ) : c.state === "used" ? (
              t("coupons.withdrawn")
            ) : (
              "—"
            )}
          </td>
          <td className="whitespace-nowrap px-3 py-2">{date(c.usedAt)}</td>
        </tr>
      )}
      page={page}
      pageSize={pageSize}
      total={total}
    />
  );
}
