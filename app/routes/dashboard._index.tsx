import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VoiceList, type VoiceCardData } from "~/components/dashboard/VoiceList";
import { SubmitButton } from "~/components/forms";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import type { loader as dashboardLoader } from "./dashboard";

export const handle = { i18n: ["common", "account"] };

type ProjectItem = { id: string; name: string; type: "tts" | "sts"; updatedAt: number };

export async function loader(args: LoaderFunctionArgs) {
  const [projects, top, recommended, meta] = await Promise.all([
    api<ProjectItem[]>(args, "/studio/projects"),
    api<VoiceCardData[]>(args, "/voices/top"),
    api<VoiceCardData[]>(args, "/voices/recommended"),
    pageMeta(args.request, args.context, "meta.titles.dashboard"),
  ]);
  return { recent: (projects.data ?? []).slice(0, 3), top: top.data ?? [], recommended: recommended.data ?? [], meta };
}

export const meta = pageMetaTags;

/** Dashboard home (spec section 2): greeting, new project, recent projects, top voices, recommended voices, banner. */
export default function DashboardHome() {
  const parent = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { recent, top, recommended } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  if (!parent) return null;
  return (
    <main className="space-y-8 px-6 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold" data-testid="greeting">
            {t("home.greeting", { nickname: parent.profile.nickname })}
          </h1>
          <p className="mt-1 text-slate-600">{t("home.plan", { plan: parent.profile.plan })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Form method="post" action="/studio?index">
            <SubmitButton name="intent" value="new" className="sm:w-auto">
              + {t("home.newTts")}
            </SubmitButton>
          </Form>
          <Link to="/studio/projects/speech-to-speech" className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-brand-600 text-brand-700" data-testid="new-sts">
            + {t("home.newSts")}
          </Link>
        </div>
      </div>
      <section aria-labelledby="recent-title">
        <div className="flex items-baseline justify-between">
          <h2 id="recent-title" className="text-lg font-semibold">
            {t("home.recent")}
          </h2>
          <Link to="/studio" className="text-sm text-brand-600 underline">
            {t("home.allProjects")}
          </Link>
        </div>
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("home.noProjects")}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="recent-projects">
            {recent.map((p) => (
              <li key={p.id}>
                <Link to={`/studio/projects/${p.type === "tts" ? "text-to-speech" : "speech-to-speech"}?id=${p.id}`} className="block rounded-xl bg-white p-4 font-medium shadow-sm ring-1 ring-slate-200 hover:ring-brand-500">
                  {p.name}
                  <span className="ml-2 text-xs uppercase text-slate-400">{p.type}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="top-title">
        <h2 id="top-title" className="text-lg font-semibold">
          {t("home.top")}
        </h2>
        <VoiceList voices={top} testId="top-voices" />
      </section>
      <section aria-labelledby="recommended-title">
        <h2 id="recommended-title" className="text-lg font-semibold">
          {t("home.recommended")}
        </h2>
        <VoiceList voices={recommended} testId="recommended-voices" />
      </section>
      <aside className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-500 px-6 py-5 text-white">
        <p className="font-semibold">{t("home.banner")}</p>
        <Link to="/plan" className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700">
          {t("home.bannerCta")}
        </Link>
      </aside>
    </main>
  );
}
