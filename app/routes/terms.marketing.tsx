import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument } from "~/components/legal/LegalDocument";
import marketing from "~/content/legal/marketing.server";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await getLocale(request, context);
  return { doc: marketing[locale], meta: await pageMeta(request, context, "meta.titles.termsMarketing") };
}

export const meta = pageMetaTags;

export default function TermsMarketing() {
  const { doc } = useLoaderData<typeof loader>();
  return <LegalDocument doc={doc} />;
}
