import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { voiceComments } from "#db/schema";
import type { LibrarySort, LibraryTab } from "#contracts/voices";
import { libraryPage, libraryQueries, type LibraryFilters } from "../../workers/api/src/domain/library/list";
import { libraryBenchStatements, raterId } from "../../scripts/bench/library-data.mjs";

/**
 * The library's queries at scale ("Tests and figures"): with 10,000 voices and 100,000 ratings
 * (scripts/bench/library-data.mjs), SQLite's plan for every tab and sort reads `voices` through an index,
 * never a whole-table scan, and for the kind tabs (Open voice, Basic) takes the order from the index (no
 * sort step). Plans, not timings: `npm run bench:library` measures the time.
 */

const VOICES = 10_000;
const RATERS = 10;

beforeAll(async () => {
  for (const s of libraryBenchStatements({ voices: VOICES, raters: RATERS })) await env.DB.prepare(s).run();
}, 120_000);

type PlanRow = { detail: string };
async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<PlanRow>();
  return rows.results.map((r) => r.detail);
}

const viewer = { db: drizzle(env.DB), member: { id: raterId(0), email: "bench-r-0@bench.invalid" }, locale: "en" as const };
const SORTS: LibrarySort[] = ["popular", "newest", "rating", "usage"];
const FILTERS: Omit<LibraryFilters, "sort" | "page" | "limit">[] = [
  {},
  { tone: ["low"], gender: ["female"] },
  { mood: ["calm", "warm"], category: ["news"] },
  { q: "Voice 12", lang: ["en"] },
];

/** A full scan of the voices table (a scan through an index is fine). */
const fullScan = (lines: string[]) => lines.filter((l) => /^SCAN (voices|v)\b/.test(l) && !/USING (COVERING )?INDEX/.test(l));

describe("the library's query plans with 10,000 voices and 100,000 ratings", () => {
  it("the data is there, counted by the triggers", async () => {
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM voices WHERE id LIKE 'bench-v-%') AS voices, (SELECT count(*) FROM voice_ratings) AS ratings, (SELECT sum(rating_count) FROM voices) AS counted",
    ).first<{ voices: number; ratings: number; counted: number }>();
    expect(counts).toEqual({ voices: VOICES, ratings: VOICES * RATERS, counted: VOICES * RATERS });
  });

  for (const tab of [undefined, "open", "basic", "event", "bookmark", "mine", "custom"] as (LibraryTab | undefined)[])
    it(`tab ${tab ?? "(all)"}: every sort and filter reads voices through an index`, async () => {
      for (const sort of SORTS)
        for (const f of FILTERS) {
          const q = libraryQueries(viewer, { ...f, tab, sort, page: 3, limit: 24 }, Date.now());
          const [rows, total] = [await plan(q.rows), await plan(q.total)];
          const what = `${tab} ${sort} ${JSON.stringify(f)}:\n${q.rows.toSQL().sql}\n${rows.join("\n")}\n--\n${total.join("\n")}`;
          expect(fullScan(rows), what).toEqual([]);
          expect(fullScan(total), what).toEqual([]);
          // The tabs drawn from a short list (featured, bookmarked, the member's own) start from it, not from a kind index.
          if (tab === "event" || tab === "bookmark" || tab === "mine" || tab === "custom")
            expect(
              [...rows, ...total].some((l) => l.includes("voices_type_")),
              what,
            ).toBe(false);
          // The kind tabs walk the sort's own index: no sort step, whatever the filters.
          if (tab === "open" || tab === "basic") {
            expect(
              rows.some((l) => l.includes(`voices_type_${sort}`)),
              what,
            ).toBe(true);
            expect(
              rows.some((l) => l.includes("TEMP B-TREE FOR ORDER BY")),
              what,
            ).toBe(false);
          }
        }
    });

  it("answers the largest page (100) for a member, with their bookmarks marked, within D1's 100 bound parameters", async () => {
    const page = await libraryPage(viewer, {
      sort: "usage",
      page: 1,
      limit: 100,
      mood: ["calm", "warm", "soft"],
      age: ["young", "middle", "senior"],
    });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.voices).toHaveLength(100);
    const marked = await env.DB.prepare("SELECT voice_id FROM voice_bookmarks WHERE member_id = ?")
      .bind(raterId(0))
      .all<{ voice_id: string }>();
    const set = new Set(marked.results.map((r) => r.voice_id));
    expect(page.value.voices.map((v) => v.bookmarked)).toEqual(page.value.voices.map((v) => set.has(v.id)));
    expect(page.value.voices.some((v) => v.bookmarked)).toBe(true);
  });

  it("comments page through their index, newest first", async () => {
    const db = drizzle(env.DB);
    const lines = await plan(
      db
        .select()
        .from(voiceComments)
        .where(and(eq(voiceComments.voiceId, "bench-v-00002")))
        .orderBy(desc(voiceComments.createdAt), desc(voiceComments.id))
        .limit(20),
    );
    expect(lines.join("\n")).toMatch(/voice_comments_voice_created/);
    expect(lines.some((l) => l.includes("TEMP B-TREE"))).toBe(false);
  });
});
