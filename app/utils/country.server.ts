import type { AppLoadContext } from "@remix-run/cloudflare";
import { cookieSecurity, countryCookie } from "./cookies.server";

/** Cloudflare sends XX for unknown and T1 for Tor; neither is a country. */
export const isCountry = (v: unknown): v is string => typeof v === "string" && /^[A-Z]{2}$/.test(v) && v !== "XX" && v !== "T1";

/**
 * The visitor's country: the country cookie; when absent, the CF-IPCountry header (and the cookie is
 * set for 365 days); without either, DEFAULT_COUNTRY (KR unless configured).
 */
export function getCountry(request: Request, context: AppLoadContext): Promise<string> {
  // Memoize the promise: parallel loaders of one request share one decision and one Set-Cookie.
  let pending = context.requestState.get("country") as Promise<string> | undefined;
  if (!pending) {
    pending = resolveCountry(request, context);
    context.requestState.set("country", pending);
  }
  return pending;
}

async function resolveCountry(request: Request, context: AppLoadContext): Promise<string> {
  const fromCookie = await countryCookie.parse(request.headers.get("Cookie"));
  let country: string;
  if (isCountry(fromCookie)) {
    country = fromCookie;
  } else {
    country = countryFromHeader(request) ?? defaultCountry(context);
    context.outgoingCookies.push(await countryCookie.serialize(country, cookieSecurity(request)));
  }
  return country;
}

export const countryFromHeader = (request: Request) => {
  const header = request.headers.get("CF-IPCountry")?.trim().toUpperCase();
  return isCountry(header) ? header : null;
};

export const defaultCountry = (context: AppLoadContext) => {
  const configured = context.cloudflare.env.DEFAULT_COUNTRY?.toUpperCase();
  return isCountry(configured) ? configured : "KR";
};
