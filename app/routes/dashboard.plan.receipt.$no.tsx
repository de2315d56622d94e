import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading, Section } from "~/components/shell/Page";
import { formatMoney } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./dashboard.plan.receipt.$no.server";

export { loader } from "./dashboard.plan.receipt.$no.server";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/shell/GeneralErrorBoundary";

export const handle = { i18n: ["common", "account", "billing"] };

export const meta = pageMetaTags;

/** A PayPal payment's receipt: what was bought, the amount and period, and PayPal's capture id. */
export default function PaypalReceipt() {
  const { invoice } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("billing");
  const clock = useClock();
  const locale = i18n.language;
  const money = (n: number) => formatMoney(n, invoice.currency, locale);
  const rows: [string, React.ReactNode, string][] = [
    [
      t("paypalReceipt.bought"),
      t("paypalReceipt.boughtValue", { plan: invoice.plan, kind: t(`history.kinds.${invoice.kind}`) }),
      "receipt-bought",
    ],
    [t("paypalReceipt.date"), formatDate(invoice.date, clock), "receipt-date"],
    [t("paypalReceipt.amount"), money(invoice.amount), "receipt-amount"],
    ...(invoice.discount
      ? ([
          [t("paypalReceipt.listPrice"), money(invoice.price), "receipt-list-price"],
          [t("paypalReceipt.discount"), `-${money(invoice.discount)}`, "receipt-discount"],
        ] as [string, string, string][])
      : []),
    ...(invoice.period_start
      ? ([
          [
            t("paypalReceipt.period"),
            `${formatDate(invoice.period_start, clock)} ~ ${formatDate(invoice.period_end, clock)}`,
            "receipt-period",
          ],
        ] as [string, string, string][])
      : []),
    [t("paypalReceipt.captureId"), <span className="font-mono break-all">{invoice.imp_uid}</span>, "receipt-capture"],
    [
      t("paypalReceipt.status"),
      invoice.status === "refunded"
        ? t("paypalReceipt.refunded", { amount: money(invoice.refund_amount), fee: money(invoice.fee) })
        : t(`history.status.${invoice.status}`),
      "receipt-status",
    ],
  ];
  return (
    <main className="max-w-3xl space-y-6 px-6 py-8">
      <PageHeading title={t("paypalReceipt.title")} />
      <Section id="receipt" title={`#${invoice.no}`}>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value, testId]) => (
            <div key={testId} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd data-testid={testId} className="mb-2 sm:mb-0">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-slate-500">{t("paypalReceipt.note")}</p>
      </Section>
      <Link to="/dashboard/plan#history" className="text-sm text-brand-700 underline">
        ← {t("paypalReceipt.back")}
      </Link>
    </main>
  );
}
