// The voice library's list (GET /voices, docs/decisions/0028): a tab, tag filters, a name search and
// a sort, combined in one query and paged on the server in a stable order (every sort ends with the id).
import { contains } from "../../lib/contains";
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { voiceBookmarks, voiceEvents, voices } from "#db/schema";
import type { LibrarySort, LibraryTab, VoicePage } from "#contracts/voices";
import type { Member } from "../../env";
import type { Locale } from "../../lib/codes";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db } from "../scope";
import { visibleTo } from "../voices";
import { voiceCard } from "./cards";

/** Who asks: a member, or a visitor (null). */
export type Viewer = { db: Db; member: Member | null; locale: Locale };

export type LibraryFilters = {
  tab?: LibraryTab;
  tone?: string[];
  gender?: string[];
  age?: string[];
  mood?: string[];
  category?: string[];
  lang?: string[];
  q?: string;
  sort: LibrarySort;
  page: number;
  limit: number;
};

/** Tabs that are a member's own: a visitor gets "login required". */
const MEMBER_TABS = new Set<LibraryTab>(["mine", "custom", "bookmark"]);

/**
 * Each sort's order, highest first, ending with the id so that equal values keep one order across pages.
 * All descending, so one index per sort (migration 0016: `type` then these columns) serves it read backwards.
 */
const ORDER: Record<LibrarySort, SQL[]> = {
  popular: [desc(voices.bookmarkCount), desc(voices.usageCount), desc(voices.id)],
  newest: [desc(voices.createdAt), desc(voices.id)],
  rating: [desc(voices.ratingAvg), desc(voices.ratingCount), desc(voices.id)],
  usage: [desc(voices.usageCount), desc(voices.id)],
};

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The voices the member bookmarked, as a subquery. */
const bookmarkedBy = (db: Db, memberId: string) =>
  db.select({ id: voiceBookmarks.voiceId }).from(voiceBookmarks).where(eq(voiceBookmarks.memberId, memberId));

/** Voices an operator features at `now` (the Event tab), as a subquery. */
export const featuredAt = (db: Db, now: number) =>
  db
    .select({ id: voiceEvents.voiceId })
    .from(voiceEvents)
    .where(and(lte(voiceEvents.startsAt, now), gt(voiceEvents.endsAt, now)));

/**
 * What visibleTo (domain/voices.ts) says, written for each tab so that SQLite reads the fewest rows
 * (tests/workers/library-plan.test.ts checks the plans): the kind tabs without visibleTo's OR across kinds, so
 * the sort's index is walked in order; the tabs drawn from a short list (event, bookmark, mine) with the
 * kind and owner terms kept off their indexes (SQLite's unary `+`), so the list drives the query instead of
 * two index scans of every voice and a sort.
 */
function visibleFor(member: Member | null, tab: LibraryTab | undefined): SQL {
  const me = member?.id ?? "";
  switch (tab) {
    case "open":
      return and(isNull(voices.deletedAt), member ? or(isNull(voices.hiddenAt), eq(voices.ownerId, me)) : isNull(voices.hiddenAt))!;
    case "basic":
      return and(isNull(voices.deletedAt), isNull(voices.hiddenAt))!;
    case "custom":
      // The tab itself asks for the member's own (type and owner below); made ones only (docs/decisions/0034).
      return and(isNull(voices.deletedAt), eq(voices.status, "ready"))!;
    case "event":
    case "bookmark":
    case "mine": {
      const listed = sql`(+${voices.type} IN ('basic', 'open') AND ${voices.hiddenAt} IS NULL)`;
      return member
        ? sql`(${voices.deletedAt} IS NULL AND (${listed} OR (+${voices.ownerId} = ${me} AND ${voices.status} = 'ready')))`
        : sql`(${voices.deletedAt} IS NULL AND ${listed})`;
    }
    default:
      return visibleTo(member);
  }
}

/** The WHERE of a library query: what the viewer may see, the tab, then each filter. */
export function libraryWhere(v: Viewer, f: LibraryFilters, now: number): SQL {
  const me = v.member?.id ?? "";
  const where: SQL[] = [visibleFor(v.member, f.tab)];
  switch (f.tab) {
    case "mine":
      where.push(sql`(${voices.ownerId} = ${me} OR ${inArray(voices.id, bookmarkedBy(v.db, me))})`);
      break;
    case "custom":
      // The member's own voices are few: drawn from the owner index (`+` keeps the kind off the kind indexes).
      where.push(sql`+${voices.type} = 'custom'`, eq(voices.ownerId, me));
      break;
    case "bookmark":
      where.push(inArray(voices.id, bookmarkedBy(v.db, me)));
      break;
    case "event":
      where.push(inArray(voices.id, featuredAt(v.db, now)));
      break;
    case "open":
    case "basic":
      where.push(eq(voices.type, f.tab));
      break;
  }
  if (f.tone?.length) where.push(inArray(voices.tone, f.tone as never[]));
  if (f.gender?.length) where.push(inArray(voices.gender, f.gender as never[]));
  if (f.age?.length) where.push(inArray(voices.age, f.age as never[]));
  if (f.lang?.length) where.push(inArray(voices.lang, f.lang as never[]));
  // Moods and categories are JSON arrays on the voice: it matches when it has any of the asked codes.
  if (f.mood?.length) where.push(sql`EXISTS (SELECT 1 FROM json_each(${voices.features}) WHERE json_each.value IN (${list(f.mood)}))`);
  if (f.category?.length)
    where.push(sql`EXISTS (SELECT 1 FROM json_each(${voices.categories}) WHERE json_each.value IN (${list(f.category)}))`);
  if (f.q) {
    where.push(or(contains(sql`json_extract(${voices.name}, '$.ko')`, f.q), contains(sql`json_extract(${voices.name}, '$.en')`, f.q))!);
  }
  return and(...where)!;
}

/** The library query's two statements (a page of rows and the total), for the route and for EXPLAIN QUERY PLAN in tests. */
export function libraryQueries(v: Viewer, f: LibraryFilters, now: number) {
  const where = libraryWhere(v, f, now);
  // Whether the member bookmarked each voice, in the same statement (a list of ids bound as parameters would
  // pass D1's limit of 100 bound parameters at the largest page).
  const bookmarked = v.member
    ? sql<number>`EXISTS (SELECT 1 FROM ${voiceBookmarks} WHERE ${voiceBookmarks.memberId} = ${v.member.id} AND ${voiceBookmarks.voiceId} = ${voices.id})`
    : sql<number>`0`;
  return {
    rows: v.db
      .select({ voice: voices, bookmarked })
      .from(voices)
      .where(where)
      .orderBy(...ORDER[f.sort])
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    total: v.db.select({ n: count() }).from(voices).where(where),
  };
}

/** One page of the library for the viewer (GET /voices). */
export async function libraryPage(v: Viewer, f: LibraryFilters, now = Date.now()): Promise<Result<Omit<VoicePage, "query">>> {
  if (f.tab && MEMBER_TABS.has(f.tab) && !v.member) return refusal(Code.LOGIN_REQUIRED);
  const q = libraryQueries(v, f, now);
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([q.rows, q.total]);
  return done({
    voices: rows.map((r) => voiceCard(r.voice, v.locale, v.member, !!r.bookmarked)),
    page: f.page,
    limit: f.limit,
    total: n,
  });
}
