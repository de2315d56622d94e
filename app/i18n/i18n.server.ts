import { RemixI18Next } from "remix-i18next/server";
import { resources } from "~/locales";
import { localeCookie } from "~/utils/cookies.server";
import { defaultNS, fallbackLng, supportedLngs } from "./config";

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
