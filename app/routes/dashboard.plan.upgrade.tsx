import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlanCards } from "~/components/plan/PlanCards";
import { PageHeading } from "~/components/shell/Page";
import { CardDialog, ChangeDialog, CorporateDialog, CouponPeriodDialog, PaypalDialog, PurchaseDialog } from "~/components/billing/on-use";
import { OutcomeBanner } from "~/components/billing/OutcomeBanner";
import { formatDate, useClock } from "~/lib/time";
import type { PlanCard } from "~/lib/plans";
import { pageMetaTags } from "~/utils/seo";
import type { BillingActionData } from "./dashboard.plan.server";
import type { loader } from "./dashboard.plan.upgrade.server";

export { action, loader } from "./dashboard.plan.upgrade.server";

export const handle = { i18n: ["common", "account", "plan", "billing"] };

export const meta = pageMetaTags;

export default function UpgradePage() {
  const { plans, state, paid, paypal, paypalMember, modal, target, targetPrice, direction, card, quote, merchantUid, then, from } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<BillingActionData>();
  const { t } = useTranslation("billing");
  const clock = useClock();
  const closeTo = "/dashboard/plan/upgrade";
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const back = then && target ? `&then=${then}&plan=${encodeURIComponent(target)}` : "";

  const action = (p: PlanCard) => {
    const base = "rounded-full px-4 py-2.5 text-center text-sm font-semibold";
    if (p.plan === state.planName) {
      return (
        <span aria-current="true" className={`${base} bg-slate-100 text-slate-600`} data-testid="current-plan">
          {t("upgrade.current")}
        </span>
      );
    }
    if (p.tier === 0) {
      // Back to Free is a cancellation, on the plan page; a plan that does not renew (a coupon, a PayPal month, a
      // cancelled subscription) turns into Free by itself when it ends.
      if (!paid) return null;
      return state.subscription === "active" ? (
        <Link to="/dashboard/plan?modal=cancel" className={`${base} border border-slate-300 hover:bg-slate-50`}>
          {t("upgrade.toFree")}
        </Link>
      ) : (
        <span className={`${base} text-slate-500`} data-testid="free-after">
          {t("upgrade.freeAfter", { date: formatDate(state.endDate, clock) })}
        </span>
      );
    }
    const up = p.tier > state.tier;
    // A PayPal month does not renew, so there is nothing to downgrade: after it ends, any plan can be bought.
    if (paid && !up && paypalMember) return <span className={`${base} text-slate-500`}>{t("upgrade.paypalNoDown")}</span>;
    const label = !paid ? t("upgrade.buy", { plan: p.plan }) : up ? t("upgrade.up", { plan: p.plan }) : t("upgrade.down", { plan: p.plan });
    return (
      <>
        {state.toplan === p.plan ? (
          <span className="mb-2 text-center text-xs font-semibold text-brand-700">{t("upgrade.scheduled")}</span>
        ) : null}
        <Link
          to={`${closeTo}?modal=${paid ? "change" : "purchase"}&plan=${encodeURIComponent(p.plan)}`}
          preventScrollReset
          className={`${base} ${up ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 hover:bg-slate-50"}`}
        >
          {label}
        </Link>
      </>
    );
  };

  return (
    <main className="max-w-6xl px-6 py-8">
      <PageHeading
        title={t("upgrade.title")}
        actions={
          <Link to="/dashboard/plan" className="text-sm text-brand-700 underline">
            {t("upgrade.back")}
          </Link>
        }
      />
      <div className="mt-3">
        <OutcomeBanner />
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="payment-path">
        {paypal ? t("upgrade.paypalPath") : t("upgrade.cardPath")}
      </p>
      <div className="mt-6">
        <PlanCards plans={plans} action={action} firstMonth={!paid && state.discountEligible} />
      </div>

      {modal === "purchase" && target ? (
        paypal ? (
          <PaypalDialog closeTo={closeTo} lastResult={resultFor("paypal")} plan={target} flow="save" quote={quote} price={targetPrice} />
        ) : (
          <PurchaseDialog
            closeTo={closeTo}
            lastResult={resultFor("purchase")}
            plan={target}
            quote={quote}
            merchantUid={merchantUid}
            card={card}
            cardTo={`${closeTo}?modal=card&then=purchase&plan=${encodeURIComponent(target)}`}
          />
        )
      ) : null}
      {modal === "change" && target ? (
        paypal && direction === "upgrade" ? (
          <PaypalDialog closeTo={closeTo} lastResult={resultFor("paypal")} plan={target} flow="upgrade" quote={quote} price={targetPrice} />
        ) : (
          <ChangeDialog
            closeTo={closeTo}
            current={state.planName}
            target={target}
            direction={direction}
            quote={quote}
            renewalDate={state.renewalDate ?? state.endDate}
            message={actionData?.intent === direction ? (actionData.message ?? null) : null}
          />
        )
      ) : null}
      {modal === "couponPeriod" ? <CouponPeriodDialog closeTo={closeTo} endDate={state.couponEndDate ?? state.endDate} /> : null}
      {modal === "card" ? (
        <CardDialog closeTo={closeTo} corporateTo={`${closeTo}?modal=corporate&from=card${back}`} lastResult={resultFor("card")} />
      ) : null}
      {modal === "corporate" ? (
        <CorporateDialog closeTo={closeTo} cardTo={from === "card" || then ? `${closeTo}?modal=card${back}` : null} />
      ) : null}
    </main>
  );
}
