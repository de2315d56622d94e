// The app worker's entry: forwards the API paths over service bindings, answers a trivial
// health route (also the benchmark's baseline), and hands the rest to Remix.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `remix vite:build` (typecheck runs before it in CI).
import * as build from "../build/server";
import { getLoadContext, type AppEnv } from "./load-context";
import { prefersEnglish, withBookmarkCookie, withCookieAuth } from "./api-auth";
import { formPostRefusal, isCrossSitePost } from "./csrf";
import { cacheKey, PageCache, privateWhenSignedIn } from "./page-cache";
import { checkEnv, refusalFor, unavailable } from "../workers/api/src/lib/deployment";
import { newNonce, withSecurityHeaders } from "./security-headers";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
const pages = new PageCache();

export default {
  async fetch(request, env, ctx) {
    // The environment is parsed once (per environment object): production on development defaults, a
    // missing key, or a development configuration on a public host answers 503 and logs why
    // (workers/api/src/lib/deployment.ts, docs/decisions/0019 and 0022).
    const refused = refusalFor("app", env, request.url);
    const { vars } = checkEnv("app", env);
    if (refused || !vars) {
      const locale = prefersEnglish(request) ? "en" : "ko";
      return withSecurityHeaders(unavailable(locale), new URL(request.url), { nonce: newNonce() });
    }
    const { pathname } = new URL(request.url);
    if (pathname === "/api/v1" || pathname.startsWith("/api/v1/"))
      return withBookmarkCookie(request, await env.API.fetch(withCookieAuth(request)));
    if (pathname === "/api/notify")
      return withSecurityHeaders(await env.NOTIFY.fetch(request), new URL(request.url), { nonce: newNonce() });
    if (pathname === "/healthz") return new Response("ok", { headers: { "content-type": "text/plain" } });

    const url = new URL(request.url);
    if (isCrossSitePost(request)) {
      const refused = new Response("Cross-site request refused. / 다른 사이트에서 보낸 요청은 처리할 수 없습니다.", {
        status: 403,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
      return withSecurityHeaders(refused, url, { nonce: newNonce() });
    }
    const badPost = formPostRefusal(request, pathname);
    if (badPost) {
      const refused = new Response(FORM_POST_REFUSED[badPost], {
        status: badPost,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
      return withSecurityHeaders(refused, url, { nonce: newNonce() });
    }

    const loadContext = getLoadContext({
      request,
      context: {
        cloudflare: {
          env,
          ctx: ctx as ExecutionContext & { props: unknown },
          cf: request.cf as never,
          caches: caches as never,
        },
      },
    });
    // The one place for the pages' security headers (security-headers.ts, docs/decisions/0018).
    const csp = {
      nonce: loadContext.cspNonce,
      gtmId: vars.GTM_ID,
      formWidgetUrl: vars.FORM_WIDGET_URL,
      // Who else may frame a video letter's player (/share/:id/player).
      playerFrameAncestors: vars.PLAYER_FRAME_ANCESTORS,
    };

    // Keyed by the canonical origin the page's absolute URLs are built from (never the Host alone).
    const key = cacheKey(request, loadContext.publicOrigin);
    const cached = key ? pages.get(key, { nonce: loadContext.cspNonce }) : null;
    if (cached) return withSecurityHeaders(cached, url, csp);

    const response = privateWhenSignedIn(request, withCookies(await handleRemixRequest(request, loadContext), loadContext.outgoingCookies));
    return withSecurityHeaders(key ? await pages.put(key, response, { nonce: loadContext.cspNonce }) : response, url, csp);
  },
} satisfies ExportedHandler<AppEnv>;

/** What a page post refused before Remix is told (server/csrf.ts `formPostRefusal`), in both languages. */
const FORM_POST_REFUSED = {
  411: "The form's length was not given. / 양식의 크기를 알 수 없어 처리할 수 없습니다.",
  413: "What was sent is too large. / 보낸 내용이 너무 커서 처리할 수 없습니다.",
  415: "A form was expected. / 양식으로 보낸 요청만 처리할 수 있습니다.",
} as const;

function withCookies(response: Response, cookies: string[]) {
  if (cookies.length === 0) return response;
  const out = new Response(response.body, response);
  for (const cookie of cookies) out.headers.append("Set-Cookie", cookie);
  return out;
}
