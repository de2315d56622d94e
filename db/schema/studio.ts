// Studio projects: TTS paragraphs and versions, the pronunciation dictionary, STS sources, results (inferences), and the jobs that make them with their charges.
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SpokenSentence } from "./types";
import { members } from "./accounts";

/** Studio projects (spec section 3, "Project"): a TTS script or an STS conversion, owned by a member. */
export const projects = sqliteTable(
  "projects",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["tts", "sts"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Raised by every save of the paragraphs; a save from an older revision is a conflict (4600). */
    revision: integer("revision").notNull().default(0),
    /** Deleted by its member, restorable for a short while (domain/studio/projects.ts UNDO_WINDOW_MS), then purged. */
    deletedAt: integer("deleted_at"),
  },
  // Page speed (migration 0025: the profile's project count and the project list, newest first) and undo.
  (t) => [index("projects_member_updated").on(t.memberId, t.updatedAt), index("projects_deleted").on(t.deletedAt)],
);

/**
 * docs/decisions/0037: the last saved versions of a TTS project (its paragraphs as JSON), newest
 * kept; saves close together update the newest version instead of adding one. A deleted version can be
 * restored for a short while.
 */
export const projectVersions = sqliteTable(
  "project_versions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    paragraphs: text("paragraphs").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("project_versions_project").on(t.projectId, t.updatedAt)],
);

/**
 * The paragraphs (sentences) of a TTS project, in order, each with its own voice and settings. The
 * audio of the last generation is kept in R2 with a hash of what produced it, so a sentence whose
 * text and settings did not change is not generated (nor charged) again.
 */
export const paragraphs = sqliteTable(
  "paragraphs",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    voiceId: text("voice_id").notNull(),
    style: text("style", { enum: ["neutral", "angry", "happy", "sad", "anxious", "sports"] })
      .notNull()
      .default("neutral"),
    lang: text("lang", { enum: ["ko", "en", "multi"] })
      .notNull()
      .default("ko"),
    /** Semitones, -24..24 (spec section 9). */
    pitch: integer("pitch").notNull().default(0),
    /** Speed factor, 0.5..2. */
    tempo: real("tempo").notNull().default(1),
    /** Silence after the paragraph, in ms. */
    pauseMs: integer("pause_ms").notNull().default(300),
    audioKey: text("audio_key"),
    audioHash: text("audio_hash"),
    durationMs: integer("duration_ms"),
    /** Its audio's sentences and their times (the subtitles' cues); null for audio made before they were recorded. */
    sentences: text("sentences", { mode: "json" }).$type<SpokenSentence[]>(),
    updatedAt: integer("updated_at").notNull(),
  },
  // (page speed, migration 0025): a project's paragraphs in order, and the project list's counts.
  (t) => [index("paragraphs_project_position").on(t.projectId, t.position)],
);

/**
 * A paragraph's takes: each generation of a TTS paragraph's text and settings (`hash`, as the paragraph's audio is
 * hashed), with its audio. The paragraph's own audio is the take it uses (the picked one, which downloads join). A
 * paragraph that comes back (a restored version, an undone edit) finds its take by its hash and costs nothing; so does
 * generating again what a take already says. Takes go with their project; their audio goes when no row refers to it.
 */
export const paragraphTakes = sqliteTable(
  "paragraph_takes",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The paragraph it was made for (a restored paragraph has a new id: its takes are found by hash). */
    paragraphId: text("paragraph_id").notNull(),
    hash: text("hash").notNull(),
    /** What was said, for the list of takes. */
    text: text("text").notNull(),
    voiceId: text("voice_id").notNull(),
    style: text("style").notNull(),
    tempo: real("tempo").notNull(),
    pitch: integer("pitch").notNull(),
    /** The language it was read in and the pause after it (null on takes kept before they were). */
    lang: text("lang", { enum: ["ko", "en", "multi"] }),
    pauseMs: integer("pause_ms"),
    audioKey: text("audio_key").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** As the paragraph's `sentences`: they go with the audio to the paragraph that uses it. */
    sentences: text("sentences", { mode: "json" }).$type<SpokenSentence[]>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("paragraph_takes_project_hash").on(t.projectId, t.hash), index("paragraph_takes_paragraph").on(t.paragraphId, t.createdAt)],
);

/**
 * A TTS project's background music: one uploaded track, checked as any upload and kept as 24 kHz mono WAV at the voices'
 * loudness, mixed under the voice in the joined download at the member's `level` (percent), ducked while a voice speaks
 * (speech/music-bed.ts). Goes with its project; its file with it (the key is its own).
 */
export const projectMusic = sqliteTable("project_music", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  audioKey: text("audio_key").notNull(),
  /** The uploaded file's name, as the member knows it. */
  name: text("name").notNull(),
  durationMs: integer("duration_ms").notNull(),
  level: integer("level").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * A member's pronunciation dictionary: a word as written -> how the engine should read it, per
 * language, applied to every generation of that member before the pronunciation rules. One entry per word.
 */
export const pronunciationEntries = sqliteTable(
  "pronunciation_entries",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    lang: text("lang", { enum: ["ko", "en"] }).notNull(),
    word: text("word").notNull(),
    reading: text("reading").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("pronunciation_entries_word").on(t.memberId, t.lang, t.word)],
);

/**
 * Generation and conversion results (spec: studio history item, inference_id, work history row): one
 * per synthesis through POST /studio/tts or a project sentence, and one per speech-to-speech
 * conversion (with its original recording), with their audio in R2. Deleting one deletes audio no
 * other row refers to. A result may be shared as a public page under an unguessable `share_id`.
 */
export const inferences = sqliteTable(
  "inferences",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    projectId: text("project_id"),
    paragraphId: text("paragraph_id"),
    voiceId: text("voice_id").notNull(),
    /** Spec work history method: "tts" (typewrite/script), "record" or "upload" (speech-to-speech). */
    method: text("method", { enum: ["tts", "record", "upload"] })
      .notNull()
      .default("tts"),
    /** The text spoken (TTS) or the original file's name (STS). */
    text: text("text").notNull(),
    characters: integer("characters").notNull(),
    /** Conversion time charged, in whole seconds (STS). */
    seconds: integer("seconds").notNull().default(0),
    audioKey: text("audio_key").notNull(),
    /** The original recording of a conversion (decoded WAV), for before/after. */
    sourceKey: text("source_key"),
    /**
     * How a conversion was made (docs/decisions/0061): "register" moved the recording's pitch and formants (embedded
     * engine), "resynthesis" spoke its recognised words again in the voice (Xinference). Null for TTS.
     */
    conversion: text("conversion", { enum: ["register", "resynthesis"] }),
    durationMs: integer("duration_ms").notNull(),
    createdAt: integer("created_at").notNull(),
    shareId: text("share_id"),
    /** The sharer's language when the share was made: the share page's metadata speaks it. */
    shareLocale: text("share_locale", { enum: ["ko", "en"] }),
    /** Spec review: score 1 to 5 and a text. */
    reviewScore: integer("review_score"),
    reviewText: text("review_text"),
    reviewedAt: integer("reviewed_at"),
    /** The shared result this one answers ("reply with my voice"; migration 0024). */
    replyTo: text("reply_to").references((): AnySQLiteColumn => inferences.id, { onDelete: "set null" }),
    /** (migration 0027): deleted from the work history, restorable for a few seconds, then purged. */
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    uniqueIndex("inferences_share_id").on(t.shareId),
    index("inferences_member_created").on(t.memberId, t.createdAt),
    // The replies of a shared result.
    index("inferences_reply_to").on(t.replyTo),
    // (migration 0027): the purge of deleted results.
    index("inferences_deleted").on(t.deletedAt),
  ],
);

/**
 * A checked recording or upload waiting to be converted (STS steps 2 to 4): decoded on the server,
 * kept as 24 kHz mono WAV in R2. It stays after a conversion, so the same recording can be converted
 * to another voice; it belongs to an STS project.
 */
export const stsSources = sqliteTable("sts_sources", {
  id: text("id").primaryKey(),
  memberId: text("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  projectId: text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  method: text("method", { enum: ["record", "upload"] }).notNull(),
  /** The file's name as uploaded (or the recording's generated name). */
  name: text("name").notNull(),
  /** What the content turned out to be: wav, mp3, ogg-opus, webm-opus, m4a. */
  format: text("format").notNull(),
  audioKey: text("audio_key").notNull(),
  durationMs: integer("duration_ms").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * The jobs a member has in progress (docs/decisions/0017): project generations and conversions (a
 * `GenerationJob` each) and the one-call APIs while they run. A row is admitted only under the
 * member's limits (`JOB_LIMITS` in workers/api/src/lib/rate-limit.ts, checked in the INSERT itself),
 * is `running` once it holds one of the member's running slots, keeps a heartbeat, and is deleted
 * when the work ends. A TTS project has at most one active generation (the partial unique index);
 * a row whose heartbeat is older than `JOB_LIMITS.staleMs` no longer counts and is cleaned up.
 */
export const activeJobs = sqliteTable(
  "active_jobs",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    projectId: text("project_id"),
    /** tts / sts: a project generation / a conversion job; tts-call / sts-call: POST /studio/tts, /studio/sts. */
    kind: text("kind", { enum: ["tts", "sts", "tts-call", "sts-call", "voice-call"] }).notNull(),
    state: text("state", { enum: ["queued", "running"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    heartbeatAt: integer("heartbeat_at").notNull(),
  },
  (t) => [
    index("active_jobs_member").on(t.memberId, t.state),
    uniqueIndex("active_jobs_project")
      .on(t.projectId)
      .where(sql`kind = 'tts'`),
  ],
);

/**
 * The ledger of allowance taken by job items (docs/decisions/0017), keyed by the item (`job:item:attempt`):
 * written in the same transaction as the spend, `settled_at` when the item's result is stored,
 * `refunded_at` when what it took was given back. A charge is refunded at most once: the refund and
 * its mark are one transaction conditional on the charge being open.
 */
export const jobCharges = sqliteTable(
  "job_charges",
  {
    key: text("key").primaryKey(),
    jobId: text("job_id").notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["chars", "seconds"] }).notNull(),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
    refundedAt: integer("refunded_at"),
  },
  (t) => [
    index("job_charges_job").on(t.jobId),
    index("job_charges_open")
      .on(t.createdAt)
      .where(sql`settled_at IS NULL AND refunded_at IS NULL`),
  ],
);
