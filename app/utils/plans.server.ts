import type { AppLoadContext } from "@remix-run/cloudflare";
import { currencyFor, formatPrice, type PlanCard } from "~/lib/plans";
import type { PlanListItem } from "../../contracts/plans";
import { api } from "./api.server";
import { getCountry } from "./country.server";

/** First-month promotion (spec section 9): 50% off once for new or first-time paying members. */
export const FIRST_MONTH_DISCOUNT = 0.5;

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

/** The catalogue changes with a deploy, not per request: keep it per isolate for as long as the API allows caching it. */
const CATALOGUE_TTL_MS = 60_000;
const catalogue = new Map<string, { at: number; plans: PlanListItem[] }>();

async function planList(args: { request: Request; context: AppLoadContext }, locale: string) {
  const hit = catalogue.get(locale);
  if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.plans;
  const envelope = await api<PlanListItem[]>(args, "/utils/planlist");
  if (!envelope.success || !envelope.data) {
    throw new Response(envelope.message, { status: 503 });
  }
  catalogue.set(locale, { at: Date.now(), plans: envelope.data });
  return envelope.data;
}

/** KRW rounds to 10 won; USD to the cent. */
function discounted(amount: number, currency: "KRW" | "USD") {
  const half = amount * (1 - FIRST_MONTH_DISCOUNT);
  return currency === "KRW" ? Math.round(half / 10) * 10 : Math.round(half * 100) / 100;
}
