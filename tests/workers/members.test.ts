import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { HttpMailer } from "../../workers/api/src/integrations/mailer";
import { LIMITS } from "../../workers/api/src/lib/rate-limit";
import { CERT_MAX_ATTEMPTS, sixDigitCode } from "../../workers/api/src/domain/accounts/certification";
import { memberPost } from "./helpers";

const post = memberPost;

const outbox = async (to: string) =>
  (await env.DB.prepare('SELECT * FROM mail_outbox WHERE "to" = ? ORDER BY id').bind(to).all<{ subject: string; text: string }>()).results;
const lastCode = async (to: string) => {
  const mails = await outbox(to);
  const match = mails.at(-1)?.text.match(/\b(\d{6})\b/);
  return match?.[1];
};
const addMember = (email: string, type: string) =>
  env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), email, type, email.split("@")[0], Date.now())
    .run();

describe("POST /member/checkemail", () => {
  it("answers a free address, and refuses taken, social and malformed ones with the spec's messages", async () => {
    expect((await post("/checkemail", { email: "Free@Example.com" })).body).toMatchObject({ success: true, data: { available: true } });

    await addMember("taken@example.com", "email");
    const taken = await post("/checkemail", { email: "taken@example.com" }, { lang: "en" });
    expect(taken).toMatchObject({ status: 409, body: { code: Code.EMAIL_TAKEN, message: "This email address is already registered." } });

    await addMember("kakao@example.com", "kakao");
    const ko = await post("/checkemail", { email: "kakao@example.com" });
    expect(ko.body).toMatchObject({ code: Code.EMAIL_SOCIAL, data: { type: "kakao" } });
    expect(ko.body.message).toContain("카카오");
    expect((await post("/checkemail", { email: "kakao@example.com" }, { lang: "en" })).body.message).toContain("Kakao");

    const bad = await post("/checkemail", { email: "not-an-email" });
    expect(bad).toMatchObject({ status: 400, body: { code: Code.EMAIL_INVALID, message: "이메일 형식을 확인해 주세요." } });
    expect((await post("/checkemail", {})).status).toBe(400);
  });
});

describe("certification codes", () => {
  it("mails a 6-digit code in the request's language and stores only its hash", async () => {
    const res = await post("/certemail", { email: "new@example.com" }, { lang: "en" });
    expect(res).toMatchObject({ status: 200, body: { success: true, data: { expiresIn: 180 } } });
    const mails = await outbox("new@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^\[Voice Studio\]/);
    const code = await lastCode("new@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const row = await env.DB.prepare("SELECT * FROM email_certs WHERE email = ?").bind("new@example.com").first<Record<string, unknown>>();
    expect(row).toMatchObject({ purpose: "join", attempts: 0 });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Number(row!.expires_at) - Date.now()).toBeGreaterThan(170_000);
  });

  it("certifies the right code and refuses a wrong one, counting attempts", async () => {
    await post("/certemail", { email: "check@example.com" });
    const code = (await lastCode("check@example.com"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await post("/checkcert", { email: "check@example.com", cert: wrong })).body).toMatchObject({
      code: Code.CERT_WRONG,
      message: "인증번호를 확인해 주세요.",
    });
    expect((await post("/checkcert", { email: "check@example.com", cert: code })).body).toMatchObject({
      success: true,
      data: { certified: true },
    });
    const row = await env.DB.prepare("SELECT attempts, verified_at FROM email_certs WHERE email = ?")
      .bind("check@example.com")
      .first<{ attempts: number; verified_at: number | null }>();
    expect(row!.attempts).toBe(1);
    expect(row!.verified_at).toBeGreaterThan(0);
  });

  it("refuses an expired code, a code never sent, and a code after too many wrong guesses", async () => {
    await post("/certemail", { email: "late@example.com" });
    const code = (await lastCode("late@example.com"))!;
    await env.DB.prepare("UPDATE email_certs SET expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1, "late@example.com")
      .run();
    expect((await post("/checkcert", { email: "late@example.com", cert: code }, { lang: "en" })).body).toMatchObject({
      code: Code.CERT_EXPIRED,
      message: "The verification code has expired. Please request a new code.",
    });

    expect((await post("/checkcert", { email: "never@example.com", cert: "123456" })).body.code).toBe(Code.CERT_EXPIRED);

    await post("/certemail", { email: "guess@example.com" });
    const right = (await lastCode("guess@example.com"))!;
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < CERT_MAX_ATTEMPTS; i++) await post("/checkcert", { email: "guess@example.com", cert: wrong });
    expect((await post("/checkcert", { email: "guess@example.com", cert: right })).body.code).toBe(Code.CERT_EXPIRED);
  });

  it("refuses a code for a taken address and mails nothing", async () => {
    await addMember("has@example.com", "email");
    expect((await post("/certemail", { email: "has@example.com" })).body.code).toBe(Code.EMAIL_TAKEN);
    expect(await outbox("has@example.com")).toHaveLength(0);
  });

  it("limits code mails per address and per IP with a localized 429", async () => {
    const { max } = LIMITS.certMailPerAddress;
    for (let i = 0; i < max; i++) expect((await post("/certemail", { email: "spam@example.com" })).status).toBe(200);
    const limited = await post("/certemail", { email: "spam@example.com" }, { lang: "en" });
    expect(limited).toMatchObject({
      status: 429,
      body: { code: Code.RATE_LIMITED, message: "Too many requests. Please try again in a little while." },
    });
    expect(await outbox("spam@example.com")).toHaveLength(max);

    const perIp = LIMITS.certMailPerIp.max;
    const statuses = [];
    for (let i = 0; i <= perIp; i++) statuses.push((await post("/certemail", { email: `ip${i}@example.com` }, { ip: "192.0.2.7" })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(perIp);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits code checks per address", async () => {
    const { max } = LIMITS.certCheckPerAddress;
    for (let i = 0; i < max; i++) await post("/checkcert", { email: "brute@example.com", cert: "123456" });
    expect((await post("/checkcert", { email: "brute@example.com", cert: "123456" })).status).toBe(429);
  });

  it("recovery codes go only to registered e-mail accounts", async () => {
    expect((await post("/certemailpwd", { email: "ghost@example.com" }, { lang: "en" })).body).toMatchObject({
      code: Code.EMAIL_NOT_REGISTERED,
      message: "This email address is not registered.",
    });
    await addMember("social@example.com", "google");
    expect((await post("/certemailpwd", { email: "social@example.com" }, { lang: "en" })).body.message).toContain("Google");

    await addMember("member@example.com", "email");
    expect((await post("/certemailpwd", { email: "member@example.com" })).status).toBe(200);
    const code = (await lastCode("member@example.com"))!;
    expect((await post("/checkcert", { email: "member@example.com", cert: code })).body.code).toBe(Code.CERT_EXPIRED);
    expect((await post("/checkcert", { email: "member@example.com", cert: code, type: "password" })).body.success).toBe(true);
  });

  it("draws codes uniformly enough to use every digit position", () => {
    const codes = Array.from({ length: 2000 }, sixDigitCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    for (let pos = 0; pos < 6; pos++) expect(new Set(codes.map((c) => c[pos])).size).toBe(10);
  });
});

describe("the HTTP mail adapter against a stand-in provider", () => {
  const standinUrl = "https://mail.provider.test/emails";

  it("posts the mail with the key and accepts a 2xx", async () => {
    await new HttpMailer({ url: standinUrl, key: "test-key", from: "Voice Studio <no-reply@voicestudio.example>" }).send({
      to: "someone@example.com",
      subject: "Hello",
      text: "Body",
    });
    const sent = await (await fetch("https://mail.provider.test/sent")).json<Record<string, unknown>[]>();
    expect(sent.at(-1)).toMatchObject({
      host: "mail.provider.test",
      to: ["someone@example.com"],
      subject: "Hello",
      text: "Body",
      from: "Voice Studio <no-reply@voicestudio.example>",
    });
  });

  it("fails on a refused key or a rejected address", async () => {
    await expect(
      new HttpMailer({ url: standinUrl, key: "wrong", from: "a@b.co" }).send({ to: "x@example.com", subject: "s", text: "t" }),
    ).rejects.toThrow(/401/);
    await expect(
      new HttpMailer({ url: standinUrl, key: "test-key", from: "a@b.co" }).send({ to: "bounce@example.com", subject: "s", text: "t" }),
    ).rejects.toThrow(/422/);
  });

  it("a failed certification mail answers 5020 and keeps no code", async () => {
    const app = createApp();
    const httpEnv = { ...env, MAIL_PROVIDER: "http", MAIL_API_URL: standinUrl, MAIL_API_KEY: "test-key", MAIL_FROM: "a@b.co" };
    const res = await app.request(
      "http://localhost/api/v1/member/certemail",
      {
        method: "POST",
        headers: { "content-type": "application/json", lang: "en", "cf-connecting-ip": "198.51.100.1" },
        body: JSON.stringify({ email: "bounce@example.com" }),
      },
      httpEnv,
      { waitUntil() {}, passThroughOnException() {}, props: {} },
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      code: Code.MAIL_FAILED,
      message: "Sending the verification mail failed. Please try again later.",
    });
    expect(await env.DB.prepare("SELECT * FROM email_certs WHERE email = ?").bind("bounce@example.com").first()).toBeNull();

    const good = await app.request(
      "http://localhost/api/v1/member/certemail",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.2" },
        body: JSON.stringify({ email: "real@example.com" }),
      },
      httpEnv,
      { waitUntil() {}, passThroughOnException() {}, props: {} },
    );
    expect(good.status).toBe(200);
    const sent = await (await fetch("https://mail.provider.test/sent")).json<{ to: string[]; text: string }[]>();
    expect(sent.at(-1)!.to).toEqual(["real@example.com"]);
    expect(sent.at(-1)!.text).toMatch(/\d{6}/);
  });
});

describe("choice lists", () => {
  it("answer the job, purpose and withdrawal-reason lists in the request's language, each ending in other", async () => {
    for (const [path, first] of [
      ["/worklist", "크리에이터·유튜버"],
      ["/perposelist", "영상 내레이션"],
    ] as const) {
      const ko = await post(path, {});
      const items = ko.body.data as unknown as { code: string; name: string }[];
      expect(items[0]!.name).toBe(first);
      expect(items.at(-1)).toEqual({ code: "other", name: "기타" });
      const en = (await post(path, {}, { lang: "en" })).body.data as unknown as { code: string; name: string }[];
      expect(en.map((i) => i.code)).toEqual(items.map((i) => i.code));
      expect(en.at(-1)!.name).toBe("Other");
    }
    const reasons = (await post("/reasonlist", {}, { lang: "en" })).body.data as unknown as Record<string, { code: string }[]>;
    expect(Object.keys(reasons)).toEqual(["studio", "community"]);
    expect(reasons.studio!.at(-1)!.code).toBe("other");
  });

  it("limits address look-ups per IP", async () => {
    const { max } = LIMITS.checkEmailPerIp;
    const statuses = [];
    for (let i = 0; i <= max; i++)
      statuses.push((await post("/checkemail", { email: `look${i}@example.com` }, { ip: "203.0.113.9" })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("GET /dev/mailbox", () => {
  it("lists the outbox in development and does not exist otherwise", async () => {
    const app = createApp();
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
    const dev = await app.request("http://localhost/api/v1/dev/mailbox", {}, { ...env, APP_ENV: "development" }, ctx);
    expect(dev.status).toBe(200);
    expect(Array.isArray((await dev.json<{ data: unknown }>()).data)).toBe(true);
    // Outside development (production itself is covered in deployment.test.ts, where a production
    // worker on these development secrets refuses to serve at all).
    const other = await app.request("http://localhost/api/v1/dev/mailbox", { headers: { lang: "en" } }, { ...env, APP_ENV: "test" }, ctx);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, code: Code.NOT_FOUND });
  });
});
