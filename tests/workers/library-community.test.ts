import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import type { CommentPage, VoiceComment, VoiceDetail } from "#contracts/voices";
import { createApp } from "../../workers/api/src/app";
import {
  featureVoice,
  hideComment,
  hideVoice,
  restoreComment,
  restoreVoice,
  unfeatureVoice,
} from "../../workers/api/src/domain/library/moderation";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp } from "./helpers";

/**
 * The voice detail and the community around a voice: ratings, comments, reports, bookmarks; one
 * rating and one report per member even when the requests race; comment ownership; IDOR for every voice,
 * comment, rating, report and bookmark endpoint (the owner, another member, a visitor); the moderation
 * functions the operator console will call.
 */

const app = createApp();
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
type Envelope<T = unknown> = { success: boolean; code: number; data: T; message: string };

async function call<T = Record<string, unknown>>(method: string, path: string, token: string | null, body?: unknown, lang = "en") {
  const headers: Record<string, string> = { lang };
  if (token) headers["api-key"] = token;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await app.request(
    `http://localhost/api/v1${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    env,
    ctx,
  );
  return { status: res.status, body: await res.json<Envelope<T>>() };
}

type Person = { id: string; token: string; nickname: string; email: string };
let n = 0;
async function person(): Promise<Person> {
  const email = `community-${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const s = await signedUp(email);
  const row = await env.DB.prepare("SELECT id, nickname FROM members WHERE email = ?")
    .bind(email)
    .first<{ id: string; nickname: string }>();
  return { id: row!.id, token: s.token!, nickname: row!.nickname, email };
}

function voice(id: string, type: "open" | "custom", owner: string) {
  return env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, created_at)
     VALUES (?1, ?2, ?3, 'ko', '{"ko":"테스트","en":"Test"}', '{"ko":"소개","en":"Intro"}', 'medium', 'female', 'young', '["calm","warm"]', '["narration"]', '{}', 1)`,
  ).bind(id, type, owner);
}

let a: Person; // creator of the test voices
let b: Person; // another member
const db = () => drizzle(env.DB);

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  a = await person();
  b = await person();
  await env.DB.batch([
    voice("a-open", "open", a.id),
    voice("a-custom", "custom", a.id),
    voice("a-hidden", "open", a.id),
    voice("a-deleted", "open", a.id),
    env.DB.prepare("UPDATE voices SET hidden_at = 5, hidden_reason = 'Reported for copyright' WHERE id = 'a-hidden'"),
    env.DB.prepare("UPDATE voices SET deleted_at = 5 WHERE id = 'a-deleted'"),
  ]);
});

describe("GET /voices/:id (the voice detail)", () => {
  it("a basic voice: commercial terms, no creator, no report count", async () => {
    const r = await call<VoiceDetail>("GET", "/voices/ko-minjun", null);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: "ko-minjun",
      type: "basic",
      name: "Minjun",
      terms: { code: "commercial" },
      creator: null,
      myRating: null,
      reported: false,
      reportCount: null,
      bookmarked: false,
      mine: false,
      hidden: null,
    });
    expect(r.body.data.terms.text).toMatch(/commercial/i);
    const ko = await call<VoiceDetail>("GET", "/voices/ko-minjun", null, undefined, "kr");
    expect(ko.body.data.terms.text).toMatch(/상업적/);
  });

  it("a seeded open voice: personal-use terms, its creator, ratings, comments and the event it is featured in", async () => {
    const r = await call<VoiceDetail>("GET", "/voices/open-seed-2", b.token);
    expect(r.body.data).toMatchObject({
      type: "open",
      terms: { code: "personal" },
      creator: { nickname: "하늘소리" },
      ratingCount: 2,
      ratingAverage: 5,
      commentCount: 1,
      reportCount: null,
    });
    expect(r.body.data.terms.text).toMatch(/personal use.*copyright is not guaranteed/i);
    expect(r.body.data.event!.endsAt).toBeGreaterThan(Date.now());
  });

  it("the seed runs again without changing what it made (idempotent)", async () => {
    const before = (await call<VoiceDetail>("GET", "/voices/open-seed-1", null)).body.data;
    await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
    const after = (await call<VoiceDetail>("GET", "/voices/open-seed-1", null)).body.data;
    expect(after).toEqual(before);
    expect(before).toMatchObject({ ratingCount: 2, ratingAverage: 4.5, commentCount: 2 });
  });

  it("a custom voice: private terms for its owner; 404 for everyone else", async () => {
    const mine = await call<VoiceDetail>("GET", "/voices/a-custom", a.token);
    expect(mine.body.data).toMatchObject({ type: "custom", mine: true, terms: { code: "private" }, creator: { nickname: a.nickname } });
    expect((await call("GET", "/voices/a-custom", b.token)).status).toBe(404);
    expect((await call("GET", "/voices/a-custom", null)).body.code).toBe(Code.VOICE_NOT_FOUND);
  });
});

describe("ratings: PUT /voices/:id/rating", () => {
  it("1 to 5 only; one per member, a new one replacing the old; the average and count follow", async () => {
    const rater = await person();
    for (const score of [0, 6, 3.5, "5", null, true]) {
      const r = await call("PUT", "/voices/a-open/rating", rater.token, { score });
      expect([r.status, r.body.code], String(score)).toEqual([400, Code.RATING_INVALID]);
    }
    expect((await call("PUT", "/voices/a-open/rating", rater.token, {})).body.code).toBe(Code.RATING_INVALID);
    const first = await call("PUT", "/voices/a-open/rating", rater.token, { score: 5 });
    expect(first.body.data).toEqual({ score: 5, ratingAverage: 5, ratingCount: 1 });
    const again = await call("PUT", "/voices/a-open/rating", rater.token, { score: 2 });
    expect(again.body.data).toEqual({ score: 2, ratingAverage: 2, ratingCount: 1 });
    const second = await call("PUT", "/voices/a-open/rating", b.token, { score: 5 });
    expect(second.body.data).toEqual({ score: 5, ratingAverage: 3.5, ratingCount: 2 });
    expect((await call<VoiceDetail>("GET", "/voices/a-open", rater.token)).body.data).toMatchObject({ myRating: 2, ratingAverage: 3.5 });
    // Nobody sees another member's score.
    expect((await call<VoiceDetail>("GET", "/voices/a-open", null)).body.data.myRating).toBeNull();
    expect((await call<VoiceDetail>("GET", "/voices/a-open", a.token)).body.data.myRating).toBeNull();
    // A member leaving takes their rating with them, and the counters follow (triggers on the cascade).
    await env.DB.prepare("DELETE FROM members WHERE id = ?").bind(rater.id).run();
    expect((await call<VoiceDetail>("GET", "/voices/a-open", null)).body.data).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
    await env.DB.prepare("DELETE FROM voice_ratings WHERE voice_id = 'a-open'").run();
    expect((await call<VoiceDetail>("GET", "/voices/a-open", null)).body.data).toMatchObject({ ratingAverage: null, ratingCount: 0 });
  });

  it("twelve concurrent ratings by one member leave one rating; concurrent first ratings by five members count five", async () => {
    await env.DB.batch([voice("race-rate", "open", a.id)]);
    const scores = Array.from({ length: 12 }, (_, i) => 1 + (i % 5));
    const answers = await Promise.all(scores.map((score) => call("PUT", "/voices/race-rate/rating", b.token, { score })));
    expect(answers.map((r) => r.status)).toEqual(scores.map(() => 200));
    const rows = (await env.DB.prepare("SELECT score FROM voice_ratings WHERE voice_id = 'race-rate'").all<{ score: number }>()).results;
    expect(rows).toHaveLength(1);
    const v = await env.DB.prepare("SELECT rating_count, rating_sum FROM voices WHERE id = 'race-rate'").first<{
      rating_count: number;
      rating_sum: number;
    }>();
    expect(v).toEqual({ rating_count: 1, rating_sum: rows[0]!.score });
    const raters = await Promise.all([person(), person(), person(), person()]);
    await Promise.all(raters.map((p) => call("PUT", "/voices/race-rate/rating", p.token, { score: 4 })));
    const after = await env.DB.prepare("SELECT rating_count, rating_sum FROM voices WHERE id = 'race-rate'").first<{
      rating_count: number;
      rating_sum: number;
    }>();
    expect(after).toEqual({ rating_count: 5, rating_sum: rows[0]!.score + 16 });
  });

  it("the creator cannot rate their own voice", async () => {
    const r = await call("PUT", "/voices/a-open/rating", a.token, { score: 5 });
    expect([r.status, r.body.code]).toEqual([403, Code.RATE_OWN_VOICE]);
  });
});

describe("comments", () => {
  it("add, list newest first in pages, edit and delete one's own; text rules", async () => {
    const writer = await person();
    await env.DB.batch([voice("c-voice", "open", a.id)]);
    const made: string[] = [];
    for (const text of ["first", "second", "third"]) {
      const r = await call<VoiceComment>("POST", "/voices/c-voice/comments", writer.token, { text });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ text, mine: true, author: { nickname: writer.nickname }, editedAt: null, hidden: null });
      made.push(r.body.data.id);
    }
    const page1 = await call<CommentPage>("GET", "/voices/c-voice/comments?limit=2", null);
    expect(page1.body.data.total).toBe(3);
    const page2 = await call<CommentPage>("GET", "/voices/c-voice/comments?limit=2&page=2", null);
    const order = [...page1.body.data.comments, ...page2.body.data.comments].map((c) => c.id);
    // Newest first; written within one millisecond they keep one order by id.
    const created = (
      await env.DB.prepare("SELECT id, created_at FROM voice_comments WHERE voice_id = 'c-voice'").all<{ id: string; created_at: number }>()
    ).results.sort((x, y) => y.created_at - x.created_at || (y.id < x.id ? -1 : 1));
    expect(order).toEqual(created.map((c) => c.id));
    expect(page1.body.data.comments.every((c) => !c.mine)).toBe(true);
    const edited = await call<VoiceComment>("PATCH", `/comments/${made[0]}`, writer.token, {
      text: "  first, edited \r\n\r\n\r\n\r\nwith lines\u0007\u202e ",
    });
    expect(edited.body.data).toMatchObject({ text: "first, edited \n\nwith lines" });
    expect(edited.body.data.editedAt).toBeGreaterThan(0);
    expect((await call("DELETE", `/comments/${made[1]}`, writer.token)).body.data).toEqual({ deleted: true });
    expect((await call<CommentPage>("GET", "/voices/c-voice/comments", null)).body.data.total).toBe(2);
    expect((await call<VoiceDetail>("GET", "/voices/c-voice", null)).body.data.commentCount).toBe(2);
    // Text rules: empty after trimming, and the length limit counted in characters (500 Hangul syllables pass).
    for (const text of ["", "   \n\t ", "\u200e\u202a"])
      expect((await call("POST", "/voices/c-voice/comments", writer.token, { text })).body.code, JSON.stringify(text)).toBe(
        Code.COMMENT_EMPTY,
      );
    expect((await call("POST", "/voices/c-voice/comments", writer.token, { text: "가".repeat(500) })).status).toBe(200);
    const long = await call("POST", "/voices/c-voice/comments", writer.token, { text: "😀".repeat(501) });
    expect([long.status, long.body.code]).toEqual([400, Code.COMMENT_TOO_LONG]);
    expect(long.body.message).toContain("500");
    expect((await call("PATCH", `/comments/${made[0]}`, writer.token, { text: "x".repeat(40_000) })).body.code).toBe(Code.COMMENT_TOO_LONG);
  });

  it("only the author edits or deletes a comment (403 for another member, 401 for a visitor)", async () => {
    const c = await call<VoiceComment>("POST", "/voices/a-open/comments", a.token, { text: "by the creator" });
    const id = c.body.data.id;
    for (const [method, body] of [
      ["PATCH", { text: "taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const r = await call(method, `/comments/${id}`, b.token, body);
      expect([r.status, r.body.code], method).toEqual([403, Code.COMMENT_NOT_YOURS]);
      expect((await call(method, `/comments/${id}`, null, body)).status, method).toBe(401);
    }
    const list = await call<CommentPage>("GET", "/voices/a-open/comments", b.token);
    expect(list.body.data.comments.find((x) => x.id === id)).toMatchObject({ text: "by the creator", mine: false });
    expect((await call("PATCH", "/comments/no-such-comment", a.token, { text: "x" })).body.code).toBe(Code.COMMENT_NOT_FOUND);
  });

  it("ten comment writes a minute per member, then 429", async () => {
    const chatty = await person();
    for (let i = 0; i < 10; i++)
      expect((await call("POST", "/voices/ko-minjun/comments", chatty.token, { text: `hello ${i}` })).status).toBe(200);
    const r = await call("POST", "/voices/ko-minjun/comments", chatty.token, { text: "one more" });
    expect([r.status, r.body.code]).toEqual([429, Code.RATE_LIMITED]);
  });
});

describe("reports", () => {
  it('three categories and a description; one per member and voice (a second answers 409 "already reported")', async () => {
    const reporter = await person();
    expect((await call("POST", "/voices/a-open/report", reporter.token, { category: "spam" })).body.code).toBe(
      Code.REPORT_CATEGORY_INVALID,
    );
    expect((await call("POST", "/voices/a-open/report", reporter.token, {})).body.code).toBe(Code.REPORT_CATEGORY_INVALID);
    expect((await call("POST", "/voices/a-open/report", reporter.token, { category: "other" })).body.code).toBe(
      Code.REPORT_DESCRIPTION_REQUIRED,
    );
    expect(
      (await call("POST", "/voices/a-open/report", reporter.token, { category: "rights", description: "x".repeat(501) })).body.code,
    ).toBe(Code.REPORT_DESCRIPTION_TOO_LONG);
    const ok = await call("POST", "/voices/a-open/report", reporter.token, {
      category: "rights",
      description: "My voice, used without consent.",
    });
    expect(ok.body.data).toEqual({ reported: true });
    const again = await call("POST", "/voices/a-open/report", reporter.token, { category: "offensive" });
    expect([again.status, again.body.code]).toEqual([409, Code.VOICE_ALREADY_REPORTED]);
    expect(again.body.message).toMatch(/already reported/i);
    expect((await call("POST", "/voices/a-open/report", reporter.token, { category: "offensive" }, "kr")).body.message).toMatch(
      /이미 신고/,
    );
    expect((await call<VoiceDetail>("GET", "/voices/a-open", reporter.token)).body.data.reported).toBe(true);
    // The creator sees how many reports, never who made them; nobody else sees the count.
    await call("POST", "/voices/a-open/report", b.token, { category: "offensive" });
    const creator = await call<VoiceDetail>("GET", "/voices/a-open", a.token);
    expect(creator.body.data.reportCount).toBe(2);
    const text = JSON.stringify(creator.body);
    for (const secret of [reporter.nickname, reporter.email, reporter.id, b.id]) expect(text).not.toContain(secret);
    expect((await call<VoiceDetail>("GET", "/voices/a-open", b.token)).body.data.reportCount).toBeNull();
    const own = await call("POST", "/voices/a-open/report", a.token, { category: "other", description: "testing" });
    expect([own.status, own.body.code]).toEqual([403, Code.REPORT_OWN]);
  });

  it("eight concurrent reports of one voice by one member store one and answer 409 to the rest", async () => {
    const racer = await person();
    await env.DB.batch([voice("race-report", "open", a.id)]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call("POST", "/voices/race-report/report", racer.token, { category: "offensive" })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.body.code === Code.VOICE_ALREADY_REPORTED)).toHaveLength(7);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM voice_reports WHERE voice_id = 'race-report'").first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("comments are reported the same way: once per member, concurrent duplicates included; never one's own", async () => {
    const racer = await person();
    const c = await call<VoiceComment>("POST", "/voices/a-open/comments", a.token, { text: "report me" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call("POST", `/comments/${c.body.data.id}/report`, racer.token, { category: "offensive" })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.body.code === Code.COMMENT_ALREADY_REPORTED)).toHaveLength(5);
    const list = await call<CommentPage>("GET", "/voices/a-open/comments", racer.token);
    expect(list.body.data.comments.find((x) => x.id === c.body.data.id)!.reported).toBe(true);
    const own = await call("POST", `/comments/${c.body.data.id}/report`, a.token, { category: "offensive" });
    expect([own.status, own.body.code]).toEqual([403, Code.REPORT_OWN]);
  });

  it("twenty reports an hour per member, then 429", async () => {
    const busy = await person();
    const stmts = Array.from({ length: 21 }, (_, i) => voice(`many-${i}`, "open", a.id));
    await env.DB.batch(stmts);
    for (let i = 0; i < 20; i++)
      expect((await call("POST", `/voices/many-${i}/report`, busy.token, { category: "offensive" })).status).toBe(200);
    const r = await call("POST", "/voices/many-20/report", busy.token, { category: "offensive" });
    expect([r.status, r.body.code]).toEqual([429, Code.RATE_LIMITED]);
  });
});

describe("bookmarks", () => {
  it("count once per member, follow toggles, and show in the detail", async () => {
    await env.DB.batch([voice("bm-voice", "open", a.id)]);
    await call("POST", "/voices/bm-voice/bookmark", b.token);
    await call("POST", "/voices/bm-voice/bookmark", b.token);
    expect((await call<VoiceDetail>("GET", "/voices/bm-voice", b.token)).body.data).toMatchObject({ bookmarked: true, bookmarkCount: 1 });
    await call("POST", "/voices/bm-voice/bookmark", a.token);
    await call("DELETE", "/voices/bm-voice/bookmark", b.token);
    await call("DELETE", "/voices/bm-voice/bookmark", b.token);
    expect((await call<VoiceDetail>("GET", "/voices/bm-voice", b.token)).body.data).toMatchObject({ bookmarked: false, bookmarkCount: 1 });
  });
});

describe("IDOR: every voice, comment, rating, report and bookmark endpoint for the owner, another member and a visitor", () => {
  type Case = [method: string, path: string, body?: unknown];
  const voiceEndpoints = (id: string): Case[] => [
    ["GET", `/voices/${id}`],
    ["GET", `/voices/${id}/image`],
    ["GET", `/voices/${id}/comments`],
    ["POST", `/voices/${id}/comments`, { text: "hello" }],
    ["PUT", `/voices/${id}/rating`, { score: 4 }],
    ["POST", `/voices/${id}/report`, { category: "offensive" }],
    ["POST", `/voices/${id}/bookmark`],
  ];
  const status = async ([method, path, body]: Case, token: string | null) => {
    const res = await app.request(
      `http://localhost/api/v1${path}`,
      {
        method,
        headers: { lang: "en", ...(token ? { "api-key": token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      },
      env,
      ctx,
    );
    return res.status;
  };
  /** What a visitor gets: 404 for reads, 401 for what needs a login. */
  const visitorStatus = (c: Case) => (c[0] === "GET" ? 404 : 401);

  for (const [target, what] of [
    ["a-custom", "a custom voice"],
    ["a-hidden", "a hidden open voice"],
  ] as const)
    it(`${what}: its creator may use every endpoint (not rate or report it); another member and a visitor get 404/401`, async () => {
      const owner: Record<string, number> = {};
      for (const c of voiceEndpoints(target)) owner[`${c[0]} ${c[1]}`] = await status(c, a.token);
      expect(owner).toEqual({
        [`GET /voices/${target}`]: 200,
        [`GET /voices/${target}/image`]: 200,
        [`GET /voices/${target}/comments`]: 200,
        [`POST /voices/${target}/comments`]: 200,
        [`PUT /voices/${target}/rating`]: 403,
        [`POST /voices/${target}/report`]: 403,
        [`POST /voices/${target}/bookmark`]: 200,
      });
      for (const c of [...voiceEndpoints(target), ["GET", `/voices/${target}/sample`] as Case]) {
        expect(await status(c, b.token), `another member: ${c[0]} ${c[1]}`).toBe(404);
        expect(await status(c, null), `visitor: ${c[0]} ${c[1]}`).toBe(visitorStatus(c));
      }
      const detail = await call<VoiceDetail>("GET", `/voices/${target}`, a.token);
      if (target === "a-hidden") expect(detail.body.data.hidden).toMatchObject({ reason: "Reported for copyright" });
    });

  it("a deleted voice: 404 (or 401) for everyone, its creator included", async () => {
    for (const c of [...voiceEndpoints("a-deleted"), ["GET", "/voices/a-deleted/sample"] as Case]) {
      expect(await status(c, a.token), `creator: ${c[0]} ${c[1]}`).toBe(404);
      expect(await status(c, b.token), `another: ${c[0]} ${c[1]}`).toBe(404);
      expect(await status(c, null), `visitor: ${c[0]} ${c[1]}`).toBe(visitorStatus(c));
    }
  });

  it("a public open voice: another member may rate, comment, report and bookmark it; a visitor may only read", async () => {
    await env.DB.batch([voice("a-public", "open", a.id)]);
    for (const c of voiceEndpoints("a-public")) {
      expect(await status(c, b.token), `another: ${c[0]} ${c[1]}`).toBe(200);
      expect(await status(c, null), `visitor: ${c[0]} ${c[1]}`).toBe(c[0] === "GET" ? 200 : 401);
    }
    // Unbookmarking touches only the caller's own bookmark.
    await call("DELETE", "/voices/a-public/bookmark", a.token);
    expect((await call<VoiceDetail>("GET", "/voices/a-public", b.token)).body.data.bookmarked).toBe(true);
    expect((await call("DELETE", "/voices/a-public/bookmark", null)).status).toBe(401);
  });

  it("comments on a voice another member cannot see are not found for them, whatever the method", async () => {
    const onCustom = await call<VoiceComment>("POST", "/voices/a-custom/comments", a.token, { text: "private note" });
    const id = onCustom.body.data.id;
    for (const [method, path, body] of [
      ["PATCH", `/comments/${id}`, { text: "x" }],
      ["DELETE", `/comments/${id}`, undefined],
      ["POST", `/comments/${id}/report`, { category: "offensive" }],
    ] as const) {
      const r = await call(method, path, b.token, body);
      expect([r.status, r.body.code], `${method} ${path}`).toEqual([404, Code.COMMENT_NOT_FOUND]);
      expect((await call(method, path, null, body)).status).toBe(401);
    }
    expect((await call("PATCH", `/comments/${id}`, a.token, { text: "still mine" })).status).toBe(200);
    expect((await call("DELETE", `/comments/${id}`, a.token)).status).toBe(200);
  });
});

describe("moderation (domain functions for the operator console)", () => {
  it("features a voice for a period and stops; refuses a bad period, a custom or deleted voice", async () => {
    const now = Date.now();
    expect(await featureVoice(db(), "a-open", now, now)).toMatchObject({ ok: false, code: Code.FEATURE_PERIOD_INVALID });
    expect(await featureVoice(db(), "a-custom", now - 1000, now + 60_000)).toMatchObject({ ok: false, code: Code.VOICE_NOT_FOUND });
    expect(await featureVoice(db(), "a-deleted", now - 1000, now + 60_000)).toMatchObject({ ok: false, code: Code.VOICE_NOT_FOUND });
    const done = await featureVoice(db(), "a-open", now - 1000, now + 60_000);
    expect(done.ok).toBe(true);
    const inEvent = async () =>
      (await call<{ voices: { id: string }[] }>("GET", "/voices?tab=event&limit=100", null)).body.data.voices.some(
        (v) => v.id === "a-open",
      );
    expect(await inEvent()).toBe(true);
    expect((await call<VoiceDetail>("GET", "/voices/a-open", null)).body.data.event).toMatchObject({ endsAt: now + 60_000 });
    expect(await unfeatureVoice(db(), done.ok ? done.value.id : "")).toEqual({ ok: true, value: { removed: true } });
    expect(await inEvent()).toBe(false);
    expect(await unfeatureVoice(db(), "gone")).toMatchObject({ ok: false, code: Code.NOT_FOUND });
  });

  it("hides a voice from everyone but its creator (marked with the reason) and restores it", async () => {
    await env.DB.batch([voice("mod-voice", "open", a.id)]);
    expect(await hideVoice(db(), "mod-voice", "Under review")).toEqual({ ok: true, value: { hidden: true } });
    expect((await call("GET", "/voices/mod-voice", b.token)).status).toBe(404);
    expect((await call<VoiceDetail>("GET", "/voices/mod-voice", a.token)).body.data.hidden).toMatchObject({ reason: "Under review" });
    expect(await restoreVoice(db(), "mod-voice")).toEqual({ ok: true, value: { hidden: false } });
    expect((await call<VoiceDetail>("GET", "/voices/mod-voice", b.token)).body.data.hidden).toBeNull();
    expect(await hideVoice(db(), "a-deleted", "x")).toMatchObject({ ok: false, code: Code.VOICE_NOT_FOUND });
  });

  it("hides a comment from everyone but its author (marked), who may still edit it; restores it", async () => {
    const c = await call<VoiceComment>("POST", "/voices/a-open/comments", b.token, { text: "to be hidden" });
    const id = c.body.data.id;
    expect(await hideComment(db(), id, "Spam")).toEqual({ ok: true, value: { hidden: true } });
    const seen = async (token: string | null) =>
      (await call<CommentPage>("GET", "/voices/a-open/comments?limit=50", token)).body.data.comments.find((x) => x.id === id);
    expect(await seen(a.token)).toBeUndefined();
    expect(await seen(null)).toBeUndefined();
    expect(await seen(b.token)).toMatchObject({ mine: true, hidden: { reason: "Spam" } });
    expect((await call("POST", `/comments/${id}/report`, a.token, { category: "offensive" })).body.code).toBe(Code.COMMENT_NOT_FOUND);
    expect((await call("PATCH", `/comments/${id}`, b.token, { text: "edited while hidden" })).status).toBe(200);
    expect(await restoreComment(db(), id)).toEqual({ ok: true, value: { hidden: false } });
    expect(await seen(a.token)).toMatchObject({ text: "edited while hidden", hidden: null });
    expect(await hideComment(db(), "nope", "x")).toMatchObject({ ok: false, code: Code.COMMENT_NOT_FOUND });
  });
});
