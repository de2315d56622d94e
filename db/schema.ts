import { sql } from "drizzle-orm";
import type { VoiceAge, VoiceGender, VoiceTone } from "../contracts/voices";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** A localized text stored as JSON: {"ko": "...", "en": "..."}. */
export type LocalizedText = { ko: string; en: string };

/** The plan catalogue served by GET /api/v1/utils/planlist (spec section 3, "Plan catalogue entry"). */
export const plans = sqliteTable("plans", {
  tier: integer("tier").primaryKey(),
  plan: text("plan").notNull().unique(),
  subtitle: text("subtitle", { mode: "json" }).$type<LocalizedText>().notNull(),
  /** Monthly price in KRW (won). */
  price: integer("price").notNull(),
  /** Monthly price in USD cents (3.99 USD = 399). */
  priceEnCents: integer("price_en_cents").notNull(),
  /** Available STS time per month, in minutes. */
  planTime: integer("plan_time").notNull(),
  /** Available TTS characters per month. */
  planTxt: integer("plan_txt").notNull(),
  /** Custom voice slots; -1 means unlimited. */
  cvCnt: integer("cv_cnt").notNull(),
  /** Feature list shown on the plan card. */
  func: text("func", { mode: "json" }).$type<{ ko: string[]; en: string[] }>().notNull(),
  /** Project limit; -1 means unlimited. */
  projectLimit: integer("project_limit").notNull(),
});

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

/**
 * Members (spec section 3, "User info" and "Member create"). The accounts issue adds the
 * remaining profile fields; the e-mail certification step needs the address and login type.
 */
export const members = sqliteTable("members", {
  id: text("id").primaryKey(),
  /** Lower-cased. */
  email: text("email").notNull().unique(),
  /** "email" for our own login, else the social provider: "google", "naver" or "kakao". */
  type: text("type", { enum: ["email", "google", "naver", "kakao"] }).notNull(),
  nickname: text("nickname").notNull(),
  passwordHash: text("password_hash"),
  firstname: text("firstname").notNull().default(""),
  secondname: text("secondname").notNull().default(""),
  gender: text("gender").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  /** Jobs, comma-joined (spec: member create `work`). */
  work: text("work").notNull().default(""),
  belong: text("belong").notNull().default(""),
  /** Purposes, comma-joined, with the free text when "other" was chosen (spec: `perpose`). */
  purpose: text("purpose").notNull().default(""),
  /** "Y", "N", or "" when unknown. */
  marketing: text("marketing").notNull().default(""),
  locale: text("locale").notNull().default("ko"),
  profileImg: text("profile_img").notNull().default(""),
  createdAt: integer("created_at").notNull(),
  /** Current plan name (spec: planName, default Free); the billing issue keeps it and the period. */
  plan: text("plan").notNull().default("Free"),
  /** End of the paid period (ms), null on Free; withdrawal is blocked before it. */
  planEndAt: integer("plan_end_at"),
  /** TTS characters used in the current allowance period (workers/api/src/lib/allowance.ts). */
  usedChars: integer("used_chars").notNull().default(0),
  /** STS seconds used in the current allowance period. */
  usedSeconds: integer("used_seconds").notNull().default(0),
  /** When the current allowance period ends (ms); 0 = not started. Monthly allowances do not carry over. */
  usagePeriodEnd: integer("usage_period_end").notNull().default(0),
  /** Start of the current paid (or coupon) period (ms); null on Free. */
  planStartAt: integer("plan_start_at"),
  /** The day auto-billing counts months from (ms): the first payment, or the last upgrade. */
  billingAnchorAt: integer("billing_anchor_at"),
  /** Next card charge (ms; spec: renewal date); null when nothing renews. */
  nextPaymentAt: integer("next_payment_at"),
  /** "none" (Free, coupon or PayPal month), "active" (card auto-billing), "cancelled" (runs to the end), "past_due" (a renewal failed; retried). */
  subscription: text("subscription", { enum: ["none", "active", "cancelled", "past_due"] })
    .notNull()
    .default("none"),
  /** Pending downgrade, applied at the next renewal (spec: toplan, 'will change to'). */
  toPlan: text("to_plan"),
  /** How the current period was paid: "", "card", "paypal" or "coupon". */
  paymentMethod: text("payment_method").notNull().default(""),
  /** End of a running coupon period (ms): plan changes are blocked before it. */
  couponEndAt: integer("coupon_end_at"),
  /** The first-month 50% was used (once per member). */
  usedDiscount: integer("used_discount", { mode: "boolean" }).notNull().default(false),
  /** A downgrade left more custom voices than slots: the member must choose (spec: cv_cnt_over). */
  mustChooseCv: integer("must_choose_cv", { mode: "boolean" }).notNull().default(false),
  /** Time and characters left over from the plan before an upgrade, added to this period's allowance. */
  carrySeconds: integer("carry_seconds").notNull().default(0),
  carryChars: integer("carry_chars").notNull().default(0),
  /** Failed renewal charges in a row, and when the next attempt is due (ms). */
  renewAttempts: integer("renew_attempts").notNull().default(0),
  renewRetryAt: integer("renew_retry_at"),
  /** "operator" opens /admin (granted by `npm run operator`, never by an API; docs/decisions/0032). */
  role: text("role", { enum: ["member", "operator"] })
    .notNull()
    .default("member"),
  /** The last sign-in or session refresh (ms): a year without one makes the account dormant. */
  lastLoginAt: integer("last_login_at"),
  /** When the dormancy notice was mailed (30 days before the separation); cleared by the next login. */
  dormantNoticeAt: integer("dormant_notice_at"),
  /** When the account was separated as dormant (its personal data moved to `dormant_members`); null when active. */
  dormantAt: integer("dormant_at"),
  /** Years without login before the account becomes dormant: 1, or 3 when the member chose it (migration 0022). */
  dormancyYears: integer("dormancy_years").notNull().default(1),
});

/**
 * E-mail certification codes (spec: 6 digits, valid 180 s), one live code per address and purpose.
 * Only a hash of the code is stored.
 */
export const emailCerts = sqliteTable(
  "email_certs",
  {
    email: text("email").notNull(),
    /** "join" (sign-up) or "password" (recovery). */
    purpose: text("purpose", { enum: ["join", "password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    verifiedAt: integer("verified_at"),
    /**
     * The hash of the ticket the last successful check answered (docs/decisions/0056): the sign-up or the new
     * password that follows must present it, so knowing the address is not enough to use its certification.
     */
    ticketHash: text("ticket_hash"),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);

/** Mail kept instead of sent when MAIL_PROVIDER is "outbox" (local runs); shown at /dev/mailbox. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Fixed-window counters for rate limits (workers/api/src/lib/rate-limit.ts). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * Refresh tokens (RFC 9700 rotation): only a SHA-256 of each token is stored. Using a token rotates
 * it (rotated_at) and issues the next one in the same family; presenting a rotated or revoked token
 * again revokes the whole family.
 */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The session: every access token names its family (`sid`), checked on each request. */
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    rotatedAt: integer("rotated_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("refresh_tokens_family").on(t.familyId), index("refresh_tokens_member").on(t.memberId)],
);

/**
 * Addresses that withdrew, kept only as a keyed hash (HMAC-SHA-256 with EMAIL_HASH_KEY) so the same
 * address can be refused for 30 days without storing it (spec section 9: re-signup wait 30 days).
 */
export const withdrawnEmails = sqliteTable("withdrawn_emails", {
  emailHash: text("email_hash").primaryKey(),
  withdrawnAt: integer("withdrawn_at").notNull(),
});

/** Withdrawal answers (spec: reason_studio, reason_community, opinion), kept without the member. */
export const withdrawals = sqliteTable("withdrawals", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  reasonStudio: text("reason_studio").notNull(),
  reasonCommunity: text("reason_community").notNull(),
  opinion: text("opinion").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * Pending social logins: the OAuth `state` the api handed out, with its provider, PKCE verifier and
 * redirect URI. `/member/snslogin` takes (deletes) the row, so a state works once and only briefly.
 */
export const oauthStates = sqliteTable("oauth_states", {
  state: text("state").primaryKey(),
  type: text("type", { enum: ["google", "naver", "kakao"] }).notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

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
    updatedAt: integer("updated_at").notNull(),
  },
  // (page speed, migration 0025): a project's paragraphs in order, and the project list's counts.
  (t) => [index("paragraphs_project_position").on(t.projectId, t.position)],
);

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
 * Registered payment cards (spec section 3, "Card"): only the gateway's billing key (customer_uid)
 * and what the list shows are kept; number, expiry, birth date and password digits go to the gateway
 * and nowhere else. Registration makes the new card the main one.
 */
export const cards = sqliteTable(
  "cards",
  {
    /** The spec's card_no. */
    no: integer("no").primaryKey({ autoIncrement: true }),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The billing key's id at the gateway (PortOne customer_uid). */
    customerUid: text("customer_uid").notNull().unique(),
    cardType: text("card_type", { enum: ["personal", "corporate"] }).notNull(),
    cardName: text("card_name").notNull(),
    /** Masked: 1234-****-****-5678. */
    cardNumber: text("card_number").notNull(),
    main: integer("main", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("cards_member").on(t.memberId)],
);

/**
 * Payments and their refunds (spec section 3, "Payment" and the invoice row). Amounts are in minor
 * units of `currency` (KRW won, USD cents). merchant_uid is ours (one per charge attempt, so a
 * replay charges once); imp_uid is the gateway's (a PayPal capture id for PayPal). At most one
 * payment of a member is pending at a time (payments_one_pending), so concurrent purchases charge once.
 * Kept 5 years (spec section 9): a withdrawn member's rows lose the member, not the record.
 */
export const payments = sqliteTable(
  "payments",
  {
    no: integer("no").primaryKey({ autoIncrement: true }),
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    merchantUid: text("merchant_uid").notNull().unique(),
    impUid: text("imp_uid").unique(),
    provider: text("provider", { enum: ["portone", "paypal"] }).notNull(),
    kind: text("kind", { enum: ["purchase", "upgrade", "renewal"] }).notNull(),
    plan: text("plan").notNull(),
    currency: text("currency", { enum: ["KRW", "USD"] }).notNull(),
    /** List price, the first-month discount, and what was charged (price - discount). */
    price: integer("price").notNull(),
    discount: integer("discount").notNull().default(0),
    amount: integer("amount").notNull(),
    status: text("status", { enum: ["pending", "paid", "failed", "refunded"] }).notNull(),
    failReason: text("fail_reason").notNull().default(""),
    cardName: text("card_name").notNull().default(""),
    receiptUrl: text("receipt_url"),
    periodStart: integer("period_start"),
    periodEnd: integer("period_end"),
    refundAmount: integer("refund_amount").notNull().default(0),
    refundFee: integer("refund_fee").notNull().default(0),
    refundedAt: integer("refunded_at"),
    paidAt: integer("paid_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("payments_member_created").on(t.memberId, t.createdAt),
    uniqueIndex("payments_one_pending")
      .on(t.memberId)
      .where(sql`status = 'pending'`),
  ],
);

/** Subscription cancellations with the spec's termination reasons (comma-joined codes) and comment. */
export const cancellations = sqliteTable("cancellations", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
  plan: text("plan").notNull(),
  reason: text("reason").notNull(),
  comment: text("comment").notNull(),
  /** "cancel" (runs to the end of the period) or "refund" (ended at once). */
  kind: text("kind", { enum: ["cancel", "refund"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Coupons (spec: num): each number is used once; it gives its plan for `days` from registration. */
export const coupons = sqliteTable("coupons", {
  num: text("num").primaryKey(),
  plan: text("plan").notNull(),
  days: integer("days").notNull(),
  /** The coupon cannot be registered after this (ms); null = no end. */
  expiresAt: integer("expires_at"),
  usedBy: text("used_by").references(() => members.id, { onDelete: "set null" }),
  usedAt: integer("used_at"),
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

/**
 * 1:1 inquiries (spec section 3, "Inquiry"): category, content, state (0 received, 1 waiting,
 * 2 completed; spec section 4 reads any other value as completed) and the read flag of the latest answer
 * (`read_yn` "N" from an answer until the member opens it). Kept 3 years after the last change (spec
 * section 9, complaints), also after the member withdraws (the member becomes null).
 */
export const inquiries = sqliteTable(
  "inquiries",
  {
    no: integer("no").primaryKey({ autoIncrement: true }),
    memberId: text("member_id").references(() => members.id, { onDelete: "set null" }),
    category: text("category", { enum: ["account", "service", "payment", "other"] }).notNull(),
    content: text("content").notNull(),
    state: integer("state").notNull().default(0),
    readYn: text("read_yn", { enum: ["Y", "N"] })
      .notNull()
      .default("Y"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("inquiries_member_created").on(t.memberId, t.createdAt),
    index("inquiries_state_created").on(t.state, t.createdAt),
    index("inquiries_updated").on(t.updatedAt),
  ],
);

/** The thread of an inquiry after its first text: the member's follow-ups and the operators' answers. */
export const inquiryMessages = sqliteTable(
  "inquiry_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    inquiryNo: integer("inquiry_no")
      .notNull()
      .references(() => inquiries.no, { onDelete: "cascade" }),
    author: text("author", { enum: ["member", "operator"] }).notNull(),
    /** The operator who answered (kept as text: the audit log names them too). */
    operatorId: text("operator_id"),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("inquiry_messages_inquiry").on(t.inquiryNo, t.id)],
);

/**
 * Images of an inquiry (PNG, JPEG, WebP, GIF, checked by content), in R2 under `key`; `message_id` null for
 * the inquiry's own images. Served only through short-lived signed URLs (lib/signed-url.ts).
 */
export const inquiryImages = sqliteTable(
  "inquiry_images",
  {
    id: text("id").primaryKey(),
    inquiryNo: integer("inquiry_no")
      .notNull()
      .references(() => inquiries.no, { onDelete: "cascade" }),
    messageId: integer("message_id"),
    key: text("key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("inquiry_images_inquiry").on(t.inquiryNo)],
);

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
 * Dormant accounts' personal data, kept apart from the members table (spec section 9 and the privacy
 * policy's article 4(5)): the member row keeps only a placeholder address until the member logs in again.
 */
export const dormantMembers = sqliteTable("dormant_members", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  email: text("email").notNull().unique(),
  data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  dormantAt: integer("dormant_at").notNull(),
});

/**
 * Public content (docs/decisions/0031): written by operators through `workers/api/src/domain/content/`,
 * seeded by `db/seed-content.ts`. Text is stored per language in its own column so a search reads one
 * language's column. A row with no `published_at` is a draft: the public API does not serve it.
 */
export const notices = sqliteTable(
  "notices",
  {
    id: text("id").primaryKey(),
    /** "notice" (notices) or "release" (release notices, their own category on /notice). */
    category: text("category", { enum: ["notice", "release"] }).notNull(),
    /** Pinned notices come first in the list. */
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    titleKo: text("title_ko").notNull(),
    titleEn: text("title_en").notNull(),
    /** Plain text: paragraphs separated by a blank line, lines starting "- " are list items. */
    bodyKo: text("body_ko").notNull(),
    bodyEn: text("body_en").notNull(),
    publishedAt: integer("published_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The operators (member ids) who wrote and last changed it. */
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
  },
  (t) => [index("notices_published").on(t.category, t.pinned, t.publishedAt)],
);

/** FAQ entries (spec: categories Service and Plan), in `position` order within a category. */
export const faqEntries = sqliteTable(
  "faq_entries",
  {
    id: text("id").primaryKey(),
    category: text("category", { enum: ["service", "plan"] }).notNull(),
    position: integer("position").notNull().default(0),
    questionKo: text("question_ko").notNull(),
    questionEn: text("question_en").notNull(),
    answerKo: text("answer_ko").notNull(),
    answerEn: text("answer_en").notNull(),
    publishedAt: integer("published_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    createdBy: text("created_by"),
    updatedBy: text("updated_by"),
  },
  (t) => [index("faq_entries_category").on(t.category, t.position)],
);

/** The user guide's sections (/guide): `id` is the section's anchor; `image` a path under /guide/. */
export const guideSections = sqliteTable("guide_sections", {
  id: text("id").primaryKey(),
  position: integer("position").notNull(),
  titleKo: text("title_ko").notNull(),
  titleEn: text("title_en").notNull(),
  bodyKo: text("body_ko").notNull(),
  bodyEn: text("body_en").notNull(),
  image: text("image"),
  imageAltKo: text("image_alt_ko"),
  imageAltEn: text("image_alt_en"),
  updatedAt: integer("updated_at").notNull(),
});

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

/**
 * Labs (docs/decisions/0041): the avatars members uploaded for avatar talk. The VRM file is kept
 * privately in R2 (MEDIA) under `labs/avatars/<member>/<id>.vrm`, served to its owner only; what the
 * content check found is kept beside it. The default avatars are static files (public/labs/avatars/).
 */
export const labsAvatars = sqliteTable(
  "labs_avatars",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fileKey: text("file_key").notNull(),
    bytes: integer("bytes").notNull(),
    /** "0.x" or "1.0", as the file declares. */
    vrmVersion: text("vrm_version", { enum: ["0.x", "1.0"] }).notNull(),
    meshes: integer("meshes").notNull(),
    textures: integer("textures").notNull(),
    vertices: integer("vertices").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("labs_avatars_member").on(t.memberId, t.createdAt)],
);

/**
 * Video letters (docs/decisions/0041): a result's avatar (or still image) and its audio recorded
 * to WebM in the browser, checked by content (VP8/VP9/AV1 + Opus, size and length) and kept privately in
 * R2 under `labs/letters/<member>/<inference>.webm` with an optional poster image; one per result (a new
 * one replaces it). Shared with the result's share page; gone with the result.
 */
export const videoLetters = sqliteTable("video_letters", {
  inferenceId: text("inference_id")
    .primaryKey()
    .references(() => inferences.id, { onDelete: "cascade" }),
  memberId: text("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  videoKey: text("video_key").notNull(),
  posterKey: text("poster_key"),
  bytes: integer("bytes").notNull(),
  durationMs: integer("duration_ms").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  createdAt: integer("created_at").notNull(),
  /** A short's template id (contracts/labs.ts SHORT_TEMPLATES; migration 0028), null for a letter. */
  template: text("template"),
});

// Session 12, server defects (docs/decisions/0052): remote voices to delete at the HTTP engine's service.
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
