// The browser's translator (docs/decisions/0044): what the app uses of i18next, and nothing else.
// The server renders with i18next (i18n.server.ts); the browser build resolves `react-i18next` to
// ./react-client.ts, which reads from this store. Both must give the same string for every key, or hydration
// fails: tests/unit/translator.test.ts holds this module to i18next over every key of every bundle.
//
// What it does, as i18next 23 does it with this app's options (keySeparator ".", nsSeparator ":",
// interpolation `{{x}}` with escapeValue false and skipOnVariables, compatibilityJSON v4 plurals):
// - `ns:key` names the namespace, else `options.ns`, else the hook's first namespace;
// - `count` (a number) picks `key_zero` (for 0, when it exists), then `key_<Intl.PluralRules category>`, then `key`;
// - `{{name}}` and `{{a.b}}` are replaced by the option's value; `{{count, number}}` formats with Intl.NumberFormat;
//   a variable not given at all stays as written, one given as undefined or null becomes "" (with `number`, NaN);
// - `{{name, 이/가}}` (any pair of contracts/josa.ts) adds the particle the value's last sound takes, as the server's
//   format of that name does (i18n.server.ts): an undefined value stays as written, null becomes "";
// - `returnObjects: true` gives objects and arrays with every string in them interpolated;
// - a missing key gives the key (without its namespace).

import { isParticle, josa } from "#contracts/josa";

export type Bundle = { [key: string]: unknown };
export type TOptions = { [name: string]: unknown; count?: number; ns?: string | readonly string[]; returnObjects?: boolean };

const store: Record<string, Record<string, Bundle>> = {};
const pending = new Map<string, Promise<void>>();
const plurals = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

/** Puts a namespace's bundle in the store (the browser after fetching it; tests directly). */
export function addBundle(lng: string, ns: string, bundle: Bundle) {
  (store[lng] ??= {})[ns] = bundle;
}

export const hasBundle = (lng: string, ns: string) => Boolean(store[lng]?.[ns]);

/** The namespaces loaded for a language. */
export const loadedNamespaces = (lng: string) => Object.keys(store[lng] ?? {});

/**
 * How a namespace's fetch is tried again after a dropped request or a server error (not after a 404: a namespace
 * that is not there stays not there): the waits before the second and third tries. Bounded, so a page offline gives
 * up after about 1.5 s and shows keys, as before.
 */
export const BUNDLE_RETRY_DELAYS_MS = [300, 1200] as const;

/** One try: the bundle, `null` to try again (no answer, a 5xx, 408 or 429, a body that is not JSON), `{}` to give up. */
async function fetchBundle(lng: string, ns: string): Promise<Bundle | null> {
  try {
    const r = await fetch(`/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}`);
    if (r.ok) return (await r.json()) as Bundle;
    return r.status >= 500 || r.status === 408 || r.status === 429 ? null : {};
  } catch {
    return null;
  }
}

/**
 * Fetches `/locales/:lng/:ns` once, trying again after a failure (`BUNDLE_RETRY_DELAYS_MS`). When every try failed it
 * stores an empty bundle (the page then shows keys, as i18next does when its backend fails) so a suspended component
 * does not wait for it again and again.
 */
export function loadBundle(lng: string, ns: string): Promise<void> {
  if (hasBundle(lng, ns)) return Promise.resolve();
  const id = `${lng}/${ns}`;
  let p = pending.get(id);
  if (!p) {
    p = (async () => {
      let bundle = await fetchBundle(lng, ns);
      for (const delay of BUNDLE_RETRY_DELAYS_MS) {
        if (bundle) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
        bundle = await fetchBundle(lng, ns);
      }
      addBundle(lng, ns, bundle ?? {});
      pending.delete(id);
    })();
    pending.set(id, p);
  }
  return p;
}

function find(bundle: unknown, path: string): unknown {
  let node = bundle;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

function pluralRules(lng: string) {
  let rules = plurals.get(lng);
  if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules;
}

function formatNumber(lng: string, value: unknown) {
  let format = numbers.get(lng);
  if (!format) numbers.set(lng, (format = new Intl.NumberFormat(lng)));
  return format.format(value as number);
}

const VARIABLE = /\{\{(.+?)\}\}/g;

/** `{{x}}` replaced by the options' values (i18next's interpolation with escapeValue false and skipOnVariables). */
export function interpolate(text: string, lng: string, options: TOptions = {}) {
  if (text.indexOf("{{") < 0) return text;
  return text.replace(VARIABLE, (match, inner: string) => {
    let name = inner.trim();
    if (name.startsWith("-")) name = name.slice(1).trim();
    let format: string | undefined;
    const comma = name.indexOf(",");
    if (comma >= 0) {
      format = name.slice(comma + 1).trim();
      name = name.slice(0, comma).trim();
    }
    const value = find(options, name);
    // i18next formats before it looks for a missing value: a missing number shows as "NaN", as on the server.
    if (format === "number") return formatNumber(lng, value);
    if (format !== undefined && isParticle(format)) return value === undefined ? match : value === null ? "" : josa(String(value), format);
    if (value === undefined) return Object.hasOwn(options, name) ? "" : match;
    if (value === null) return "";
    return typeof value === "string" ? value : String(value);
  });
}

function deepInterpolate(value: unknown, lng: string, options: TOptions): unknown {
  if (typeof value === "string") return interpolate(value, lng, options);
  if (Array.isArray(value)) return value.map((v) => deepInterpolate(v, lng, options));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepInterpolate(v, lng, options)]));
  }
  return value;
}

const NS_KEY = /^([A-Za-z][\w-]*):(.+)$/;

/** The translation of `key` in `lng`, `defaultNs` unless the key or the options name another namespace. */
export function translate(lng: string, defaultNs: string, key: string, options: TOptions = {}): string {
  let ns = options.ns === undefined ? defaultNs : typeof options.ns === "string" ? options.ns : (options.ns[0] ?? defaultNs);
  let path = key;
  const named = NS_KEY.exec(key);
  if (named) {
    ns = named[1] as string;
    path = named[2] as string;
  }
  const bundle = store[lng]?.[ns];
  let value: unknown;
  if (typeof options.count === "number") {
    if (options.count === 0) value = find(bundle, `${path}_zero`);
    if (value === undefined) value = find(bundle, `${path}_${pluralRules(lng).select(options.count)}`);
  }
  if (value === undefined) value = find(bundle, path);
  if (typeof value === "string") return interpolate(value, lng, options);
  if (value !== undefined && value !== null && typeof value === "object" && options.returnObjects) {
    return deepInterpolate(value, lng, options) as string;
  }
  return path;
}
