import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocument } from "~/components/legal/LegalDocument";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./terms.service.server";

export { loader } from "./terms.service.server";

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
      <Form method="get" className="mt-6 flex flex-wrap items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
        <label htmlFor="version" className="text-sm font-medium">
          {t("legal.version")}
        </label>
        <select
          id="version"
          name="version"
          defaultValue={version}
          key={version}
          className="min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        >
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
