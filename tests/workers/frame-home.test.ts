// Page speed (docs/decisions/0043): one api call for what every signed-in frame shows (GET /member/frame)
// and one for the dashboard home's lists (GET /member/home). Each answers what the calls it replaces answer, for the
// caller only.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { sessionFrame } from "../../workers/api/src/domain/billing/plan-state";
import { memberHome } from "../../workers/api/src/domain/home";
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

/**
 * A Db over the test D1 that counts statements made (`prepare`) and statements run (`raw`, `all`, `first`, `run`,
 * `batch`), and for each statement run how many run before it had already answered (`answeredBefore`): all zeros
 * means every statement was sent before the first answer came back, one round trip to D1.
 */
function countingDb() {
  const counter = { prepared: 0, run: 0 };
  const trips = { answered: 0, answeredBefore: [] as number[] };
  const counted = <T extends object>(
    target: T,
    onCall: Record<string, () => void>,
    wrap: Record<string, (v: unknown) => unknown> = {},
  ): T =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop, t) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          onCall[prop as string]?.();
          const out = (value as (...a: unknown[]) => unknown).apply(t, args);
          return wrap[prop as string] ? wrap[prop as string]!(out) : out;
        };
      },
    });
  const sent = () => {
    counter.run++;
    trips.answeredBefore.push(trips.answered);
  };
  const answered = (out: unknown) =>
    (out as Promise<unknown>).finally(() => {
      trips.answered++;
    });
  const execute = { raw: sent, all: sent, first: sent, run: sent };
  const executed = { raw: answered, all: answered, first: answered, run: answered };
  const statement = (s: unknown): unknown => counted(s as D1PreparedStatement, execute, { bind: statement, ...executed });
  const client = counted(env.DB, { prepare: () => counter.prepared++, batch: sent }, { prepare: statement, batch: answered });
  return { db: drizzle(client, { schema }), counter, trips };
}

/** The session id (`sid`) and member id (`sub`) of an access token. */
const claims = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sub: string; sid: string };

describe("the frame's one statement (docs/decisions/0051)", () => {
  it("reads the session check, the profile and the unread count in one statement, built once and run once per frame", async () => {
    const m = await signedUp("frame-one@example.com");
    const { sub, sid } = claims(m.token!);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO inquiries (member_id, category, content, state, read_yn, created_at, updated_at) VALUES (?, 'service', 'Hi', 1, 'N', ?, ?)",
    )
      .bind(sub, now, now)
      .run();
    const { db, counter } = countingDb();
    const first = await sessionFrame(db, sub, sid, now);
    expect(first).toMatchObject({ member: { email: "frame-one@example.com" }, unread: 1 });
    expect(counter).toEqual({ prepared: 1, run: 1 });
    await sessionFrame(db, sub, sid, now);
    expect(counter).toEqual({ prepared: 1, run: 2 });
  });

  it("finds nothing for another member's session, an unknown session or an ended one", async () => {
    const a = claims((await signedUp("frame-sid-a@example.com")).token!);
    const bToken = (await signedUp("frame-sid-b@example.com")).token!;
    const b = claims(bToken);
    const db = drizzle(env.DB, { schema });
    expect(await sessionFrame(db, a.sub, b.sid, Date.now())).toBeNull();
    expect(await sessionFrame(db, a.sub, "no-such-session", Date.now())).toBeNull();
    expect(await sessionFrame(db, b.sub, b.sid, Date.now())).not.toBeNull();
    await call("/member/logout_all", bToken, { body: {} });
    expect(await sessionFrame(db, b.sub, b.sid, Date.now())).toBeNull();
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
    // The session check is the home's own statement (docs/decisions/0051): an ended session is refused.
    await call("/member/logout_all", owner.token!, { body: {} });
    const ended = await call("/member/home", owner.token!);
    expect(ended.body.code).toBe(Code.LOGIN_REQUIRED);
    expect(ended.body.data).toBeNull();
  });

  it("sends the session check and its lists to D1 at once, builds each query once per database, and answers nothing to an ended session", async () => {
    const m = await signedUp("home-once@example.com");
    await env.DB.prepare("UPDATE members SET work = 'educator', purpose = 'podcast' WHERE email = ?").bind("home-once@example.com").run();
    await project(m.token!, "once");
    const mine = claims(m.token!);
    const { db, counter, trips } = countingDb();
    const first = await memberHome(db, mine, "en");
    expect(first?.recent.map((p) => p.name)).toEqual(["once"]);
    expect(first?.recommended).toEqual((await call("/voices/recommended", m.token!, { lang: "en" })).body.data);
    expect(counter).toEqual({ prepared: 4, run: 4 });
    // One round trip: no statement waited for another's answer (the session check used to go first, alone).
    expect(trips.answeredBefore).toEqual([0, 0, 0, 0]);
    expect(await memberHome(db, mine, "en")).toEqual(first);
    expect(counter).toEqual({ prepared: 4, run: 8 });

    // Another member's session, an unknown one, an ended one: nothing of the member's lists comes back.
    const other = claims((await signedUp("home-other@example.com")).token!);
    expect(await memberHome(db, { sub: mine.sub, sid: other.sid }, "en")).toBeNull();
    expect(await memberHome(db, { sub: mine.sub, sid: "no-such-session" }, "en")).toBeNull();
    await call("/member/logout_all", m.token!, { body: {} });
    expect(await memberHome(db, mine, "en")).toBeNull();
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
    // Cut as the app's JavaScript cut them: at commas, the code before a colon, trimmed (tabs and U+3000 too).
    [
      " marketer ,\tgame:x,y",
      "\u3000podcast\u3000,other:creator, toString,Creator",
      "en",
      "en",
      ["advertising", "announcement", "game", "kids", "podcast", "audiobook"],
    ],
  ])("work %s, purpose %s, language %s: the same six as the rule", async (work, purpose, lang, locale, wanted) => {
    const email = `rec-${crypto.randomUUID().slice(0, 8)}-${lang}@example.com`;
    const m = await signedUp(email);
    await env.DB.prepare("UPDATE members SET work = ?, purpose = ? WHERE email = ?").bind(work, purpose, email).run();
    const cards = (await call("/voices/recommended", m.token!, { lang })).body.data as { id: string }[];
    expect(cards.map((c) => c.id)).toEqual(expected(await visible(), new Set(wanted as string[]), locale as string));
  });
});
