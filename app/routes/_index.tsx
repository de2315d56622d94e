import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/home/Landing";
import { i18nServer } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { loadPlanCards } from "~/utils/plans.server";
import { pageMetaTags } from "~/utils/seo";

export const handle = { i18n: ["common", "home"] };

export async function loader(args: LoaderFunctionArgs) {
  const locale = await i18nServer.getLocale(args.request);
  const [{ plans }, meta] = await Promise.all([
    loadPlanCards(args, locale),
    pageMeta(args.request, "meta.titles.home"),
  ]);
  return { plans, meta };
}

export const meta = pageMetaTags;

export default function Index() {
  const { plans } = useLoaderData<typeof loader>();
  return <Landing plans={plans} />;
}
