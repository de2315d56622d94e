import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal/LegalDocument";
import privacy from "~/content/legal/privacy.server";
import { i18nServer } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = (await i18nServer.getLocale(request)) as "ko" | "en";
  return { doc: privacy[locale], meta: await pageMeta(request, "meta.titles.termsPrivacy") };
}

export const meta = pageMetaTags;

export default function TermsPrivacy() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalDocument doc={doc} />;
}
