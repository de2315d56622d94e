import type { AppLoadContext } from "@remix-run/cloudflare";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { resources } from "~/locales";
import { localeCookie } from "~/utils/cookies.server";
import { defaultNS, fallbackLng, isLang, supportedLngs, type Lang } from "./config";

/**
 * Locale detection: `?lng=` (the language switch, which the root loader then stores in the
 * cookie), the `lng` cookie, Accept-Language, then Korean.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLngs],
    fallbackLanguage: fallbackLng,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { resources, defaultNS, fallbackLng, supportedLngs: [...supportedLngs] },
});

/**
 * One i18next instance per language per isolate, initialised once, synchronously, with every
 * bundle. Its language never changes, so concurrent requests can share it: no per-request
 * initialisation or cloning (which cost a measurable share of each render).
 */
const instances = Object.fromEntries(
  supportedLngs.map((lng) => {
    const instance: i18n = createInstance();
    instance.use(initReactI18next).init({
      lng,
      resources,
      ns: Object.keys(resources.ko),
      defaultNS,
      fallbackLng,
      supportedLngs: [...supportedLngs],
      interpolation: { escapeValue: false },
      initImmediate: false,
    });
    return [lng, instance];
  }),
) as Record<Lang, i18n>;

/** The instance that renders requests in `lng`. */
export const instanceFor = (lng: string) => instances[isLang(lng) ? lng : fallbackLng];

/** A `t` bound to one locale and namespace (for loaders and meta). */
export const fixedT = (lng: string, ns: string = defaultNS) => instanceFor(lng).getFixedT(lng, ns);

/** The request's locale, detected once per request and shared by every loader. */
export function getLocale(request: Request, context: AppLoadContext): Promise<Lang> {
  let pending = context.requestState.get("locale") as Promise<Lang> | undefined;
  if (!pending) {
    pending = i18nServer.getLocale(request) as Promise<Lang>;
    context.requestState.set("locale", pending);
  }
  return pending;
}
