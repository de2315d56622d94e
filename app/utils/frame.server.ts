import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadFrame, requireUser } from "./auth.server";

/**
 * The loader of the signed-in frames (/dashboard*, /studio*; spec section 2): the guard sends a
 * visitor without a login to /, and the profile (boot: user and plan information) is loaded once, with
 * the count of unread inquiry answers for the sidebar: one api call (GET /member/frame,
 * docs/decisions/0043), shared with the page's own loader when it asks for the profile.
 */
export async function frameLoader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { profile, unread } = await loadFrame(args);
  return { profile, unreadInquiries: unread };
}
