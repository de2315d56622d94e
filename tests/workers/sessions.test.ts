import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { type Answer, memberPost, PASSWORD, signedUp, worker } from "./helpers";
import { CARD } from "./billing-helpers";

/**
 * Server-side session revocation (docs/decisions/0019): an access token counts only while
 * its session (refresh-token family) is live and its member exists, so logout, password reset,
 * withdrawal and "log out everywhere" end sessions at once instead of after the token's day.
 */
const api = async (path: string, token: string | null, init: { method?: string; body?: unknown; lang?: string; bearer?: string } = {}) => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      lang: init.lang ?? "en",
      ...(token ? { "api-key": token } : {}),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json<Answer>() };
};
const profile = (token: string) => api("/member/getmember", token);
let n = 0;
type Session = { token: string; refreshToken: string };
const session = async (email: string) => (await signedUp(email)) as Session;
const fresh = (tag: string) => session(`${tag}-${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`);

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("sessions end on the server at once", () => {
  it("logout ends that session's access token, and only that session", async () => {
    const email = `logout-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const phone = await session(email);
    const laptop = (await memberPost("/login", { type: "email", email, password: PASSWORD })).body.data as Session;
    expect((await profile(phone.token)).body.success).toBe(true);

    expect((await api("/member/logout", null, { body: {}, bearer: phone.refreshToken })).body.success).toBe(true);
    expect(await profile(phone.token)).toMatchObject({ status: 401, body: { code: Code.LOGIN_REQUIRED, message: "Please log in." } });
    // The other device's session goes on.
    expect((await profile(laptop.token)).body.success).toBe(true);
  });

  it("a read made beside the session check is thrown away when the session has ended: 8000, none of its data or headers", async () => {
    const s = await session(`ended-read-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const spoken = await api("/studio/tts", s.token, { body: { text: "안녕하세요.", voice_id: "ko-seoyeon", lang: "ko" } });
    expect(spoken.body.success, spoken.body.message).toBe(true);
    const id = (spoken.body.data as { inference_id: string }).inference_id;
    const audio = (token: string) =>
      worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/audio`, {
        headers: { "api-key": token, lang: "en", range: "bytes=0-99" },
      });
    // Live: the member's history and the audio's first bytes.
    expect((await api("/studio/history", s.token)).body.data).toMatchObject({ items: [{ inference_id: id }] });
    expect((await audio(s.token)).status).toBe(206);

    expect((await api("/member/logout", null, { body: {}, bearer: s.refreshToken })).body.success).toBe(true);
    // The token is still signed and unexpired; only D1 knows the session ended, and the reads ran beside that check.
    for (const path of ["/studio/history", "/voices/ko-seoyeon", `/studio/inferences/${id}`]) {
      const read = await api(path, s.token);
      expect(read, path).toMatchObject({
        status: 401,
        body: { success: false, code: Code.LOGIN_REQUIRED, data: null, message: "Please log in." },
      });
    }
    const refused = await audio(s.token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/json");
    expect(refused.headers.get("content-range")).toBeNull();
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await refused.json<Answer>()).code).toBe(Code.LOGIN_REQUIRED);
  });

  it("'log out everywhere' ends every session of the member, this one included", async () => {
    const email = `everywhere-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const a = await session(email);
    const b = (await memberPost("/login", { type: "email", email, password: PASSWORD })).body.data as Session;
    const other = await fresh("bystander");
    expect((await api("/member/logout_all", b.token, { body: {} })).body.success).toBe(true);
    for (const s of [a, b]) {
      expect((await profile(s.token)).body.code).toBe(Code.LOGIN_REQUIRED);
      expect((await api("/member/getrefresh", null, { body: {}, bearer: s.refreshToken })).body.code).toBe(Code.REFRESH_EXPIRED);
    }
    // Another member is untouched.
    expect((await profile(other.token)).body.success).toBe(true);
    // Visitors cannot call it.
    expect((await api("/member/logout_all", null, { body: {} })).body.code).toBe(Code.LOGIN_REQUIRED);
  });

  it("a password reset ends every access token at once", async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const s = await session(email);
    await memberPost("/certemailpwd", { email });
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC').bind(email).first<{ text: string }>();
    const cert = mail!.text.match(/\b(\d{6})\b/)![1];
    const checked = await memberPost("/checkcert", { email, cert, type: "password" });
    expect(checked.body.success).toBe(true);
    expect(
      (await memberPost("/updatepwd", { email, password: "Another#2026b", cert_ticket: checked.body.data!.ticket })).body.success,
    ).toBe(true);
    expect((await profile(s.token)).body.code).toBe(Code.LOGIN_REQUIRED);
  });

  it("a withdrawn member's token answers 8000 everywhere, never 500, and reaches no gateway", async () => {
    const s = await fresh("withdrawn");
    expect(
      (await api("/member/signout", s.token, { body: { reason_studio: "price", reason_community: "", opinion: "" } })).body.success,
    ).toBe(true);
    const card = CARD;
    const before = ((await (await fetch("https://api.iamport.kr/__standin/payments")).json()) as unknown[]).length;
    const calls: [string, string, unknown?][] = [
      ["/member/getmember", "GET"],
      ["/voices/ko-seoyeon/bookmark", "POST", {}],
      ["/voices/ko-seoyeon/bookmark", "DELETE"],
      ["/payment/registcard", "POST", card],
      ["/payment/cardList", "POST", {}],
      ["/studio/projects", "GET"],
      ["/studio/projects", "POST", { type: "tts" }],
      ["/utils/accept_coupon", "POST", { num: "WELCOME-STARTER" }],
    ];
    for (const [path, method, body] of calls) {
      for (const lang of ["en", "kr"]) {
        const res = await api(path, s.token, { method, body, lang });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.code, `${method} ${path}`).toBe(Code.LOGIN_REQUIRED);
        expect(res.body.message).toBe(lang === "en" ? "Please log in." : "로그인이 필요합니다.");
      }
    }
    const after = ((await (await fetch("https://api.iamport.kr/__standin/payments")).json()) as unknown[]).length;
    expect(after).toBe(before);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM cards c LEFT JOIN members m ON m.id = c.member_id WHERE m.id IS NULL").first<{
        n: number;
      }>(),
    ).toEqual({ n: 0 });
  });

  it("refuses a correctly signed token without an expiry, or without a session", async () => {
    const s = await fresh("claims");
    const claims = JSON.parse(atob(s.token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: expect.any(String), sid: expect.any(String), exp: expect.any(Number) });
    const { exp: _exp, ...noExp } = claims;
    const { sid: _sid, ...noSid } = claims;
    for (const payload of [noExp, noSid, { ...claims, sid: crypto.randomUUID() }, { ...claims, exp: String(claims.exp) }]) {
      const forgedFromRealSecret = await sign(payload, env.JWT_SECRET, "HS256");
      expect((await profile(forgedFromRealSecret)).body.code).toBe(Code.LOGIN_REQUIRED);
    }
    expect((await profile(s.token)).body.success).toBe(true);
  });
});
