import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal/LegalDocument";
import privacy from "~/content/legal/privacy.server";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await getLocale(request, context);
  return { doc: privacy[locale], meta: await pageMeta(request, context, "meta.titles.termsPrivacy") };
}

export const meta = pageMetaTags;

export default function TermsPrivacy() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalDocument doc={doc} />;
}
