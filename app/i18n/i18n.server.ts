import type { AppLoadContext } from "@remix-run/cloudflare";
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { PARTICLES, josa } from "#contracts/josa";
import { resources } from "~/locales";
import { localeCookie } from "~/utils/cookies.server";
import { defaultNS, fallbackLng, isLang, supportedLngs, type Lang } from "./config";
import { addBundle, translate, type Bundle, type TOptions } from "./translator";

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

// The render's `t` (docs/decisions/0051): the browser's translator (app/i18n/translator.ts),
// which tests/unit/translator.test.ts holds to i18next over every key of every bundle, with every bundle in its
// store once per isolate. i18next's `t` (its option merging, resolver and interpolator, for every call) was
// about a tenth of a page's render; the hydrated page already reads the same strings through the translator.
for (const lng of supportedLngs) {
  for (const [ns, bundle] of Object.entries(resources[lng])) addBundle(lng, ns, bundle as unknown as Bundle);
}

type FixedT = i18n["getFixedT"];
/** i18next's own `getFixedT` per language: loaders' and meta's `fixedT` keep i18next (server-only strings). */
const i18nextFixedT = {} as Record<Lang, FixedT>;

/**
 * One i18next instance per language per isolate, initialised once, synchronously, with every
 * bundle. Its language never changes, so concurrent requests can share it: no per-request
 * initialisation or cloning (which cost a measurable share of each render). react-i18next's
 * `useTranslation` asks the instance's `getFixedT(null, ns)` on every render: it gets the translator's `t`
 * for that namespace, made once (anything else, a key prefix or a namespace list, stays with i18next).
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
    // `{{name, 이/가}}`: the particle the value's last sound takes (contracts/josa.ts), as the translator does.
    for (const particle of PARTICLES) {
      // An undefined value goes back to i18next unformatted, so that it treats it as any missing value.
      const format = (value: unknown) => (value === undefined || value === null ? value : josa(String(value), particle));
      instance.services.formatter?.add(particle, format as (value: unknown) => string);
    }
    i18nextFixedT[lng] = instance.getFixedT.bind(instance) as FixedT;
    const original = i18nextFixedT[lng] as (...args: unknown[]) => unknown;
    const fixed = new Map<string, (key: string, options?: TOptions) => string>();
    instance.getFixedT = ((l: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
      if ((l !== null && l !== undefined && l !== lng) || (ns !== null && ns !== undefined && typeof ns !== "string") || keyPrefix) {
        return original(l, ns, keyPrefix);
      }
      const namespace = ns ?? defaultNS;
      let t = fixed.get(namespace);
      if (!t) fixed.set(namespace, (t = (key, options) => translate(lng, namespace, key, options)));
      return t;
    }) as FixedT;
    return [lng, instance];
  }),
) as Record<Lang, i18n>;

/** The instance that renders requests in `lng`. */
export const instanceFor = (lng: string) => instances[isLang(lng) ? lng : fallbackLng];

/** A `t` bound to one locale and namespace (for loaders and meta): i18next's. */
export const fixedT = (lng: string, ns: string = defaultNS) => {
  const l = isLang(lng) ? lng : fallbackLng;
  return i18nextFixedT[l](l, ns);
};

/** The request's locale, detected once per request and shared by every loader. */
export function getLocale(request: Request, context: AppLoadContext): Promise<Lang> {
  let pending = context.requestState.get("locale") as Promise<Lang> | undefined;
  if (!pending) {
    pending = i18nServer.getLocale(request) as Promise<Lang>;
    context.requestState.set("locale", pending);
  }
  return pending;
}
