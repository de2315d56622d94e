import type { AppLoadContext } from "@remix-run/cloudflare";
import { cutText } from "~/lib/shell";
import { sealedCookie } from "./sealed.server";

/**
 * What an action hands to the page it redirects to, read once (style note 9): the toast, and the flash of pages
 * whose refusals must travel with a redirect (docs/decisions/0045). Both are sealed (sealed.server.ts:
 * the browser can neither read nor forge them; docs/decisions/0053), short-lived and httpOnly; the reader takes the
 * value and clears the cookie on its response.
 */
function readOnce<T>(name: string) {
  const cookie = sealedCookie<T>(name, { path: "/", maxAge: 60 });
  const present = new RegExp(`(?:^|;\\s*)${name}=`);
  return {
    set: (request: Request, context: AppLoadContext, value: T) => cookie.write(request, context, value),
    /** The pending value, cleared on this response; null when there is none, or it is not one this app sealed. */
    async take(request: Request, context: AppLoadContext): Promise<T | null> {
      const header = request.headers.get("Cookie");
      if (!header || !present.test(header)) return null;
      const value = await cookie.read(request, context).catch(() => null);
      await cookie.clear(request, context);
      return value;
    },
  };
}

/** The toasts there are: keys of the common bundle's `toast` group. */
const KEYS = [
  "goodbye",
  "welcome",
  "passwordReset",
  "saved",
  "withdrawn",
  "marketing",
  "error",
  "generating",
  "deleted",
  "shared",
  "unshared",
  "reviewed",
  "cardRegistered",
  "couponApplied",
  "purchased",
  "paypalCancelled",
  "upgraded",
  "downgraded",
  "cancelled",
  "refunded",
  "inquirySent",
  "answerSent",
  "couponIssued",
  "resumed",
  "slotsKept",
  // the console (docs/decisions/0036): the operator's refund, in the operator's words.
  "operatorRefunded",
] as const;

/**
 * A flash toast (style note 9): an action sets it before redirecting, the next page's root loader
 * reads it once and clears it. It holds a translation key of the common bundle's `toast` group and
 * its parameters, so it shows in the language of the page that renders it.
 */
export type Toast = {
  key: (typeof KEYS)[number];
  params?: Record<string, string>;
};
/** A toast as the page gets it: with an id, so the same message shown twice still shows twice. */
export type ShownToast = Toast & { id: string };

const toastCookie = readOnce<Toast>("toast");

export async function setToast(request: Request, context: AppLoadContext, toast: Toast) {
  await toastCookie.set(request, context, toast);
}

/** The pending toast, cleared on this response; null when there is none. */
export async function takeToast(request: Request, context: AppLoadContext): Promise<ShownToast | null> {
  const value = (await toastCookie.take(request, context)) as Partial<Toast> | null;
  if (!value || !(KEYS as readonly string[]).includes(value.key as string)) return null;
  const params = Object.fromEntries(
    Object.entries(value.params ?? {})
      .filter(([, v]) => typeof v === "string")
      .map(([k, v]) => [k, cutText(v, 300)]),
  );
  return { id: crypto.randomUUID(), key: value.key as Toast["key"], params };
}

/**
 * The flash (docs/decisions/0045): an action of an index route without a path of its own (`/studio`'s list
 * posts to `/studio?index`) answers every outcome with a redirect to the page's own address, so the address never
 * keeps `?index`, and a refusal it must show (an error, a usage dialog) travels here.
 */
const flashCookie = readOnce<Record<string, unknown>>("flash");

export async function setFlash(request: Request, context: AppLoadContext, value: Record<string, unknown>) {
  await flashCookie.set(request, context, value);
}

/** The pending flash, cleared on this response; null when there is none. */
export async function takeFlash(request: Request, context: AppLoadContext): Promise<Record<string, unknown> | null> {
  const value = await flashCookie.take(request, context);
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}
