import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "~/utils/api.server";
import { oauthStateCookie } from "~/utils/flows.server";
import { isSocialProvider } from "~/utils/social";
import { Code } from "#contracts/codes";

const NOT_CONFIGURED = Code.SOCIAL_NOT_CONFIGURED;

/**
 * GET /login/:social: starts the OAuth authorization-code flow. The api makes the state (and PKCE
 * verifier) and the provider's URL; the state is also kept in a sealed cookie, so the callback only
 * accepts the provider's answer in the browser that started it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const type = args.params.social;
  if (!isSocialProvider(type)) throw new Response(null, { status: 404 });
  const origin = new URL(args.request.url).origin;
  const envelope = await api(args, "POST /member/snsauthorize", { body: { type, redirect_uri: `${origin}/login/${type}/callback` } });
  if (!envelope.success || !envelope.data) {
    throw redirect(`/login?error=${envelope.code === NOT_CONFIGURED ? "unavailable" : "failed"}`);
  }
  await oauthStateCookie.write(args.request, args.context, { state: envelope.data.state, type });
  throw redirect(envelope.data.url);
}
