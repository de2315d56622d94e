// Issue 19 page speed (docs/decisions/0043): one api call for what every signed-in frame shows (GET /member/frame)
// and one for the dashboard home's lists (GET /member/home). Each answers what the calls it replaces answer, for the
// caller only.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker } from "./helpers";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const call = async (path: string, token: string | null, init: { body?: unknown; lang?: string } = {}) => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { lang: init.lang ?? "kr", "content-type": "application/json", ...(token ? { "api-key": token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: await res.json<{ success: boolean; code: number; data: Loose; message: string }>() };
};

const project = async (token: string, name: string) =>
  (await call("/studio/projects", token, { body: { name, type: "tts" } })).body.data.id as string;

describe("GET /member/frame", () => {
  it("answers the profile as /member/getmember does and the unread count as /help/unread does", async () => {
    const m = await signedUp("frame-owner@example.com");
    await project(m.token!, "first");
    // An answered inquiry the member has not read: the sidebar's badge.
    const member = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind("frame-owner@example.com").first<{ id: string }>();
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO inquiries (member_id, category, content, state, read_yn, created_at, updated_at) VALUES (?, 'service', 'Hello?', 1, 'N', ?, ?)",
    )
      .bind(member!.id, now, now)
      .run();

    const frame = await call("/member/frame", m.token!);
    expect(frame.status).toBe(200);
    expect(frame.body.code).toBe(Code.OK);
    const profile = (await call("/member/getmember", m.token!)).body.data;
    const unread = (await call("/help/unread", m.token!)).body.data.unread;
    expect(unread).toBe(1);
    expect(frame.body.data).toEqual({ profile, unread });
    expect(frame.body.data.profile).toMatchObject({ email: "frame-owner@example.com", studioProjectsCount: 1 });
  });

  it("answers each member their own frame, and a visitor or a revoked session login-required", async () => {
    const owner = await signedUp("frame-a@example.com");
    const other = await signedUp("frame-b@example.com");
    await project(owner.token!, "mine");
    expect((await call("/member/frame", other.token!)).body.data).toMatchObject({
      profile: { email: "frame-b@example.com", studioProjectsCount: 0 },
      unread: 0,
    });
    const visitor = await call("/member/frame", null);
    expect(visitor.body.code).toBe(Code.LOGIN_REQUIRED);
    expect(visitor.body.data).toBeNull();
    await call("/member/logout_all", owner.token!, { body: {} });
    expect((await call("/member/frame", owner.token!)).body.code).toBe(Code.LOGIN_REQUIRED);
  });
});

describe("GET /member/home", () => {
  it("answers the 3 latest projects, the top voices and the recommended ones as their own calls do", async () => {
    const m = await signedUp("home-owner@example.com");
    await env.DB.prepare("UPDATE members SET work = 'creator', purpose = 'podcast' WHERE email = ?").bind("home-owner@example.com").run();
    const member = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind("home-owner@example.com").first<{ id: string }>();
    // Five projects (past Free's limit, so written directly): the oldest and a deleted one are not among the recent three.
    const ids = ["p-one", "p-two", "p-three", "p-four", "p-five"];
    const names = ["zero", "one", "two", "three", "deleted"];
    for (const [i, id] of ids.entries()) {
      await env.DB.prepare(
        "INSERT INTO projects (id, member_id, name, type, created_at, updated_at, deleted_at) VALUES (?, ?, ?, 'tts', 1, ?, ?)",
      )
        .bind(id, member!.id, names[i], 1_000 + i, i === 4 ? Date.now() : null)
        .run();
    }

    const home = await call("/member/home", m.token!, { lang: "en" });
    expect(home.status).toBe(200);
    expect(home.body.code).toBe(Code.OK);
    expect(home.body.data.recent).toEqual([
      { id: "p-four", name: "three", type: "tts", updatedAt: 1_003 },
      { id: "p-three", name: "two", type: "tts", updatedAt: 1_002 },
      { id: "p-two", name: "one", type: "tts", updatedAt: 1_001 },
    ]);
    expect(home.body.data.top).toEqual((await call("/voices/top", m.token!, { lang: "en" })).body.data);
    expect(home.body.data.recommended).toEqual((await call("/voices/recommended", m.token!, { lang: "en" })).body.data);
    expect(home.body.data.recommended).toHaveLength(6);
  });

  it("answers each member their own projects, and a visitor login-required", async () => {
    const owner = await signedUp("home-a@example.com");
    const other = await signedUp("home-b@example.com");
    await project(owner.token!, "owner's");
    expect((await call("/member/home", owner.token!)).body.data.recent.map((p: Loose) => p.name)).toEqual(["owner's"]);
    expect((await call("/member/home", other.token!)).body.data.recent).toEqual([]);
    const visitor = await call("/member/home", null);
    expect(visitor.body.code).toBe(Code.LOGIN_REQUIRED);
    expect(visitor.body.data).toBeNull();
  });
});

describe("recommended voices, scored in SQL", () => {
  /** The rule as it was written over every visible voice in the worker: categories 2 points each, language 1. */
  const expected = (rows: Loose[], wanted: Set<string>, locale: string) => {
    const score = (v: Loose) =>
      (JSON.parse(v.categories) as string[]).filter((c) => wanted.has(c)).length * 2 + (v.lang === locale ? 1 : 0);
    const byUse = [...rows].sort((a, b) => b.usage_count - a.usage_count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return byUse
      .sort((a, b) => score(b) - score(a))
      .slice(0, 6)
      .map((v) => v.id);
  };
  const visible = async () =>
    (
      await env.DB.prepare(
        "SELECT id, lang, categories, usage_count FROM voices WHERE deleted_at IS NULL AND type IN ('basic', 'open') AND hidden_at IS NULL",
      ).all<Loose>()
    ).results;

  it.each([
    ["educator", "education,other:수업 자료", "kr", "ko", ["education", "kids"]],
    ["podcaster", "advertising", "en", "en", ["podcast", "audiobook", "advertising"]],
    ["", "", "kr", "ko", []],
  ])("work %s, purpose %s, language %s: the same six as the rule", async (work, purpose, lang, locale, wanted) => {
    const email = `rec-${work || "none"}-${lang}@example.com`;
    const m = await signedUp(email);
    await env.DB.prepare("UPDATE members SET work = ?, purpose = ? WHERE email = ?").bind(work, purpose, email).run();
    const cards = (await call("/voices/recommended", m.token!, { lang })).body.data as { id: string }[];
    expect(cards.map((c) => c.id)).toEqual(expected(await visible(), new Set(wanted as string[]), locale as string));
  });
});
