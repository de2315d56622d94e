import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardDialog, ChangeDialog, CorporateDialog, CouponPeriodDialog, PaypalDialog, PurchaseDialog } from "~/components/billing/dialogs";
import { PlanCards } from "~/components/plan/PlanCards";
import { getLocale } from "~/i18n/i18n.server";
import { modalFrom, type ModalName } from "~/lib/billing";
import type { PlanCard } from "~/lib/plans";
import { requireUser } from "~/utils/auth.server";
import { billingAction, loadBillingProfile, loadCards, loadQuote, type BillingActionData } from "~/utils/billing.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";
import { pageMetaTags } from "~/utils/seo";

export const handle = { i18n: ["common", "account", "plan", "billing"] };

const PAGE_MODALS = new Set<ModalName>(["purchase", "change", "couponPeriod", "card", "corporate"]);

/**
 * /dashboard/plan/upgrade (spec section 2): the plan cards with a button each. A Free member buys
 * (purchase dialog), a paid member changes (upgrade or downgrade); the country cookie decides the
 * card (KR) or PayPal path. The price in a dialog is the server's quote.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const locale = await getLocale(args.request, args.context);
  const [profile, catalogue, meta] = await Promise.all([
    loadBillingProfile(args),
    loadPlanCards(args, locale),
    pageMeta(args.request, args.context, "meta.titles.upgrade"),
  ]);
  const state = profile.planState;
  const { plans, currency, country } = catalogue;
  const paypal = country !== "KR";
  const currentTier = plans.find((p) => p.plan === state.planName)?.tier ?? state.tier;
  const paid = currentTier > 0;

  let modal = modalFrom(url.searchParams.get("modal"));
  if (modal && !PAGE_MODALS.has(modal)) modal = null;
  const target = plans.find((p) => p.plan === url.searchParams.get("plan") && p.tier > 0) ?? null;
  if (modal === "purchase" || modal === "change") {
    if (!target || target.plan === state.planName) modal = null;
    else if (state.usedCoupon) modal = "couponPeriod";
    else modal = paid ? "change" : "purchase";
  }
  const direction: "upgrade" | "downgrade" = target && target.tier > currentTier ? "upgrade" : "downgrade";

  let card = null;
  let quote = null;
  if ((modal === "purchase" || modal === "change") && target) {
    if (!paypal) {
      const cards = await loadCards(args);
      card = cards.find((c) => c.main_card_yn === "Y") ?? null;
      // No card yet: register one first, then come back to this purchase.
      if (!card && modal === "purchase") throw redirect(`/dashboard/plan/upgrade?modal=card&then=purchase&plan=${encodeURIComponent(target.plan)}`);
    }
    if (modal === "purchase" || direction === "upgrade") {
      quote = await loadQuote(args, target.plan, modal === "purchase" ? "purchase" : "upgrade", currency);
      // A quote in another currency than this path charges is no price to show.
      if (quote && quote.currency !== currency) quote = null;
    }
  }
  return {
    plans,
    state: { planName: state.planName, tier: currentTier, toplan: state.toplan, renewalDate: state.renewalDate, endDate: state.endDate, couponEndDate: state.couponEndDate, usedCoupon: state.usedCoupon },
    paid,
    paypal,
    modal,
    target: target?.plan ?? null,
    targetPrice: target?.price ?? null,
    paypalMember: state.paymentMethod === "paypal",
    direction,
    card,
    quote,
    // A fresh idempotency key per rendered purchase dialog: a double submit charges once.
    merchantUid: `vs_${crypto.randomUUID().replace(/-/g, "")}`,
    then: url.searchParams.get("then"),
    from: url.searchParams.get("from"),
    meta,
  };
}

export const meta = pageMetaTags;

export const action = billingAction;

export default function UpgradePage() {
  const { plans, state, paid, paypal, paypalMember, modal, target, targetPrice, direction, card, quote, merchantUid, then, from } = useLoaderData<typeof loader>();
  const actionData = useActionData<BillingActionData>();
  const { t } = useTranslation("billing");
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
      // Back to Free is a cancellation, on the plan page.
      return paid ? (
        <Link to="/dashboard/plan?modal=cancel" className={`${base} border border-slate-300 hover:bg-slate-50`}>
          {t("upgrade.toFree")}
        </Link>
      ) : null;
    }
    const up = p.tier > state.tier;
    // A PayPal month does not renew, so there is nothing to downgrade: after it ends, any plan can be bought.
    if (paid && !up && paypalMember) return <span className={`${base} text-slate-500`}>{t("upgrade.paypalNoDown")}</span>;
    const label = !paid ? t("upgrade.buy", { plan: p.plan }) : up ? t("upgrade.up", { plan: p.plan }) : t("upgrade.down", { plan: p.plan });
    return (
      <>
        {state.toplan === p.plan ? <span className="mb-2 text-center text-xs font-semibold text-brand-700">{t("upgrade.scheduled")}</span> : null}
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
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("upgrade.title")}</h1>
        <Link to="/dashboard/plan" className="text-sm text-brand-700 underline">
          {t("upgrade.back")}
        </Link>
      </div>
      <p className="mt-2 text-sm text-slate-600" data-testid="payment-path">
        {paypal ? t("upgrade.paypalPath") : t("upgrade.cardPath")}
      </p>
      <div className="mt-6">
        <PlanCards plans={plans} action={action} />
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
      {modal === "corporate" ? <CorporateDialog closeTo={closeTo} cardTo={from === "card" || then ? `${closeTo}?modal=card${back}` : null} /> : null}
    </main>
  );
}
