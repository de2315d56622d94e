import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { verify } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { worker } from "./helpers";
import { Code } from "../../workers/api/src/lib/codes";
import { sha256Hex } from "../../workers/api/src/lib/crypto";
import { ACCESS_TOKEN_SECONDS, issueSession, revokeSession, ROTATION_GRACE_MS } from "../../workers/api/src/lib/tokens";

const db = drizzle(env.DB);

async function member() {
  const id = crypto.randomUUID();
  const email = `${id.slice(0, 8)}@example.com`;
  await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at) VALUES (?, ?, 'email', 'n', ?)")
    .bind(id, email, Date.now())
    .run();
  return { id, email };
}

const refresh = async (token?: string, at?: number) => {
  const res = await worker.fetch("http://localhost/api/v1/member/getrefresh", {
    method: "POST",
    headers: { lang: "en", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(at ? { "x-test-now": String(at) } : {}) },
  });
  return {
    status: res.status,
    body: await res.json<{ code: number; data: { token: string; refreshToken: string } | null; message: string }>(),
  };
};

describe("POST /member/getrefresh", () => {
  it("rotates: 8003 with a new access token and a new refresh token", async () => {
    const m = await member();
    const session = await issueSession(env, db, m);
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(Code.TOKEN_REFRESHED);
    const pair = first.body.data!;
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect(pair.refreshToken.length).toBeGreaterThanOrEqual(43);
    const claims = await verify(pair.token, env.JWT_SECRET, "HS256");
    expect(claims).toMatchObject({ sub: m.id, email: m.email });
    expect(Number(claims.exp) - Math.floor(Date.now() / 1000)).toBeGreaterThan(ACCESS_TOKEN_SECONDS - 60);
    // The new refresh token works in turn.
    expect((await refresh(pair.refreshToken)).body.code).toBe(Code.TOKEN_REFRESHED);
  });

  it("a refresh token replayed after the grace period answers 8004 and revokes its whole family", async () => {
    const session = await issueSession(env, db, await member());
    const t0 = Date.now();
    const next = (await refresh(session.refreshToken, t0)).body.data!;
    const replay = await refresh(session.refreshToken, t0 + ROTATION_GRACE_MS + 1);
    expect(replay).toMatchObject({
      status: 401,
      body: { code: Code.REFRESH_EXPIRED, message: "Your login has expired. Please log in again." },
    });
    // The legitimate successor is revoked too: the family is burned.
    expect((await refresh(next.refreshToken)).body.code).toBe(Code.REFRESH_EXPIRED);
  });

  it("20 tabs refreshing one token at the same moment all stay signed in, with one successor", async () => {
    const session = await issueSession(env, db, await member());
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(session.refreshToken)));
    expect(results.map((r) => r.body.code)).toEqual(Array(20).fill(Code.TOKEN_REFRESHED));
    const successors = new Set(results.map((r) => r.body.data!.refreshToken));
    expect(successors.size).toBe(1);
    // The family did not fork: one rotated token, one live successor, and that successor works.
    const rows = await env.DB.prepare(
      "SELECT rotated_at, revoked_at FROM refresh_tokens WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?)",
    )
      .bind(await sha256Hex(session.refreshToken))
      .all<{ rotated_at: number | null; revoked_at: number | null }>();
    expect(rows.results.length).toBe(2);
    expect(rows.results.every((r) => r.revoked_at === null)).toBe(true);
    expect((await refresh([...successors][0])).body.code).toBe(Code.TOKEN_REFRESHED);
  });

  it("within the grace period the old token answers the same successor; after it, a replay", async () => {
    const session = await issueSession(env, db, await member());
    const t0 = Date.now();
    const first = (await refresh(session.refreshToken, t0)).body.data!;
    const again = (await refresh(session.refreshToken, t0 + ROTATION_GRACE_MS)).body.data!;
    expect(again.refreshToken).toBe(first.refreshToken);
    expect((await refresh(session.refreshToken, t0 + ROTATION_GRACE_MS + 1)).body.code).toBe(Code.REFRESH_EXPIRED);
    expect((await refresh(first.refreshToken, t0 + ROTATION_GRACE_MS + 2)).body.code).toBe(Code.REFRESH_EXPIRED);
  });

  it("answers 8004 for an expired, unknown, logged-out or missing token", async () => {
    const old = await member();
    const expired = await issueSession(env, db, old);
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE member_id = ?")
      .bind(Date.now() - 1, old.id)
      .run();
    expect((await refresh(expired.refreshToken)).body.code).toBe(Code.REFRESH_EXPIRED);
    expect((await refresh("not-a-real-token")).body.code).toBe(Code.REFRESH_EXPIRED);
    expect((await refresh()).body.code).toBe(Code.REFRESH_EXPIRED);

    const loggedOut = await issueSession(env, db, await member());
    await revokeSession(db, loggedOut.refreshToken);
    expect((await refresh(loggedOut.refreshToken)).body.code).toBe(Code.REFRESH_EXPIRED);
  });

  it("stores only hashes of refresh tokens", async () => {
    const session = await issueSession(env, db, await member());
    const rows = await env.DB.prepare("SELECT token_hash FROM refresh_tokens").all<{ token_hash: string }>();
    expect(rows.results.some((r) => r.token_hash === session.refreshToken)).toBe(false);
    expect(rows.results.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
