import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { modalFrom } from "~/lib/billing";
import { currencyFor } from "~/lib/plans";
import { api } from "~/utils/api.server";
import { getCountry } from "~/utils/country.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { loadBillingProfile, loadCards, loadInvoices, loadRefundable } from "./dashboard.plan.server";

/** The dialogs this page opens from `?modal=` (purchase and change live on /dashboard/plan/upgrade). */
const PAGE_MODALS = new Set(["coupon", "couponPeriod", "card", "corporate", "cancel", "refund"]);

/** My plan: the plan state, the main card, a page of invoices and, for the refund dialog, its figures. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const requested = modalFrom(url.searchParams.get("modal"));
  const modal = requested && PAGE_MODALS.has(requested) ? requested : null;
  const [profile, cards, invoices, refundable, meta, country] = await Promise.all([
    loadBillingProfile(args),
    loadCards(args),
    loadInvoices(args, page),
    modal === "refund" ? loadRefundable(args) : Promise.resolve(null),
    pageMeta(args.request, args.context, "meta.titles.myPlan"),
    getCountry(args.request, args.context),
  ]);
  // A scheduled downgrade to fewer custom voice slots than the member's voices: the page says what happens then.
  const target = profile.planState.toplan
    ? (await api(args, "GET /utils/planlist")).data?.find((p) => p.plan === profile.planState.toplan)
    : undefined;
  return {
    isEmail: profile.type === "email",
    toplanSlots: target ? target.cv_cnt : null,
    // Members abroad pay with PayPal, a month at a time: no card to register.
    paypalOnly: currencyFor(country) === "USD" && !cards.some((c) => c.main_card_yn === "Y"),
    state: profile.planState,
    card: cards.find((c) => c.main_card_yn === "Y") ?? null,
    invoices,
    page,
    // Only a renewing card subscription can be cancelled: a coupon or PayPal month is not offered the dialog, even by its address.
    modal: modal === "cancel" && profile.planState.subscription !== "active" ? null : modal,
    from: url.searchParams.get("from"),
    refundable,
    meta,
  };
}

/** Both plan pages post their dialogs to the one billing action. */
export { billingAction as action } from "./dashboard.plan.server";
