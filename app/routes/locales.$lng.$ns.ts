import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isLang } from "~/i18n/config";
import { resources } from "~/locales";

/** One translation namespace as JSON, for the browser's i18next (entry.client.tsx). */
export function loader({ params }: LoaderFunctionArgs) {
  const { lng, ns } = params;
  if (!isLang(lng) || !ns || !Object.hasOwn(resources[lng], ns)) {
    return Response.json({}, { status: 404 });
  }
  return Response.json(resources[lng][ns as keyof (typeof resources)["ko"]], {
    headers: { "cache-control": "public, max-age=300" },
  });
}
