import { env } from "cloudflare:workers";
import { verify } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { Code } from "../../workers/api/src/lib/codes";
import { isCommonPassword, passwordFollowsRule } from "../../workers/api/src/lib/password-rules";
import { LIMITS } from "../../workers/api/src/lib/rate-limit";
import { certify, consents, memberPost, PASSWORD, signedUp, withToken, worker } from "./helpers";

const post = memberPost;

describe("password rule (spec section 5)", () => {
  it("needs 8 to 15 letters, digits and allowed symbols, with each kind present", () => {
    for (const ok of ["Voice#2026a", "abcdef1!", "A1~!@#$%^&*()_+"]) expect(passwordFollowsRule(ok), ok).toBe(true);
    for (const bad of [
      "short1!",
      "sixteen-chars-1!",
      "nodigits!!",
      "12345678!",
      "NoSymbol123",
      "space 123!a",
      "한글비밀번호1!",
      "abc123!-x",
    ]) {
      expect(passwordFollowsRule(bad), bad).toBe(false);
    }
    expect(isCommonPassword("P@ssw0rd1")).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });
});

describe("POST /member/createmember", () => {
  it("creates a certified member and answers a session (nickname = the part before @)", async () => {
    const cert_ticket = await certify("maker@example.com");
    const res = await post("/createmember", {
      email: "maker@example.com",
      password: PASSWORD,
      cert_ticket,
      work: "크리에이터,마케터",
      perpose: "유튜브,기타:오디오북",
      marketing: "Y",
      ...consents,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: "email", email: "maker@example.com", nickname: "maker" });
    const claims = await verify(String(res.body.data!.token), env.JWT_SECRET, "HS256");
    expect(claims.email).toBe("maker@example.com");
    const row = await env.DB.prepare("SELECT * FROM members WHERE email = ?").bind("maker@example.com").first<Record<string, string>>();
    expect(row).toMatchObject({
      nickname: "maker",
      work: "크리에이터,마케터",
      purpose: "유튜브,기타:오디오북",
      marketing: "Y",
      type: "email",
    });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    // The certification is used up, and the address is now taken.
    expect(await env.DB.prepare("SELECT * FROM email_certs WHERE email = ?").bind("maker@example.com").first()).toBeNull();
    expect((await post("/createmember", { email: "maker@example.com", password: PASSWORD, cert_ticket, ...consents })).body.code).toBe(
      Code.EMAIL_TAKEN,
    );
  });

  it("refuses without a checked code, or with one checked too long ago", async () => {
    await post("/certemail", { email: "unchecked@example.com" });
    expect(
      (await post("/createmember", { email: "unchecked@example.com", password: PASSWORD, ...consents }, { lang: "en" })).body,
    ).toMatchObject({
      code: Code.CERT_REQUIRED,
      message: "Please verify your email address first.",
    });
    const stale = await certify("stale@example.com");
    await env.DB.prepare("UPDATE email_certs SET verified_at = ? WHERE email = ?")
      .bind(Date.now() - 31 * 60_000, "stale@example.com")
      .run();
    expect(
      (await post("/createmember", { email: "stale@example.com", password: PASSWORD, cert_ticket: stale, ...consents })).body.code,
    ).toBe(Code.CERT_REQUIRED);
  });

  it("needs the ticket of the check: someone else who knows a just-certified address cannot sign it up (docs/decisions/0056)", async () => {
    const ticket = await certify("owner@example.com");
    for (const cert_ticket of [undefined, "", "x".repeat(32), ticket.slice(0, -1)]) {
      const res = await post("/createmember", { email: "owner@example.com", password: "Attack#2026x", cert_ticket, ...consents });
      expect(res.body.code, String(cert_ticket)).toBe(Code.CERT_REQUIRED);
    }
    // A double submit of the right code answers a new ticket; only the newest counts.
    await post("/certemail", { email: "twice@example.com" });
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind("twice@example.com")
      .first<{ text: string }>();
    const code = mail!.text.match(/\b(\d{6})\b/)![1];
    const first = (await post("/checkcert", { email: "twice@example.com", cert: code })).body.data!.ticket;
    const second = (await post("/checkcert", { email: "twice@example.com", cert: code })).body.data!.ticket;
    expect(second).not.toBe(first);
    expect(
      (await post("/createmember", { email: "twice@example.com", password: PASSWORD, cert_ticket: first, ...consents })).body.code,
    ).toBe(Code.CERT_REQUIRED);
    expect((await post("/createmember", { email: "owner@example.com", password: PASSWORD, cert_ticket: ticket, ...consents })).status).toBe(
      200,
    );
    expect((await post("/createmember", { email: "twice@example.com", password: PASSWORD, cert_ticket: second, ...consents })).status).toBe(
      200,
    );
  });

  it("refuses missing consents, a password against the rule and a common password, keeping the certification", async () => {
    const cert_ticket = await certify("careful@example.com");
    expect(
      (
        await post("/createmember", {
          email: "careful@example.com",
          password: PASSWORD,
          cert_ticket,
          agree_service: true,
          agree_privacy: true,
        })
      ).body.code,
    ).toBe(Code.TERMS_REQUIRED);
    const rule = await post("/createmember", { email: "careful@example.com", password: "short", cert_ticket, ...consents });
    expect(rule.body).toMatchObject({ code: Code.PASSWORD_RULE });
    expect(rule.body.message).toContain("8~15자");
    expect((await post("/createmember", { email: "careful@example.com", password: "Qwer1234!", cert_ticket, ...consents })).body.code).toBe(
      Code.PASSWORD_COMMON,
    );
    expect(await env.DB.prepare("SELECT * FROM members WHERE email = ?").bind("careful@example.com").first()).toBeNull();
    // Still certified: a corrected request goes through.
    expect((await post("/createmember", { email: "careful@example.com", password: PASSWORD, cert_ticket, ...consents })).status).toBe(200);
  });
});

describe("POST /member/login", () => {
  it("signs in with the right password and refuses a wrong one with the spec's message", async () => {
    await signedUp("login@example.com");
    const okRes = await post("/login", { type: "email", email: "LOGIN@example.com", password: PASSWORD });
    expect(okRes.status).toBe(200);
    expect(okRes.body.data).toMatchObject({ email: "login@example.com", nickname: "login" });
    expect(String(okRes.body.data!.refreshToken).length).toBeGreaterThan(40);

    const wrong = await post("/login", { type: "email", email: "login@example.com", password: "Wrong#2026a" }, { lang: "en" });
    expect(wrong).toMatchObject({ status: 401, body: { code: Code.WRONG_PASSWORD, message: "Please enter the password again." } });
  });

  it("names unregistered and social addresses", async () => {
    expect((await post("/login", { email: "nobody@example.com", password: PASSWORD })).body.code).toBe(Code.EMAIL_NOT_REGISTERED);
    await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, 'nv@example.com', 'naver', 'nv', ?)")
      .bind(crypto.randomUUID(), Date.now())
      .run();
    const social = await post("/login", { email: "nv@example.com", password: PASSWORD });
    expect(social.body).toMatchObject({ code: Code.EMAIL_SOCIAL, data: { type: "naver" } });
    expect(social.body.message).toContain("네이버");
  });

  it("limits attempts per account", async () => {
    const { max } = LIMITS.loginPerAccount;
    for (let i = 0; i < max; i++) await post("/login", { email: "target@example.com", password: "Guess#0000" + i });
    expect((await post("/login", { email: "target@example.com", password: PASSWORD })).status).toBe(429);
  });

  it("counts failed logins only: a member who logs in again and again is never locked out, failures still are", async () => {
    await signedUp("often@example.com");
    const { max } = LIMITS.loginPerAccount;
    for (let i = 0; i < max * 2; i++) expect((await post("/login", { email: "often@example.com", password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < max - 1; i++) await post("/login", { email: "often@example.com", password: "Guess#0000" + i });
    expect((await post("/login", { email: "often@example.com", password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 2; i++) await post("/login", { email: "often@example.com", password: "Guess#1111" + i });
    expect((await post("/login", { email: "often@example.com", password: PASSWORD })).status).toBe(429);
  });
});

/** A member created through the real sign-up endpoints, with their session. */

describe("password recovery (POST /member/updatepwd)", () => {
  it("sets a new password for a recovery-certified address and ends every session", async () => {
    const session = await signedUp("forgot@example.com");
    await post("/certemailpwd", { email: "forgot@example.com" });
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind("forgot@example.com")
      .first<{ text: string }>();
    const code = mail!.text.match(/\b(\d{6})\b/)![1];
    // Not yet certified for recovery.
    expect((await post("/updatepwd", { email: "forgot@example.com", password: "Newpass#2026" })).body.code).toBe(Code.CERT_REQUIRED);
    const cert_ticket = (await post("/checkcert", { email: "forgot@example.com", cert: code, type: "password" })).body.data!.ticket;
    // Someone who knows the address and polls while its owner certifies it gets nothing without the check's ticket
    // (docs/decisions/0056): before, this set the password of another person's account.
    for (const guess of [undefined, "", String(cert_ticket).slice(1)]) {
      expect((await post("/updatepwd", { email: "forgot@example.com", password: "Attack#2026x", cert_ticket: guess })).body.code).toBe(
        Code.CERT_REQUIRED,
      );
    }
    expect((await post("/updatepwd", { email: "forgot@example.com", password: "weak", cert_ticket })).body.code).toBe(Code.PASSWORD_RULE);
    expect((await post("/updatepwd", { email: "forgot@example.com", password: "Newpass#2026", cert_ticket })).body).toMatchObject({
      success: true,
    });

    expect((await post("/login", { email: "forgot@example.com", password: PASSWORD })).body.code).toBe(Code.WRONG_PASSWORD);
    expect((await post("/login", { email: "forgot@example.com", password: "Newpass#2026" })).status).toBe(200);
    const refresh = await worker.fetch("http://localhost/api/v1/member/getrefresh", {
      method: "POST",
      headers: { authorization: `Bearer ${session.refreshToken}` },
    });
    expect((await refresh.json<{ code: number }>()).code).toBe(Code.REFRESH_EXPIRED);
    // The certification is used up.
    expect((await post("/updatepwd", { email: "forgot@example.com", password: "Other#2026x", cert_ticket })).body.code).toBe(
      Code.CERT_REQUIRED,
    );
  });

  it("limits tries per address and per IP with a localized 429, a right ticket too once past the limit", async () => {
    await signedUp("pestered@example.com");
    await post("/certemailpwd", { email: "pestered@example.com" });
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind("pestered@example.com")
      .first<{ text: string }>();
    const code = mail!.text.match(/\b(\d{6})\b/)![1];
    const cert_ticket = (await post("/checkcert", { email: "pestered@example.com", cert: code, type: "password" })).body.data!.ticket;
    const { max } = LIMITS.updatePwdPerAccount;
    for (let i = 0; i < max; i++) {
      const guess = await post("/updatepwd", { email: "pestered@example.com", password: "Attack#2026x", cert_ticket: `guess-${i}` });
      expect(guess.body.code).toBe(Code.CERT_REQUIRED);
    }
    expect(
      await post("/updatepwd", { email: "pestered@example.com", password: "Newpass#2026", cert_ticket }, { lang: "en" }),
    ).toMatchObject({
      status: 429,
      body: { code: Code.RATE_LIMITED, message: "Too many requests. Please try again in a little while." },
    });
    // Nothing was changed: the old password still logs in.
    expect((await post("/login", { email: "pestered@example.com", password: PASSWORD })).status).toBe(200);

    // One client going through many addresses (unregistered ones answer 4102 until the limit).
    const perIp = LIMITS.updatePwdPerIp.max;
    const codes = [];
    for (let i = 0; i <= perIp; i++) {
      codes.push((await post("/updatepwd", { email: `sweep${i}@example.com`, password: "Attack#2026x" }, { ip: "192.0.2.31" })).body.code);
    }
    expect(codes.slice(0, perIp).every((c) => c === Code.EMAIL_NOT_REGISTERED)).toBe(true);
    expect(codes.at(-1)).toBe(Code.RATE_LIMITED);
  });

  it("refuses unregistered addresses", async () => {
    expect((await post("/updatepwd", { email: "nobody2@example.com", password: "Newpass#2026" })).body.code).toBe(
      Code.EMAIL_NOT_REGISTERED,
    );
  });
});

describe("signed-in member calls", () => {
  it("GET /member/getmember answers the profile with Free-plan defaults, and 8000 without a token", async () => {
    const session = await signedUp("profile@example.com");
    const res = await worker.fetch("http://localhost/api/v1/member/getmember", { headers: { "api-key": session.token!, lang: "en" } });
    expect(res.status).toBe(200);
    expect((await res.json<{ data: Record<string, unknown> }>()).data).toMatchObject({
      type: "email",
      email: "profile@example.com",
      nickname: "profile",
      plan: "Free",
      studioProjectsCount: 0,
      cv_cnt_over: "N",
      paymentYN: "N",
    });
    const anonymous = await worker.fetch("http://localhost/api/v1/member/getmember");
    expect((await anonymous.json<{ code: number }>()).code).toBe(Code.LOGIN_REQUIRED);
  });

  it("POST /member/check_pwd confirms the password or answers the spec's message", async () => {
    const session = await signedUp("confirm@example.com");
    const good = await worker.fetch("http://localhost/api/v1/member/check_pwd", withToken(session.token!, { body: { pwd: PASSWORD } }));
    expect(await good.json()).toMatchObject({ success: true, data: { match: true } });
    const bad = await worker.fetch(
      "http://localhost/api/v1/member/check_pwd",
      withToken(session.token!, { body: { pwd: "Wrong#2026a" }, lang: "en" }),
    );
    expect(await bad.json()).toMatchObject({ code: Code.PASSWORD_MISMATCH, message: "Please enter your password correctly." });
    const none = await worker.fetch("http://localhost/api/v1/member/check_pwd", withToken(null, { body: { pwd: PASSWORD } }));
    expect(none.status).toBe(401);
  });
});
