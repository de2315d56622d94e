// What the browser build gets for `import { useTranslation } from "react-i18next"` (the `clientTranslator`
// plugin in vite.config.ts; the server keeps react-i18next and i18next). docs/decisions/0044: The
// browser's i18n in about 1 KB instead of i18next's 15 KB.
//
// `useTranslation(ns)` returns `{ t, i18n, ready }` like react-i18next's (`t` reads the first namespace; `ns:key`
// or `{ ns }` another one). A namespace not loaded yet is fetched from /locales/:lng/:ns and the component
// suspends until it is there (react-i18next's `useSuspense`, its default). `i18n.changeLanguage(lng)` loads
// every namespace loaded so far in the new language, then re-renders the users of the hook.
import { useMemo, useSyncExternalStore } from "react";
import { defaultNS, fallbackLng } from "./config";
import { loadBundle, loadedNamespaces, hasBundle, translate, type TOptions } from "./translator";

let language: string = fallbackLng;
let version = 0;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

export type TFunction = (key: string, options?: TOptions) => string;

/** The language and namespaces of the page the server rendered, loaded before hydration (entry.client.tsx). */
export async function initTranslator(lng: string, namespaces: string[]) {
  language = lng;
  await Promise.all([...new Set([defaultNS, ...namespaces])].map((ns) => loadBundle(lng, ns)));
}

async function changeLanguage(lng: string) {
  if (lng === language) return;
  await Promise.all(loadedNamespaces(language).map((ns) => loadBundle(lng, ns)));
  language = lng;
  version++;
  for (const listener of listeners) listener();
}

export const i18n = {
  get language() {
    return language;
  },
  get resolvedLanguage() {
    return language;
  },
  dir: (_lng?: string) => "ltr" as const,
  changeLanguage,
  t: ((key, options) => translate(language, defaultNS, key, options)) as TFunction,
};

export function useTranslation(ns?: string | readonly string[]) {
  const v = useSyncExternalStore(subscribe, getVersion, getVersion);
  const namespaces = ns === undefined ? [defaultNS] : typeof ns === "string" ? [ns] : ns.length ? [...ns] : [defaultNS];
  const first = namespaces[0] ?? defaultNS;
  const lng = language;
  const missing = namespaces.filter((n) => !hasBundle(lng, n));
  // Suspends until the namespaces are loaded (a navigation to a page with a namespace not seen yet).
  if (missing.length > 0) throw Promise.all(missing.map((n) => loadBundle(lng, n)));
  const t = useMemo<TFunction>(() => (key, options) => translate(lng, first, key, options), [lng, first, v]); // eslint-disable-line react-hooks/exhaustive-deps
  return { t, i18n, ready: true as const };
}
