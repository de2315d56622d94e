import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

/** The remote speech engine's stand-in (host engine.test), in its own file. */
const ENGINE_STANDIN = readFileSync(new URL("./tests/workers/standins/engine.js", import.meta.url), "utf8").replace(/^export /m, "");

/** The card gateway's stand-in (PortOne, host api.iamport.kr), shared with the local sandbox. */
const PORTONE_STANDIN = readFileSync(new URL("./workers/api/src/sandbox/portone.js", import.meta.url), "utf8").replace(/^export /m, "");

/** The online wallet's stand-in (PayPal, hosts api-m.paypal.com and www.paypal.com, and their sandbox twins), shared with the local sandbox. */
const PAYPAL_STANDIN = readFileSync(new URL("./workers/api/src/sandbox/paypal.js", import.meta.url), "utf8").replace(/^export /m, "");
const PAYPAL_HOSTS = ["api-m.paypal.com", "www.paypal.com", "api-m.sandbox.paypal.com", "www.sandbox.paypal.com"];

/** The social-login clients the tests configure (as vars) and the stand-in knows. */
const OAUTH_CLIENTS = {
  google: { id: "google-test-client", secret: "google-test-secret" },
  naver: { id: "naver-test-client", secret: "naver-test-secret" },
  kakao: { id: "kakao-test-client", secret: "kakao-test-secret" },
};

/**
 * A local stand-in of the HTTP services the api worker calls; every outbound fetch of the worker
 * (and of the test files) goes to it, whatever the host.
 * - E-mail provider (any other host): POST /emails with a Bearer key; GET /sent lists what was sent.
 * - PortOne (api.iamport.kr): workers/api/src/sandbox/portone.js, with its test cards and controls.
 * - PayPal (api-m.paypal.com and its approval page on www.paypal.com; the sandbox hosts too):
 *   workers/api/src/sandbox/paypal.js, with its test payers and controls.
 * - OAuth providers, on their real hosts and paths (the api's default endpoints): the authorize
 *   endpoint stands for the user's consent. A test GETs the authorization URL the api produced,
 *   adding `login_as=<address>` (and optionally `email_verified=false` or `share_email=false`),
 *   and gets the provider's redirect to redirect_uri with ?code&state. The token endpoint checks
 *   grant_type, the code (single use, 10 min), redirect_uri, the client credentials (Basic for
 *   Google, form body for Naver and Kakao), the PKCE verifier against the S256 challenge, and for
 *   Naver the state; it answers errors the way each provider does (Naver: 200 with an error field).
 *   The userinfo endpoint checks the Bearer token and answers the provider's JSON shape.
 */
const PROVIDER_STANDIN = `
${ENGINE_STANDIN}
${PORTONE_STANDIN}
${PAYPAL_STANDIN}
const PAYPAL_HOSTS = new Set(${JSON.stringify(PAYPAL_HOSTS)});
const CLIENTS = ${JSON.stringify(OAUTH_CLIENTS)};
const sent = [];
const codes = new Map();
const tokens = new Map();
const HOSTS = {
  "accounts.google.com": "google", "oauth2.googleapis.com": "google", "openidconnect.googleapis.com": "google",
  "nid.naver.com": "naver", "openapi.naver.com": "naver",
  "kauth.kakao.com": "kakao", "kapi.kakao.com": "kakao",
};
const PATHS = {
  google: { authorize: "/o/oauth2/v2/auth", token: "/token", userinfo: "/v1/userinfo" },
  naver: { authorize: "/oauth2.0/authorize", token: "/oauth2.0/token", userinfo: "/v1/nid/me" },
  kakao: { authorize: "/oauth/authorize", token: "/oauth/token", userinfo: "/v2/user/me" },
};
const random = () => crypto.randomUUID().replaceAll("-", "");
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const s256 = async (v) => b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(v)));

async function mail(request, url) {
  if (request.method === "GET" && url.pathname === "/sent") return Response.json(sent);
  if (request.method !== "POST" || url.pathname !== "/emails") return new Response("not found", { status: 404 });
  if (request.headers.get("authorization") !== "Bearer test-key") return Response.json({ error: "unauthorized" }, { status: 401 });
  const m = await request.json();
  if (m.to.some((to) => to.startsWith("bounce@"))) return Response.json({ error: "rejected" }, { status: 422 });
  sent.push({ host: url.host, ...m });
  return Response.json({ id: String(sent.length) });
}

function authorize(p, q) {
  const client = CLIENTS[p];
  const redirect = q.get("redirect_uri");
  if (q.get("client_id") !== client.id || !redirect) return new Response("invalid client or redirect_uri", { status: 400 });
  const back = new URL(redirect);
  if (q.get("state")) back.searchParams.set("state", q.get("state"));
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
    p, redirect, state: q.get("state"), challenge: q.get("code_challenge"), scope: q.get("scope"), email,
    verified: q.get("email_verified") !== "false", share: q.get("share_email") !== "false", expires: Date.now() + 600000,
  });
  back.searchParams.set("code", code);
  return Response.redirect(back.toString(), 302);
}

async function token(p, request) {
  const fail = (status, error, description) =>
    Response.json(p === "kakao" ? { error, error_description: description, error_code: "KOE320" } : { error, error_description: description }, { status: p === "naver" ? 200 : status });
  const f = await request.formData();
  let id = f.get("client_id");
  let secret = f.get("client_secret");
  if (p === "google") {
    const basic = (request.headers.get("authorization") ?? "").match(/^Basic (.+)$/);
    if (basic) [id, secret] = atob(basic[1]).split(":");
  }
  if (id !== CLIENTS[p].id || secret !== CLIENTS[p].secret) return fail(401, "invalid_client", "bad client credentials");
  if (f.get("grant_type") !== "authorization_code") return fail(400, "unsupported_grant_type", "grant_type");
  const grant = codes.get(f.get("code"));
  codes.delete(f.get("code"));
  if (!grant || grant.p !== p || grant.expires < Date.now()) return fail(400, "invalid_grant", "unknown or used code");
  if (p !== "naver" && f.get("redirect_uri") !== grant.redirect) return fail(400, "invalid_grant", "redirect_uri mismatch");
  if (p === "naver" && f.get("state") !== grant.state) return fail(400, "invalid_request", "state mismatch");
  if (grant.challenge && (!f.get("code_verifier") || (await s256(f.get("code_verifier"))) !== grant.challenge)) {
    return fail(400, "invalid_grant", "code_verifier does not match the code_challenge");
  }
  const access = random();
  tokens.set(access, grant);
  if (p === "naver") return Response.json({ access_token: access, refresh_token: random(), token_type: "bearer", expires_in: "3600" });
  return Response.json({ access_token: access, token_type: "Bearer", expires_in: 3599, refresh_token: random(), scope: grant.scope ?? "" });
}

function userinfo(p, request) {
  const bearer = (request.headers.get("authorization") ?? "").match(/^Bearer (.+)$/);
  const g = bearer && tokens.get(bearer[1]);
  if (!g || g.p !== p) {
    if (p === "naver") return Response.json({ resultcode: "024", message: "Authentication failed" }, { status: 401 });
    if (p === "kakao") return Response.json({ msg: "this access token does not exist", code: -401 }, { status: 401 });
    return Response.json({ error: "invalid_token" }, { status: 401 });
  }
  const name = g.email.split("@")[0];
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

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.host === "engine.test") return engineStandin(request, url);
    if (url.host === "api.iamport.kr") return portoneStandin(request, url);
    if (PAYPAL_HOSTS.has(url.host)) return paypalStandin(request, url);
    const p = HOSTS[url.host];
    if (!p) return mail(request, url);
    if (request.method === "GET" && url.pathname === PATHS[p].authorize && url.host !== "oauth2.googleapis.com") return authorize(p, url.searchParams);
    if (request.method === "POST" && url.pathname === PATHS[p].token && (p !== "google" || url.host === "oauth2.googleapis.com")) return token(p, request);
    if (url.pathname === PATHS[p].userinfo && (p !== "google" || url.host === "openidconnect.googleapis.com")) return userinfo(p, request);
    return new Response("not found", { status: 404 });
  },
};`;

// Tests that run inside workerd: the api worker (its wrangler.toml, so D1, R2 and the Durable
// Object are the real bindings) with the real migrations applied before each file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("db/migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./workers/api/wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Social login on for all three providers; their endpoints stay at the real defaults,
            // which the outbound stand-in below answers.
            GOOGLE_CLIENT_ID: OAUTH_CLIENTS.google.id,
            GOOGLE_CLIENT_SECRET: OAUTH_CLIENTS.google.secret,
            NAVER_CLIENT_ID: OAUTH_CLIENTS.naver.id,
            NAVER_CLIENT_SECRET: OAUTH_CLIENTS.naver.secret,
            KAKAO_CLIENT_ID: OAUTH_CLIENTS.kakao.id,
            KAKAO_CLIENT_SECRET: OAUTH_CLIENTS.kakao.secret,
            // Generation through the HTTP engine, against its stand-in (tests/workers/standins/engine.js).
            VOICE_ENGINE: "http",
            VOICE_ENGINE_URL: "https://engine.test/",
            VOICE_ENGINE_KEY: "engine-test-key",
            // Payments through the real adapters against the stand-ins above (live mode, test keys);
            // a short timeout so the "answer lost" card is a timeout within a test.
            PAYMENTS: "live",
            PORTONE_API_KEY: "portone-test-key",
            PORTONE_API_SECRET: "portone-test-secret",
            // PayPal at its default host (https://api-m.paypal.com), which the stand-in answers.
            PAYPAL_CLIENT_ID: "paypal-test-client",
            PAYPAL_CLIENT_SECRET: "paypal-test-secret",
            PAYMENT_TIMEOUT_MS: "1500",
            // Requests may set the clock with x-test-now (workers/api/src/lib/clock.ts).
            TEST_CLOCK: "on",
          },
          // The notify worker is tested on its own (tests/workers/notify.test.ts); here the api's
          // binding to it only has to answer. The e2e suite runs the real binding.
          serviceBindings: { NOTIFY: () => Response.json({ success: true, code: 1000, data: null, message: "OK" }) },
          // Local stand-ins of the e-mail and OAuth providers (PROVIDER_STANDIN above): the worker's
          // outbound fetches go to it, so the real HttpMailer and OAuth code run over HTTP.
          outboundService: "provider-standin",
          workers: [{ name: "provider-standin", modules: true, script: PROVIDER_STANDIN, compatibilityDate: "2025-09-01" }],
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["tests/workers/setup.ts"],
      // A guard against hangs, not a speed target: CPU-heavy tests (conversion, 50 concurrent
      // generations) pass 5 s on a loaded shared machine.
      testTimeout: 30_000,
    },
  };
});
