// A cloned voice's reference clip (`engine.prompt.key`, in R2; docs/decisions/0052, 0061) is deleted after the answer,
// never inside the member's request; a failing deletion is retried by the hourly cron and given up on after a while; and
// every way a voice goes queues its clip: its creator's deletion, the slot choice, a move to Free, an account's
// deletion, an open voice draft that expires (a published draft hands its clip on).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import api from "../../workers/api/src/index";
import { moveToFree } from "../../workers/api/src/domain/billing/plan-state";
import { expireDrafts } from "../../workers/api/src/domain/open-voices";
import { Code } from "../../workers/api/src/lib/codes";
import { REMOTE_FORGET } from "../../workers/api/src/speech/engine";
import { PASSWORD, signedUp, type Answer } from "./helpers";
import { voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const HOUR = 3_600_000;
/** A reference clip in R2 (each test its own). */
async function remoteVoice(n: number) {
  const key = `voices/prompts/rv/${n}.wav`;
  await env.MEDIA.put(key, wavOf(voice(6, 150)));
  return key;
}

/** Whether the clip is still kept (1) or gone (0). */
const held = async (key: string) => ((await env.MEDIA.head(key)) ? 1 : 0);

/** A key R2 refuses (longer than its 1,024 bytes): its deletion fails, as a storage outage would. */
const REFUSED_KEY = `voices/prompts/${"x".repeat(1100)}.wav`;

const queued = (sourceId: string) =>
  env.DB.prepare(
    "SELECT remote_id AS remoteId, attempts, next_at AS nextAt, last_error AS lastError FROM remote_voice_deletions WHERE source_id = ?",
  )
    .bind(sourceId)
    .first<{ remoteId: string; attempts: number; nextAt: number; lastError: string | null }>();

const queuedDraftEngine = async (draftId: string) =>
  (
    await env.DB.prepare("SELECT json_extract(engine, '$.prompt.key') AS remoteId FROM voice_drafts WHERE id = ?")
      .bind(draftId)
      .first<{ remoteId: string }>()
  )?.remoteId;

async function member(email: string, plan = "Production") {
  const s = await signedUp(email);
  const id = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  const now = Date.now();
  await env.DB.prepare("UPDATE members SET plan = ?2, plan_start_at = ?3, plan_end_at = ?4, usage_period_end = ?4 WHERE id = ?1")
    .bind(id, plan, now - HOUR, now + 20 * 24 * HOUR)
    .run();
  return { token: s.token!, id };
}

/** A voice row of `type` owned by `ownerId` whose engine parameters name the clip `remoteId`. */
async function voiceRow(id: string, ownerId: string, remoteId: string, type: "custom" | "open" = "custom") {
  await env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
     SELECT ?1, ?2, ?3, lang, name, intro, tone, gender, age, features, categories, json_object('prompt', json_object('key', ?4, 'text', '안녕하세요')), 0, ?5
     FROM voices WHERE id = 'ko-minjun'`,
  )
    .bind(id, type, ownerId, remoteId, Date.now())
    .run();
}

/** A request through the worker's own fetch with an execution context the test can wait on (its `waitUntil`). */
async function request(token: string, path: string, init: { method: string; body?: unknown; form?: FormData }) {
  const ctx = createExecutionContext();
  const res = await api.fetch(
    new Request(`http://localhost/api/v1${path}`, {
      method: init.method,
      headers: { lang: "en", "api-key": token, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    }),
    env,
    ctx,
  );
  const body = await res.json<Answer>();
  return { status: res.status, body, after: () => waitOnExecutionContext(ctx) };
}

async function hourlyCron(now: number) {
  const ctx = createExecutionContext();
  await api.scheduled(createScheduledController({ cron: "17 * * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("deleting a voice with a reference clip", () => {
  it("answers first, and deletes the clip after the answer", async () => {
    const m = await member("rv-after@example.com");
    const remoteId = await remoteVoice(301);
    await voiceRow("cv-rv-after", m.id, remoteId);
    expect(await held(remoteId)).toBe(1);

    const del = await request(m.token, "/voices/cv-rv-after", { method: "DELETE" });
    expect([del.status, del.body.code]).toEqual([200, Code.OK]);
    // Queued in the deletion's own statement; drained by the request's waitUntil.
    expect(await queued("cv-rv-after")).toMatchObject({ remoteId, attempts: 0 });
    await del.after();
    expect(await held(remoteId)).toBe(0);
    expect(await queued("cv-rv-after")).toBeNull();
  });

  it("a failing deletion: the voice's deletion stands, the hourly cron retries when due and gives up after the last attempt", async () => {
    const m = await member("rv-retry@example.com");
    await voiceRow("cv-rv-fail", m.id, REFUSED_KEY);
    const del = await request(m.token, "/voices/cv-rv-fail", { method: "DELETE" });
    expect(del.body.code).toBe(Code.OK);
    await del.after();
    expect((await request(m.token, "/voices/cv-rv-fail", { method: "DELETE" })).status).toBe(404);
    const first = (await queued("cv-rv-fail"))!;
    expect(first).toMatchObject({ attempts: 1, lastError: expect.any(String) });
    expect(first.nextAt).toBeGreaterThan(Date.now() + HOUR - 60_000);

    // Not yet due: the cron leaves it.
    await hourlyCron(Date.now());
    expect((await queued("cv-rv-fail"))!.attempts).toBe(1);

    // Due and still failing: the wait doubles.
    const now = first.nextAt + 1;
    await hourlyCron(now);
    const second = (await queued("cv-rv-fail"))!;
    expect(second.attempts).toBe(2);
    expect(second.nextAt).toBe(now + 2 * HOUR);

    // Storage is back (here: the row names a key it takes): the next due run deletes it.
    const remoteId = await remoteVoice(302);
    await env.DB.prepare("UPDATE remote_voice_deletions SET remote_id = ? WHERE source_id = ?").bind(remoteId, "cv-rv-fail").run();
    await hourlyCron(second.nextAt);
    expect(await held(remoteId)).toBe(0);
    expect(await queued("cv-rv-fail")).toBeNull();

    // A voice whose service never answers well is given up after REMOTE_FORGET.attempts.
    await voiceRow("cv-rv-never", m.id, REFUSED_KEY);
    await env.DB.prepare("UPDATE voices SET deleted_at = ? WHERE id = ?").bind(Date.now(), "cv-rv-never").run();
    await env.DB.prepare("UPDATE remote_voice_deletions SET attempts = ? WHERE source_id = ?")
      .bind(REMOTE_FORGET.attempts - 1, "cv-rv-never")
      .run();
    await hourlyCron(Date.now());
    expect(await queued("cv-rv-never")).toBeNull();
  });

  it("a voice without a clip queues nothing; another member's voice is not deleted and queues nothing", async () => {
    const owner = await member("rv-owner@example.com");
    const other = await member("rv-other@example.com");
    const remoteId = await remoteVoice(303);
    await voiceRow("cv-rv-theirs", owner.id, remoteId);
    const refused = await request(other.token, "/voices/cv-rv-theirs", { method: "DELETE" });
    await refused.after();
    expect(refused.status).toBe(404);
    expect(await queued("cv-rv-theirs")).toBeNull();
    expect(await held(remoteId)).toBe(1);
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT 'cv-rv-local', 'custom', ?1, lang, name, intro, tone, gender, age, features, categories, engine, 0, 1 FROM voices WHERE id = 'ko-minjun'`,
    )
      .bind(owner.id)
      .run();
    expect((await request(owner.token, "/voices/cv-rv-local", { method: "DELETE" })).body.code).toBe(Code.OK);
    expect(await queued("cv-rv-local")).toBeNull();
  });
});

describe("every way a voice goes queues its clip", () => {
  it("the slot choice deletes the remote voices of the voices not kept, after the answer", async () => {
    const m = await member("rv-slots@example.com", "Creator");
    const kept = await remoteVoice(311);
    const dropped = await remoteVoice(312);
    await voiceRow("cv-rv-keep", m.id, kept);
    await voiceRow("cv-rv-drop", m.id, dropped);
    await env.DB.prepare("UPDATE members SET must_choose_cv = 1 WHERE id = ?").bind(m.id).run();
    const choice = await request(m.token, "/voices/slots/keep", { method: "POST", body: { voice_ids: ["cv-rv-keep"] } });
    expect(choice.body).toMatchObject({ code: Code.OK, data: { kept: ["cv-rv-keep"], deleted: ["cv-rv-drop"] } });
    await choice.after();
    expect([await held(kept), await held(dropped)]).toEqual([1, 0]);
    expect(await queued("cv-rv-keep")).toBeNull();
  });

  it("a move to Free and an account's deletion queue their custom voices' remote voices; the cron deletes them", async () => {
    const m = await member("rv-free@example.com");
    const a = await remoteVoice(321);
    const b = await remoteVoice(322);
    await voiceRow("cv-rv-free-a", m.id, a);
    await voiceRow("cv-rv-free-b", m.id, b);
    await moveToFree(drizzle(env.DB), env.MEDIA, m.id);
    expect((await queued("cv-rv-free-a"))?.remoteId).toBe(a);
    expect((await queued("cv-rv-free-b"))?.remoteId).toBe(b);

    const gone = await member("rv-gone@example.com");
    const c = await remoteVoice(323);
    await voiceRow("open-rv-gone", gone.id, c, "open");
    await env.DB.prepare("DELETE FROM members WHERE id = ?").bind(gone.id).run();
    expect((await queued("open-rv-gone"))?.remoteId).toBe(c);

    await hourlyCron(Date.now());
    expect([await held(a), await held(b), await held(c)]).toEqual([0, 0, 0]);
    expect(await queued("cv-rv-free-a")).toBeNull();
  });

  it("a PayPal month ended and an account withdrawn: the remote voices go right after the answer, not at the next cron", async () => {
    // Ending the PayPal month moves the member to Free (its custom voices deleted by the move).
    const m = await member("rv-paypal-end@example.com", "Creator");
    await env.DB.prepare("UPDATE members SET payment_method = 'paypal' WHERE id = ?").bind(m.id).run();
    const a = await remoteVoice(341);
    await voiceRow("cv-rv-paypal", m.id, a);
    const ended = await request(m.token, "/payment/paypal_clearplan", { method: "POST", body: { option: "end", pwd: PASSWORD } });
    expect(ended.body.code).toBe(Code.OK);
    expect(await held(a)).toBe(1);
    await ended.after();
    expect(await held(a)).toBe(0);
    expect(await queued("cv-rv-paypal")).toBeNull();

    // A withdrawal deletes the member's voices through the cascade.
    const w = await member("rv-withdrawn@example.com", "Free");
    const b = await remoteVoice(342);
    await voiceRow("open-rv-withdrawn", w.id, b, "open");
    const gone = await request(w.token, "/member/signout", { method: "POST", body: {} });
    expect(gone.body.code).toBe(Code.OK);
    await gone.after();
    expect(await held(b)).toBe(0);
    expect(await queued("open-rv-withdrawn")).toBeNull();

    // A refused request drains nothing (a second member's queued row stays for the cron).
    const r = await member("rv-refused@example.com", "Creator");
    const c = await remoteVoice(343);
    await voiceRow("cv-rv-refused", r.id, c);
    await env.DB.prepare("DELETE FROM voices WHERE id = 'cv-rv-refused'").run();
    const refused = await request(r.token, "/payment/paypal_clearplan", { method: "POST", body: { option: "end", pwd: PASSWORD } });
    expect(refused.body.code).toBe(Code.NO_SUBSCRIPTION);
    await refused.after();
    expect(await held(c)).toBe(1);
    expect((await queued("cv-rv-refused"))?.remoteId).toBe(c);
    await hourlyCron(Date.now());
    expect(await held(c)).toBe(0);
  });

  it("an open voice draft that expires queues its remote voice; a published draft hands it on to its voice", async () => {
    const m = await member("rv-drafts@example.com");
    const expiring = await remoteVoice(331);
    const draft = (id: string, remoteId: string, expiresAt: number) =>
      env.DB.prepare(
        `INSERT INTO voice_drafts (id, member_id, lang, gender, audio_key, facts, profile, engine, created_at, expires_at)
         VALUES (?1, ?2, 'ko', 'female', 'voices/recordings/' || ?2 || '/' || ?1 || '.wav', '{}', '{}', json_object('prompt', json_object('key', ?3, 'text', '안녕')), 1, ?4)`,
      )
        .bind(id, m.id, remoteId, expiresAt)
        .run();
    await draft("d-rv-old", expiring, 1);
    expect(await expireDrafts({ env, db: drizzle(env.DB) })).toBeGreaterThanOrEqual(1);
    expect((await queued("draft:d-rv-old"))?.remoteId).toBe(expiring);

    // Published through the api: the voice takes the draft's recording and remote voice in the batch that deletes the
    // draft (domain/open-voices.ts createOpenVoice), so that deletion queues nothing.
    const form = new FormData();
    for (const [k, v] of Object.entries({ lang: "ko", gender: "female" })) form.set(k, v);
    form.set("file", new File([wavOf(voice(8, 150)) as Uint8Array<ArrayBuffer>], "take.wav"));
    const made = await request(m.token, "/voices/open/drafts", { method: "POST", form });
    const draftId = (made.body.data as { draft_id: string }).draft_id;
    const remote = (await queuedDraftEngine(draftId))!;
    expect(remote).toBe(`voices/prompts/${m.id}/${draftId}.wav`);
    const before = await held(remote);
    const publish = new FormData();
    const fields = { draft_id: draftId, tone: "medium", gender: "female", age: "young", name: "봄날", intro: "인사" };
    for (const [k, v] of Object.entries(fields)) publish.set(k, v);
    for (const f of ["calm", "warm"]) publish.append("features", f);
    publish.append("categories", "narration");
    const voiceMade = await request(m.token, "/voices/open", { method: "POST", form: publish });
    expect(voiceMade.body.code).toBe(Code.OK);
    await voiceMade.after();
    expect(await queued(`draft:${draftId}`)).toBeNull();

    await hourlyCron(Date.now());
    expect([await held(expiring), await held(remote)]).toEqual([0, before]);
  });
});
