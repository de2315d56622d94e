import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";

/** The public plans page: the catalogue in the visitor's currency. */
export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans, currency }, meta] = await Promise.all([
    loadPlanCards(args, locale),
    pageMeta(args.request, args.context, "meta.titles.plan"),
  ]);
  return { plans, currency, meta };
}
