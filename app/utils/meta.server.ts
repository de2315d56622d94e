import { i18nServer } from "~/i18n/i18n.server";

/** A page's title and description in the request's locale, from the common bundle's meta keys. */
export async function pageMeta(request: Request, titleKey: string, descriptionKey = "meta.description") {
  const t = await i18nServer.getFixedT(request, "common");
  return { title: t(titleKey), description: t(descriptionKey) };
}
