// The voice library: voices (basic, open, custom), drafts, bookmarks, ratings, comments and reports, events, weekly usage, and the remote voices' reference clips.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { VoiceAge, VoiceGender, VoiceTone } from "#contracts/voices";
import type { LocalizedText } from "./types";
import { members } from "./accounts";

/** Voice tag vocabularies (spec section 3, "Voice tags"); labels live in workers/api/src/lib/labels.ts. */
export type { VoiceAge, VoiceGender, VoiceTone };

/**
 * Voices of the library (spec section 3, "Voice card"): basic voices are seeded engine parameter
 * sets; open and custom voices (later issues) belong to a member. `engine` is the parameter set the
 * voice engine synthesises with (workers/api/src/engine).
 */
export const voices = sqliteTable(
  "voices",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["basic", "open", "custom"] }).notNull(),
    ownerId: text("owner_id").references(() => members.id, { onDelete: "cascade" }),
    /** The language the voice speaks. */
    lang: text("lang", { enum: ["ko", "en"] }).notNull(),
    name: text("name", { mode: "json" }).$type<LocalizedText>().notNull(),
    /** The one-line introduction (spec: pr). */
    intro: text("intro", { mode: "json" }).$type<LocalizedText>().notNull(),
    tone: text("tone").$type<VoiceTone>().notNull(),
    gender: text("gender").$type<VoiceGender>().notNull(),
    age: text("age").$type<VoiceAge>().notNull(),
    /** Mood/feature tag codes (two). */
    features: text("features", { mode: "json" }).$type<string[]>().notNull(),
    /** Content category codes (spec: useCases). */
    categories: text("categories", { mode: "json" }).$type<string[]>().notNull(),
    engine: text("engine", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Generations with this voice (for "top voices"). */
    usageCount: integer("usage_count").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    /** An operator hid the voice (docs/decisions/0028): only its creator still sees it, marked with the reason. */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    /** Its creator deleted this open voice: gone from every list and detail, new generations refused; projects keep their audio. */
    deletedAt: integer("deleted_at"),
    /** Ratings' count, sum and average, kept by triggers on voice_ratings (migration 0016). */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    ratingAvg: real("rating_avg").notNull().default(0),
    /** Members who bookmarked it, kept by triggers on voice_bookmarks (migration 0016); the "popular" sort. */
    bookmarkCount: integer("bookmark_count").notNull().default(0),
    /**
     * An open or custom voice's profile (migration 0017, docs/decisions/0029): the recording's measured facts and
     * profile, the base voice's and the derived voice's (workers/api/src/speech/voice-profile.ts).
     */
    profile: text("profile", { mode: "json" }).$type<Record<string, unknown>>(),
    /** The recording it was made from (R2, 24 kHz WAV), kept while the voice exists. */
    sourceKey: text("source_key"),
    /** The profile image (R2, 240x240 PNG, JPEG or WebP, checked by content) and its content type; null: the generated one. */
    imageKey: text("image_key"),
    imageType: text("image_type"),
    // Custom voices (migration 0021, docs/decisions/0034).
    /** "creating" while its job runs, "failed" when it could not be made (its slot given back), else "ready". */
    status: text("status", { enum: ["creating", "ready", "failed"] })
      .notNull()
      .default("ready"),
    /** The three consents of a custom voice's creation form (consent_rights, consent_training, consent_no_harm), each "on". */
    consents: text("consents", { mode: "json" }).$type<string[]>(),
    /** When the consents were given (ms since the epoch). */
    consentedAt: integer("consented_at"),
    /** How many files the custom voice was made from (1-5; its recordings are under its R2 prefix). */
    fileCount: integer("file_count"),
    /** The creation job (GET /studio/jobs/:id). */
    jobId: text("job_id"),
    /** Why the creation failed: the rule's code, its message in the member's language and, for a file's rule, the file. */
    failure: text("failure", { mode: "json" }).$type<{ code: number; reason: string; file?: { index: number; name: string } }>(),
  },
  (t) => [
    // The library's sorts within a tab (docs/decisions/0028), walked backwards for DESC with the id as tie-break.
    index("voices_type_popular").on(t.type, t.bookmarkCount, t.usageCount, t.id),
    index("voices_type_newest").on(t.type, t.createdAt, t.id),
    index("voices_type_rating").on(t.type, t.ratingAvg, t.ratingCount, t.id),
    index("voices_type_usage").on(t.type, t.usageCount, t.id),
    index("voices_owner").on(t.ownerId, t.createdAt),
  ],
);

/**
 * A checked recording on its way to becoming an open voice (wizard step 2, migration 0017): the recording in R2,
 * its facts, the derived profile and engine parameters, and the preview once spoken. Kept 24 hours
 * (the daily clean-up deletes it and its files); creating the voice consumes it.
 */
export const voiceDrafts = sqliteTable(
  "voice_drafts",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    lang: text("lang", { enum: ["ko", "en"] }).notNull(),
    gender: text("gender").$type<VoiceGender>().notNull(),
    audioKey: text("audio_key").notNull(),
    facts: text("facts", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    profile: text("profile", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    engine: text("engine", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    previewKey: text("preview_key"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("voice_drafts_member").on(t.memberId, t.createdAt), index("voice_drafts_expires").on(t.expiresAt)],
);

/** A member's bookmarked voices (the library's Bookmark tab). */
export const voiceBookmarks = sqliteTable(
  "voice_bookmarks",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.voiceId] }), index("voice_bookmarks_voice").on(t.voiceId)],
);

/** A member's score of a voice, 1 to 5, one per member and voice (a new one replaces the old). */
export const voiceRatings = sqliteTable(
  "voice_ratings",
  {
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.voiceId, t.memberId] }),
    index("voice_ratings_member").on(t.memberId),
    check("voice_ratings_score", sql`${t.score} BETWEEN 1 AND 5`),
  ],
);

/** Comments on a voice (newest first); an operator may hide one (its author still sees it, marked). */
export const voiceComments = sqliteTable(
  "voice_comments",
  {
    id: text("id").primaryKey(),
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull(),
    editedAt: integer("edited_at"),
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [index("voice_comments_voice_created").on(t.voiceId, t.createdAt, t.id), index("voice_comments_member").on(t.memberId)],
);

/** Reports of a comment: one per member and comment (the unique index, not a read, keeps it so). */
export const commentReports = sqliteTable(
  "comment_reports",
  {
    id: text("id").primaryKey(),
    commentId: text("comment_id")
      .notNull()
      .references(() => voiceComments.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** contracts/voices.ts REPORT_CATEGORIES. */
    category: text("category").notNull(),
    description: text("description").notNull(),
    createdAt: integer("created_at").notNull(),
    /** open, then dismissed or resolved (what it reports was hidden) by an operator (migration 0022). */
    status: text("status", { enum: ["open", "dismissed", "resolved"] })
      .notNull()
      .default("open"),
    resolvedAt: integer("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("comment_reports_one").on(t.commentId, t.memberId),
    index("comment_reports_member").on(t.memberId),
    index("comment_reports_status_created").on(t.status, t.createdAt),
  ],
);

/** Reports of a voice (spec: category of three and a description; one per member and voice, by the unique index). */
export const voiceReports = sqliteTable(
  "voice_reports",
  {
    id: text("id").primaryKey(),
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    description: text("description").notNull(),
    createdAt: integer("created_at").notNull(),
    /** open, then dismissed or resolved (the voice was hidden) by an operator (migration 0022). */
    status: text("status", { enum: ["open", "dismissed", "resolved"] })
      .notNull()
      .default("open"),
    resolvedAt: integer("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    uniqueIndex("voice_reports_one").on(t.voiceId, t.memberId),
    index("voice_reports_member").on(t.memberId),
    index("voice_reports_status_created").on(t.status, t.createdAt),
  ],
);

/** Voices an operator features for a period (the library's Event tab): shown while starts_at <= now < ends_at. */
export const voiceEvents = sqliteTable(
  "voice_events",
  {
    id: text("id").primaryKey(),
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("voice_events_period").on(t.endsAt, t.startsAt), index("voice_events_voice").on(t.voiceId, t.endsAt)],
);

/** Generations per voice and UTC day: "top voices of the week" sums the last 7 days. */
export const voiceUsage = sqliteTable(
  "voice_usage",
  {
    voiceId: text("voice_id")
      .notNull()
      .references(() => voices.id, { onDelete: "cascade" }),
    /** Days since 1970-01-01 (UTC). */
    day: integer("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.voiceId, t.day] })],
);

// Server defects found in review (docs/decisions/0052): remote voices to delete at the HTTP engine's service.
/**
 * A remote voice (`engine.remoteId`) the product let go of, to delete at the service: queued by triggers (migration 0029)
 * when a voice is deleted (soft or hard, cascades included) or a draft goes unpublished; drained after the answer and by
 * the hourly cron (workers/api/src/speech/forget.ts), retried with a growing wait, given up after a number of attempts.
 */
export const remoteVoiceDeletions = sqliteTable(
  "remote_voice_deletions",
  {
    /** The voice's id, or `draft:<id>` for an open voice draft. */
    sourceId: text("source_id").primaryKey(),
    remoteId: text("remote_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due (ms since the epoch; 0 at once). */
    nextAt: integer("next_at").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    lastError: text("last_error"),
  },
  (t) => [index("remote_voice_deletions_due").on(t.nextAt)],
);

/**
 * A basic voice as an operator stages it (docs/decisions/0062): a consented speaker's reference clip (R2) with its
 * exact transcript, or a neural model's preset speaker; the card it will have in the library; the speaker's consent
 * and the licence; the last audition. Publishing makes the basic voice (`voice_id`); the row stays as its provenance.
 */
export const voiceReferences = sqliteTable(
  "voice_references",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["clip", "preset"] }).notNull(),
    lang: text("lang", { enum: ["ko", "en"] }).notNull(),
    name: text("name", { mode: "json" }).$type<LocalizedText>().notNull(),
    intro: text("intro", { mode: "json" }).$type<LocalizedText>().notNull(),
    tone: text("tone").$type<VoiceTone>().notNull(),
    gender: text("gender").$type<VoiceGender>().notNull(),
    age: text("age").$type<VoiceAge>().notNull(),
    features: text("features", { mode: "json" }).$type<string[]>().notNull(),
    categories: text("categories", { mode: "json" }).$type<string[]>().notNull(),
    /** The parameters the basic voice gets (the clip as `prompt`, or `preset`, with eSpeak parameters derived from the clip). */
    engine: text("engine", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    clipKey: text("clip_key"),
    transcript: text("transcript"),
    clipSeconds: real("clip_seconds"),
    speaker: text("speaker").notNull(),
    consentAt: integer("consent_at"),
    consentDocument: text("consent_document"),
    licence: text("licence", { enum: ["exclusive", "non_exclusive", "model"] }).notNull(),
    licenceNote: text("licence_note"),
    licenceEndsAt: integer("licence_ends_at"),
    auditionKey: text("audition_key"),
    auditionText: text("audition_text"),
    auditionEngine: text("audition_engine"),
    auditionedAt: integer("auditioned_at"),
    voiceId: text("voice_id").references(() => voices.id, { onDelete: "set null" }),
    publishedAt: integer("published_at"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("voice_references_created").on(t.createdAt), uniqueIndex("voice_references_voice").on(t.voiceId)],
);
