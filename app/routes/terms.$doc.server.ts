import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import marketing from "~/content/legal/marketing.server";
import privacy from "~/content/legal/privacy.server";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";

/** /terms/privacy and /terms/marketing (the terms of service, with versions, have their own route). */
const DOCS = {
  privacy: { doc: privacy, title: "meta.titles.termsPrivacy" },
  marketing: { doc: marketing, title: "meta.titles.termsMarketing" },
} as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const entry = DOCS[params.doc as keyof typeof DOCS];
  if (!entry || !Object.hasOwn(DOCS, params.doc ?? "")) throw new Response(null, { status: 404 });
  const locale = await getLocale(request, context);
  return { doc: entry.doc[locale], meta: await pageMeta(request, context, entry.title) };
}
