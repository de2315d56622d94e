import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Body } from "~/components/content/Body";
import { PageHeading } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./guide.server";

export { loader } from "./guide.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

/**
 * The user guide: a table of contents and one section per topic, each with its anchor (/guide#tts) and a
 * screenshot of the product (public/guide/, made by scripts/guide-screenshots.mjs).
 */
export default function Guide() {
  const { sections } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <PageHeading title={t("guide.title")} description={t("guide.description")} testId="guide-title" />
      <nav id="contents" aria-labelledby="guide-contents" className="mt-8 rounded-2xl bg-slate-50 p-5">
        <h2 id="guide-contents" className="text-sm font-semibold text-slate-900">
          {t("guide.contents")}
        </h2>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-12 scroll-mt-6" data-testid="guide-section">
          <h2 id={`${s.id}-title`} className="text-xl font-bold">
            <a href={`#${s.id}`} className="hover:underline">
              {s.title}
            </a>
          </h2>
          <Body text={s.body} className="mt-3" />
          {s.image ? (
            <figure className="mt-5">
              <img
                src={s.image}
                alt={s.imageAlt}
                width={800}
                height={500}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
              />
              <figcaption className="mt-2 text-center text-xs text-slate-500">{s.imageAlt}</figcaption>
            </figure>
          ) : null}
          <p className="mt-4 text-right text-sm">
            <a href="#contents" className="text-slate-500 underline">
              {t("guide.toTop")}
            </a>
          </p>
        </section>
      ))}
    </main>
  );
}
