import { Form, Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { VoiceGrid } from "~/components/library/VoiceCard";
import { SubmitButton } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { loader as dashboardLoader } from "./dashboard";
import type { loader } from "./dashboard._index.server";

export { loader } from "./dashboard._index.server";

export const handle = { i18n: ["common", "account", "library"] };

export const meta = pageMetaTags;

/** Dashboard home (spec section 2): greeting, new project, recent projects, top voices, recommended voices, banner. */
export default function DashboardHome() {
  const parent = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { recent, top, recommended } = useLoaderData<typeof loader>();
  const { t } = useTranslation("account");
  if (!parent) return null;
  return (
    <main className="space-y-8 px-6 py-8">
      <PageHeading
        title={t("home.greeting", { nickname: parent.profile.nickname })}
        testId="greeting"
        description={t("home.plan", { plan: parent.profile.plan })}
        actions={
          <div className="flex flex-wrap gap-2">
            <Form method="post" action="/studio?index">
              <SubmitButton name="intent" value="new" className="sm:w-auto">
                + {t("home.newTts")}
              </SubmitButton>
            </Form>
            <Link
              to="/studio/projects/speech-to-speech"
              className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-brand-600 text-brand-700"
              data-testid="new-sts"
            >
              + {t("home.newSts")}
            </Link>
          </div>
        }
      />
      <Section
        id="recent"
        title={t("home.recent")}
        tone="plain"
        aside={
          <Link to="/studio" className="text-sm text-brand-600 underline">
            {t("home.allProjects")}
          </Link>
        }
      >
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("home.noProjects")}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="recent-projects">
            {recent.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/studio/projects/${p.type === "tts" ? "text-to-speech" : "speech-to-speech"}?id=${p.id}`}
                  className="block rounded-xl bg-white p-4 font-medium shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
                >
                  {p.name}
                  <span className="ml-2 text-xs uppercase text-slate-500">{p.type}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        id="top"
        title={t("home.top")}
        tone="plain"
        aside={
          <Link to="/dashboard/library?tab=basic" className="text-sm text-brand-600 underline">
            {t("sidebar.library")}
          </Link>
        }
      >
        <VoiceGrid voices={top} testId="top-voices" />
      </Section>
      <Section id="recommended" title={t("home.recommended")} tone="plain">
        <VoiceGrid voices={recommended} testId="recommended-voices" />
      </Section>
      {/* The first-month offer, only to a member who can still have it (never paid at the discount, not paying now). */}
      {parent.profile.planState?.discountEligible ? (
        <aside
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-500 px-6 py-5 text-white"
          data-testid="first-month-banner"
        >
          <p className="font-semibold">{t("home.banner")}</p>
          <Link to="/dashboard/plan/upgrade" className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-700">
            {t("home.bannerCta")}
          </Link>
        </aside>
      ) : null}
    </main>
  );
}
