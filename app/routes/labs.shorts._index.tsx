import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SHORT_TEMPLATES } from "#contracts/labs";
import { SampleShort } from "~/components/labs/SampleShort";
import { shortSample } from "~/components/labs/short-samples";
import { ShortsTopBar } from "~/components/labs/ShortsTopBar";
import { pageMetaTags } from "~/utils/seo";

export const handle = { i18n: ["common", "labs"] };

export { loader } from "./labs.shorts._index.server";
export const meta = pageMetaTags;

const HOW = ["template", "record", "voice", "share"] as const;

/**
 * AI voice imitation shorts (spec: /labs/shorts, without the public header; docs/decisions/0042): what a
 * short is, a sample of each template that plays (its still frame, then the renderer over it in step with the
 * sample's voice; a plain audio player without JavaScript), how it works, and the way to start (a visitor logs in first and comes back to the start page).
 */
export default function Shorts() {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  return (
    <div className="min-h-screen bg-slate-950 text-white" data-testid="shorts-page">
      <ShortsTopBar tone="dark" />
      <main className="mx-auto max-w-5xl px-4 pb-16">
        <header className="pt-8 text-center">
          <p className="text-xs font-bold uppercase tracking-widest text-fuchsia-300">
            {t("area.title")} · {t("area.beta")}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-5xl">{t("shorts.title")}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-white/80">{t("shorts.intro")}</p>
          <Link
            to="/labs/shorts/start"
            className="mt-6 inline-block rounded-full bg-fuchsia-600 px-6 py-3 text-sm font-bold text-white shadow-lg hover:bg-fuchsia-700"
            data-testid="shorts-cta"
          >
            {t("shorts.cta")} →
          </Link>
          <p className="mt-2 text-xs text-white/60">{t("shorts.loginNeeded")}</p>
        </header>

        <section className="mt-12" aria-labelledby="samples-title">
          <h2 id="samples-title" className="text-xl font-bold">
            {t("shorts.samplesTitle")}
          </h2>
          <p className="mt-1 text-sm text-white/70">{t("shorts.samplesHelp")}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {SHORT_TEMPLATES.map((tpl) => (
              <li key={tpl.id}>
                <SampleShort template={tpl} sample={shortSample(tpl.id, lang)!} />
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-12" aria-labelledby="how-title">
          <h2 id="how-title" className="text-xl font-bold">
            {t("shorts.howTitle")}
          </h2>
          <ol className="mt-4 grid gap-3 sm:grid-cols-2">
            {HOW.map((k, i) => (
              <li key={k} className="flex gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10">
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-fuchsia-600 text-sm font-bold">{i + 1}</span>
                <span className="text-sm text-white/85">{t(`shorts.how.${k}`)}</span>
              </li>
            ))}
          </ol>
          <div className="mt-8 text-center">
            <Link to="/labs/shorts/start" className="inline-block rounded-full bg-white px-6 py-3 text-sm font-bold text-slate-950">
              {t("shorts.cta")} →
            </Link>
          </div>
        </section>
      </main>
    </div>
  );
}
