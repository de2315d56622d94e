import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { cutNickname } from "~/lib/shell";
import { api } from "~/utils/api.server";
import { endSession } from "~/utils/auth.server";
import { readTokens } from "~/utils/session.server";
import { setToast } from "~/utils/toast.server";
import { LogoutSchema } from "~/utils/user-validation";

/**
 * POST /logout (spec section 4): a goodbye toast with the nickname (cut to 13 characters), the
 * refresh token revoked on the server, both cookies cleared, then /login. With `scope=everywhere`
 * every session of the member is ended first.
 */
export async function action(args: ActionFunctionArgs) {
  const { accessToken, refreshToken } = await readTokens(args.request);
  if (accessToken || refreshToken) {
    const profile = await api(args, "GET /member/getmember").catch(() => null);
    const nickname = profile?.success && profile.data ? profile.data.nickname : "";
    if (nickname) await setToast(args.request, args.context, { key: "goodbye", params: { nickname: cutNickname(nickname) } });
  }
  // "Log out everywhere" (settings): every session of the member ends on the server at once.
  const form = await args.request.formData().catch(() => null);
  const { scope } = LogoutSchema.parse(Object.fromEntries(form ?? []));
  if (scope === "everywhere" && accessToken) await api(args, "POST /member/logout_all", { body: {} }).catch(() => null);
  await endSession(args);
  throw redirect("/login");
}

/** A GET (a typed URL or a crawler) does not log anyone out. */
export function loader() {
  throw redirect("/");
}
