import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import type { loader as dashboardLoader } from "./dashboard";

export const handle = { i18n: ["common", "account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { meta: await pageMeta(request, context, "meta.titles.dashboard") };
}

export const meta = pageMetaTags;

/** Dashboard home: the greeting and plan for now; projects and voices come with the studio issues. */
export default function DashboardHome() {
  const data = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { t } = useTranslation("account");
  if (!data) return null;
  return (
    <main className="px-6 py-8">
      <h1 className="text-2xl font-bold" data-testid="greeting">
        {t("home.greeting", { nickname: data.profile.nickname })}
      </h1>
      <p className="mt-2 text-slate-600">{t("home.plan", { plan: data.profile.plan })}</p>
      <Link to="/plan" className="mt-4 inline-block text-sm font-semibold text-brand-600 underline">
        {t("home.plans")}
      </Link>
    </main>
  );
}
