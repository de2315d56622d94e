import { and, eq, isNull } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { sign } from "hono/jwt";
import { members, refreshTokens } from "../../../../db/schema";
import type { AppEnv, Member } from "../env";
import { sha256Hex } from "./crypto";

/** Spec section 9: access token 1 day, refresh token 14 days. */
export const ACCESS_TOKEN_SECONDS = 86_400;
export const REFRESH_TOKEN_SECONDS = 1_209_600;

type Db = DrizzleD1Database<Record<string, unknown>>;

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** An HS256 JWT with `sub`, `email`, `iat` and `exp`, as `requireMember` verifies it. */
export function signAccessToken(env: AppEnv["Bindings"], member: Member, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return sign({ sub: member.id, email: member.email, iat, exp: iat + ACCESS_TOKEN_SECONDS }, env.JWT_SECRET, "HS256");
}

/** A new random refresh token (256 bits) in `familyId` (a new family when absent); only its hash is stored. */
async function issueRefreshToken(db: Db, memberId: string, familyId: string = crypto.randomUUID(), now = Date.now()) {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await db.insert(refreshTokens).values({
    id: crypto.randomUUID(),
    memberId,
    familyId,
    tokenHash: await sha256Hex(token),
    expiresAt: now + REFRESH_TOKEN_SECONDS * 1000,
    createdAt: now,
  });
  return token;
}

/** A fresh session (new token family) for a member who just signed in. */
export async function issueSession(env: AppEnv["Bindings"], db: Db, member: Member, now = Date.now()) {
  return { token: await signAccessToken(env, member, now), refreshToken: await issueRefreshToken(db, member.id, undefined, now) };
}

/**
 * Exchanges a refresh token for a new pair. Null when the token is unknown, expired or revoked; when
 * it was already rotated (a replay, RFC 9700 section 4.14.2) the whole family is revoked as well.
 * The rotation is one conditional UPDATE, so two concurrent uses of one token cannot both succeed.
 */
export async function rotateSession(env: AppEnv["Bindings"], db: Db, presented: string, now = Date.now()) {
  const row = await db
    .select({ token: refreshTokens, email: members.email })
    .from(refreshTokens)
    .innerJoin(members, eq(members.id, refreshTokens.memberId))
    .where(eq(refreshTokens.tokenHash, await sha256Hex(presented)))
    .get();
  if (!row || row.token.revokedAt !== null || row.token.expiresAt <= now) return null;
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.token.familyId, now);
    return null;
  }
  const member = { id: row.token.memberId, email: row.email };
  return {
    token: await signAccessToken(env, member, now),
    refreshToken: await issueRefreshToken(db, member.id, row.token.familyId, now),
  };
}

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

/** Ends every session of a member (after a password reset). */
export async function revokeAllSessions(db: Db, memberId: string, now = Date.now()) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
}
