import type { AppLoadContext } from "@remix-run/cloudflare";
import { safeRedirect } from "~/lib/redirect";
import { sealedCookie } from "./sealed.server";

/**
 * Where to go after a login or sign-up: a deep link or a plan's call to action opens
 * `/login?redirectTo=<path>` (or `/join?redirectTo=`); the path, checked by `safeRedirect`, waits in a
 * sealed cookie for 30 minutes, so it survives every sign-up step and the social providers' round trip.
 */
const returnToCookie = sealedCookie<{ to: string }>("returnTo", { path: "/", maxAge: 30 * 60 });

type Args = { request: Request; context: AppLoadContext };

/** Keeps the page's `?redirectTo=` when it is a path of this site; answers it (or null). */
export async function rememberReturnTo(args: Args) {
  const to = safeRedirect(new URL(args.request.url).searchParams.get("redirectTo"));
  if (to) await returnToCookie.write(args.request, args.context, { to });
  return to;
}

/** Where a fresh session goes: the kept path (once: the cookie is cleared), else the dashboard. */
export async function takeReturnTo(args: Args) {
  const kept = await returnToCookie.read(args.request, args.context);
  if (!kept) return "/dashboard";
  await returnToCookie.clear(args.request, args.context);
  return safeRedirect(kept.to) ?? "/dashboard";
}
