// Help and content: 1:1 inquiries with their messages and images, notices, the FAQ and the user guide.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { members } from "./accounts";

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
