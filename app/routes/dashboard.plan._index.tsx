import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageRing } from "~/components/billing/UsageRing";
import {
  CancelDialog,
  CardDialog,
  CorporateDialog,
  CouponDialog,
  CouponPeriodDialog,
  ReceiptDialog,
  RefundDialog,
} from "~/components/billing/on-use";
import { OutcomeBanner } from "~/components/billing/OutcomeBanner";
import { ButtonLink, useSelfAction } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { cardBrand, formatMoney, refundRequested, type Invoice, type PlanState } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { BillingActionData } from "./dashboard.plan.server";
import type { loader } from "./dashboard.plan._index.server";

export { action, loader } from "./dashboard.plan._index.server";

export const handle = { i18n: ["common", "account", "billing"] };

export const meta = pageMetaTags;

/** Spec section 9: numbers in ko-KR format. */
const number = (n: number) => new Intl.NumberFormat("ko-KR").format(n);

/** My plan (spec section 2): plan information, usage, payment information, payment history, and their dialogs. */
export default function MyPlanPage() {
  const { isEmail, state, card, invoices, page, modal, from, refundable, toplanSlots, paypalOnly } = useLoaderData<typeof loader>();
  const actionData = useActionData<BillingActionData>();
  const { t, i18n } = useTranslation("billing");
  const clock = useClock();
  const selfAction = useSelfAction();
  const locale = i18n.language;
  const base = page > 1 ? `?page=${page}` : "";
  const closeTo = `/dashboard/plan${base}`;
  const modalTo = (name: string, extra = "") => `/dashboard/plan?${page > 1 ? `page=${page}&` : ""}modal=${name}${extra}`;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const count = (n: number) => t("usage.count", { n: number(n) });
  const duration = (seconds: number) => {
    const m = Math.floor(seconds / 60);
    const s = Math.round(seconds % 60);
    return s ? t("usage.minSec", { m: number(m), s }) : t("usage.min", { m: number(m) });
  };
  const paid = state.tier > 0 || state.planName !== "Free";
  const pages = Math.max(1, Math.ceil(invoices.total / Math.max(1, invoices.limit)));

  return (
    <main className="max-w-5xl space-y-6 px-6 py-8">
      <PageHeading title={t("title")} />
      <OutcomeBanner />

      <Section id="plan-info" title={t("info.title")}>
        <PlanInfo state={state} />
        {state.subscription === "cancelled" && state.paymentMethod === "card" ? (
          <p className="mt-3 text-sm text-slate-600">{t("info.resumeNote", { date: formatDate(state.endDate, clock) })}</p>
        ) : null}
        {actionData?.intent === "resume" && actionData.message ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {actionData.message}
          </p>
        ) : null}
        <WhatHappensNext state={state} toplanSlots={toplanSlots} />
        <div className="mt-5 flex flex-wrap gap-2">
          <ButtonLink to="/dashboard/plan/upgrade">{paid ? t("info.change") : t("info.upgrade")}</ButtonLink>
          <ButtonLink to={modalTo("coupon")} preventScrollReset variant="outline">
            {t("info.coupon")}
          </ButtonLink>
          {state.subscription === "active" ? (
            <ButtonLink to={modalTo("cancel")} preventScrollReset variant="outline">
              {t("info.cancel")}
            </ButtonLink>
          ) : null}
          {state.subscription === "cancelled" && state.paymentMethod === "card" ? (
            <Form method="post" action={selfAction} preventScrollReset>
              <input type="hidden" name="intent" value="resume" />
              <button
                type="submit"
                className="inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300"
              >
                {t("info.resume")}
              </button>
            </Form>
          ) : null}
          {paid && (state.paymentMethod === "card" || state.paymentMethod === "paypal") ? (
            <ButtonLink to={modalTo("refund")} preventScrollReset variant="danger">
              {t("info.refund")}
            </ButtonLink>
          ) : null}
        </div>
      </Section>

      <Section id="usage" title={t("usage.title")}>
        <p className="mt-1 text-sm text-slate-500">{t("usage.note")}</p>
        <div className="mt-5 grid grid-cols-2 gap-6 md:grid-cols-4">
          <UsageRing name="time" label={t("usage.time")} used={state.usedTime} total={state.limits.time} format={duration} />
          <UsageRing
            name="characters"
            label={t("usage.characters")}
            used={state.usedCharacters}
            total={state.limits.characters}
            format={(n) => t("usage.chars", { n: number(n) })}
          />
          <UsageRing name="voices" label={t("usage.voices")} used={state.usedCustomVoice} total={state.limits.customVoice} format={count} />
          <UsageRing name="projects" label={t("usage.projects")} used={state.projectCount} total={state.limits.projects} format={count} />
        </div>
        {state.carried.time > 0 || state.carried.characters > 0 ? (
          <p className="mt-4 text-sm text-slate-600" data-testid="usage-carried">
            {t("usage.carried", { time: duration(state.carried.time), chars: number(state.carried.characters) })}
          </p>
        ) : null}
      </Section>

      <Section id="payment" title={t("payment.title")}>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("payment.method")}</dt>
          <dd data-testid="payment-method">
            {/* A cancelled subscription's card no longer pays automatically (it may be turned back on above). */}
            {t(
              `payment.methods.${state.paymentMethod === "card" && state.subscription === "cancelled" ? "cardCancelled" : state.paymentMethod || "none"}`,
            )}
          </dd>
          <dt className="text-slate-500">{t("payment.card")}</dt>
          <dd data-testid="main-card">
            {card ? (
              <>
                <span className="font-medium">{cardBrand(card.card_name, locale)}</span>{" "}
                <span className="tabular-nums">{card.card_number}</span>{" "}
                <span className="text-slate-500">({t(`card.types.${card.card_type}`)})</span>
              </>
            ) : (
              t("payment.noCard")
            )}
          </dd>
        </dl>
        {paypalOnly ? (
          <p className="mt-4 text-sm text-slate-600" data-testid="paypal-only">
            {t("payment.paypalOnly")}
          </p>
        ) : (
          <ButtonLink to={modalTo("card")} preventScrollReset variant="outline" className="mt-4">
            {card ? t("payment.changeCard") : t("payment.registerCard")}
          </ButtonLink>
        )}
      </Section>

      <Section id="history" title={t("history.title")}>
        {invoices.items.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">{t("history.empty")}</p>
        ) : (
          // Below sm: each payment a stacked card (a labelled line per field); the table from sm: up.
          <div className="mt-4 sm:overflow-x-auto">
            <table className="block w-full text-left text-sm sm:table sm:min-w-[48rem]">
              <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="whitespace-nowrap px-2 py-2 font-medium">
                      {t(`history.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
                {invoices.items.map((row) => (
                  <InvoiceRow key={row.no} row={row} locale={locale} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav aria-label={t("history.pages")} className="mt-4 flex flex-wrap items-center gap-1 text-sm">
            {page > 1 ? (
              <Link to={`/dashboard/plan?page=${page - 1}`} preventScrollReset className="rounded px-2 py-1 ring-1 ring-slate-200">
                {t("history.prev")}
              </Link>
            ) : null}
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <Link
                key={n}
                to={`/dashboard/plan?page=${n}`}
                preventScrollReset
                aria-current={n === page ? "page" : undefined}
                className={`rounded px-2.5 py-1 ${n === page ? "bg-slate-900 text-white" : "ring-1 ring-slate-200"}`}
              >
                {n}
              </Link>
            ))}
            {page < pages ? (
              <Link to={`/dashboard/plan?page=${page + 1}`} preventScrollReset className="rounded px-2 py-1 ring-1 ring-slate-200">
                {t("history.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>

      {modal === "coupon" ? <CouponDialog closeTo={closeTo} lastResult={resultFor("coupon")} /> : null}
      {modal === "couponPeriod" ? <CouponPeriodDialog closeTo={closeTo} endDate={state.couponEndDate} /> : null}
      {modal === "card" ? (
        <CardDialog closeTo={closeTo} corporateTo={modalTo("corporate", "&from=card")} lastResult={resultFor("card")} />
      ) : null}
      {modal === "corporate" ? <CorporateDialog closeTo={closeTo} cardTo={from === "card" ? modalTo("card") : null} /> : null}
      {modal === "cancel" ? (
        <CancelDialog
          closeTo={closeTo}
          lastResult={resultFor("cancel")}
          isEmail={isEmail}
          endDate={state.endDate}
          planName={state.planName}
        />
      ) : null}
      {modal === "refund" ? (
        <RefundDialog closeTo={closeTo} lastResult={resultFor("refund")} isEmail={isEmail} refundable={refundable} />
      ) : null}
      {actionData?.intent === "receipt" && actionData.message ? <ReceiptDialog closeTo={closeTo} message={actionData.message} /> : null}
    </main>
  );
}

function PlanInfo({ state }: { state: PlanState }) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  const date = (iso: string | null) => formatDate(iso, clock);
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-slate-500">{t("info.plan")}</dt>
      <dd className="text-base font-bold" data-testid="plan-name">
        {state.planName}
      </dd>
      {state.startDate ? (
        <>
          <dt className="text-slate-500">{t("info.period")}</dt>
          <dd data-testid="plan-period">
            {date(state.startDate)} ~ {date(state.endDate)}
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">{t("info.renewal")}</dt>
      <dd data-testid="plan-renewal">
        {state.renewalDate && state.subscription === "active" ? date(state.renewalDate) : t("info.noRenewal")}
      </dd>
      {state.toplan ? (
        <>
          <dt className="text-slate-500">{t("info.pending")}</dt>
          <dd data-testid="plan-toplan" className="font-medium text-brand-700">
            {t("info.willChange", { plan: state.toplan, date: date(state.renewalDate ?? state.endDate) })}
          </dd>
        </>
      ) : null}
      {state.subscription === "cancelled" ? (
        <>
          <dt className="text-slate-500">{t("info.status")}</dt>
          <dd data-testid="plan-cancelled" className="font-medium text-red-700">
            {t("info.cancelled", { date: date(state.endDate) })}
          </dd>
        </>
      ) : null}
      {state.subscription === "past_due" ? (
        <>
          <dt className="text-slate-500">{t("info.status")}</dt>
          <dd className="font-medium text-red-700">{t("info.pastDue")}</dd>
        </>
      ) : null}
      {state.usedCoupon ? (
        <>
          <dt className="text-slate-500">{t("info.couponPeriod")}</dt>
          <dd data-testid="plan-coupon">{t("info.couponUntil", { date: date(state.couponEndDate ?? state.endDate) })}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * What the member loses when the plan ends or changes, said before it happens (spec section 4): a
 * plan that will not renew becomes Free at its end (custom voices deleted, 3 recent projects kept); a
 * scheduled change to fewer custom voice slots than the member's voices means a one-time choice then.
 */
function WhatHappensNext({ state, toplanSlots }: { state: PlanState; toplanSlots: number | null }) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  const date = (iso: string | null) => formatDate(iso, clock);
  const paid = state.planName !== "Free";
  const endsFree = paid && state.endDate && state.subscription !== "active" && state.subscription !== "past_due";
  const slotsShort = state.toplan && toplanSlots !== null && toplanSlots >= 0 && state.usedCustomVoice > toplanSlots;
  if (!endsFree && !slotsShort) return null;
  const doomedProjects = Math.max(0, state.projectCount - 3);
  return (
    <div className="mt-4 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="plan-ends-notice">
      {endsFree ? (
        <>
          <p className="font-semibold">{t("info.endsTitle")}</p>
          <p className="mt-1">
            {state.usedCustomVoice > 0 || doomedProjects > 0
              ? t("info.endsFree", { date: date(state.endDate), voices: state.usedCustomVoice, projects: doomedProjects })
              : t("info.endsNothing", { date: date(state.endDate) })}
          </p>
          <p className="mt-1">{t("info.endsResubscribe")}</p>
        </>
      ) : null}
      {slotsShort ? (
        <p className={endsFree ? "mt-2" : ""}>
          {t("info.slotsAfterChange", {
            date: date(state.renewalDate ?? state.endDate),
            plan: state.toplan,
            slots: toplanSlots,
            used: state.usedCustomVoice,
          })}{" "}
          <Link to="/dashboard/library/slots" className="font-medium underline">
            {t("info.slotsLink")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function InvoiceRow({ row, locale }: { row: Invoice; locale: string }) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  const selfAction = useSelfAction();
  const money = (n: number) => formatMoney(n, row.currency, locale);
  const method =
    row.method === "card" ? `${t("history.kinds.card")}${row.card_name ? ` (${cardBrand(row.card_name, locale)})` : ""}` : "PayPal";
  // A refund reaches the card 3 to 5 business days after it was made: "requested" until then.
  const refundPending = refundRequested(row, Date.now());
  const period = row.period_start ? `${formatDate(row.period_start, clock)} ~ ${formatDate(row.period_end, clock)}` : "";
  const label = (c: (typeof COLUMNS)[number]) => t(`history.columns.${c}`);
  // A failed payment has no receipt: a PayPal order left unpaid keeps its order id, which no receipt answers.
  const receipt = row.status === "failed" ? null : row.imp_uid;
  // Nor a discount: nothing was charged, and the first-month discount is still the member's.
  const discount = row.status === "failed" ? 0 : row.discount;
  return (
    <tr
      className="block rounded-xl border border-slate-200 p-3 align-top sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-slate-100 sm:p-0"
      data-testid="invoice-row"
    >
      <td className="block text-xs text-slate-500 sm:table-cell sm:px-2 sm:py-2 sm:text-sm sm:whitespace-nowrap sm:text-inherit">
        {formatDate(row.date, clock)}
      </td>
      <td className="block font-semibold whitespace-nowrap sm:table-cell sm:px-2 sm:py-2 sm:font-medium" data-testid="invoice-plan">
        {row.plan}
      </td>
      <Cell label={label("price")} testId="invoice-price" className="tabular-nums sm:whitespace-nowrap">
        {money(row.amount)}
        {row.discount ? <span className="block text-xs text-slate-500">{t("history.listPrice", { price: money(row.price) })}</span> : null}
      </Cell>
      <Cell label={label("detail")} className="text-slate-600">
        <span className="block">
          {t(`history.kinds.${row.kind}`)} · {method}
        </span>
        {period ? <span className="block text-xs">{period}</span> : null}
        {row.status === "failed" && row.fail_kind ? (
          <span className="block text-xs text-red-600" data-testid="invoice-failure">
            {t(`history.fail.${row.fail_kind}`)}
          </span>
        ) : null}
      </Cell>
      <Cell label={label("status")} testId="invoice-status">
        {refundPending ? (
          <>
            <span className="whitespace-nowrap">{t("history.refundRequested")}</span>
            <span className="block text-xs text-slate-500">{t("history.refundArrives")}</span>
          </>
        ) : row.status === "pending" ? (
          // A card payment whose answer is not recorded yet: the gateway is asked within 2 minutes (card.ts settleLost).
          <>
            <span className="whitespace-nowrap" data-testid="invoice-checking">
              {t("history.checking")}
            </span>
            <span className="block text-xs text-slate-500">{t("history.checkingNote")}</span>
          </>
        ) : (
          <span className="whitespace-nowrap">{t(`history.status.${row.status}`)}</span>
        )}
      </Cell>
      <Cell label={label("refundAmount")} empty={!row.refund_amount} className="tabular-nums sm:whitespace-nowrap">
        {row.refund_amount ? money(row.refund_amount) : "-"}
      </Cell>
      <Cell label={label("fee")} empty={!row.fee} className="tabular-nums sm:whitespace-nowrap">
        {row.fee ? money(row.fee) : "-"}
      </Cell>
      <Cell label={label("discount")} empty={!discount} testId="invoice-discount" className="tabular-nums sm:whitespace-nowrap">
        {discount ? `-${money(discount)}` : "-"}
      </Cell>
      <Cell label={label("receipt")} empty={!receipt} className="sm:whitespace-nowrap">
        {receipt && row.method === "paypal" ? (
          // PayPal sends no receipt we could link: our own page says what was bought.
          <Link to={`/dashboard/plan/receipt/${row.no}`} className="text-brand-700 underline" data-testid="paypal-receipt">
            {t("history.receipt")}
          </Link>
        ) : receipt ? (
          <Form method="post" action={selfAction} preventScrollReset>
            <input type="hidden" name="intent" value="receipt" />
            <input type="hidden" name="imp_uid" value={receipt} />
            <button type="submit" className="text-brand-700 underline">
              {t("history.receipt")}
            </button>
          </Form>
        ) : (
          "-"
        )}
      </Cell>
    </tr>
  );
}

const COLUMNS = ["date", "plan", "price", "detail", "status", "refundAmount", "fee", "discount", "receipt"] as const;

/**
 * A cell of the payment history: a table cell from sm: up; below it a "label  value" line of the payment's card
 * (the label only there: the table has its header). An empty field (-) has no line on the card.
 */
function Cell({
  label,
  empty = false,
  testId,
  className = "",
  children,
}: {
  label: string;
  empty?: boolean;
  testId?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <td className={`${empty ? "hidden" : "flex"} justify-between gap-3 pt-1 sm:table-cell sm:px-2 sm:py-2 ${className}`}>
      <span className="shrink-0 text-slate-500 sm:hidden">{label}</span>
      <span className="text-right sm:text-left" data-testid={testId}>
        {children}
      </span>
    </td>
  );
}
