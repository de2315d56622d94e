import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/i18n/i18n.server";
import { modalFrom, type ModalName } from "~/lib/billing";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";
import { loadBillingProfile, loadCards, loadQuote } from "./dashboard.plan.server";

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
      if (!card && modal === "purchase")
        throw redirect(`/dashboard/plan/upgrade?modal=card&then=purchase&plan=${encodeURIComponent(target.plan)}`);
    }
    if (modal === "purchase" || direction === "upgrade") {
      quote = await loadQuote(args, target.plan, modal === "purchase" ? "purchase" : "upgrade", currency);
      // A quote in another currency than this path charges is no price to show.
      if (quote && quote.currency !== currency) quote = null;
    }
  }
  return {
    plans,
    state: {
      planName: state.planName,
      tier: currentTier,
      toplan: state.toplan,
      renewalDate: state.renewalDate,
      endDate: state.endDate,
      couponEndDate: state.couponEndDate,
      usedCoupon: state.usedCoupon,
      subscription: state.subscription,
      discountEligible: state.discountEligible,
    },
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

/** Both plan pages post their dialogs to the one billing action. */
export { billingAction as action } from "./dashboard.plan.server";
