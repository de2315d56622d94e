// The third parties the api worker calls over HTTP, stood in for the workerd tests: every outbound
// fetch of the worker (and of the test files) reaches `providerStandin`, whatever the host
// (vitest.workers.config.ts gives it to miniflare as `outboundService`). It runs in Node, in the
// Vitest process, and keeps one state per miniflare instance, so each test file starts with empty
// mailboxes, codes, tokens and gateway records, as when the stand-in was a worker of its own.
// - E-mail provider (any host not named below): POST /emails with a Bearer key; GET /sent lists what was sent.
// - The remote speech engine (engine.test): tests/workers/standins/engine.js.
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
import { engineStandin } from "./engine.js";

type Provider = "google" | "naver" | "kakao";

/** The social-login clients the tests configure (as vars) and the stand-in knows. */
export const OAUTH_CLIENTS: Record<Provider, { id: string; secret: string }> = {
  google: { id: "google-test-client", secret: "google-test-secret" },
  naver: { id: "naver-test-client", secret: "naver-test-secret" },
  kakao: { id: "kakao-test-client", secret: "kakao-test-secret" },
};

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

/** What one miniflare instance's stand-in remembers. The gateways' records are kept by their own modules (below). */
type State = {
  sent: ({ host: string } & Mail)[];
  codes: Map<string, Grant>;
  tokens: Map<string, Grant>;
  gateways: { __portoneStandin?: unknown; __paypalStandin?: unknown };
};

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

async function mail(s: State, request: Request, url: URL) {
  if (request.method === "GET" && url.pathname === "/sent") return Response.json(s.sent);
  if (request.method !== "POST" || url.pathname !== "/emails") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== `Bearer ${MAIL_KEY}`) return Response.json({ error: "unauthorized" }, { status: 401 });
  const m = (await request.json()) as Mail;
  if (m.to.some((to) => to.startsWith("bounce@"))) return Response.json({ error: "rejected" }, { status: 422 });
  s.sent.push({ host: url.host, ...m });
  return Response.json({ id: String(s.sent.length) });
}

function authorize(s: State, p: Provider, q: URLSearchParams) {
  const client = OAUTH_CLIENTS[p];
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
  s.codes.set(code, {
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

async function token(s: State, p: Provider, request: Request) {
  const fail = (status: number, error: string, description: string) =>
    Response.json(p === "kakao" ? { error, error_description: description, error_code: "KOE320" } : { error, error_description: description }, {
      status: p === "naver" ? 200 : status,
    });
  const f = await request.formData();
  let id = formText(f, "client_id");
  let secret = formText(f, "client_secret");
  if (p === "google") {
    const basic = (request.headers.get("authorization") ?? "").match(/^Basic (.+)$/);
    if (basic) [id = null, secret = null] = atob(basic[1]!).split(":");
  }
  if (id !== OAUTH_CLIENTS[p].id || secret !== OAUTH_CLIENTS[p].secret) return fail(401, "invalid_client", "bad client credentials");
  if (formText(f, "grant_type") !== "authorization_code") return fail(400, "unsupported_grant_type", "grant_type");
  const code = formText(f, "code") ?? "";
  const grant = s.codes.get(code);
  s.codes.delete(code);
  if (!grant || grant.p !== p || grant.expires < Date.now()) return fail(400, "invalid_grant", "unknown or used code");
  if (p !== "naver" && formText(f, "redirect_uri") !== grant.redirect) return fail(400, "invalid_grant", "redirect_uri mismatch");
  if (p === "naver" && formText(f, "state") !== grant.state) return fail(400, "invalid_request", "state mismatch");
  const verifier = formText(f, "code_verifier");
  if (grant.challenge && (!verifier || (await s256(verifier)) !== grant.challenge)) {
    return fail(400, "invalid_grant", "code_verifier does not match the code_challenge");
  }
  const access = random();
  s.tokens.set(access, grant);
  if (p === "naver") return Response.json({ access_token: access, refresh_token: random(), token_type: "bearer", expires_in: "3600" });
  return Response.json({ access_token: access, token_type: "Bearer", expires_in: 3599, refresh_token: random(), scope: grant.scope ?? "" });
}

function userinfo(s: State, p: Provider, request: Request) {
  const bearer = (request.headers.get("authorization") ?? "").match(/^Bearer (.+)$/);
  const g = bearer ? s.tokens.get(bearer[1]!) : undefined;
  if (!g || g.p !== p) {
    if (p === "naver") return Response.json({ resultcode: "024", message: "Authentication failed" }, { status: 401 });
    if (p === "kakao") return Response.json({ msg: "this access token does not exist", code: -401 }, { status: 401 });
    return Response.json({ error: "invalid_token" }, { status: 401 });
  }
  const name = g.email.split("@")[0]!;
  const picture = "https://img.example.com/" + p + "/" + name + ".png";
  const email = g.share ? { email: g.email } : {};
  if (p === "google") return Response.json({ sub: "g-" + name, name: "G " + name, picture, ...email, ...(g.share ? { email_verified: g.verified } : {}) });
  if (p === "naver") return Response.json({ resultcode: "00", message: "success", response: { id: "n-" + name, nickname: "N " + name, profile_image: picture, ...email } });
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

/**
 * Runs a gateway stand-in with this instance's records. The sandbox modules keep their records on
 * `globalThis.__portoneStandin` / `__paypalStandin` (one isolate each when they run in workerd), and
 * read that property once, synchronously, when called; here one Node process serves every miniflare
 * instance, so the property is set to this instance's records before the call and taken back after it.
 */
function withGatewayState(s: State, key: keyof State["gateways"], call: () => Promise<Response>) {
  const global = globalThis as Record<string, unknown>;
  global[key] = s.gateways[key];
  try {
    return call();
  } finally {
    s.gateways[key] = global[key];
    delete global[key];
  }
}

async function answer(s: State, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host === "engine.test") return engineStandin(request, url);
  if (url.host === "api.iamport.kr") return withGatewayState(s, "__portoneStandin", () => portoneStandin(request, url));
  if (PAYPAL_HOSTS.has(url.host)) return withGatewayState(s, "__paypalStandin", () => paypalStandin(request, url));
  const p = HOSTS[url.host];
  if (!p) return mail(s, request, url);
  if (request.method === "GET" && url.pathname === PATHS[p].authorize && url.host !== "oauth2.googleapis.com") return authorize(s, p, url.searchParams);
  if (request.method === "POST" && url.pathname === PATHS[p].token && (p !== "google" || url.host === "oauth2.googleapis.com")) return token(s, p, request);
  if (url.pathname === PATHS[p].userinfo && (p !== "google" || url.host === "openidconnect.googleapis.com")) return userinfo(s, p, request);
  return new Response("not found", { status: 404 });
}

const states = new WeakMap<object, State>();

/**
 * The outbound handler: `(request, miniflare)`, as miniflare calls a function given as
 * `outboundService`. State is kept per miniflare instance (the pool starts one per test file).
 */
export function providerStandin(request: Request, instance: object): Promise<Response> {
  let s = states.get(instance);
  if (!s) {
    s = { sent: [], codes: new Map(), tokens: new Map(), gateways: {} };
    states.set(instance, s);
  }
  return answer(s, request);
}
