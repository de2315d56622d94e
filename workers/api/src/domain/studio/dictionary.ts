// A member's pronunciation dictionary: words and how to read them, per language, applied to every
// generation of that member (speech/generate.ts) and to the pronunciation preview, before the reading rules.
import { and, asc, count, eq } from "drizzle-orm";
import { pronunciationEntries } from "#db/schema";
import { DICTIONARY_LIMITS, type DictionaryEntry } from "../../engine/dictionary";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db, MemberScope } from "../scope";

export type DictionaryLang = "ko" | "en";
type Row = typeof pronunciationEntries.$inferSelect;

const out = (r: Row) => ({ id: r.id, lang: r.lang, word: r.word, reading: r.reading, createdAt: r.createdAt });

/** The words a generation in `lang` applies for this member. */
export const entriesFor = (db: Db, memberId: string, lang: DictionaryLang): Promise<DictionaryEntry[]> =>
  db
    .select({ word: pronunciationEntries.word, reading: pronunciationEntries.reading })
    .from(pronunciationEntries)
    .where(and(eq(pronunciationEntries.memberId, memberId), eq(pronunciationEntries.lang, lang)));

/** The member's dictionary, by language and then alphabetically. */
export async function listEntries(s: Pick<MemberScope, "db" | "member">) {
  const rows = await s.db
    .select()
    .from(pronunciationEntries)
    .where(eq(pronunciationEntries.memberId, s.member.id))
    .orderBy(asc(pronunciationEntries.lang), asc(pronunciationEntries.word));
  return { entries: rows.map(out), limit: DICTIONARY_LIMITS.entries };
}

/** Adds a word: at most DICTIONARY_LIMITS.entries per language, one entry per word (4240, 4241). */
export async function addEntry(
  s: Pick<MemberScope, "db" | "member">,
  input: { lang: DictionaryLang; word: string; reading: string },
): Promise<Result<ReturnType<typeof out>>> {
  const mine = and(eq(pronunciationEntries.memberId, s.member.id), eq(pronunciationEntries.lang, input.lang));
  const [{ n } = { n: 0 }] = await s.db.select({ n: count() }).from(pronunciationEntries).where(mine);
  if (n >= DICTIONARY_LIMITS.entries) return refusal(Code.DICTIONARY_FULL, { params: { max: DICTIONARY_LIMITS.entries } });
  const row: Row = {
    id: crypto.randomUUID(),
    memberId: s.member.id,
    lang: input.lang,
    word: input.word,
    reading: input.reading,
    createdAt: Date.now(),
  };
  // The unique index (member, lang, word) decides between two concurrent adds of one word.
  const [inserted] = await s.db.insert(pronunciationEntries).values(row).onConflictDoNothing().returning();
  if (!inserted) return refusal(Code.DICTIONARY_DUPLICATE);
  return done(out(inserted));
}

/** Changes a word's reading; another member's entry is "not found". */
export async function updateEntry(
  s: Pick<MemberScope, "db" | "member">,
  id: string,
  reading: string,
): Promise<Result<ReturnType<typeof out>>> {
  const [row] = await s.db
    .update(pronunciationEntries)
    .set({ reading })
    .where(and(eq(pronunciationEntries.id, id), eq(pronunciationEntries.memberId, s.member.id)))
    .returning();
  return row ? done(out(row)) : refusal(Code.NOT_FOUND);
}

/** Removes a word; another member's entry is "not found". */
export async function deleteEntry(s: Pick<MemberScope, "db" | "member">, id: string): Promise<Result<{ deleted: true }>> {
  const [row] = await s.db
    .delete(pronunciationEntries)
    .where(and(eq(pronunciationEntries.id, id), eq(pronunciationEntries.memberId, s.member.id)))
    .returning({ id: pronunciationEntries.id });
  return row ? done({ deleted: true as const }) : refusal(Code.NOT_FOUND);
}
