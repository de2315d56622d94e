// The console's audit log and business API keys.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { members } from "./accounts";

/**
 * What operators did (who, what, when, before/after as JSON): append-only. Triggers in the migration
 * (0020) refuse every UPDATE and DELETE, so not even the api can change a row. No foreign keys: a row
 * outlives the member it names.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("audit_log_created").on(t.createdAt), index("audit_log_target").on(t.targetType, t.targetId)],
);

/**
 * Business API keys (docs/decisions/0031): `Authorization: Bearer <key>` on the public TTS and STS calls.
 * Only the SHA-256 of the key is stored (a key is 256 random bits, so a plain hash cannot be reversed
 * by trying); `prefix` is what the list shows. A revoked key stays listed with `revoked_at`.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash").on(t.keyHash), index("api_keys_member").on(t.memberId, t.createdAt)],
);
