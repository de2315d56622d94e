import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMetaTags } from "~/utils/seo";

export const handle = { i18n: ["common", "labs"] };

export { loader } from "./labs._index.server";
export const meta = pageMetaTags;

/** The labs area (spec: a labs area with avatar talk): what each experiment does, and where to start it. */
export default function Labs() {
  const { t } = useTranslation("labs");
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{t("area.title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t("area.intro")}</p>
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="lab-avatar" data-testid="lab-avatar">
          <h2 id="lab-avatar" className="flex items-center gap-2 text-lg font-semibold">
            {t("area.avatarTitle")}
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-700">{t("area.beta")}</span>
          </h2>
          <p className="mt-2 text-sm text-slate-600">{t("area.avatarText")}</p>
          <Link to="/labs/avatar" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white">
            {t("area.avatarCta")} →
          </Link>
          <p className="mt-2 text-xs text-slate-500">{t("area.loginNeeded")}</p>
        </section>
        {/* The shorts (docs/decisions/0042): their public page says the rest. */}
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="lab-shorts" data-testid="lab-shorts">
          <h2 id="lab-shorts" className="flex items-center gap-2 text-lg font-semibold">
            {t("shorts.area.title")}
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-700">{t("area.beta")}</span>
          </h2>
          <p className="mt-2 text-sm text-slate-600">{t("shorts.area.text")}</p>
          <Link to="/labs/shorts" className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white">
            {t("shorts.area.cta")} →
          </Link>
        </section>
      </div>
    </main>
  );
}
