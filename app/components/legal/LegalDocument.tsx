import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { LegalDoc } from "~/content/legal/types";

/** A terms or policy document: title, effective date, table of contents and articles. */
export function LegalDocument({ doc, children }: { doc: LegalDoc; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-3xl font-extrabold">{doc.title}</h1>
      <p className="mt-2 text-sm text-slate-500" data-testid="effective-date">
        {t("legal.effective", { date: doc.effective })}
      </p>
      {children}
      <p className="mt-8 leading-relaxed text-slate-700">{doc.intro}</p>
      <nav aria-label={t("legal.contents")} className="mt-8 rounded-xl bg-slate-50 p-5">
        <h2 className="text-sm font-bold text-slate-900">{t("legal.contents")}</h2>
        <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
          {doc.sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#section-${i + 1}`} className="text-slate-700 hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s, i) => (
        <section key={s.heading} id={`section-${i + 1}`} className="mt-10 scroll-mt-20">
          <h2 className="text-lg font-bold">{s.heading}</h2>
          {s.paragraphs.map((p, j) => (
            <p key={j} className="mt-3 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </section>
      ))}
    </main>
  );
}
