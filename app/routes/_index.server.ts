import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";

/** The landing: the plan cards of the visitor's country. */
export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans }, meta] = await Promise.all([loadPlanCards(args, locale), pageMeta(args.request, args.context, "meta.titles.home")]);
  return { plans, meta };
}
