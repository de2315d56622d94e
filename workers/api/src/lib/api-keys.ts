// Business API keys (docs/decisions/0031): the key's shape, its hash and the one look-up the
// middleware makes. Creating, listing and revoking keys is domain/api-keys.ts.
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sha256Hex } from "./crypto";

/** Every key starts with this, so a key is recognisable in a log or a secret scanner. */
export const API_KEY_PREFIX = "vsk_";
/** `vsk_` and 43 base64url characters: 256 random bits. */
export const API_KEY_PATTERN = /^vsk_[A-Za-z0-9_-]{43}$/;
/** How much of a key the list shows (`vsk_` and 8 characters: 48 of its 256 bits). */
export const SHOWN_PREFIX_LENGTH = 12;

/** A new key: 32 random bytes, base64url. */
export function newApiKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${API_KEY_PREFIX}${encodeBase64urlNoPadding(bytes)}`;
}

/**
 * What is stored of a key: its SHA-256. A key holds 256 random bits, so unlike a password it needs no
 * slow, salted hash: nobody can find a key from its hash by trying keys.
 */
export const apiKeyHash = (key: string) => sha256Hex(key);

/**
 * The live key with this value and its member (a revoked key, a withdrawn member's key or a string
 * that is not a key: null). One indexed read.
 */
export async function liveApiKey(db: D1Database, key: string) {
  if (!API_KEY_PATTERN.test(key)) return null;
  return db
    .prepare(
      `SELECT k.id AS id, m.id AS memberId, m.email AS email FROM api_keys k JOIN members m ON m.id = k.member_id
       WHERE k.key_hash = ?1 AND k.revoked_at IS NULL`,
    )
    .bind(await apiKeyHash(key))
    .first<{ id: string; memberId: string; email: string }>();
}

/** Marks a key as used now (the list shows its last use). */
export const touchApiKey = (db: D1Database, id: string, now = Date.now()) =>
  db.prepare("UPDATE api_keys SET last_used_at = ?2 WHERE id = ?1").bind(id, now).run();
