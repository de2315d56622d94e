// GET /voices/cards, the cards of up to 20 voices in one call (the studio picker's chosen voices), with
// GET /voices/:id's visibility per voice: a member's private custom voice is theirs only (owner, another member,
// visitor), hidden and deleted voices are left out as unknown ids are; bounded input. And the dashboard home's voice
// cards are /voices/top's and /voices/recommended's (one mapping).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { VOICE_CARDS_MAX } from "#contracts/voices";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, withToken, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

async function get(token: string | null, path: string, lang = "en") {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, withToken(token, { method: "GET", lang }));
  return { status: res.status, body: await res.json<Answer>() };
}
const idsOf = (body: Answer) => (body.data as unknown as { id: string }[]).map((v) => v.id);

async function member(email: string) {
  const s = await signedUp(email);
  const id = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  return { token: s.token!, id };
}

/** A voice copied from a basic one: `type`, owner and marks as given. */
async function voiceRow(id: string, type: "custom" | "open", ownerId: string, more: { hidden?: boolean; deleted?: boolean } = {}) {
  await env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at, hidden_at, hidden_reason, deleted_at)
     SELECT ?1, ?2, ?3, lang, json_object('ko', '비밀 ' || ?1, 'en', 'Private ' || ?1), intro, tone, gender, age, features, categories, engine, 0, 1, ?4, ?5, ?6
     FROM voices WHERE id = 'ko-minjun'`,
  )
    .bind(id, type, ownerId, more.hidden ? 1 : null, more.hidden ? "rights" : null, more.deleted ? 1 : null)
    .run();
}

describe("GET /voices/cards", () => {
  it("answers the cards in the order asked, each only to whom GET /voices/:id shows it (owner, another member, visitor)", async () => {
    const owner = await member("cards-owner@example.com");
    const other = await member("cards-other@example.com");
    await voiceRow("cv-cards-private", "custom", owner.id);
    await voiceRow("open-cards-hidden", "open", owner.id, { hidden: true });
    await voiceRow("open-cards-deleted", "open", owner.id, { deleted: true });
    const ids = ["en-emma", "cv-cards-private", "ko-minjun", "open-cards-hidden", "open-cards-deleted", "no-such-voice", "ko-minjun"];
    const query = `/voices/cards?${new URLSearchParams(ids.map((id) => ["ids", id]))}`;

    const mine = await get(owner.token, query);
    expect([mine.status, mine.body.code]).toEqual([200, Code.OK]);
    expect(idsOf(mine.body)).toEqual(["en-emma", "cv-cards-private", "ko-minjun", "open-cards-hidden"]);
    const card = (mine.body.data as unknown as { id: string; name: string; mine: boolean; hidden: unknown }[])[1]!;
    expect(card).toMatchObject({ name: "Private cv-cards-private", mine: true, hidden: null });
    // Each agrees with GET /voices/:id for the same caller.
    for (const [who, token] of [
      ["owner", owner.token],
      ["member", other.token],
      ["visitor", null],
    ] as const) {
      const shown = idsOf((await get(token, query)).body);
      for (const id of new Set(ids)) expect(shown.includes(id), `${who} ${id}`).toBe((await get(token, `/voices/${id}`)).status === 200);
    }
    expect(idsOf((await get(other.token, query)).body)).toEqual(["en-emma", "ko-minjun"]);
    expect(idsOf((await get(null, query)).body)).toEqual(["en-emma", "ko-minjun"]);
  });

  it("takes comma-joined ids, names and tags in the asked language, the caller's bookmarks", async () => {
    const m = await member("cards-bookmark@example.com");
    expect((await worker.fetch("http://localhost/api/v1/voices/ko-minjun/bookmark", withToken(m.token))).status).toBe(200);
    const ko = await get(m.token, "/voices/cards?ids=ko-minjun,en-emma", "ko");
    const cards = ko.body.data as unknown as { id: string; bookmarked: boolean; tags: { tone: { name: string } } }[];
    expect(cards.map((c) => [c.id, c.bookmarked])).toEqual([
      ["ko-minjun", true],
      ["en-emma", false],
    ]);
    const detail = (await get(m.token, "/voices/ko-minjun", "ko")).body.data as { name: string; tags: unknown };
    expect(cards[0]).toMatchObject({ name: detail.name, tags: detail.tags });
  });

  it("refuses no ids, more than 20, an id over 64 characters and an over-long query with 400, as a member and a visitor", async () => {
    const m = await member("cards-bounds@example.com");
    const many = Array.from({ length: VOICE_CARDS_MAX + 1 }, (_, i) => `v-${i}`);
    for (const token of [m.token, null])
      for (const path of [
        "/voices/cards",
        "/voices/cards?ids=",
        `/voices/cards?ids=${many.join(",")}`,
        `/voices/cards?${new URLSearchParams(many.map((id) => ["ids", id]))}`,
        `/voices/cards?ids=${"x".repeat(65)}`,
        `/voices/cards?ids=${"a,".repeat(5000)}`,
      ]) {
        const r = await get(token, path);
        expect([r.status, r.body.code, r.body.success], path.slice(0, 60)).toEqual([400, Code.BAD_REQUEST, false]);
      }
    expect(idsOf((await get(m.token, `/voices/cards?ids=${many.slice(0, VOICE_CARDS_MAX).join(",")}`)).body)).toEqual([]);
  });
});

describe("the dashboard home's voice cards", () => {
  it("are the cards /voices/top and /voices/recommended answer", async () => {
    const m = await member("cards-home@example.com");
    const home = (await get(m.token, "/member/home")).body.data as { top: unknown[]; recommended: unknown[] };
    expect(home.top.length).toBeGreaterThan(0);
    expect(home.top).toEqual((await get(m.token, "/voices/top")).body.data);
    expect(home.recommended).toEqual((await get(m.token, "/voices/recommended")).body.data);
  });
});
