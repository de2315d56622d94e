// Custom voice slots. GET /voices/slots, the one-time choice (POST /voices/slots/keep) after a
// plan change left more custom voices than slots, the refusal of voices over the slots until then, and
// the files of deleted voices (R2) going with them, also on the move to Free.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { moveToFree } from "../../workers/api/src/domain/billing/plan-state";
import { customVoicePrefix } from "../../workers/api/src/domain/custom-voices/slots";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, withToken, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  // A plan with unlimited slots (the catalogue's Max has no values in the spec; -1 is its "unlimited").
  await env.DB.prepare(
    `INSERT INTO plans (tier, plan, subtitle, price, price_en_cents, plan_time, plan_txt, cv_cnt, func, project_limit)
     SELECT 9, 'Unlimited', subtitle, price, price_en_cents, plan_time, plan_txt, -1, func, -1 FROM plans WHERE plan = 'Production'
     ON CONFLICT DO NOTHING`,
  ).run();
});

const DAY = 86_400_000;

async function call(token: string | null, path: string, init: { method?: string; body?: unknown; lang?: string } = {}) {
  const res = await worker.fetch(
    `http://localhost/api/v1${path}`,
    withToken(token, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), body: init.body, lang: init.lang }),
  );
  return { status: res.status, body: await res.json<Answer>() };
}

/** A member on `plan` with `n` custom voices (made a day apart, oldest first), each with two files in R2. */
async function memberWithVoices(email: string, plan: string, n: number, mustChoose: boolean) {
  const s = await signedUp(email);
  const id = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  const now = Date.now();
  await env.DB.prepare(
    "UPDATE members SET plan = ?2, plan_start_at = ?3, plan_end_at = ?4, usage_period_end = ?4, must_choose_cv = ?5 WHERE id = ?1",
  )
    .bind(id, plan, now - DAY, now + 20 * DAY, mustChoose ? 1 : 0)
    .run();
  const voiceIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const voiceId = `cv-${email.split("@")[0]}-${i}`;
    voiceIds.push(voiceId);
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT ?1, 'custom', ?2, lang, json_object('ko', '내 목소리 ' || ?3, 'en', 'My voice ' || ?3), intro, tone, gender, age, features,
              categories, engine, 0, ?4 FROM voices WHERE id = 'ko-minjun'`,
    )
      .bind(voiceId, id, String(i + 1), now - (n - i) * DAY)
      .run();
    await env.MEDIA.put(`${customVoicePrefix(id, voiceId)}recording-1.wav`, new Uint8Array([1, 2, 3]));
    await env.MEDIA.put(`${customVoicePrefix(id, voiceId)}profile.png`, new Uint8Array([4, 5, 6]));
    await env.MEDIA.put(`voices/samples/${voiceId}-abc.mp3`, new Uint8Array([7]));
  }
  return { token: s.token!, id, voiceIds };
}

const filesOf = async (memberId: string, voiceId: string) =>
  (await env.MEDIA.list({ prefix: customVoicePrefix(memberId, voiceId) })).objects.length +
  (await env.MEDIA.list({ prefix: `voices/samples/${voiceId}-` })).objects.length;

type Slots = {
  slots: number;
  unlimited: boolean;
  used: number;
  mustChoose: boolean;
  voices: { id: string; name: string; overSlots: boolean }[];
};

describe("GET /voices/slots", () => {
  it("answers the plan's slots, the member's custom voices oldest first, and which are over the slots while a choice is due", async () => {
    const m = await memberWithVoices("slots-list@example.com", "Creator", 3, true);
    const { status, body } = await call(m.token, "/voices/slots", { lang: "en" });
    expect(status).toBe(200);
    const slots = body.data as unknown as Slots;
    expect(slots).toMatchObject({ slots: 1, unlimited: false, used: 3, mustChoose: true });
    expect(slots.voices.map((v) => [v.id, v.name, v.overSlots])).toEqual([
      [m.voiceIds[0], "My voice 1", false],
      [m.voiceIds[1], "My voice 2", true],
      [m.voiceIds[2], "My voice 3", true],
    ]);
  });

  it("shows unlimited plans as unlimited and nothing over the slots", async () => {
    const m = await memberWithVoices("slots-unlimited@example.com", "Unlimited", 2, false);
    const slots = (await call(m.token, "/voices/slots")).body.data as unknown as Slots;
    expect(slots).toMatchObject({ slots: -1, unlimited: true, used: 2, mustChoose: false });
    expect(slots.voices.every((v) => !v.overSlots)).toBe(true);
  });

  it("is the member's own: another member sees only their own voices, a visitor must log in", async () => {
    await memberWithVoices("slots-owner@example.com", "Production", 2, false);
    const other = await memberWithVoices("slots-other@example.com", "Free", 0, false);
    const slots = (await call(other.token, "/voices/slots")).body.data as unknown as Slots;
    expect(slots).toMatchObject({ slots: 0, used: 0, voices: [] });
    const visitor = await call(null, "/voices/slots");
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(Code.LOGIN_REQUIRED);
  });
});

describe("the one-time choice of custom voices to keep", () => {
  it("refuses a voice over the slots for TTS and STS until the choice, while the kept one speaks", async () => {
    const m = await memberWithVoices("slots-refuse@example.com", "Creator", 2, true);
    const over = await call(m.token, "/studio/tts", { body: { text: "안녕하세요.", voice_id: m.voiceIds[1] }, lang: "en" });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe(Code.CUSTOM_VOICE_OVER_SLOTS);
    expect(over.body.message).toMatch(/voice slot management/);
    const kept = await call(m.token, "/studio/tts", { body: { text: "안녕하세요.", voice_id: m.voiceIds[0] } });
    expect(kept.body.code).toBe(Code.OK);
  });

  it("refuses choices that are not the member's own voices, repeat a voice or keep more than the slots, and deletes nothing", async () => {
    const m = await memberWithVoices("slots-invalid@example.com", "Creator", 3, true);
    const stranger = await memberWithVoices("slots-stranger@example.com", "Creator", 1, false);
    for (const voice_ids of [[m.voiceIds[0], m.voiceIds[1]], [stranger.voiceIds[0]], ["ko-minjun"], [m.voiceIds[0], m.voiceIds[0]]]) {
      const res = await call(m.token, "/voices/slots/keep", { body: { voice_ids }, lang: "en" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(Code.SLOT_CHOICE_INVALID);
      expect(res.body.message).toBe("Choose up to 1 of your own custom voices to keep.");
    }
    expect(((await call(m.token, "/voices/slots")).body.data as unknown as Slots).used).toBe(3);
    expect(await filesOf(stranger.id, stranger.voiceIds[0]!)).toBe(3);
  });

  it("keeps the chosen voices, deletes the rest with their files, and cannot be made again", async () => {
    const m = await memberWithVoices("slots-keep@example.com", "Creator", 3, true);
    const chosen = await call(m.token, "/voices/slots/keep", { body: { voice_ids: [m.voiceIds[2]] } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ kept: [m.voiceIds[2]], deleted: [m.voiceIds[0], m.voiceIds[1]] });
    expect(await filesOf(m.id, m.voiceIds[0]!)).toBe(0);
    expect(await filesOf(m.id, m.voiceIds[1]!)).toBe(0);
    expect(await filesOf(m.id, m.voiceIds[2]!)).toBe(3);
    const after = (await call(m.token, "/voices/slots")).body.data as unknown as Slots;
    expect(after).toMatchObject({ used: 1, mustChoose: false });
    expect((await call(m.token, "/member/getmember")).body.data).toMatchObject({ cv_cnt_over: "N" });
    const again = await call(m.token, "/voices/slots/keep", { body: { voice_ids: [] } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(Code.SLOT_CHOICE_NOT_DUE);
    expect(((await call(m.token, "/voices/slots")).body.data as unknown as Slots).used).toBe(1);
  });

  it("lets exactly one of two concurrent choices win", async () => {
    const m = await memberWithVoices("slots-race@example.com", "Creator", 3, true);
    const [a, b] = await Promise.all([
      call(m.token, "/voices/slots/keep", { body: { voice_ids: [m.voiceIds[0]] } }),
      call(m.token, "/voices/slots/keep", { body: { voice_ids: [m.voiceIds[1]] } }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([Code.OK, Code.SLOT_CHOICE_NOT_DUE].sort());
    const winner = a.body.code === Code.OK ? m.voiceIds[0] : m.voiceIds[1];
    const left = (await call(m.token, "/voices/slots")).body.data as unknown as Slots;
    expect(left.voices.map((v) => v.id)).toEqual([winner]);
  });

  it("refuses a choice when none is due", async () => {
    const m = await memberWithVoices("slots-notdue@example.com", "Production", 2, false);
    const res = await call(m.token, "/voices/slots/keep", { body: { voice_ids: [m.voiceIds[0]] } });
    expect(res.body.code).toBe(Code.SLOT_CHOICE_NOT_DUE);
    expect(((await call(m.token, "/voices/slots")).body.data as unknown as Slots).used).toBe(2);
  });
});

describe("the move to Free", () => {
  it("deletes every custom voice of the member with its files, and no one else's", async () => {
    const m = await memberWithVoices("slots-free@example.com", "Creator", 2, false);
    const neighbour = await memberWithVoices("slots-neighbour@example.com", "Creator", 1, false);
    const moved = await moveToFree(drizzle(env.DB), env.MEDIA, m.id);
    expect(moved.deletedVoices).toBe(2);
    for (const v of m.voiceIds) expect(await filesOf(m.id, v)).toBe(0);
    expect(((await call(m.token, "/voices/slots")).body.data as unknown as Slots).used).toBe(0);
    expect(await filesOf(neighbour.id, neighbour.voiceIds[0]!)).toBe(3);
  });
});
