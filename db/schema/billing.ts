// Plans, cards, payments, cancellations and coupons.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { LocalizedText } from "./types";
import { members } from "./accounts";

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
    status: text("status", { enum: ["pending", "paid", "failed", "cancelled", "refunded"] }).notNull(),
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
