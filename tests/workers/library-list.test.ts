import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import type { LibrarySort, LibraryTab, VoicePage } from "#contracts/voices";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp } from "./helpers";

/**
 * GET /api/v1/voices: every tab, tag filter, search and sort, combined and paged, checked against a
 * reference computed here from the tables themselves (not from the query under test): who may see what
 * (custom voices private, hidden voices for their creator only, deleted voices for nobody), and a stable
 * order through every page (ties in every sort key, broken by the id).
 */

// The api's own app, called directly (many calls: see bad-input.test.ts).
const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

async function list(query: string, token: string | null) {
  const headers: Record<string, string> = { lang: "en" };
  if (token) headers["api-key"] = token;
  const res = await app.request(`http://localhost/api/v1/voices${query}`, { headers }, env, ctx);
  return { status: res.status, body: await res.json<{ success: boolean; code: number; data: VoicePage | null; message: string }>() };
}

type Ref = {
  id: string;
  type: string;
  owner: string | null;
  lang: string;
  names: string[];
  tone: string;
  gender: string;
  age: string;
  features: string[];
  categories: string[];
  hidden: boolean;
  deleted: boolean;
  createdAt: number;
  usage: number;
  bookmarks: number;
  ratings: number;
  ratingSum: number;
};

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TONES = ["low", "medium", "high"];
const GENDERS = ["male", "female", "other"];
const AGES = ["child", "teen", "young", "middle", "senior", "other"];
const MOODS = ["calm", "bright", "warm", "trustworthy", "energetic", "soft", "cute", "charismatic", "friendly", "serious"];
const CATEGORIES = ["narration", "advertising", "education", "audiobook", "news", "game", "kids", "documentary", "podcast", "announcement"];

let viewer: { id: string; token: string };
let other: { id: string; token: string };

async function member(email: string) {
  const s = await signedUp(email);
  const row = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>();
  return { id: row!.id, token: s.token! };
}

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  viewer = await member("lib-viewer@example.com");
  other = await member("lib-other@example.com");
  const rand = generator(16);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const owners = [viewer.id, other.id, "seed-creator-1", "seed-creator-2"];
  const stmts: D1PreparedStatement[] = [];
  const insert = (id: string, type: string, owner: string | null, en: string, ko: string) => {
    const features = [...new Set([pick(MOODS), pick(MOODS), pick(MOODS)])].slice(0, 2);
    const categories = [...new Set([pick(CATEGORIES), pick(CATEGORIES)])];
    stmts.push(
      env.DB.prepare(
        `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, '{"ko":"소개","en":"Intro"}', ?6, ?7, ?8, ?9, ?10, '{}', ?11, ?12)`,
      ).bind(
        id,
        type,
        owner,
        pick(["ko", "en"]),
        JSON.stringify({ ko: ko, en: en }),
        pick(TONES),
        pick(GENDERS),
        pick(AGES),
        JSON.stringify(features),
        JSON.stringify(categories),
        // Few distinct values, so every sort has ties to break.
        Math.floor(rand() * 4),
        Date.UTC(2026, 10, 1 + Math.floor(rand() * 6)),
      ),
    );
  };
  for (let i = 0; i < 36; i++) {
    const id = `lib-${String(i).padStart(2, "0")}`;
    insert(id, "open", owners[i % 4]!, i === 10 ? "100% Pure_Tone" : `Voice ${i}`, `보이스${i}`);
  }
  insert("lib-c-viewer", "custom", viewer.id, "Viewer custom", "내 커스텀");
  insert("lib-c-other", "custom", other.id, "Other custom", "남의 커스텀");
  await env.DB.batch(stmts);
  // Hidden: one of the viewer's, one of the other member's. Deleted: the same.
  await env.DB.batch([
    env.DB.prepare("UPDATE voices SET hidden_at = 1, hidden_reason = 'copyright claim' WHERE id IN ('lib-04', 'lib-05')"),
    env.DB.prepare("UPDATE voices SET deleted_at = 1 WHERE id IN ('lib-08', 'lib-09')"),
  ]);
  // Ratings and bookmarks by five members, straight into the tables (the triggers keep the counters).
  const ids = (await env.DB.prepare("SELECT id FROM voices").all<{ id: string }>()).results.map((r) => r.id);
  const people = [viewer.id, other.id, "seed-creator-1", "seed-creator-2", "seed-creator-3"];
  const marks: D1PreparedStatement[] = [];
  for (const id of ids)
    for (const who of people) {
      if (rand() < 0.3)
        marks.push(
          env.DB.prepare(
            "INSERT OR IGNORE INTO voice_ratings (voice_id, member_id, score, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
          ).bind(id, who, 1 + Math.floor(rand() * 5)),
        );
      if (rand() < 0.25)
        marks.push(
          env.DB.prepare("INSERT OR IGNORE INTO voice_bookmarks (member_id, voice_id, created_at) VALUES (?, ?, 0)").bind(who, id),
        );
    }
  // The viewer also bookmarked voices they may not see (hidden, deleted, another's custom) before that happened.
  for (const id of ["lib-05", "lib-09", "lib-c-other", "lib-01"])
    marks.push(
      env.DB.prepare("INSERT OR IGNORE INTO voice_bookmarks (member_id, voice_id, created_at) VALUES (?, ?, 0)").bind(viewer.id, id),
    );
  await env.DB.batch(marks);
  // Featured now, in the past, in the future; a hidden and a custom one featured too.
  const now = Date.now();
  const ev = (id: string, voice: string, from: number, to: number) =>
    env.DB.prepare("INSERT INTO voice_events (id, voice_id, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, 0)").bind(
      id,
      voice,
      from,
      to,
    );
  await env.DB.batch([
    ev("e1", "lib-01", now - 1e6, now + 1e9),
    ev("e2", "lib-02", now - 1e6, now + 1e9),
    ev("e2b", "lib-02", now - 2e6, now + 2e9),
    ev("e3", "lib-05", now - 1e6, now + 1e9),
    ev("e4", "lib-c-other", now - 1e6, now + 1e9),
    ev("e5", "ko-minjun", now - 1e6, now + 1e9),
    ev("e6", "lib-03", now - 2e9, now - 1e9),
    ev("e7", "lib-06", now + 1e9, now + 2e9),
  ]);
});

/** Every voice as the reference sees it: static fields from `voices`, counters recounted from their tables. */
async function reference(): Promise<{ all: Ref[]; bookmarksOf: (m: string) => Set<string>; featured: Set<string> }> {
  const rows = (
    await env.DB.prepare(
      `SELECT v.*, (SELECT count(*) FROM voice_bookmarks b WHERE b.voice_id = v.id) AS bm,
         (SELECT count(*) FROM voice_ratings r WHERE r.voice_id = v.id) AS rc,
         (SELECT coalesce(sum(score), 0) FROM voice_ratings r WHERE r.voice_id = v.id) AS rs
       FROM voices v`,
    ).all<Record<string, unknown>>()
  ).results;
  const all = rows.map((r) => {
    const name = JSON.parse(String(r.name)) as { ko: string; en: string };
    return {
      id: String(r.id),
      type: String(r.type),
      owner: (r.owner_id as string | null) ?? null,
      lang: String(r.lang),
      names: [name.ko, name.en],
      tone: String(r.tone),
      gender: String(r.gender),
      age: String(r.age),
      features: JSON.parse(String(r.features)) as string[],
      categories: JSON.parse(String(r.categories)) as string[],
      hidden: r.hidden_at !== null,
      deleted: r.deleted_at !== null,
      createdAt: Number(r.created_at),
      usage: Number(r.usage_count),
      bookmarks: Number(r.bm),
      ratings: Number(r.rc),
      ratingSum: Number(r.rs),
    };
  });
  const bm = (await env.DB.prepare("SELECT member_id, voice_id FROM voice_bookmarks").all<{ member_id: string; voice_id: string }>())
    .results;
  const now = Date.now();
  const ev = (
    await env.DB.prepare("SELECT voice_id, starts_at, ends_at FROM voice_events").all<{
      voice_id: string;
      starts_at: number;
      ends_at: number;
    }>()
  ).results;
  return {
    all,
    bookmarksOf: (m) => new Set(bm.filter((b) => b.member_id === m).map((b) => b.voice_id)),
    featured: new Set(ev.filter((e) => e.starts_at <= now && e.ends_at > now).map((e) => e.voice_id)),
  };
}

type Filters = { tone?: string[]; gender?: string[]; age?: string[]; mood?: string[]; category?: string[]; lang?: string[]; q?: string };

function expected(
  ref: Awaited<ReturnType<typeof reference>>,
  who: string | null,
  tab: LibraryTab | undefined,
  f: Filters,
  sort: LibrarySort,
) {
  const marks = who ? ref.bookmarksOf(who) : new Set<string>();
  const avg = (v: Ref) => (v.ratings ? v.ratingSum / v.ratings : 0);
  const keys: Record<LibrarySort, (v: Ref) => (number | string)[]> = {
    popular: (v) => [v.bookmarks, v.usage, v.id],
    newest: (v) => [v.createdAt, v.id],
    rating: (v) => [avg(v), v.ratings, v.id],
    usage: (v) => [v.usage, v.id],
  };
  const any = (want: string[] | undefined, has: string[]) => !want?.length || want.some((w) => has.includes(w));
  return ref.all
    .filter((v) => !v.deleted && ((["basic", "open"].includes(v.type) && !v.hidden) || (who !== null && v.owner === who)))
    .filter((v) => {
      switch (tab) {
        case "mine":
          return v.owner === who || marks.has(v.id);
        case "custom":
          return v.type === "custom" && v.owner === who;
        case "bookmark":
          return marks.has(v.id);
        case "event":
          return ref.featured.has(v.id);
        case "open":
        case "basic":
          return v.type === tab;
        default:
          return true;
      }
    })
    .filter(
      (v) =>
        any(f.tone, [v.tone]) &&
        any(f.gender, [v.gender]) &&
        any(f.age, [v.age]) &&
        any(f.lang, [v.lang]) &&
        any(f.mood, v.features) &&
        any(f.category, v.categories) &&
        (!f.q || v.names.some((n) => n.toLowerCase().includes(f.q!.toLowerCase()))),
    )
    .sort((a, b) => {
      const [ka, kb] = [keys[sort](a), keys[sort](b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? 1 : -1;
      return 0;
    })
    .map((v) => v.id);
}

const FILTER_SETS: Filters[] = [
  {},
  { tone: ["low"] },
  { tone: ["low", "high"] },
  { gender: ["female"] },
  { age: ["young", "senior"] },
  { mood: ["calm"] },
  { mood: ["warm", "cute"] },
  { category: ["news"] },
  { category: ["kids", "podcast"] },
  { lang: ["en"] },
  { q: "voice 1" },
  { q: "보이스2" },
  { q: "%" },
  { q: "_" },
  { tone: ["medium"], gender: ["male"], lang: ["ko"] },
  { mood: ["calm", "bright"], category: ["narration", "education", "game"], age: ["young", "middle"] },
  { tone: ["low", "medium"], mood: ["bright", "soft"], q: "voice" },
];

/** The filters as a query string: some comma-joined, some repeated (both forms are accepted). */
function queryOf(tab: LibraryTab | undefined, f: Filters, sort: LibrarySort, page: number, limit: number) {
  const p = new URLSearchParams();
  if (tab) p.set("tab", tab);
  for (const k of ["tone", "gender", "age", "mood", "category", "lang"] as const) {
    const v = f[k];
    if (!v?.length) continue;
    if (k === "mood" || k === "age") for (const x of v) p.append(k, x);
    else p.set(k, v.join(","));
  }
  if (f.q) p.set("q", f.q);
  p.set("sort", sort);
  p.set("page", String(page));
  p.set("limit", String(limit));
  return `?${p}`;
}

/** Walks every page of a query (and one past the end) and answers the ids in order, checking totals. */
async function allPages(tab: LibraryTab | undefined, f: Filters, sort: LibrarySort, token: string | null, limit: number) {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page <= 50; page++) {
    const r = await list(queryOf(tab, f, sort, page, limit), token);
    expect(r.status, r.body.message).toBe(200);
    const data = r.body.data!;
    if (total === -1) total = data.total;
    expect(data.total).toBe(total);
    expect(data.page).toBe(page);
    expect(data.voices.length).toBe(Math.max(0, Math.min(limit, total - (page - 1) * limit)));
    ids.push(...data.voices.map((v) => v.id));
    if (data.voices.length < limit) break;
  }
  return { ids, total };
}

const SORTS: LibrarySort[] = ["popular", "newest", "rating", "usage"];

describe("GET /voices: every tab, filter and sort, paged", () => {
  it("the counters kept by the triggers equal a recount of ratings and bookmarks", async () => {
    const rows = (
      await env.DB.prepare(
        `SELECT v.id, v.rating_count, v.rating_sum, v.rating_avg, v.bookmark_count,
           (SELECT count(*) FROM voice_ratings r WHERE r.voice_id = v.id) AS rc,
           (SELECT coalesce(sum(score), 0) FROM voice_ratings r WHERE r.voice_id = v.id) AS rs,
           (SELECT count(*) FROM voice_bookmarks b WHERE b.voice_id = v.id) AS bm FROM voices v`,
      ).all<Record<"id" | "rating_count" | "rating_sum" | "rating_avg" | "bookmark_count" | "rc" | "rs" | "bm", number>>()
    ).results;
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.rc > 0).length).toBeGreaterThan(20);
    for (const r of rows) {
      expect([r.rating_count, r.rating_sum, r.bookmark_count], String(r.id)).toEqual([r.rc, r.rs, r.bm]);
      expect(r.rating_avg, String(r.id)).toBeCloseTo(r.rc ? r.rs / r.rc : 0, 12);
    }
  });

  // The other member (whose own voices differ) on two of the sorts, to keep the run short.
  const viewers = (sort: LibrarySort) =>
    [
      { who: "visitor", id: null, token: null, tabs: [undefined, "event", "open", "basic"] },
      { who: "viewer", id: viewer.id, token: viewer.token, tabs: [undefined, "mine", "event", "open", "basic", "custom", "bookmark"] },
      ...(sort === "popular" || sort === "rating"
        ? [{ who: "other", id: other.id, token: other.token, tabs: [undefined, "mine", "event", "custom", "bookmark"] }]
        : []),
    ] as const;

  for (const sort of SORTS)
    it(`sort=${sort}: every tab and filter set, for a visitor, a member and another member, through every page`, async () => {
      const ref = await reference();
      let checked = 0;
      let nonEmpty = 0;
      for (const v of viewers(sort))
        for (const tab of v.tabs as readonly (LibraryTab | undefined)[])
          for (const f of FILTER_SETS) {
            const want = expected(ref, v.id, tab, f, sort);
            const got = await allPages(tab, f, sort, v.token, f === FILTER_SETS[0] ? 9 : 5);
            expect(got.ids, `${v.who} ${queryOf(tab, f, sort, 1, 4)}`).toEqual(want);
            expect(got.total).toBe(want.length);
            checked++;
            if (want.length) nonEmpty++;
          }
      expect(checked).toBe(FILTER_SETS.length * (sort === "popular" || sort === "rating" ? 16 : 11));
      // The fixture is rich enough that most combinations have something to page through.
      expect(nonEmpty).toBeGreaterThan(checked / 2);
    });

  it("what each viewer may see: hidden voices for their creator only (marked), deleted and others' custom voices for nobody", async () => {
    const mine = (await list("?tab=mine&limit=100", viewer.token)).body.data!;
    const ids = mine.voices.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(["lib-04", "lib-c-viewer", "lib-01"]));
    for (const gone of ["lib-05", "lib-08", "lib-09", "lib-c-other"]) expect(ids).not.toContain(gone);
    const hidden = mine.voices.find((v) => v.id === "lib-04")!;
    expect(hidden).toMatchObject({ mine: true, hidden: { reason: "copyright claim" } });
    expect(mine.voices.find((v) => v.id === "lib-c-viewer")).toMatchObject({ mine: true, hidden: null, type: "custom" });
    // Bookmarked flags are the caller's own.
    expect(mine.voices.find((v) => v.id === "lib-01")!.bookmarked).toBe(true);
    const visitor = (await list("?limit=100", null)).body.data!.voices.map((v) => v.id);
    for (const gone of ["lib-04", "lib-05", "lib-08", "lib-c-viewer", "lib-c-other"]) expect(visitor).not.toContain(gone);
    const event = (await list("?tab=event&limit=100", null)).body.data!.voices.map((v) => v.id);
    expect(event.filter((id) => id.startsWith("lib-") || id === "ko-minjun").sort()).toEqual(["ko-minjun", "lib-01", "lib-02"]);
    // The other member's hidden voice shows in their own event tab, marked.
    const theirs = (await list("?tab=event&limit=100", other.token)).body.data!.voices;
    expect(theirs.find((v) => v.id === "lib-05")).toMatchObject({ mine: true, hidden: { reason: "copyright claim" } });
  });

  it("answers the query as understood, with defaults, and accepts both list forms", async () => {
    const r = await list("?tab=open&mood=calm&mood=warm&tone=low,high&q=%20Voice%20", viewer.token);
    expect(r.body.data!.query).toEqual({
      tab: "open",
      mood: ["calm", "warm"],
      tone: ["low", "high"],
      q: "Voice",
      sort: "popular",
      page: 1,
      limit: 24,
    });
    const comma = await list("?tab=open&mood=calm,warm&tone=low&tone=high&q=Voice", viewer.token);
    expect(comma.body.data!.voices.map((v) => v.id)).toEqual(r.body.data!.voices.map((v) => v.id));
  });

  it("refuses what it does not know with a localized 400, and member tabs without a login", async () => {
    for (const q of [
      "?tab=famous",
      "?sort=loudest",
      "?tone=deep",
      "?mood=calm,nope",
      "?page=0",
      "?limit=101",
      "?page=x",
      `?q=${"a".repeat(41)}`,
    ]) {
      const r = await list(q, null);
      expect(r.status, q).toBe(400);
      expect(r.body.code, q).toBe(Code.BAD_REQUEST);
    }
    for (const tab of ["mine", "custom", "bookmark"]) {
      const r = await list(`?tab=${tab}`, null);
      expect([r.status, r.body.code], tab).toEqual([401, Code.LOGIN_REQUIRED]);
    }
    // The longest search allowed, in Korean (120 bytes): a LIKE pattern past 50 bytes was refused by D1 (500).
    const korean = await list(`?q=${encodeURIComponent("서연".repeat(20))}`, null);
    expect(korean.status).toBe(200);
    expect((await list(`?q=${encodeURIComponent("서연")}`, null)).body.data!.voices.map((v) => v.id)).toContain("ko-seoyeon");
    expect((await list(`?q=${encodeURIComponent("SEOYEON")}`, null)).body.data!.voices.map((v) => v.id)).toContain("ko-seoyeon");
  });
});
