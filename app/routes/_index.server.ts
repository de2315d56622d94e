import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/i18n/i18n.server";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { firstMonthFor, loadPlanCards } from "~/utils/plans.server";

/** A signed-in member's landing: for that member's browser only. */
export const MEMBER_CACHE_CONTROL = "private, no-store";

/** How many basic voices the hero plays. */
const HERO_VOICES = 3;

/**
 * The landing: the plan cards of the visitor's country, and samples of basic voices in the visitor's language.
 * A signed-in member's copy says whether the first-month price still applies and is private: the
 * page cache never stores or serves it (server/page-cache.ts skips session cookies) and neither may any other.
 */
export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans }, { member, firstMonth }, voices, meta] = await Promise.all([
    loadPlanCards(args, locale),
    firstMonthFor(args),
    api(args, "GET /voices", { query: { tab: "basic", lang: locale, locale } }),
    pageMeta(args.request, args.context, "meta.titles.home"),
  ]);
  // Without voices (the api cannot answer) the hero shows its text only.
  const heroVoices = (voices.data?.voices ?? []).slice(0, HERO_VOICES).map(({ id, name, pr, audioURL }) => ({ id, name, pr, audioURL }));
  return data({ plans, firstMonth, voices: heroVoices, meta }, member ? { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } } : undefined);
}
