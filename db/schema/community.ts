// Voice contests and their entries, and voice actor applications.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { members } from "./accounts";
import { inferences } from "./studio";

/** Contest pages (/contest): title, period, rules and prize; members enter by sharing a result. */
export const contests = sqliteTable(
  "contests",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    titleKo: text("title_ko").notNull(),
    titleEn: text("title_en").notNull(),
    summaryKo: text("summary_ko").notNull(),
    summaryEn: text("summary_en").notNull(),
    rulesKo: text("rules_ko").notNull(),
    rulesEn: text("rules_en").notNull(),
    prizeKo: text("prize_ko").notNull(),
    prizeEn: text("prize_en").notNull(),
    /** Entries are taken from `starts_at` up to (not including) `ends_at`. */
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    publishedAt: integer("published_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("contests_slug").on(t.slug)],
);

/** A member's entry in a contest: one of their shared results (one entry per member per contest). */
export const contestEntries = sqliteTable(
  "contest_entries",
  {
    id: text("id").primaryKey(),
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    inferenceId: text("inference_id")
      .notNull()
      .references(() => inferences.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("contest_entries_member").on(t.contestId, t.memberId), index("contest_entries_inference").on(t.inferenceId)],
);

/**
 * Voice actors' applications from /actors: who they are, how to reach them, a sample (a link
 * or an uploaded recording kept in R2) and their consent, for the operator console. `contact_key` is the
 * contact as compared (trimmed, lower case): one application in `received` per contact.
 */
export const actorApplications = sqliteTable(
  "actor_applications",
  {
    id: text("id").primaryKey(),
    /** The member who applied while signed in; applications from visitors have none. */
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    contact: text("contact").notNull(),
    contactKey: text("contact_key").notNull(),
    sampleUrl: text("sample_url"),
    /** The uploaded sample in R2 (MEDIA), as sent, checked by content. */
    sampleKey: text("sample_key"),
    sampleFormat: text("sample_format"),
    sampleDurationMs: integer("sample_duration_ms"),
    locale: text("locale", { enum: ["ko", "en"] }).notNull(),
    consentAt: integer("consent_at").notNull(),
    /** received, then the operator console's own states. */
    status: text("status").notNull().default("received"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("actor_applications_open_contact")
      .on(t.contactKey)
      .where(sql`status = 'received'`),
    index("actor_applications_status_created").on(t.status, t.createdAt),
  ],
);
