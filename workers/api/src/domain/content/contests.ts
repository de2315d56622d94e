// Contest pages (/contest): title, period, rules and prize, and members' entries, each one of
// the member's shared results. Operators create, edit, publish and unpublish them (each answering the
// row before and after).
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { contestEntries, contests, inferences } from "#db/schema";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { cutCodePoints } from "../../lib/text";
import type { Db, MemberScope } from "../scope";
import { contentEditor } from "./editing";
import type { ContestInput } from "./schemas";

export type ContestRow = typeof contests.$inferSelect;
/** How many of a member's shared results the entry form offers (newest first). */
const SHAREABLE_MAX = 50;
export const CONTEST_NOTE_MAX = 200;

const isOpen = (r: ContestRow, now: number) => r.startsAt <= now && now < r.endsAt;
const pick = (locale: Locale, ko: string, en: string) => (locale === "ko" ? ko : en);

const summary = (r: ContestRow, locale: Locale, now: number) => ({
  id: r.id,
  slug: r.slug,
  title: pick(locale, r.titleKo, r.titleEn),
  summary: pick(locale, r.summaryKo, r.summaryEn),
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  open: isOpen(r, now),
});

/** Published contests: those taking entries first, then the latest to start. */
export async function listContests(db: Db, locale: Locale, now: number) {
  const rows = await db
    .select()
    .from(contests)
    .where(isNotNull(contests.publishedAt))
    .orderBy(sql`CASE WHEN ${contests.startsAt} <= ${now} AND ${now} < ${contests.endsAt} THEN 0 ELSE 1 END`, desc(contests.startsAt))
    .limit(20);
  return { items: rows.map((r) => summary(r, locale, now)) };
}

const published = (db: Db, slug: string) =>
  db
    .select()
    .from(contests)
    .where(and(eq(contests.slug, slug), isNotNull(contests.publishedAt)))
    .get();

/**
 * A published contest with its rules and prize and the number of entries; for a member also their
 * entry and the shared results they could enter with.
 */
export async function contestDetail(db: Db, locale: Locale, slug: string, memberId: string | null, now: number) {
  const row = await published(db, slug);
  if (!row) return refusal(Code.NOT_FOUND);
  const [{ entries } = { entries: 0 }] = await db
    .select({ entries: count() })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, row.id));
  const mine = memberId
    ? await db
        .select({
          id: contestEntries.id,
          inferenceId: contestEntries.inferenceId,
          note: contestEntries.note,
          createdAt: contestEntries.createdAt,
          shareId: inferences.shareId,
        })
        .from(contestEntries)
        .innerJoin(inferences, eq(inferences.id, contestEntries.inferenceId))
        // A result deleted from the work history (pending its purge) is no longer the member's entry.
        .where(and(eq(contestEntries.contestId, row.id), eq(contestEntries.memberId, memberId), isNull(inferences.deletedAt)))
        .get()
    : undefined;
  const shareable = memberId
    ? await db
        .select({
          id: inferences.id,
          shareId: inferences.shareId,
          text: inferences.text,
          method: inferences.method,
          createdAt: inferences.createdAt,
        })
        .from(inferences)
        .where(and(eq(inferences.memberId, memberId), isNotNull(inferences.shareId), isNull(inferences.deletedAt)))
        .orderBy(desc(inferences.createdAt))
        .limit(SHAREABLE_MAX)
    : [];
  return done({
    ...summary(row, locale, now),
    rules: pick(locale, row.rulesKo, row.rulesEn),
    prize: pick(locale, row.prizeKo, row.prizeEn),
    entries,
    entry: mine
      ? {
          id: mine.id,
          inference_id: mine.inferenceId,
          note: mine.note,
          createdAt: mine.createdAt,
          shareUrl: mine.shareId ? `/share/${mine.shareId}` : null,
        }
      : null,
    shareable: shareable.map((r) => ({
      inference_id: r.id,
      shareUrl: `/share/${r.shareId}`,
      label: cutCodePoints(r.text, 40),
      method: r.method,
      createdAt: r.createdAt,
    })),
  });
}

/**
 * Enters a contest with one of the member's shared results: only while it takes entries (4510), with a
 * result of the member's that is shared (4512), once per member (4511).
 */
export async function enterContest(s: MemberScope, slug: string, input: { inference_id: string; note: string }, now: number) {
  const contest = await published(s.db, slug);
  if (!contest) return refusal(Code.NOT_FOUND);
  if (!isOpen(contest, now)) return refusal(Code.CONTEST_CLOSED);
  const result = await s.db
    .select({ id: inferences.id, shareId: inferences.shareId })
    .from(inferences)
    .where(and(eq(inferences.id, input.inference_id), eq(inferences.memberId, s.member.id), isNull(inferences.deletedAt)))
    .get();
  if (!result?.shareId) return refusal(Code.CONTEST_SHARE_REQUIRED);
  const [entry] = await s.db
    .insert(contestEntries)
    .values({
      id: crypto.randomUUID(),
      contestId: contest.id,
      memberId: s.member.id,
      inferenceId: result.id,
      note: input.note,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!entry) return refusal(Code.CONTEST_ALREADY_ENTERED);
  return done({
    id: entry.id,
    inference_id: entry.inferenceId,
    note: entry.note,
    createdAt: entry.createdAt,
    shareUrl: `/share/${result.shareId}`,
  });
}

const slugTaken = async (db: Db, slug: string, except?: string) => {
  const row = await db.select({ id: contests.id }).from(contests).where(eq(contests.slug, slug)).get();
  return !!row && row.id !== except;
};

/**
 * Operators' contest pages: drafts, changes, publishing (domain/content/editing.ts); 4521 when one ends before
 * it starts, 4520 when its address is taken.
 */
export const contestEditor = contentEditor({
  table: contests,
  columns: (input: ContestInput) => ({
    slug: input.slug,
    titleKo: input.title.ko,
    titleEn: input.title.en,
    summaryKo: input.summary.ko,
    summaryEn: input.summary.en,
    rulesKo: input.rules.ko,
    rulesEn: input.rules.en,
    prizeKo: input.prize.ko,
    prizeEn: input.prize.en,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  }),
  check: async (db, input, id) =>
    input.endsAt <= input.startsAt ? Code.CONTENT_PERIOD_INVALID : (await slugTaken(db, input.slug, id)) ? Code.CONTENT_SLUG_TAKEN : null,
  conflict: Code.CONTENT_SLUG_TAKEN,
});
