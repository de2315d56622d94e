// Notices and release notices (spec: notice list, release notices): the public list and detail,
// and what operators do with them (create, edit, publish, unpublish), each answering the row before and after.
import { and, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { notices } from "#db/schema";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import type { Db } from "../scope";
import { contentEditor } from "./editing";
import type { NoticeInput } from "./schemas";

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeCategory = NoticeRow["category"];

export const NOTICE_PAGE_SIZE = 10;

const listItem = (r: NoticeRow, locale: Locale) => ({
  id: r.id,
  category: r.category,
  pinned: r.pinned,
  title: locale === "ko" ? r.titleKo : r.titleEn,
  date: r.publishedAt!,
});

/** Published notices, pinned first, then newest first; one category or both; 10 a page. */
export async function listNotices(db: Db, locale: Locale, query: { category?: NoticeCategory; page: number }) {
  const where: SQL[] = [isNotNull(notices.publishedAt)];
  if (query.category) where.push(eq(notices.category, query.category));
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(notices)
      .where(and(...where)),
    db
      .select()
      .from(notices)
      .where(and(...where))
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(NOTICE_PAGE_SIZE)
      .offset((query.page - 1) * NOTICE_PAGE_SIZE),
  ]);
  return {
    items: rows.map((r) => listItem(r, locale)),
    page: query.page,
    pageSize: NOTICE_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE)),
  };
}

/** One published notice (a draft or an unknown id: 404). */
export async function noticeDetail(db: Db, locale: Locale, id: string) {
  const row = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), isNotNull(notices.publishedAt)))
    .get();
  if (!row) return refusal(Code.NOT_FOUND);
  return done({ ...listItem(row, locale), body: locale === "ko" ? row.bodyKo : row.bodyEn, updatedAt: row.updatedAt });
}

/** Operators' notices: drafts, changes, publishing (domain/content/editing.ts). */
export const noticeEditor = contentEditor({
  table: notices,
  columns: (input: NoticeInput) => ({
    category: input.category,
    pinned: input.pinned,
    titleKo: input.title.ko,
    titleEn: input.title.en,
    bodyKo: input.body.ko,
    bodyEn: input.body.en,
  }),
});
