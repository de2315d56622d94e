// The third parties the api worker calls over HTTP, stood in for the workerd tests: a worker of its own
// (vitest.workers.config.ts compiles this file and gives it to miniflare with the modules it imports), to
// which every outbound fetch of the api worker (and of the test files) goes, whatever the host. Its state
// lives in module memory: one per miniflare instance, so each test file starts empty. The OAuth clients
// it knows come as a binding (clients.ts, the same values the api worker is configured with).
// - E-mail provider (any host not named below): POST /emails with a Bearer key; GET /sent lists what was sent.
// - Xinference (xinference.test): tests/workers/standins/xinference.js.
// - PortOne (api.iamport.kr): workers/api/src/sandbox/portone.js, with its test cards and controls.
// - PayPal (api-m.paypal.com and its approval page on www.paypal.com; the sandbox hosts too):
//   workers/api/src/sandbox/paypal.js, with its test payers and controls.
// - OAuth providers, on their real hosts and paths (the api's default endpoints): the authorize
//   endpoint stands for the user's consent. A test GETs the authorization URL the api produced,
//   adding `login_as=<address>` (and optionally `email_verified=false` or `share_email=false`),
//   and gets the provider's redirect to redirect_uri with ?code&state. The token endpoint checks
//   grant_type, the code (single use, 10 min), redirect_uri, the client credentials (Basic for
//   Google, form body for Naver and Kakao), the PKCE verifier against the S256 challenge, and for
//   Naver the state; it answers errors the way each provider does (Naver: 200 with an error field).
//   The userinfo endpoint checks the Bearer token and answers the provider's JSON shape.
import { paypalStandin } from "../../../workers/api/src/sandbox/paypal.js";
import { portoneStandin } from "../../../workers/api/src/sandbox/portone.js";
import type { OAuthClients, Provider } from "./clients";
import { xinferenceStandin } from "./xinference.js";

/** The Bearer key the e-mail provider accepts (the tests' MAIL_API_KEY). */
const MAIL_KEY = "test-key";

const PAYPAL_HOSTS = new Set(["api-m.paypal.com", "www.paypal.com", "api-m.sandbox.paypal.com", "www.sandbox.paypal.com"]);
const HOSTS: Record<string, Provider> = {
  "accounts.google.com": "google",
  "oauth2.googleapis.com": "google",
  "openidconnect.googleapis.com": "google",
  "nid.naver.com": "naver",
  "openapi.naver.com": "naver",
  "kauth.kakao.com": "kakao",
  "kapi.kakao.com": "kakao",
};
const PATHS: Record<Provider, { authorize: string; token: string; userinfo: string }> = {
  google: { authorize: "/o/oauth2/v2/auth", token: "/token", userinfo: "/v1/userinfo" },
  naver: { authorize: "/oauth2.0/authorize", token: "/oauth2.0/token", userinfo: "/v1/nid/me" },
  kakao: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/v2/user/me" },
};

type Mail = { from: string; to: string[]; subject: string; text: string };
type Grant = {
  p: Provider;
  redirect: string;
  state: string | null;
  challenge: string | null;
  scope: string | null;
  email: string;
  verified: boolean;
  share: boolean;
  expires: number;
};

const sent: ({ host: string } & Mail)[] = [];
const codes = new Map<string, Grant>();
const tokens = new Map<string, Grant>();

const random = () => crypto.randomUUID().replaceAll("-", "");
const b64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
const s256 = async (v: string) => b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(v)));
const formText = (f: FormData, name: string) => {
  const v = f.get(name);
  return typeof v === "string" ? v : null;
};

async function mail(request: Request, url: URL) {
  if (request.method === "GET" && url.pathname === "/sent") return Response.json(sent);
  if (request.method !== "POST" || url.pathname !== "/emails") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== `Bearer ${MAIL_KEY}`) return Response.json({ error: "unauthorized" }, { status: 401 });
  const m = (await request.json()) as Mail;
  if (m.to.some((to) => to.startsWith("bounce@"))) return Response.json({ error: "rejected" }, { status: 422 });
  sent.push({ host: url.host, ...m });
  return Response.json({ id: String(sent.length) });
}

function authorize(clients: OAuthClients, p: Provider, q: URLSearchParams) {
  const client = clients[p];
  const redirect = q.get("redirect_uri");
  if (q.get("client_id") !== client.id || !redirect) return new Response("invalid client or redirect_uri", { status: 400 });
  const back = new URL(redirect);
  const state = q.get("state");
  if (state) back.searchParams.set("state", state);
  if (q.get("response_type") !== "code") {
    back.searchParams.set("error", "unsupported_response_type");
    return Response.redirect(back.toString(), 302);
  }
  const method = q.get("code_challenge_method");
  if (q.get("code_challenge") && method !== "S256") return new Response("only S256", { status: 400 });
  const email = q.get("login_as");
  if (!email) return new Response("this stand-in needs login_as=<address> in place of the consent screen", { status: 400 });
  const code = random();
  codes.set(code, {
    p,
    redirect,
    state,
    challenge: q.get("code_challenge"),
    scope: q.get("scope"),
    email,
    verified: q.get("email_verified") !== "false",
    share: q.get("share_email") !== "false",
    expires: Date.now() + 600000,
  });
  back.searchParams.set("code", code);
  return Response.redirect(back.toString(), 302);
}

async function token(clients: OAuthClients, p: Provider, request: Request) {
  const fail = (status: number, error: string, description: string) =>
    Response.json(
      p === "kakao" ? { error, error_description: description, error_code: "KOE320" } : { error, error_description: description },
      {
        status: p === "naver" ? 200 : status,
      },
    );
  const f = await request.formData();
  let id = formText(f, "client_id");
  let secret = formText(f, "client_secret");
  if (p === "google") {
    const basic = (request.headers.get("authorization") ?? "").match(/^Basic (.+)$/);
    if (basic) [id = null, secret = null] = atob(basic[1]!).split(":");
  }
  if (id !== clients[p].id || secret !== clients[p].secret) return fail(401, "invalid_client", "bad client credentials");
  if (formText(f, "grant_type") !== "authorization_code") return fail(400, "unsupported_grant_type", "grant_type");
  const code = formText(f, "code") ?? "";
  const grant = codes.get(code);
  codes.delete(code);
  if (!grant || grant.p !== p || grant.expires < Date.now()) return fail(400, "invalid_grant", "unknown or used code");
  if (p !== "naver" && formText(f, "redirect_uri") !== grant.redirect) return fail(400, "invalid_grant", "redirect_uri mismatch");
  if (p === "naver" && formText(f, "state") !== grant.state) return fail(400, "invalid_request", "state mismatch");
  const verifier = formText(f, "code_verifier");
  if (grant.challenge && (!verifier || (await s256(verifier)) !== grant.challenge)) {
    return fail(400, "invalid_grant", "code_verifier does not match the code_challenge");
  }
  const access = random();
  tokens.set(access, grant);
  if (p === "naver") return Response.json({ access_token: access, refresh_token: random(), token_type: "bearer", expires_in: "3600" });
  return Response.json({ access_token: access, token_type: "Bearer", expires_in: 3599, refresh_token: random(), scope: grant.scope ?? "" });
}

function userinfo(p: Provider, request: Request) {
  const bearer = (request.headers.get("authorization") ?? "").match(/^Bearer (.+)$/);
  const g = bearer ? tokens.get(bearer[1]!) : undefined;
  if (!g || g.p !== p) {
    if (p === "naver") return Response.json({ resultcode: "024", message: "Authentication failed" }, { status: 401 });
    if (p === "kakao") return Response.json({ msg: "this access token does not exist", code: -401 }, { status: 401 });
    return Response.json({ error: "invalid_token" }, { status: 401 });
  }
  const name = g.email.split("@")[0]!;
  const picture = "https://img.example.com/" + p + "/" + name + ".png";
  const email = g.share ? { email: g.email } : {};
  if (p === "google")
    return Response.json({ sub: "g-" + name, name: "G " + name, picture, ...email, ...(g.share ? { email_verified: g.verified } : {}) });
  if (p === "naver")
    return Response.json({
      resultcode: "00",
      message: "success",
      response: { id: "n-" + name, nickname: "N " + name, profile_image: picture, ...email },
    });
  return Response.json({
    id: 4242,
    connected_at: new Date().toISOString(),
    kakao_account: {
      profile_nickname_needs_agreement: false,
      profile: { nickname: "K " + name, profile_image_url: picture, is_default_image: false },
      has_email: true,
      email_needs_agreement: !g.share,
      ...(g.share ? { is_email_valid: true, is_email_verified: g.verified, ...email } : {}),
    },
  });
}

/** The stand-in's bindings: the OAuth clients the tests configure (clients.ts, passed by vitest.workers.config.ts). */
type Env = { OAUTH_CLIENTS: OAuthClients };

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.host === "xinference.test") return xinferenceStandin(request, url);
    if (url.host === "api.iamport.kr") return portoneStandin(request, url);
    if (PAYPAL_HOSTS.has(url.host)) return paypalStandin(request, url);
    const p = HOSTS[url.host];
    if (!p) return mail(request, url);
    if (request.method === "GET" && url.pathname === PATHS[p].authorize && url.host !== "oauth2.googleapis.com")
      return authorize(env.OAUTH_CLIENTS, p, url.searchParams);
    if (request.method === "POST" && url.pathname === PATHS[p].token && (p !== "google" || url.host === "oauth2.googleapis.com"))
      return token(env.OAUTH_CLIENTS, p, request);
    if (url.pathname === PATHS[p].userinfo && (p !== "google" || url.host === "openidconnect.googleapis.com")) return userinfo(p, request);
    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
