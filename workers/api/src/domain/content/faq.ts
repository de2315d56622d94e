// The FAQ (spec: categories Service and Plan): the public, searchable list and what operators
// do with its entries (create, edit, publish, unpublish), each answering the row before and after.
import { contains } from "../../lib/contains";
import { and, asc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { faqEntries } from "#db/schema";
import type { Locale } from "../../lib/codes";
import type { Db } from "../scope";
import { contentEditor } from "./editing";
import type { FaqInput } from "./schemas";

export type FaqRow = typeof faqEntries.$inferSelect;
export type FaqCategory = FaqRow["category"];
export const FAQ_CATEGORIES = ["service", "plan"] as const satisfies readonly FaqCategory[];
/** The longest search the list takes, in characters. */
export const FAQ_QUERY_MAX = 50;
/** At most this many entries in one answer (the FAQ is a short list; this bounds the work). */
const FAQ_MAX_ITEMS = 200;

/**
 * Published entries, Service before Plan and in their order; `q` keeps those whose question or answer
 * (in the asked language) contains it, case-insensitively for Latin letters.
 */
export async function listFaq(db: Db, locale: Locale, query: { category?: FaqCategory; q?: string }) {
  const question = locale === "ko" ? faqEntries.questionKo : faqEntries.questionEn;
  const answer = locale === "ko" ? faqEntries.answerKo : faqEntries.answerEn;
  const where: (SQL | undefined)[] = [isNotNull(faqEntries.publishedAt)];
  if (query.category) where.push(eq(faqEntries.category, query.category));
  const q = query.q?.trim();
  if (q) {
    // The member's words as typed (`%` and `_` are letters here), whatever their length in bytes (lib/contains.ts).
    where.push(or(contains(question, q), contains(answer, q)));
  }
  const rows = await db
    .select()
    .from(faqEntries)
    .where(and(...where))
    .orderBy(sql`CASE ${faqEntries.category} WHEN 'service' THEN 0 ELSE 1 END`, asc(faqEntries.position), asc(faqEntries.createdAt))
    .limit(FAQ_MAX_ITEMS);
  return {
    items: rows.map((r) => ({
      id: r.id,
      category: r.category,
      question: locale === "ko" ? r.questionKo : r.questionEn,
      answer: locale === "ko" ? r.answerKo : r.answerEn,
    })),
    category: query.category ?? null,
    q: q ?? "",
  };
}

/** Operators' FAQ entries: drafts, changes, publishing (domain/content/editing.ts). */
export const faqEditor = contentEditor({
  table: faqEntries,
  columns: (input: FaqInput) => ({
    category: input.category,
    position: input.position,
    questionKo: input.question.ko,
    questionEn: input.question.en,
    answerKo: input.answer.ko,
    answerEn: input.answer.en,
  }),
});
