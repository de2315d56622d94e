import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { firstMonthFor, loadPlanCards } from "~/utils/plans.server";

/** The public plans page: the catalogue in the visitor's currency; the first-month price only for who still qualifies. */
export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans, currency }, { firstMonth }, meta] = await Promise.all([
    loadPlanCards(args, locale),
    firstMonthFor(args),
    pageMeta(args.request, args.context, "meta.titles.plan"),
  ]);
  return { plans, currency, firstMonth, meta };
}
