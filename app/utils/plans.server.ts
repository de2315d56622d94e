import type { AppLoadContext } from "@remix-run/cloudflare";
import { currencyFor, formatPrice, type PlanCard } from "~/lib/plans";
import { firstMonthPrice } from "#contracts/billing";
import type { PlanListItem } from "#contracts/plans";
import { api, freshAccessToken } from "./api.server";
import { getCountry } from "./country.server";

/**
 * The plan catalogue from GET /api/v1/utils/planlist, priced for the visitor: KRW when the
 * country cookie (or, on the first visit, CF-IPCountry) says KR, USD elsewhere.
 */
export async function loadPlanCards(args: { request: Request; context: AppLoadContext }, locale: string) {
  const [country, list] = await Promise.all([getCountry(args.request, args.context), planList(args, locale)]);
  const currency = currencyFor(country);
  const plans: PlanCard[] = list.map((p) => {
    const amount = currency === "KRW" ? p.price : p.price_en;
    return {
      tier: p.tier,
      plan: p.plan,
      subtitle: p.subtitle,
      price: formatPrice(amount, currency, locale),
      firstMonthPrice: amount > 0 ? formatPrice(discounted(amount, currency), currency, locale) : null,
      currency,
      minutes: p.plan_time,
      characters: p.plan_txt,
      customVoices: p.cv_cnt,
      projectLimit: p.project_limit,
      features: p.func,
    };
  });
  return { plans, currency, country };
}

/**
 * Whether the first-month price applies to whoever asks: a visitor, yes (a new member qualifies);
 * a signed-in member only while the api says so (`planState.discountEligible`: no discounted purchase and no
 * payment before). A session the api refuses counts as a visitor: a public page is never turned into a login.
 * Answers `member` so a page can keep a signed-in member's copy out of shared caches.
 */
export async function firstMonthFor(args: {
  request: Request;
  context: AppLoadContext;
}): Promise<{ member: boolean; firstMonth: boolean }> {
  if (!(await freshAccessToken(args.request, args.context))) return { member: false, firstMonth: true };
  try {
    const envelope = await api(args, "GET /member/frame");
    const state = envelope.success ? envelope.data?.profile.planState : undefined;
    return { member: true, firstMonth: state ? state.discountEligible : true };
  } catch {
    return { member: true, firstMonth: true };
  }
}

/** The catalogue changes with a deploy, not per request: keep it per isolate for as long as the API allows caching it. */
const CATALOGUE_TTL_MS = 60_000;
const catalogue = new Map<string, { at: number; plans: PlanListItem[] }>();

async function planList(args: { request: Request; context: AppLoadContext }, locale: string) {
  const hit = catalogue.get(locale);
  if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.plans;
  const envelope = await api(args, "GET /utils/planlist");
  if (!envelope.success || !envelope.data) {
    throw new Response(envelope.message, { status: 503 });
  }
  catalogue.set(locale, { at: Date.now(), plans: envelope.data });
  return envelope.data;
}

/** The first month's price of a catalogue price (won, or dollars: counted in cents as the api charges it). */
function discounted(amount: number, currency: "KRW" | "USD") {
  return currency === "KRW" ? firstMonthPrice(amount, currency) : firstMonthPrice(Math.round(amount * 100), currency) / 100;
}
