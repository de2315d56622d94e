import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { sign } from "hono/jwt";
import { members, refreshTokens } from "#db/schema";
import type { AppEnv, Member } from "../env";
import { sha256Hex } from "./crypto";
import { preparedOnce } from "./prepared";

/** Spec section 9: access token 1 day, refresh token 14 days. */
export const ACCESS_TOKEN_SECONDS = 86_400;
export const REFRESH_TOKEN_SECONDS = 1_209_600;

type Db = DrizzleD1Database<Record<string, unknown>>;

/**
 * How long a just-rotated refresh token still answers (with the same successor) instead of counting
 * as a replay: two tabs that refresh at the same moment both stay signed in (docs/decisions/0019).
 */
export const ROTATION_GRACE_MS = 5_000;

/**
 * An HS256 JWT with `sub`, `email`, `sid` (the session: its refresh-token family), `iat` and `exp`, as
 * `requireMember` verifies it; the session must still be live in D1 for the token to count.
 */
export function signAccessToken(env: AppEnv["Bindings"], member: Member, sessionId: string, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return sign({ sub: member.id, email: member.email, sid: sessionId, iat, exp: iat + ACCESS_TOKEN_SECONDS }, env.JWT_SECRET, "HS256");
}

const refreshRow = async (memberId: string, familyId: string, token: string, now: number) => ({
  id: crypto.randomUUID(),
  memberId,
  familyId,
  tokenHash: await sha256Hex(token),
  expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
  createdAt: now,
});

/**
 * The refresh token that follows `presented`: an HMAC of it under the signing secret, so every
 * request that rotates the same token within the grace period derives the same successor without
 * the server keeping it (only its hash is stored, like every refresh token).
 */
async function successorOf(env: AppEnv["Bindings"], presented: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.JWT_SECRET), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return encodeBase64urlNoPadding(
    new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`refresh-successor:${presented}`))),
  );
}

/** A fresh session (a new token family: a random 256-bit refresh token) for a member who just signed in. */
export async function issueSession(env: AppEnv["Bindings"], db: Db, member: Member, now = Date.now()) {
  const familyId = crypto.randomUUID();
  const refreshToken = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
  // Every sign-in counts as activity: a year without one makes the account dormant (domain/accounts/dormancy.ts).
  await db.batch([
    db.insert(refreshTokens).values(await refreshRow(member.id, familyId, refreshToken, now)),
    db.update(members).set({ lastLoginAt: now, dormantNoticeAt: null }).where(eq(members.id, member.id)),
  ]);
  return { token: await signAccessToken(env, member, familyId, now), refreshToken };
}

/**
 * Exchanges a refresh token for a new pair. Null when the token is unknown, expired or revoked. The
 * rotation and the successor's insert are one transaction, conditional on the token not being
 * rotated yet, so concurrent uses cannot fork the family. A token rotated less than
 * ROTATION_GRACE_MS ago answers the same successor (two tabs refreshing at once); later, using it
 * again is a replay (RFC 9700 section 4.14.2) and revokes the whole family.
 */
export async function rotateSession(env: AppEnv["Bindings"], db: Db, presented: string, now = Date.now()) {
  const presentedHash = await sha256Hex(presented);
  const find = () =>
    db
      .select({ token: refreshTokens, email: members.email })
      .from(refreshTokens)
      .innerJoin(members, eq(members.id, refreshTokens.memberId))
      .where(eq(refreshTokens.tokenHash, presentedHash))
      .get();
  const row = await find();
  if (!row || row.token.revokedAt !== null || row.token.expiresAt <= now) return null;
  const member = { id: row.token.memberId, email: row.email };
  const successor = await successorOf(env, presented);
  const next = await refreshRow(member.id, row.token.familyId, successor, now);
  const d1 = (db as unknown as { $client: D1Database }).$client;
  const [claim] = await d1.batch([
    d1
      .prepare("UPDATE refresh_tokens SET rotated_at = ?2 WHERE id = ?1 AND rotated_at IS NULL AND revoked_at IS NULL")
      .bind(row.token.id, now),
    d1
      .prepare(
        `INSERT INTO refresh_tokens (id, member_id, family_id, token_hash, expires_at, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE changes() = 1`,
      )
      .bind(next.id, next.memberId, next.familyId, next.tokenHash, next.expiresAt, next.createdAt),
  ]);
  if ((claim?.meta.changes ?? 0) === 0) {
    const again = await find();
    const rotatedAt = again?.token.rotatedAt ?? null;
    const inGrace = again && again.token.revokedAt === null && rotatedAt !== null && now - rotatedAt <= ROTATION_GRACE_MS;
    const live = inGrace
      ? await db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.tokenHash, next.tokenHash), isNull(refreshTokens.revokedAt)))
          .get()
      : undefined;
    if (!live) {
      await revokeFamily(db, row.token.familyId, now);
      return null;
    }
  }
  // A session kept alive by refreshes is activity too (at most one write a day per member).
  await db
    .update(members)
    .set({ lastLoginAt: now, dormantNoticeAt: null })
    .where(and(eq(members.id, member.id), or(isNull(members.lastLoginAt), lt(members.lastLoginAt, now - 86_400_000))));
  return { token: await signAccessToken(env, member, row.token.familyId, now), refreshToken: successor };
}

/**
 * Whether an access token's session is still live: the member exists and the token's family has a
 * token that is not revoked (logout, replay, password reset, "log out everywhere" and withdrawal
 * revoke or delete them). One indexed D1 read; the member's current e-mail comes with it.
 */
export async function liveSession(db: D1Database, memberId: string, sessionId: string) {
  return db
    .prepare(
      `SELECT m.email AS email FROM members m
       WHERE m.id = ?1 AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = ?2 AND r.member_id = ?1 AND r.revoked_at IS NULL)`,
    )
    .bind(memberId, sessionId)
    .first<{ email: string }>();
}

/**
 * `liveSession`'s condition as a part of another statement over `members` (
 * docs/decisions/0051): the session `sid` (a placeholder) of the row's member has a token not revoked. A
 * statement that selects the member `WHERE members.id = ? AND` this is its own session check.
 */
export const sessionIsLive = (): SQL =>
  sql`EXISTS (SELECT 1 FROM ${refreshTokens} WHERE ${refreshTokens.familyId} = ${sql.placeholder("sid")} AND ${refreshTokens.memberId} = ${members.id} AND ${refreshTokens.revokedAt} IS NULL)`;

/**
 * GET /member/home's session check, built once per database: the member `id` while its session `sid` is live, else
 * undefined (login required). It runs beside the home's lists, which read nothing of the session (domain/home.ts).
 */
const sessionLiveQuery = preparedOnce((db) =>
  db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, sql.placeholder("id")), sessionIsLive()))
    .prepare(),
);
export const sessionLive = (db: Db, id: string, sid: string) => sessionLiveQuery(db).get({ id, sid });

export async function revokeFamily(db: Db, familyId: string, now = Date.now()) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: revokes the family of the presented refresh token (no error when it is unknown). */
export async function revokeSession(db: Db, presented: string, now = Date.now()) {
  const row = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(presented)))
    .get();
  if (row) await revokeFamily(db, row.familyId, now);
}

/** Ends every session of a member at once (password reset, "log out everywhere"). */
export async function revokeAllSessions(db: Db, memberId: string, now = Date.now()) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
}
