import type { AppLoadContext } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";

/** A page's title and description in the request's locale, from the common bundle's meta keys. */
export async function pageMeta(request: Request, context: AppLoadContext, titleKey: string, descriptionKey = "meta.description") {
  const t = fixedT(await getLocale(request, context));
  return { title: t(titleKey), description: t(descriptionKey) };
}
