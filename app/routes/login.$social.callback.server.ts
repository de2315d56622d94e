import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api, refusalData } from "~/utils/api.server";
import { startSession } from "~/utils/auth.server";
import { takeReturnTo } from "~/utils/return-to.server";
import { joinCookie, oauthStateCookie } from "~/utils/flows.server";
import { isLoginType, isSocialProvider } from "~/utils/social";
import { Code } from "#contracts/codes";

/** Codes of /member/snslogin and the login page's message for each (workers/api/src/lib/codes.ts). */
const ERRORS: Record<number, string> = {
  [Code.REJOIN_TOO_SOON]: "rejoin",
  [Code.SOCIAL_STATE_INVALID]: "state",
  [Code.SOCIAL_NOT_CONFIGURED]: "unavailable",
  [Code.SOCIAL_EMAIL_MISSING]: "email",
};
const EMAIL_SOCIAL = Code.EMAIL_SOCIAL;

/**
 * GET /login/:social/callback?code&state: the provider sends the browser back here. The state must be
 * the one this browser was given; the api then checks it once more, exchanges the code and answers
 * a session, a sign-up ticket (new address: terms and questions at /join) or another provider.
 */
export async function loader(args: LoaderFunctionArgs) {
  const type = args.params.social;
  if (!isSocialProvider(type)) throw new Response(null, { status: 404 });
  const url = new URL(args.request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  const kept = await oauthStateCookie.read(args.request, args.context);
  await oauthStateCookie.clear(args.request, args.context);
  if (url.searchParams.has("error") && !code) throw redirect("/login?error=denied");
  if (!code || !state || !kept || kept.state !== state || kept.type !== type) throw redirect("/login?error=state");

  const envelope = await api(args, "POST /member/snslogin", { body: { code, state, type } });
  const result = envelope.data;
  if (envelope.success && result?.signup === true) {
    await joinCookie.write(args.request, args.context, { type, email: result.email, certified: true, ticket: result.ticket });
    throw redirect("/join");
  }
  if (envelope.success && result?.signup === false) {
    await startSession(args, result);
    throw redirect(await takeReturnTo(args));
  }
  const other = refusalData(envelope, "type");
  if (envelope.code === EMAIL_SOCIAL && isLoginType(other)) throw redirect(`/login?other=${other}`);
  throw redirect(`/login?error=${ERRORS[envelope.code] ?? "failed"}`);
}
