import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { kstInput } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./admin.voices._index.server";

export { loader } from "./admin.voices._index.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

/** The basic voices operators staged from reference clips or preset speakers, newest first, each with its state. */
export default function AdminVoices() {
  const { items } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("admin");
  const ko = i18n.language === "ko";
  return (
    <main>
      <PageHeading
        title={t("voices.title")}
        description={t("voices.description")}
        actions={<ButtonLink to="/admin/voices/new">{t("voices.add")}</ButtonLink>}
      />
      <Section id="voice-references" title={t("voices.title")} className="mt-6">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("voices.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="voice-references">
            {items.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="voice-reference-row">
                <div className="min-w-0 flex-1">
                  <Link to={`/admin/voices/${encodeURIComponent(r.id)}`} className="font-medium text-brand-700 underline">
                    {ko ? r.name.ko : r.name.en}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {t(`voices.kinds.${r.kind}`)} · {r.lang.toUpperCase()} · {r.speaker} · {kstInput(Date.parse(r.createdAt)).slice(0, 10)}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r.voiceId ? "bg-green-50 text-green-700" : "bg-slate-100 text-slate-700"}`}
                >
                  {r.voiceId ? t("voices.published") : t("voices.staged")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}
