import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/components/legal/LegalDocument";
import terms20230816 from "~/content/legal/terms-service-2023-08-16.server";
import terms20240509 from "~/content/legal/terms-service-2024-05-09.server";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

/** Newest first: the first is shown by default. */
const VERSIONS = [
  { date: "2024-05-09", doc: terms20240509 },
  { date: "2023-08-16", doc: terms20230816 },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await getLocale(request, context);
  const requested = new URL(request.url).searchParams.get("version");
  const version = VERSIONS.find((v) => v.date === requested) ?? VERSIONS[0];
  return {
    doc: version.doc[locale],
    version: version.date,
    versions: VERSIONS.map((v) => v.date),
    meta: await pageMeta(request, context, "meta.titles.termsService"),
  };
}

export const meta = pageMetaTags;

export default function TermsOfService() {
  const { doc, version, versions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const submit = useSubmit();
  // The button is there until the page hydrates (no JavaScript, or a slow phone still loading it);
  // after that, choosing submits at once.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <LegalDocument doc={doc}>
      {/* A GET form: until hydration the button submits; after it, choosing submits at once. */}
      <Form method="get" className="mt-6 flex items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
        <label htmlFor="version" className="text-sm font-medium">
          {t("legal.version")}
        </label>
        <select id="version" name="version" defaultValue={version} key={version} className="rounded-md border border-slate-300 px-2 py-1.5 text-sm">
          {versions.map((date, i) => (
            <option key={date} value={date}>
              {t("legal.versionOption", { date })} {i === 0 ? t("legal.current") : ""}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white">
            {t("legal.show")}
          </button>
        )}
      </Form>
    </LegalDocument>
  );
}
