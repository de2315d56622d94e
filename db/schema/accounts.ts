// Members and their sign-in: e-mail codes, sessions (refresh tokens), rate limits, withdrawals, dormancy, social sign-in states.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
  marketing: text("marketing").$type<"Y" | "N" | "">().notNull().default(""),
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
  dormancyYears: integer("dormancy_years").$type<1 | 3>().notNull().default(1),
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
