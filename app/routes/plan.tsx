import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlanCards } from "~/components/plan/PlanCards";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./plan.server";

export { loader } from "./plan.server";

export const handle = { i18n: ["common", "plan"] };

export const meta = pageMetaTags;

export default function PlanPage() {
  const { plans, currency, firstMonth } = useLoaderData<typeof loader>();
  const { t } = useTranslation("plan");
  const points = t("enterprise.points", { returnObjects: true }) as string[];
  const terms = t("terms.items", { returnObjects: true }) as string[];
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <header className="text-center">
        <h1 className="text-3xl font-extrabold md:text-4xl">{t("title")}</h1>
        <p className="mt-3 text-slate-600">{t("subtitle")}</p>
        <p className="mt-2 text-sm text-slate-500" data-testid="currency-note">
          {currency === "KRW" ? t("currencyNote") : t("currencyNoteUsd")}
        </p>
      </header>
      <div className="mt-12">
        <PlanCards plans={plans} firstMonth={firstMonth} />
      </div>
      <section aria-labelledby="enterprise" className="mt-16 rounded-2xl bg-slate-900 p-8 text-white md:flex md:items-center md:gap-10">
        <div className="md:flex-1">
          <h2 id="enterprise" className="text-2xl font-bold">
            {t("enterprise.title")}
          </h2>
          <p className="mt-3 text-slate-300">{t("enterprise.text")}</p>
          <ul className="mt-5 grid gap-2 text-sm sm:grid-cols-2">
            {points.map((point) => (
              <li key={point} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-100">
                  ✓
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <a
          href="mailto:help@voicestudio.example?subject=API"
          className="mt-6 inline-block rounded-full bg-white px-5 py-2.5 font-semibold text-slate-900 md:mt-0"
        >
          {t("enterprise.cta")}
        </a>
      </section>
      <section aria-labelledby="plan-terms" className="mt-16">
        <h2 id="plan-terms" className="text-xl font-bold">
          {t("terms.title")}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-sm leading-relaxed text-slate-700">
          {terms.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <Link to="/terms/service" className="text-brand-600 underline">
            {t("terms.more")}
          </Link>
        </p>
      </section>
    </main>
  );
}
