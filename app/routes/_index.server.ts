import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { HeroVoice } from "~/components/home/Landing";
import { getLocale } from "~/i18n/i18n.server";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";

/** How many basic voices the hero plays. */
const HERO_VOICES = 3;

/** The landing: the plan cards of the visitor's country, and samples of basic voices in the visitor's language. */
export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans }, voices, meta] = await Promise.all([
    loadPlanCards(args, locale),
    api<{ voices: HeroVoice[] }>(args, `/voices?tab=basic&lang=${locale}&locale=${locale}`),
    pageMeta(args.request, args.context, "meta.titles.home"),
  ]);
  // Without voices (the api cannot answer) the hero shows its text only.
  const heroVoices = (voices.data?.voices ?? []).slice(0, HERO_VOICES).map(({ id, name, pr, audioURL }) => ({ id, name, pr, audioURL }));
  return { plans, voices: heroVoices, meta };
}
