import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import terms20230816 from "~/content/legal/terms-service-2023-08-16.server";
import terms20240509 from "~/content/legal/terms-service-2024-05-09.server";
import { getLocale } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta.server";

/** The terms of service by version (`?version=`), newest first: the first is shown by default. */
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
