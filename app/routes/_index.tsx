import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/home/Landing";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";
import { pageMetaTags } from "~/utils/seo";

/**
 * The landing is complete without JavaScript and is the first page of many visitors on low-end
 * phones, so it ships none (docs/decisions/0004); links from it are ordinary page loads.
 */
export const handle = { i18n: ["common", "home"], hydrate: false };

export async function loader(args: LoaderFunctionArgs) {
  const locale = await getLocale(args.request, args.context);
  const [{ plans }, meta] = await Promise.all([
    loadPlanCards(args, locale),
    pageMeta(args.request, args.context, "meta.titles.home"),
  ]);
  return { plans, meta };
}

export const meta = pageMetaTags;

/** Public and the same for every anonymous visitor of a language and country: shareable for a minute. */
export const headers = () => ({
  "Cache-Control": "public, max-age=0, s-maxage=60",
  Vary: "Accept-Language, Cookie",
});

export default function Index() {
  const { plans } = useLoaderData<typeof loader>();
  return <Landing plans={plans} />;
}
