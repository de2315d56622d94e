import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { sign, verify } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { Code } from "../../workers/api/src/lib/codes";
import { cleanUp } from "../../workers/api/src/lib/cleanup";
import { signSignupTicket } from "../../workers/api/src/domain/accounts/signup-ticket";
import { issueSession, signAccessToken } from "../../workers/api/src/lib/tokens";
import { REJOIN_WAIT_MS, withdrawnEmailHash } from "../../workers/api/src/domain/accounts/withdrawal";
import { certify, consents, memberPost, PASSWORD, signedUp, withToken, worker } from "./helpers";

const db = drizzle(env.DB);
const call = (path: string, token: string | null, init: { body?: unknown; lang?: string; method?: string } = {}) =>
  worker.fetch(`http://localhost/api/v1/member${path}`, withToken(token, init));
const json = (res: Response) => res.json<{ success: boolean; code: number; data: Record<string, unknown> | null; message: string }>();
const memberRow = (email: string) => env.DB.prepare("SELECT * FROM members WHERE email = ?").bind(email).first<Record<string, unknown>>();

describe("POST /member/updatemember", () => {
  it("saves the member update fields and the language, and answers the new profile", async () => {
    const s = await signedUp("editor@example.com");
    const res = await call("/updatemember", s.token!, {
      body: {
        email: "editor@example.com",
        nickname: "  새 닉네임 ",
        firstname: "Gil",
        secondname: "Hong",
        gender: "female",
        work: "크리에이터,기타",
        belong: "Studio",
        marketing: "Y",
        local: "en",
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      nickname: "새 닉네임",
      firstname: "Gil",
      secondname: "Hong",
      gender: "female",
      work: "크리에이터,기타",
      belong: "Studio",
      marketing: "Y",
      local: "en",
      email: "editor@example.com",
    });
    expect(await memberRow("editor@example.com")).toMatchObject({
      nickname: "새 닉네임",
      secondname: "Hong",
      locale: "en",
      marketing: "Y",
    });
    // Marketing can go back to "unknown".
    const cleared = await json(await call("/updatemember", s.token!, { body: { nickname: "n", marketing: "" } }));
    expect(cleared.data).toMatchObject({ marketing: "", firstname: "", local: "en" });
  });

  it("refuses an empty nickname, an unknown gender, another address and a missing login, changing nothing", async () => {
    const s = await signedUp("strict@example.com");
    const empty = await call("/updatemember", s.token!, { body: { nickname: "   " }, lang: "en" });
    expect(empty.status).toBe(400);
    expect((await json(empty)).code).toBe(Code.BAD_REQUEST);
    expect((await json(await call("/updatemember", s.token!, { body: { nickname: "x", gender: "robot" } }))).code).toBe(Code.BAD_REQUEST);
    expect((await json(await call("/updatemember", s.token!, { body: { nickname: "x", email: "other@example.com" } }))).code).toBe(
      Code.BAD_REQUEST,
    );
    expect((await call("/updatemember", null, { body: { nickname: "x" } })).status).toBe(401);
    expect(await memberRow("strict@example.com")).toMatchObject({ nickname: "strict" });
  });
});

describe("POST /member/marketingYN", () => {
  it("sets the consent for the member's own address and dates the change", async () => {
    const s = await signedUp("promo@example.com");
    const yes = await json(await call("/marketingYN", s.token!, { body: { email: "promo@example.com" } }));
    expect(yes.data).toMatchObject({ marketing: "Y" });
    expect(Date.parse(String(yes.data!.changedAt))).toBeGreaterThan(Date.now() - 60_000);
    expect((await json(await call("/marketingYN", s.token!, { body: { email: "promo@example.com", marketing: "N" } }))).data).toMatchObject(
      { marketing: "N" },
    );
    expect(await memberRow("promo@example.com")).toMatchObject({ marketing: "N" });
    expect((await json(await call("/marketingYN", s.token!, { body: { email: "someone@example.com" } }))).code).toBe(Code.BAD_REQUEST);
  });
});

describe("POST /member/signout (withdrawal)", () => {
  it("is refused while a paid plan period remains, and allowed once it has ended", async () => {
    const s = await signedUp("paying@example.com");
    await env.DB.prepare("UPDATE members SET plan = 'Creator', plan_end_at = ? WHERE email = ?")
      .bind(Date.now() + 86_400_000, "paying@example.com")
      .run();
    const blocked = await call("/signout", s.token!, { body: { reason_studio: "price" }, lang: "en" });
    expect(blocked.status).toBe(409);
    expect(await json(blocked)).toMatchObject({ code: Code.WITHDRAW_PLAN_ACTIVE, message: expect.stringContaining("paid plan period") });
    expect(await memberRow("paying@example.com")).not.toBeNull();
    await env.DB.prepare("UPDATE members SET plan_end_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, "paying@example.com")
      .run();
    expect((await json(await call("/signout", s.token!, { body: {} }))).success).toBe(true);
  });

  it("deletes the account and its sessions, keeps the answers and only a keyed hash of the address", async () => {
    const s = await signedUp("leaving@example.com");
    const res = await call("/signout", s.token!, {
      body: { reason_studio: "price,other", reason_community: "noise", opinion: "잘 썼어요" },
    });
    expect(await json(res)).toMatchObject({ success: true, data: { withdrawn: true } });
    expect(await memberRow("leaving@example.com")).toBeNull();
    const tokens = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM refresh_tokens rt LEFT JOIN members m ON m.id = rt.member_id WHERE m.id IS NULL",
    ).first<{ n: number }>();
    expect(tokens!.n).toBe(0);
    // The refresh token no longer works.
    const refreshed = await worker.fetch("http://localhost/api/v1/member/getrefresh", {
      method: "POST",
      headers: { authorization: `Bearer ${s.refreshToken}` },
    });
    expect((await json(refreshed)).code).toBe(Code.REFRESH_EXPIRED);
    const answers = await env.DB.prepare("SELECT * FROM withdrawals ORDER BY id DESC").first<Record<string, unknown>>();
    expect(answers).toMatchObject({ reason_studio: "price,other", reason_community: "noise", opinion: "잘 썼어요" });
    const stored = await env.DB.prepare("SELECT * FROM withdrawn_emails").all<Record<string, unknown>>();
    expect(JSON.stringify(stored.results)).not.toContain("leaving");
    expect(stored.results.map((r) => r.email_hash)).toContain(await withdrawnEmailHash(env, "leaving@example.com"));
  });

  it("blocks the same address from signing up again for 30 days, with the spec's message", async () => {
    const s = await signedUp("again@example.com");
    await call("/signout", s.token!, { body: {} });
    for (const path of ["/checkemail", "/certemail"]) {
      const res = await memberPost(path, { email: "Again@Example.com" }, { lang: "en" });
      expect(res.status, path).toBe(409);
      expect(res.body, path).toMatchObject({ code: Code.REJOIN_TOO_SOON, message: expect.stringContaining("30 days") });
    }
    // A certification from before the withdrawal does not get around it either.
    await env.DB.prepare("UPDATE withdrawn_emails SET withdrawn_at = ?")
      .bind(Date.now() - REJOIN_WAIT_MS - 1000)
      .run();
    const cert_ticket = await certify("again@example.com");
    await env.DB.prepare("UPDATE withdrawn_emails SET withdrawn_at = ?").bind(Date.now()).run();
    expect(
      (await memberPost("/createmember", { email: "again@example.com", password: PASSWORD, cert_ticket, ...consents })).body.code,
    ).toBe(Code.REJOIN_TOO_SOON);
    // After 30 days the address is free again.
    await env.DB.prepare("UPDATE withdrawn_emails SET withdrawn_at = ?")
      .bind(Date.now() - REJOIN_WAIT_MS - 1000)
      .run();
    expect(
      (await memberPost("/createmember", { email: "again@example.com", password: PASSWORD, cert_ticket, ...consents })).body.success,
    ).toBe(true);
  });

  it("needs a login", async () => {
    expect((await json(await call("/signout", null, { body: {} }))).code).toBe(Code.LOGIN_REQUIRED);
  });
});

describe("POST /member/logout", () => {
  it("revokes the presented refresh token's family and is harmless without one", async () => {
    const s = await signedUp("bye@example.com");
    const res = await worker.fetch("http://localhost/api/v1/member/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${s.refreshToken}` },
    });
    expect((await json(res)).success).toBe(true);
    const refreshed = await worker.fetch("http://localhost/api/v1/member/getrefresh", {
      method: "POST",
      headers: { authorization: `Bearer ${s.refreshToken}` },
    });
    expect((await json(refreshed)).code).toBe(Code.REFRESH_EXPIRED);
    expect((await json(await worker.fetch("http://localhost/api/v1/member/logout", { method: "POST" }))).success).toBe(true);
  });
});

describe("social sign-up through POST /member/createmember with a ticket", () => {
  const ticketFor = (email: string, type: "google" | "naver" | "kakao" = "kakao") =>
    signSignupTicket(env, { email, type, nickname: "Kim", profileImg: "https://img.example/k.png" });

  it("creates a social member without a password, with the ticket's address and picture", async () => {
    const ticket = await ticketFor("social@example.com");
    const res = await memberPost("/createmember", { type: "kakao", ticket, email: "ignored@example.com", work: "마케터", ...consents });
    expect(res.body).toMatchObject({ success: true, data: { type: "kakao", email: "social@example.com", nickname: "social" } });
    expect(await memberRow("social@example.com")).toMatchObject({
      type: "kakao",
      password_hash: null,
      profile_img: "https://img.example/k.png",
      work: "마케터",
    });
    expect(await memberRow("ignored@example.com")).toBeNull();
    // The e-mail login then names the provider.
    expect((await memberPost("/login", { email: "social@example.com", password: PASSWORD })).body).toMatchObject({
      code: Code.EMAIL_SOCIAL,
      data: { type: "kakao" },
    });
  });

  it("refuses a missing, forged, expired or mismatched ticket, and an access token passed as a ticket", async () => {
    const good = await ticketFor("ticket@example.com", "google");
    const forged = await sign(
      {
        aud: "voice-studio/social-signup",
        email: "ticket@example.com",
        type: "google",
        nickname: "",
        profileImg: "",
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      "not-the-secret",
      "HS256",
    );
    const expired = await signSignupTicket(
      env,
      { email: "ticket@example.com", type: "google", nickname: "", profileImg: "" },
      Date.now() - 31 * 60_000,
    );
    const access = await signAccessToken(env, { id: crypto.randomUUID(), email: "ticket@example.com" }, crypto.randomUUID());
    for (const [name, body] of Object.entries({
      missing: { type: "google" },
      forged: { type: "google", ticket: forged },
      expired: { type: "google", ticket: expired },
      mismatched: { type: "naver", ticket: good },
      access: { type: "google", ticket: access },
    })) {
      const res = await memberPost("/createmember", { ...body, ...consents }, { lang: "en" });
      expect(res.body, name).toMatchObject({
        code: Code.SIGNUP_TICKET_INVALID,
        message: "The sign-up request has expired. Please start again.",
      });
    }
    expect(await memberRow("ticket@example.com")).toBeNull();
    // The consents are still required on the social path.
    expect((await memberPost("/createmember", { type: "google", ticket: good })).body.code).toBe(Code.TERMS_REQUIRED);
    // And the ticket is not an access token.
    expect((await json(await call("/getmember", good, { method: "GET" }))).code).toBe(Code.LOGIN_REQUIRED);
    expect((await verify(good, env.JWT_SECRET, "HS256")).sub).toBeUndefined();
  });
});

describe("clean-up (daily cron)", () => {
  it("deletes only rows that can no longer matter", async () => {
    const now = Date.now();
    const day = 86_400_000;
    await env.DB.batch([
      env.DB.prepare("DELETE FROM rate_limits"),
      env.DB.prepare("DELETE FROM email_certs"),
      env.DB.prepare("DELETE FROM withdrawn_emails"),
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('old', ?, 3), ('live', ?, 3)").bind(
        now - day,
        now - 60_000,
      ),
      env.DB.prepare(
        "INSERT INTO email_certs (email, purpose, code_hash, expires_at, attempts, verified_at) VALUES ('old@x.io', 'join', 'h', ?, 0, NULL), ('checked@x.io', 'join', 'h', ?, 0, ?), ('live@x.io', 'join', 'h', ?, 0, NULL)",
      ).bind(now - day, now - 2 * 60_000, now - 60_000, now + 60_000),
      env.DB.prepare(
        "INSERT INTO oauth_states (state, type, code_verifier, redirect_uri, expires_at) VALUES ('gone', 'google', 'v', 'http://x', ?), ('live', 'google', 'v', 'http://x', ?)",
      ).bind(now - 1, now + 60_000),
      env.DB.prepare("INSERT INTO withdrawn_emails (email_hash, withdrawn_at) VALUES ('old', ?), ('recent', ?)").bind(
        now - REJOIN_WAIT_MS - day,
        now - day,
      ),
    ]);
    const m = { id: crypto.randomUUID(), email: "cron@example.com" };
    await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, ?, 'email', 'c', ?)")
      .bind(m.id, m.email, now)
      .run();
    const live = await issueSession(env, db, m);
    const expired = await issueSession(env, db, m, now - 15 * day);
    expect(expired.refreshToken).not.toBe(live.refreshToken);

    const counts = await cleanUp(db, now);
    expect(counts).toMatchObject({ rateLimits: 1, emailCerts: 1, oauthStates: 1, withdrawnEmails: 1 });
    expect(counts.refreshTokens).toBeGreaterThanOrEqual(1);
    const keys = (sql: string) =>
      env.DB.prepare(sql)
        .all<{ k: string }>()
        .then((r) => r.results.map((x) => x.k).sort());
    expect(await keys("SELECT key AS k FROM rate_limits")).toEqual(["live"]);
    expect(await keys("SELECT email AS k FROM email_certs")).toEqual(["checked@x.io", "live@x.io"]);
    expect(await keys("SELECT state AS k FROM oauth_states")).toEqual(["live"]);
    expect(await keys("SELECT email_hash AS k FROM withdrawn_emails")).toEqual(["recent"]);
    const mine = await env.DB.prepare("SELECT COUNT(*) AS n FROM refresh_tokens WHERE member_id = ?").bind(m.id).first<{ n: number }>();
    expect(mine!.n).toBe(1);
  });
});
