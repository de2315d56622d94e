// A member's business API keys (docs/decisions/0031): created with a name and shown once,
// listed by prefix and last use, revoked. The key itself is never stored (lib/api-keys.ts).
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "#db/schema";
import { apiKeyHash, newApiKey, SHOWN_PREFIX_LENGTH } from "../lib/api-keys";
import { Code } from "../lib/codes";
import { done, refusal, type Result } from "../lib/envelope";
import type { MemberScope } from "./scope";

/** Live keys per member, and how many keys (live and revoked) the list shows. */
export const API_KEY_LIMITS = { live: 10, listed: 50, name: 40 } as const;

type Row = typeof apiKeys.$inferSelect;
export type ApiKeyOut = {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

const out = (r: Row): ApiKeyOut => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt,
  revokedAt: r.revokedAt,
});

/** The member's keys, newest first (revoked ones too, marked), and the limit of live keys. */
export async function listKeys(s: Pick<MemberScope, "db" | "member">) {
  const rows = await s.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.memberId, s.member.id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEY_LIMITS.listed);
  return { keys: rows.map(out), limit: API_KEY_LIMITS.live };
}

/**
 * A new key named `name`: the answer carries the key itself (`key`), the only time it is ever shown.
 * At most API_KEY_LIMITS.live live keys (4500). The count and the insert are one statement (as
 * createProject's), so concurrent creations cannot pass the limit together.
 */
export async function createKey(
  s: Pick<MemberScope, "env" | "member">,
  name: string,
  now = Date.now(),
): Promise<Result<ApiKeyOut & { key: string }>> {
  const key = newApiKey();
  const row: Row = {
    id: crypto.randomUUID(),
    memberId: s.member.id,
    name,
    prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
    keyHash: await apiKeyHash(key),
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  const inserted = await s.env.DB.prepare(
    `INSERT INTO api_keys (id, member_id, name, prefix, key_hash, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6
     WHERE (SELECT COUNT(*) FROM api_keys WHERE member_id = ?2 AND revoked_at IS NULL) < ${API_KEY_LIMITS.live}`,
  )
    .bind(row.id, row.memberId, row.name, row.prefix, row.keyHash, row.createdAt)
    .run();
  if (inserted.meta.changes !== 1) return refusal(Code.API_KEY_LIMIT, { params: { max: API_KEY_LIMITS.live } });
  return done({ ...out(row), key });
}

/** Revokes a key at once (the next call with it answers 4501); another member's key is "not found". */
export async function revokeKey(s: Pick<MemberScope, "db" | "member">, id: string, now = Date.now()): Promise<Result<ApiKeyOut>> {
  const mine = and(eq(apiKeys.id, id), eq(apiKeys.memberId, s.member.id));
  const [row] = await s.db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(mine, isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return done(out(row));
  // Revoking twice answers the key as it is; a key that is not the member's does not exist for them.
  const existing = await s.db.select().from(apiKeys).where(mine).get();
  return existing ? done(out(existing)) : refusal(Code.NOT_FOUND);
}
