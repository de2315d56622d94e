import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { verify } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { LIMITS } from "../../workers/api/src/lib/rate-limit";
import { SIGNUP_TICKET_AUDIENCE } from "../../workers/api/src/domain/accounts/signup-ticket";
import { rememberWithdrawal } from "../../workers/api/src/domain/accounts/withdrawal";
import { consents, memberPost, worker, type Answer } from "./helpers";

// The providers are the local stand-in of vitest.workers.config.ts (PROVIDER_STANDIN), reached at
// their real hosts: the api worker's endpoints stay at their defaults in these tests.

type Provider = "google" | "naver" | "kakao";
const REDIRECT = (p: Provider) => `https://studio.example.com/login/${p}/callback`;

/** Step 1 through the api: the authorization URL and state. */
async function authorize(type: Provider, lang = "kr") {
  const res = await memberPost("/snsauthorize", { type, redirect_uri: REDIRECT(type) }, { lang });
  expect(res.status).toBe(200);
  return res.body.data as { url: string; state: string };
}

/**
 * The browser step: the user opens the authorization URL and consents as `email`; the provider
 * (stand-in) redirects to redirect_uri with code and state, as a real one would.
 */
async function consent(url: string, email: string, extra: Record<string, string> = {}) {
  const u = new URL(url);
  u.searchParams.set("login_as", email);
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  const res = await fetch(u, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return { back, code: back.searchParams.get("code")!, state: back.searchParams.get("state")! };
}

/** Steps 1 to 3: authorize, consent as `email`, then snslogin with the code and state. */
async function socialLogin(type: Provider, email: string, opts: { lang?: string; ip?: string; extra?: Record<string, string> } = {}) {
  const { url } = await authorize(type);
  const { code, state } = await consent(url, email, opts.extra);
  return { code, state, res: await memberPost("/snslogin", { code, state, type }, opts) };
}

const insertMember = (email: string, type: string, nickname = email.split("@")[0]!) =>
  env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), email, type, nickname, Date.now())
    .run();

const stateRow = (state: string) =>
  env.DB.prepare("SELECT * FROM oauth_states WHERE state = ?").bind(state).first<Record<string, string | number>>();

/** The api app with a modified environment (e.g. a provider switched off). */
async function withEnv(overrides: Partial<typeof env>, path: string, init: RequestInit = {}) {
  const res = await createApp().fetch(
    new Request(`http://localhost/api/v1/member${path}`, init),
    { ...env, ...overrides },
    {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    },
  );
  return { status: res.status, body: await res.json<Answer>() };
}

describe("GET /member/snsproviders", () => {
  it("lists the providers whose client id and secret are set", async () => {
    const res = await worker.fetch("http://localhost/api/v1/member/snsproviders");
    expect(res.status).toBe(200);
    expect((await res.json<Answer>()).data).toEqual({ providers: ["google", "naver", "kakao"] });
    const partial = await withEnv({ NAVER_CLIENT_ID: undefined, KAKAO_CLIENT_SECRET: "" }, "/snsproviders");
    expect(partial.body.data).toEqual({ providers: ["google"] });
  });
});

describe("POST /member/snsauthorize", () => {
  it("answers each provider's authorization URL at its real endpoint and keeps the state for 10 minutes", async () => {
    const before = Date.now();
    const g = await authorize("google");
    const gu = new URL(g.url);
    expect(gu.origin + gu.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(gu.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "google-test-client",
      redirect_uri: REDIRECT("google"),
      state: g.state,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    const row = await stateRow(g.state);
    expect(row).toMatchObject({ type: "google", redirect_uri: REDIRECT("google") });
    // The challenge in the URL is the S256 of the verifier that stays on the server.
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(String(row!.code_verifier)));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(gu.searchParams.get("code_challenge")).toBe(challenge);
    expect(Number(row!.expires_at)).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(Number(row!.expires_at)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

    const n = new URL((await authorize("naver")).url);
    expect(n.origin + n.pathname).toBe("https://nid.naver.com/oauth2.0/authorize");
    expect(n.searchParams.get("client_id")).toBe("naver-test-client");
    expect(n.searchParams.get("state")).toBeTruthy();
    expect(n.searchParams.has("code_challenge")).toBe(false);
    expect(n.searchParams.has("scope")).toBe(false);

    const k = new URL((await authorize("kakao")).url);
    expect(k.origin + k.pathname).toBe("https://kauth.kakao.com/oauth/authorize");
    expect(k.searchParams.get("client_id")).toBe("kakao-test-client");
    expect(k.searchParams.get("code_challenge_method")).toBe("S256");
    expect(k.searchParams.get("scope")).toBe("account_email,profile_nickname,profile_image");
  });

  it("refuses a provider that is not configured (4116)", async () => {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", lang: "en" },
      body: JSON.stringify({ type: "naver", redirect_uri: REDIRECT("naver") }),
    };
    const res = await withEnv({ NAVER_CLIENT_ID: undefined }, "/snsauthorize", init);
    expect(res).toMatchObject({
      status: 404,
      body: { success: false, code: Code.SOCIAL_NOT_CONFIGURED, message: "This login method is not available." },
    });
    const login = await withEnv({ NAVER_CLIENT_SECRET: undefined }, "/snslogin", {
      ...init,
      body: JSON.stringify({ type: "naver", code: "c", state: "s" }),
    });
    expect(login.body.code).toBe(Code.SOCIAL_NOT_CONFIGURED);
  });

  it("refuses a bad body (4000) and malformed JSON (4001)", async () => {
    for (const body of [
      { type: "github", redirect_uri: REDIRECT("google") },
      { type: "google", redirect_uri: "/login/google/callback" },
      { type: "google", redirect_uri: "javascript:alert(1)" },
      { type: "google" },
    ]) {
      const res = await memberPost("/snsauthorize", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
    }
    expect((await memberPost("/snslogin", { code: "", state: "s", type: "google" })).body.code).toBe(Code.BAD_REQUEST);
    const malformed = await worker.fetch("http://localhost/api/v1/member/snslogin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{code:",
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json<Answer>()).code).toBe(Code.MALFORMED_JSON);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM oauth_states WHERE redirect_uri NOT LIKE 'https://%'").first("n")).toBe(0);
  });

  it("limits the starts per client IP: each stores a state row, so one client cannot fill the table", async () => {
    const { max } = LIMITS.socialStartPerIp;
    const ip = "10.77.0.1";
    const body = { type: "google", redirect_uri: REDIRECT("google") };
    const count = () => env.DB.prepare("SELECT count(*) AS n FROM oauth_states").first<number>("n");
    const before = await count();
    for (let i = 0; i < max; i++) expect((await memberPost("/snsauthorize", body, { ip })).status, `start ${i + 1}`).toBe(200);
    const over = await memberPost("/snsauthorize", body, { ip, lang: "en" });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(Code.RATE_LIMITED);
    expect(await count()).toBe(before! + max);
    // Another client is not held back.
    expect((await memberPost("/snsauthorize", body, { ip: "10.77.0.2" })).status).toBe(200);
  });
});

describe("POST /member/snslogin: full round trip per provider", () => {
  for (const type of ["google", "naver", "kakao"] as const) {
    it(`${type}: a new address gets a sign-up ticket; a member of that type gets a session`, async () => {
      const email = `new-${type}@example.com`;
      const { res, state } = await socialLogin(type, email.toUpperCase());
      expect(res.status).toBe(200);
      // The provider's picture URL as it gave it (the stand-in builds it from the address as typed).
      const picture = `https://img.example.com/${type}/NEW-${type.toUpperCase()}.png`;
      expect(res.body.data).toMatchObject({ signup: true, type, email, nickname: `new-${type}`, profile_img: picture });
      const claims = await verify(String(res.body.data!.ticket), env.JWT_SECRET, "HS256");
      expect(claims).toMatchObject({ aud: SIGNUP_TICKET_AUDIENCE, email, type, nickname: `new-${type}`, profileImg: picture });
      expect(await stateRow(state)).toBeNull();
      expect(await env.DB.prepare("SELECT 1 FROM members WHERE email = ?").bind(email).first()).toBeNull();

      const memberEmail = `member-${type}@example.com`;
      await insertMember(memberEmail, type, `nick-${type}`);
      const again = await socialLogin(type, memberEmail);
      expect(again.res.status).toBe(200);
      expect(again.res.body.data).toMatchObject({ signup: false, type, email: memberEmail, nickname: `nick-${type}` });
      const access = await verify(String(again.res.body.data!.token), env.JWT_SECRET, "HS256");
      expect(access.email).toBe(memberEmail);
      const stored = await env.DB.prepare(
        "SELECT count(*) AS n FROM refresh_tokens r JOIN members m ON m.id = r.member_id WHERE m.email = ?",
      )
        .bind(memberEmail)
        .first("n");
      expect(stored).toBe(1);
      expect(String(again.res.body.data!.refreshToken).length).toBeGreaterThan(40);
    });
  }

  it("the ticket completes sign-up through /createmember, after which the same login signs in", async () => {
    const { res } = await socialLogin("google", "ticket@example.com");
    const created = await memberPost("/createmember", { type: "google", ticket: res.body.data!.ticket, ...consents });
    expect(created.status).toBe(200);
    expect(await env.DB.prepare("SELECT type, profile_img FROM members WHERE email = ?").bind("ticket@example.com").first()).toEqual({
      type: "google",
      profile_img: "https://img.example.com/google/ticket.png",
    });
    expect((await socialLogin("google", "ticket@example.com")).res.body.data).toMatchObject({ signup: false, email: "ticket@example.com" });
  });
});

describe("POST /member/snslogin: refusals", () => {
  it("an address registered with another provider answers 4103 naming it", async () => {
    await insertMember("taken@example.com", "kakao");
    const res = (await socialLogin("google", "taken@example.com", { lang: "en" })).res;
    expect(res).toMatchObject({
      status: 409,
      body: { code: Code.EMAIL_SOCIAL, data: { type: "kakao" }, message: "This email is registered with Kakao. Please log in with Kakao." },
    });
    await insertMember("mailer@example.com", "email");
    const ko = (await socialLogin("naver", "mailer@example.com")).res;
    expect(ko.body).toMatchObject({ code: Code.EMAIL_SOCIAL, data: { type: "email" } });
    expect(ko.body.message).toContain("이메일");
    expect(ko.body.data).not.toHaveProperty("token");
  });

  it("a state works once", async () => {
    const { code, state, res } = await socialLogin("kakao", "once@example.com");
    expect(res.body.success).toBe(true);
    const reuse = await memberPost("/snslogin", { code, state, type: "kakao" }, { lang: "en" });
    expect(reuse).toMatchObject({
      status: 400,
      body: { code: Code.SOCIAL_STATE_INVALID, message: "The login request has expired or is not valid. Please try again." },
    });
  });

  it("an unknown state, an expired state and a state of another provider answer 4115", async () => {
    expect((await memberPost("/snslogin", { code: "x", state: "never-issued", type: "google" })).body.code).toBe(Code.SOCIAL_STATE_INVALID);

    const { url, state } = await authorize("google");
    const { code } = await consent(url, "late@example.com");
    await env.DB.prepare("UPDATE oauth_states SET expires_at = ? WHERE state = ?")
      .bind(Date.now() - 1, state)
      .run();
    expect((await memberPost("/snslogin", { code, state, type: "google" })).body.code).toBe(Code.SOCIAL_STATE_INVALID);
    expect(await stateRow(state)).toBeNull();

    const naver = await authorize("naver");
    const granted = await consent(naver.url, "mixed@example.com");
    expect((await memberPost("/snslogin", { code: granted.code, state: naver.state, type: "kakao" })).body.code).toBe(
      Code.SOCIAL_STATE_INVALID,
    );
    // The mismatch used the state up as well.
    expect((await memberPost("/snslogin", { code: granted.code, state: naver.state, type: "naver" })).body.code).toBe(
      Code.SOCIAL_STATE_INVALID,
    );
  });

  it("a code the provider rejects (wrong PKCE verifier, unknown code) answers 5021", async () => {
    for (const type of ["google", "kakao"] as const) {
      const { url, state } = await authorize(type);
      const { code } = await consent(url, `pkce-${type}@example.com`);
      await env.DB.prepare("UPDATE oauth_states SET code_verifier = ? WHERE state = ?").bind("a".repeat(43), state).run();
      const res = await memberPost("/snslogin", { code, state, type }, { lang: "en" });
      expect(res, type).toMatchObject({
        status: 502,
        body: { code: Code.SOCIAL_FAILED, message: "Login failed because of a temporary error. Please try again later." },
      });
    }
    for (const type of ["google", "naver", "kakao"] as const) {
      const { state } = await authorize(type);
      expect((await memberPost("/snslogin", { code: "made-up", state, type })).body.code, type).toBe(Code.SOCIAL_FAILED);
    }
  });

  it("a code used twice is refused by the provider the second time (5021)", async () => {
    const first = await authorize("naver");
    const { code } = await consent(first.url, "twice@example.com");
    expect((await memberPost("/snslogin", { code, state: first.state, type: "naver" })).body.success).toBe(true);
    const second = await authorize("naver");
    expect((await memberPost("/snslogin", { code, state: second.state, type: "naver" })).body.code).toBe(Code.SOCIAL_FAILED);
  });

  it("an unverified or unshared address answers 4117", async () => {
    for (const type of ["google", "kakao"] as const) {
      const res = (await socialLogin(type, `unverified-${type}@example.com`, { extra: { email_verified: "false" } })).res;
      expect(res, type).toMatchObject({ status: 400, body: { code: Code.SOCIAL_EMAIL_MISSING } });
    }
    for (const type of ["google", "naver", "kakao"] as const) {
      expect((await socialLogin(type, `hidden-${type}@example.com`, { extra: { share_email: "false" } })).res.body.code, type).toBe(
        Code.SOCIAL_EMAIL_MISSING,
      );
    }
  });

  it("an address withdrawn within 30 days answers 4113", async () => {
    await rememberWithdrawal(env, drizzle(env.DB), "gone@example.com");
    const res = (await socialLogin("naver", "gone@example.com", { lang: "en" })).res;
    expect(res).toMatchObject({ status: 409, body: { code: Code.REJOIN_TOO_SOON } });
    expect(res.body.message).toContain("30 days");
    expect(res.body.data).toBeNull();
  });

  it("is limited per client IP", async () => {
    const ip = "203.0.113.77";
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`loginPerIp:${ip}`, Date.now(), LIMITS.loginPerIp.max)
      .run();
    const { url, state } = await authorize("google");
    const { code } = await consent(url, "busy@example.com");
    expect((await memberPost("/snslogin", { code, state, type: "google" }, { ip })).status).toBe(429);
    // The limited request did not use the state up.
    expect(await stateRow(state)).not.toBeNull();
    expect((await memberPost("/snslogin", { code, state, type: "google" })).body.success).toBe(true);
  });
});
