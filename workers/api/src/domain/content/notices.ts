// Notices and release notices (spec: notice list, release notices; issue 18): the public list and detail,
// and what operators do with them (create, edit, publish, unpublish), each answering the row before and after.
import { and, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { notices } from "../../../../../db/schema";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db } from "../scope";
import type { NoticeInput } from "./schemas";

export type NoticeRow = typeof notices.$inferSelect;
export type NoticeCategory = NoticeRow["category"];
/** What an operator action answers: the row as it was (null when new) and as it is now, for the audit log. */
export type Change<T> = { before: T | null; after: T };

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
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(notices)
    .where(and(...where));
  const rows = await db
    .select()
    .from(notices)
    .where(and(...where))
    .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
    .limit(NOTICE_PAGE_SIZE)
    .offset((query.page - 1) * NOTICE_PAGE_SIZE);
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

const columns = (input: NoticeInput) => ({
  category: input.category,
  pinned: input.pinned,
  titleKo: input.title.ko,
  titleEn: input.title.en,
  bodyKo: input.body.ko,
  bodyEn: input.body.en,
});

/** A new notice, as a draft (publish it to show it). */
export async function createNotice(db: Db, input: NoticeInput, operatorId: string, now = Date.now()): Promise<Result<Change<NoticeRow>>> {
  const [after] = await db
    .insert(notices)
    .values({
      id: crypto.randomUUID(),
      ...columns(input),
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
      createdBy: operatorId,
      updatedBy: operatorId,
    })
    .returning();
  return done({ before: null, after: after! });
}

/** Changes a notice's category, pin, title and body (its publication stays as it is). */
export async function updateNotice(db: Db, id: string, input: NoticeInput, operatorId: string, now = Date.now()) {
  return change(db, id, { ...columns(input), updatedAt: now, updatedBy: operatorId });
}

/** Publishes a notice (dated now, so it comes first); publishing it again keeps its first date. */
export async function publishNotice(db: Db, id: string, operatorId: string, now = Date.now()) {
  const before = await db.select().from(notices).where(eq(notices.id, id)).get();
  if (!before) return refusal(Code.NOT_FOUND);
  return change(db, id, { publishedAt: before.publishedAt ?? now, updatedAt: now, updatedBy: operatorId }, before);
}

/** Takes a notice off the site (it becomes a draft again). */
export async function unpublishNotice(db: Db, id: string, operatorId: string, now = Date.now()) {
  return change(db, id, { publishedAt: null, updatedAt: now, updatedBy: operatorId });
}

async function change(db: Db, id: string, set: Partial<NoticeRow>, known?: NoticeRow): Promise<Result<Change<NoticeRow>>> {
  const before = known ?? (await db.select().from(notices).where(eq(notices.id, id)).get());
  if (!before) return refusal(Code.NOT_FOUND);
  const [after] = await db.update(notices).set(set).where(eq(notices.id, id)).returning();
  return after ? done({ before, after }) : refusal(Code.NOT_FOUND);
}
