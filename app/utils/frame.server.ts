import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "./api.server";
import { loadProfile, requireUser } from "./auth.server";

/**
 * The loader of the signed-in frames (/dashboard*, /studio*; spec section 2): the guard sends a
 * visitor without a login to /, and the profile (boot: user and plan information) is loaded once, with
 * the count of unread inquiry answers for the sidebar.
 */
export async function frameLoader(args: LoaderFunctionArgs) {
  await requireUser(args);
  // The sidebar's badge: inquiries with an answer not read yet (issue 18); none shown if the count fails.
  const [profile, unread] = await Promise.all([loadProfile(args), api<{ unread: number }>(args, "/help/unread")]);
  return { profile, unreadInquiries: unread.success ? (unread.data?.unread ?? 0) : 0 };
}
