import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { cookieSecurity } from "./cookies.server";

/**
 * What an action hands to the page it redirects to, read once (issue 19, docs/decisions/0045): an action of an index
 * route without a path of its own (`/studio`'s list posts to `/studio?index`) answers every outcome with a redirect to
 * the page's own address, so the address never keeps `?index`, and a refusal it must show (an error, a usage dialog)
 * travels here. Short-lived and httpOnly; the reader checks the shape (a cookie is the browser's to change).
 */
const flashCookie = createCookie("flash", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

/** At most this many characters of any string in a flash (the api's messages are far shorter). */
const MAX_TEXT = 500;

export async function setFlash(request: Request, context: AppLoadContext, value: Record<string, unknown>) {
  context.outgoingCookies.push(await flashCookie.serialize(value, cookieSecurity(request)));
}

/** The pending flash, cleared on this response; null when there is none. Strings are cut to MAX_TEXT. */
export async function takeFlash(request: Request, context: AppLoadContext): Promise<Record<string, unknown> | null> {
  const header = request.headers.get("Cookie");
  if (!header || !/(?:^|;\s*)flash=/.test(header)) return null;
  const value = (await flashCookie.parse(header).catch(() => null)) as unknown;
  context.outgoingCookies.push(await flashCookie.serialize("", { ...cookieSecurity(request), maxAge: 0, expires: new Date(0) }));
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "string" ? v.slice(0, MAX_TEXT) : v))) as Record<
    string,
    unknown
  >;
}
