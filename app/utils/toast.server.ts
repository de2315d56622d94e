import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { cookieSecurity } from "./cookies.server";
import { cutText } from "~/lib/shell";

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
  "upgraded",
  "downgraded",
  "cancelled",
  "refunded",
  "inquirySent",
  "answerSent",
  "couponIssued",
  "resumed",
  "slotsKept",
  // Issue 18's console (docs/decisions/0036): the operator's refund, in the operator's words.
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

const toastCookie = createCookie("toast", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

export async function setToast(request: Request, context: AppLoadContext, toast: Toast) {
  context.outgoingCookies.push(await toastCookie.serialize(toast, cookieSecurity(request)));
}

/** The pending toast, cleared on this response; null when there is none. */
export async function takeToast(request: Request, context: AppLoadContext): Promise<ShownToast | null> {
  const header = request.headers.get("Cookie");
  if (!header || !/(?:^|;\s*)toast=/.test(header)) return null;
  const value = (await toastCookie.parse(header)) as Partial<Toast> | null;
  context.outgoingCookies.push(await toastCookie.serialize("", { ...cookieSecurity(request), maxAge: 0, expires: new Date(0) }));
  if (!value || !(KEYS as readonly string[]).includes(value.key as string)) return null;
  const params = Object.fromEntries(
    Object.entries(value.params ?? {})
      .filter(([, v]) => typeof v === "string")
      .map(([k, v]) => [k, cutText(v, 300)]),
  );
  return { id: crypto.randomUUID(), key: value.key as Toast["key"], params };
}
