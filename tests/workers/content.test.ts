// Public content from D1. GET /notices (paged, pinned first, newest first, release notices as
// their own category), GET /notices/:id, GET /faq (category, search), GET /guide, the contests and
// their entries, and the operators' domain functions (create, edit, publish, unpublish).
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { seedContests, seedFaq, seedGuide, seedNotices } from "#db/seed-content";
import { Code } from "../../workers/api/src/lib/codes";
import { contestEditor } from "../../workers/api/src/domain/content/contests";
import { faqEditor } from "../../workers/api/src/domain/content/faq";
import { noticeEditor } from "../../workers/api/src/domain/content/notices";
import { contestInput, faqInput, noticeInput } from "../../workers/api/src/domain/content/schemas";
import { signedUp, worker, type Answer } from "./helpers";

const db = drizzle(env.DB, { schema });
const OPERATOR = "operator-1";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const get = async (path: string, init: { lang?: string; token?: string; now?: number } = {}) => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    headers: {
      lang: init.lang ?? "kr",
      ...(init.token ? { "api-key": init.token } : {}),
      ...(init.now ? { "x-test-now": String(init.now) } : {}),
    },
  });
  return { status: res.status, body: await res.json<Answer>() };
};

type NoticeItem = { id: string; category: string; pinned: boolean; title: string; date: number };
type NoticeList = { items: NoticeItem[]; page: number; pageSize: number; total: number; pages: number };

const notice = (over: Partial<{ category: "notice" | "release"; pinned: boolean; title: string }> = {}) =>
  noticeInput.parse({
    category: over.category ?? "notice",
    pinned: over.pinned ?? false,
    title: { ko: over.title ?? "테스트 공지", en: over.title ?? "Test notice" },
    body: { ko: "첫 문단\n\n- 항목", en: "First paragraph\n\n- item" },
  });

describe("notices", () => {
  it("lists the seeded notices pinned first, then newest first, in the asked language", async () => {
    const ko = await get("/notices");
    expect(ko.status).toBe(200);
    const list = ko.body.data as unknown as NoticeList;
    expect(list.total).toBe(seedNotices.length);
    expect(list.items[0]).toMatchObject({ id: "seed-notice-welcome", pinned: true, title: "Voice Studio 정식 서비스를 시작합니다" });
    const rest = list.items.slice(1).map((i) => i.date);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const en = (await get("/notices", { lang: "en" })).body.data as unknown as NoticeList;
    expect(en.items[0]!.title).toBe("Voice Studio is now open");
  });

  it("keeps release notices as their own category", async () => {
    const releases = (await get("/notices?category=release")).body.data as unknown as NoticeList;
    expect(releases.items.length).toBeGreaterThan(0);
    expect(releases.items.every((i) => i.category === "release")).toBe(true);
    const plain = (await get("/notices?category=notice")).body.data as unknown as NoticeList;
    expect(plain.items.every((i) => i.category === "notice")).toBe(true);
    expect(releases.total + plain.total).toBe(((await get("/notices")).body.data as unknown as NoticeList).total);
    expect((await get("/notices?category=other")).status).toBe(400);
    expect((await get("/notices?page=0")).status).toBe(400);
    expect((await get("/notices?page=abc")).status).toBe(400);
  });

  it("pages by 10, and shows a notice once an operator publishes it and no longer once it is unpublished", async () => {
    for (let i = 0; i < 11; i++) {
      const made = await noticeEditor.create(db, notice({ title: `paged ${i}` }), OPERATOR, Date.UTC(2026, 0, 1 + i));
      expect(made.ok).toBe(true);
      if (made.ok) await noticeEditor.publish(db, made.value.after.id, OPERATOR, Date.UTC(2025, 0, 1 + i));
    }
    const first = (await get("/notices?category=notice")).body.data as unknown as NoticeList;
    expect(first.items).toHaveLength(10);
    expect(first.pages).toBe(Math.ceil(first.total / 10));
    const last = (await get(`/notices?category=notice&page=${first.pages}`)).body.data as unknown as NoticeList;
    expect(last.items.length).toBeGreaterThan(0);
    expect((await get("/notices?page=999")).body.data).toMatchObject({ items: [] });

    const draft = await noticeEditor.create(db, notice({ title: "draft only" }), OPERATOR);
    if (!draft.ok) throw new Error("not created");
    const id = draft.value.after.id;
    expect(draft.value).toMatchObject({ before: null, after: { createdBy: OPERATOR, publishedAt: null } });
    expect((await get(`/notices/${id}`)).status).toBe(404);
    const published = await noticeEditor.publish(db, id, OPERATOR, Date.UTC(2030, 0, 1));
    expect(published).toMatchObject({ ok: true, value: { before: { publishedAt: null }, after: { publishedAt: Date.UTC(2030, 0, 1) } } });
    const detail = await get(`/notices/${id}`, { lang: "en" });
    expect(detail.body.data).toMatchObject({ id, title: "draft only", body: "First paragraph\n\n- item", date: Date.UTC(2030, 0, 1) });
    // The newest non-pinned notice comes right after the pinned ones.
    const top = ((await get("/notices")).body.data as unknown as NoticeList).items;
    expect(top.findIndex((i) => i.id === id)).toBe(top.filter((i) => i.pinned).length);
    // Publishing again keeps the first date; editing keeps the publication.
    await noticeEditor.publish(db, id, OPERATOR, Date.UTC(2031, 0, 1));
    const edited = await noticeEditor.update(db, id, notice({ title: "edited", category: "release", pinned: true }), "operator-2");
    expect(edited).toMatchObject({
      ok: true,
      value: {
        before: { titleEn: "draft only" },
        after: { titleEn: "edited", updatedBy: "operator-2", publishedAt: Date.UTC(2030, 0, 1) },
      },
    });
    expect((await get(`/notices/${id}`, { lang: "en" })).body.data).toMatchObject({ title: "edited", category: "release", pinned: true });
    const gone = await noticeEditor.unpublish(db, id, OPERATOR);
    expect(gone).toMatchObject({ ok: true, value: { after: { publishedAt: null } } });
    expect((await get(`/notices/${id}`)).status).toBe(404);
    expect(await noticeEditor.unpublish(db, "nope", OPERATOR)).toMatchObject({ ok: false, code: Code.NOT_FOUND });
    expect(await noticeEditor.publish(db, "nope", OPERATOR)).toMatchObject({ ok: false, code: Code.NOT_FOUND });
  });

  it("answers an unknown id 404 with a localized message, and refuses operator input that breaks the rules", async () => {
    const missing = await get("/notices/does-not-exist", { lang: "en" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: Code.NOT_FOUND, message: "The requested address was not found." });
    expect(noticeInput.safeParse({ ...notice(), title: { ko: "", en: "x" } }).success).toBe(false);
    expect(noticeInput.safeParse({ ...notice(), title: { ko: "a\u202eb", en: "x" } }).success).toBe(false);
    expect(noticeInput.safeParse({ ...notice(), body: { ko: "x".repeat(20_001), en: "x" } }).success).toBe(false);
    expect(noticeInput.safeParse({ ...notice(), body: { ko: "bell\u0007", en: "x" } }).success).toBe(false);
    expect(noticeInput.parse({ ...notice(), body: { ko: " a\r\n\r\nb ", en: "x" } }).body.ko).toBe("a\n\nb");
  });
});

type FaqList = { items: { id: string; category: string; question: string; answer: string }[]; q: string };

describe("FAQ", () => {
  it("lists Service before Plan, by category, in the asked language", async () => {
    const all = (await get("/faq")).body.data as unknown as FaqList;
    expect(all.items).toHaveLength(seedFaq.length);
    const firstPlan = all.items.findIndex((i) => i.category === "plan");
    expect(all.items.slice(firstPlan).every((i) => i.category === "plan")).toBe(true);
    const plan = (await get("/faq?category=plan", { lang: "en" })).body.data as unknown as FaqList;
    expect(plan.items.every((i) => i.category === "plan")).toBe(true);
    expect(plan.items[0]!.question).toBe("Which plans are there?");
    expect((await get("/faq?category=refund")).status).toBe(400);
  });

  it("searches question and answer in the asked language, % and _ as typed, and says 3 to 5 business days about refunds", async () => {
    const ko = (await get(`/faq?q=${encodeURIComponent("환불")}`)).body.data as unknown as FaqList;
    expect(ko.items.map((i) => i.id)).toContain("seed-faq-refund");
    expect(ko.items.every((i) => `${i.question}${i.answer}`.includes("환불"))).toBe(true);
    const refund = ko.items.find((i) => i.id === "seed-faq-refund")!;
    expect(refund.answer).toContain("3~5일");
    expect(refund.answer).not.toContain("3~4");
    const en = (await get("/faq?q=REFUND", { lang: "en" })).body.data as unknown as FaqList;
    expect(en.items.find((i) => i.id === "seed-faq-refund")!.answer).toContain("3 to 5 business days");
    // "%" matches only the answer that has a literal % in it ("50% off"), not everything.
    expect(((await get("/faq?q=%25", { lang: "en" })).body.data as unknown as FaqList).items.map((i) => i.id)).toEqual([
      "seed-faq-discount",
    ]);
    expect(((await get("/faq?q=_", { lang: "en" })).body.data as unknown as FaqList).items).toEqual([]);
    expect(((await get("/faq?q=zzzz-nothing")).body.data as unknown as FaqList).items).toEqual([]);
    expect((await get(`/faq?q=${"a".repeat(51)}`)).status).toBe(400);
    // Any search the length allows, whatever its bytes: 50 Korean characters are 150 bytes (a LIKE pattern past
    // 50 bytes was refused by D1 and the page answered 503).
    for (const q of ["환".repeat(17), "환불".repeat(25), "a".repeat(50)]) {
      const long = await get(`/faq?q=${encodeURIComponent(q)}`);
      expect(long.status, q).toBe(200);
      expect((long.body.data as unknown as FaqList).items).toEqual([]);
    }
  });

  it("serves an entry an operator publishes, in its place, and not once it is unpublished", async () => {
    const made = await faqEditor.create(
      db,
      faqInput.parse({
        category: "service",
        position: 1,
        question: { ko: "운영자 질문", en: "Operator question" },
        answer: { ko: "답", en: "Answer" },
      }),
      OPERATOR,
    );
    if (!made.ok) throw new Error("not created");
    const id = made.value.after.id;
    expect(((await get("/faq")).body.data as unknown as FaqList).items.some((i) => i.id === id)).toBe(false);
    await faqEditor.publish(db, id, OPERATOR);
    expect(((await get("/faq")).body.data as unknown as FaqList).items[0]!.id).toBe(id);
    const edited = await faqEditor.update(
      db,
      id,
      faqInput.parse({ category: "plan", position: 999, question: { ko: "바뀐 질문", en: "Changed" }, answer: { ko: "답", en: "A" } }),
      OPERATOR,
    );
    expect(edited).toMatchObject({ ok: true, value: { before: { category: "service" }, after: { category: "plan" } } });
    const plan = ((await get("/faq?category=plan")).body.data as unknown as FaqList).items;
    expect(plan.at(-1)!.id).toBe(id);
    await faqEditor.unpublish(db, id, OPERATOR);
    expect(((await get("/faq")).body.data as unknown as FaqList).items.some((i) => i.id === id)).toBe(false);
    expect(
      await faqEditor.update(
        db,
        "nope",
        faqInput.parse({ category: "plan", question: { ko: "q", en: "q" }, answer: { ko: "a", en: "a" } }),
        OPERATOR,
      ),
    ).toMatchObject({
      ok: false,
      code: Code.NOT_FOUND,
    });
  });
});

describe("guide", () => {
  it("answers the sections in order with their anchors and screenshots", async () => {
    const res = await get("/guide", { lang: "en" });
    const sections = (res.body.data as { sections: { id: string; title: string; image: string; imageAlt: string }[] }).sections;
    expect(sections.map((s) => s.id)).toEqual(seedGuide.map((s) => s.id));
    expect(sections.map((s) => s.id)).toEqual(["getting-started", "tts", "sts", "voices", "custom-voices", "plans"]);
    expect(sections.every((s) => s.image.startsWith("/guide/") && s.imageAlt)).toBe(true);
    expect(sections[0]!.title).toBe("Getting started");
  });
});

type Contest = {
  id: string;
  slug: string;
  title: string;
  rules: string;
  prize: string;
  open: boolean;
  entries: number;
  entry: { inference_id: string; shareUrl: string } | null;
  shareable: { inference_id: string; shareUrl: string }[];
};

/** A member's TTS result, shared (or not) through the real endpoints. */
async function result(token: string, share = true) {
  const res = await worker.fetch("http://localhost/api/v1/studio/tts", {
    method: "POST",
    headers: { "api-key": token, "content-type": "application/json" },
    body: JSON.stringify({ text: "응모합니다", voice_id: "ko-seoyeon" }),
  });
  const id = (await res.json<Answer>()).data!.inference_id as string;
  if (share) await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/share`, { method: "POST", headers: { "api-key": token } });
  return id;
}

const enter = async (token: string | null, slug: string, body: unknown, now?: number, lang = "kr") => {
  const res = await worker.fetch(`http://localhost/api/v1/contests/${slug}/entries`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      lang,
      ...(token ? { "api-key": token } : {}),
      ...(now ? { "x-test-now": String(now) } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<Answer>() };
};

const contest = (slug: string, startsAt: number, endsAt: number) =>
  contestInput.parse({
    slug,
    title: { ko: "공모전", en: "Contest" },
    summary: { ko: "요약", en: "Summary" },
    rules: { ko: "- 규칙", en: "- Rule" },
    prize: { ko: "- 상", en: "- Prize" },
    startsAt,
    endsAt,
  });

describe("contests", () => {
  it("shows the seeded contest with its title, period, rules and prize", async () => {
    const seeded = seedContests[0]!;
    const inside = seeded.startsAt + 1000;
    const list = await get("/contests", { now: inside });
    expect((list.body.data as { items: { slug: string; open: boolean }[] }).items[0]).toMatchObject({ slug: seeded.slug, open: true });
    const detail = (await get(`/contests/${seeded.slug}`, { lang: "en", now: inside })).body.data as unknown as Contest;
    expect(detail).toMatchObject({ title: "My voice letter contest", open: true, entry: null, shareable: [] });
    expect(detail.rules).toContain("One entry per member");
    expect(detail.prize).toContain("Production");
    expect(((await get(`/contests/${seeded.slug}`, { now: seeded.endsAt })).body.data as unknown as Contest).open).toBe(false);
    expect((await get("/contests/unknown-contest")).status).toBe(404);
  });

  it("takes one entry per member, with the member's own shared result, only while open; visitors must log in", async () => {
    const now = Date.now();
    const made = await contestEditor.create(db, contest("entry-test", now - 60_000, now + 3_600_000), OPERATOR, now);
    if (!made.ok) throw new Error("not created");
    // A draft is not there yet.
    expect((await get("/contests/entry-test")).status).toBe(404);
    await contestEditor.publish(db, made.value.after.id, OPERATOR, now);
    const member = await signedUp("contest-entrant@example.com");
    const other = await signedUp("contest-other@example.com");
    const shared = await result(member.token!);
    const unshared = await result(member.token!, false);
    const theirs = await result(other.token!);
    const page = (await get("/contests/entry-test", { token: member.token! })).body.data as unknown as Contest;
    expect(page.shareable.map((s) => s.inference_id)).toEqual([shared]);
    expect((await enter(null, "entry-test", { inference_id: shared })).status).toBe(401);
    expect((await enter(member.token!, "entry-test", { inference_id: unshared })).body.code).toBe(Code.CONTEST_SHARE_REQUIRED);
    const idor = await enter(member.token!, "entry-test", { inference_id: theirs }, undefined, "en");
    expect(idor.body).toMatchObject({ code: Code.CONTEST_SHARE_REQUIRED, message: expect.stringContaining("shared results") });
    expect((await enter(member.token!, "entry-test", { inference_id: shared, note: "bad\u0000" })).status).toBe(400);
    expect((await enter(member.token!, "entry-test", { inference_id: shared }, now + 7_200_000)).body.code).toBe(Code.CONTEST_CLOSED);
    const entered = await enter(member.token!, "entry-test", { inference_id: shared, note: " 엄마에게 " });
    expect(entered.body).toMatchObject({
      success: true,
      data: { inference_id: shared, note: "엄마에게", shareUrl: expect.stringMatching(/^\/share\//) },
    });
    expect((await enter(member.token!, "entry-test", { inference_id: shared })).body.code).toBe(Code.CONTEST_ALREADY_ENTERED);
    const after = (await get("/contests/entry-test", { token: member.token! })).body.data as unknown as Contest;
    expect(after).toMatchObject({ entries: 1, entry: { inference_id: shared } });
    // Another member sees the count, not the entry.
    expect((await get("/contests/entry-test", { token: other.token! })).body.data).toMatchObject({ entries: 1, entry: null });
    expect((await enter(member.token!, "no-such-contest", { inference_id: shared })).status).toBe(404);
    // Unpublished: gone for everyone, entries refused.
    await contestEditor.unpublish(db, made.value.after.id, OPERATOR);
    expect((await get("/contests/entry-test")).status).toBe(404);
    expect((await enter(other.token!, "entry-test", { inference_id: theirs })).status).toBe(404);
  });

  it("refuses a period that ends before it starts and an address already taken", async () => {
    expect(await contestEditor.create(db, contest("backwards", 2000, 1000), OPERATOR)).toMatchObject({
      ok: false,
      code: Code.CONTENT_PERIOD_INVALID,
    });
    expect(await contestEditor.create(db, contest("voice-letter-2026", 1000, 2000), OPERATOR)).toMatchObject({
      ok: false,
      code: Code.CONTENT_SLUG_TAKEN,
    });
    const made = await contestEditor.create(db, contest("editable", 1000, 2000), OPERATOR);
    if (!made.ok) throw new Error("not created");
    expect(await contestEditor.update(db, made.value.after.id, contest("voice-letter-2026", 1000, 2000), OPERATOR)).toMatchObject({
      ok: false,
      code: Code.CONTENT_SLUG_TAKEN,
    });
    expect(await contestEditor.update(db, made.value.after.id, contest("editable", 3000, 2000), OPERATOR)).toMatchObject({
      ok: false,
      code: Code.CONTENT_PERIOD_INVALID,
    });
    expect(await contestEditor.update(db, made.value.after.id, contest("edited-slug", 1000, 5000), OPERATOR)).toMatchObject({
      ok: true,
      value: { before: { slug: "editable" }, after: { slug: "edited-slug", endsAt: 5000 } },
    });
    expect(contestInput.safeParse({ ...contest("ok-slug", 1, 2), slug: "Bad Slug" }).success).toBe(false);
  });
});

describe("seeding again", () => {
  it("brings seeded notices, FAQ entries and contests an operator has not edited to this file's words, and keeps an operator's edit", async () => {
    const [welcome, refund] = [seedNotices[0]!, seedNotices[1]!];
    const [faqUnedited, faqEdited] = [seedFaq[0]!, seedFaq[1]!];
    const contest = seedContests[0]!;
    // A database seeded before a wording change (the old 플랜 wording), and one row an operator has changed since.
    await env.DB.prepare("UPDATE notices SET title_ko = '옛 플랜 공지', body_en = 'old plan words' WHERE id = ?").bind(welcome.id).run();
    await env.DB.prepare("UPDATE faq_entries SET answer_ko = '옛 플랜 답변' WHERE id = ?").bind(faqUnedited.id).run();
    await env.DB.prepare("UPDATE contests SET title_ko = '옛 플랜 공모전' WHERE id = ?").bind(contest.id).run();
    const edited = await noticeEditor.update(
      db,
      refund.id,
      noticeInput.parse({
        category: refund.category,
        pinned: refund.pinned ?? false,
        title: { ko: "운영자가 고친 제목", en: "Edited by an operator" },
        body: { ko: refund.bodyKo, en: refund.bodyEn },
      }),
      OPERATOR,
    );
    expect(edited.ok).toBe(true);
    await env.DB.prepare("UPDATE faq_entries SET answer_ko = '운영자 답변', updated_by = ?2 WHERE id = ?1")
      .bind(faqEdited.id, OPERATOR)
      .run();

    await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
    await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));

    const noticeRow = (id: string) => env.DB.prepare("SELECT title_ko, body_en, updated_by FROM notices WHERE id = ?").bind(id).first();
    expect(await noticeRow(welcome.id)).toEqual({ title_ko: welcome.titleKo, body_en: welcome.bodyEn, updated_by: null });
    expect(await noticeRow(refund.id)).toMatchObject({ title_ko: "운영자가 고친 제목", updated_by: OPERATOR });
    const faqAnswer = (id: string) =>
      env.DB.prepare("SELECT answer_ko FROM faq_entries WHERE id = ?").bind(id).first<{ answer_ko: string }>();
    expect((await faqAnswer(faqUnedited.id))?.answer_ko).toBe(faqUnedited.answerKo);
    expect((await faqAnswer(faqEdited.id))?.answer_ko).toBe("운영자 답변");
    const contestTitle = await env.DB.prepare("SELECT title_ko FROM contests WHERE id = ?").bind(contest.id).first<{ title_ko: string }>();
    expect(contestTitle?.title_ko).toBe(contest.titleKo);
    // The seeded words themselves say 요금제, not 플랜.
    const seeded = JSON.stringify([seedNotices, seedFaq, seedContests]);
    expect(seeded).not.toContain("플랜");
    // The public answers show the seeded words.
    const page = await get(`/notices/${welcome.id}`);
    expect(JSON.stringify(page.body.data)).toContain(welcome.titleKo);
  });
});
