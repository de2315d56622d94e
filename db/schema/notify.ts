// The notify worker's error reports and their deduplication.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Error reports posted to /api/notify (message, detail, userId). */
export const notifyReports = sqliteTable(
  "notify_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    message: text("message").notNull(),
    detail: text("detail").notNull(),
    userId: text("user_id").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  // The daily clean-up deletes reports past the 3-month log retention by this index.
  (t) => [index("notify_reports_received").on(t.receivedAt)],
);

/**
 * One row per report fingerprint (sha-256 of message, detail and user) with the time the last
 * report was stored. The primary key plus a conditional upsert decides, atomically inside D1, whether
 * a report is new or an identical one within 2000 ms (see workers/notify/src/index.ts).
 */
export const notifyDedup = sqliteTable("notify_dedup", {
  fingerprint: text("fingerprint").primaryKey(),
  lastAt: integer("last_at").notNull(),
});
