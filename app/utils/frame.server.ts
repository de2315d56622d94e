import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadProfile, requireUser } from "./auth.server";

/**
 * The loader of the signed-in frames (/dashboard*, /studio*; spec section 2): the guard sends a
 * visitor without a login to /, and the profile (boot: user and plan information) is loaded once.
 */
export async function frameLoader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return { profile: await loadProfile(args) };
}
