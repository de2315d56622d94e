// Jobs bounded per member, and no time lost (docs/decisions/0017): at most JOB_LIMITS.running jobs
// run and JOB_LIMITS.waiting wait per member, over that 4220; one active generation per project; what
// a job item takes is refunded exactly once when it fails or is interrupted, and only then reported.
// Work is kept in progress with the engine stand-in's "SLOW" (2 s) voices and texts.
import { env } from "cloudflare:workers";
import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import api from "../../workers/api/src/index";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code, messages } from "../../workers/api/src/lib/codes";
import { JOB_LIMITS } from "../../workers/api/src/lib/rate-limit";
import { refundCharge, spendCharge } from "../../workers/api/src/lib/allowance";
import { characterCount } from "../../workers/api/src/lib/tts-text";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import type { ConversionSpec, JobSpec, JobState } from "../../workers/api/src/durable/job-types";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  // Copies of ko-minjun the engine's stand-in answers slowly (2 s), or fails on.
  for (const id of ["ko-SLOW", "ko-FAIL"]) {
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT ?1, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, 0, created_at FROM voices WHERE id = 'ko-minjun'`,
    )
      .bind(id)
      .run();
  }
});

const LIMIT = JOB_LIMITS.running + JOB_LIMITS.waiting;

async function call(token: string, path: string, init: { method?: string; body?: unknown; form?: FormData; lang?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
    method: init.method ?? (init.body || init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "kr", "api-key": token, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
  });
  return { status: res.status, ...(await res.json<Answer>()) };
}

async function member(plan = "Free") {
  const email = `jobs-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const s = await signedUp(email);
  const id = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  // A period that lasts another month, with nothing used yet.
  await env.DB.prepare("UPDATE members SET plan = ?, used_chars = 0, used_seconds = 0, usage_period_end = ? WHERE id = ?")
    .bind(plan, Date.now() + 30 * 86_400_000, id)
    .run();
  return { id, email, token: s.token!, locale: "ko" as const };
}
type Member = Awaited<ReturnType<typeof member>>;

const used = async (m: Member) =>
  (await env.DB.prepare("SELECT used_chars AS chars, used_seconds AS seconds FROM members WHERE id = ?")
    .bind(m.id)
    .first<{ chars: number; seconds: number }>())!;
const activeRows = async (m: Member) =>
  (await env.DB.prepare("SELECT state FROM active_jobs WHERE member_id = ?").bind(m.id).all<{ state: string }>()).results;

/** 1.5 s of a voice-like sound (charged 2 s). */
function recording() {
  const rate = 24_000;
  return encodeWav(
    Float32Array.from(
      { length: 1.5 * rate },
      (_, n) => 0.3 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * (n / rate))) * Math.sin(2 * Math.PI * 140 * (n / rate)),
    ),
    rate,
  );
}
const upload = () => {
  const f = new FormData();
  f.set("file", new File([recording() as Uint8Array<ArrayBuffer>], "take.wav"));
  return f;
};

async function source(m: Member) {
  const r = await call(m.token, "/sts/sources", { form: upload() });
  expect(r.success, r.message).toBe(true);
  return r.data as { source_id: string; project_id: string };
}

async function ttsProject(m: Member, texts: string[]) {
  const id = ((await call(m.token, "/projects", { body: { type: "tts" } })).data as { id: string }).id;
  const first = ((await call(m.token, `/projects/${id}`)).data as { paragraphs: { id: string }[] }).paragraphs[0]!;
  const saved = await call(m.token, `/projects/${id}/paragraphs`, {
    method: "PUT",
    body: { paragraphs: texts.map((text, i) => ({ ...(i === 0 ? { id: first.id } : {}), text, voice_id: "ko-minjun" })) },
  });
  return { id, paragraphs: (saved.data as { paragraphs: { id: string; text: string }[] }).paragraphs };
}

const job = (id: string) => env.GENERATION_JOB.get(env.GENERATION_JOB.idFromName(id));

/** Waits for a job to end; meanwhile records the most jobs the member had running at once. */
async function ended(m: Member, jobIds: string[], peak = { running: 0 }) {
  const states: JobState[] = [];
  for (const id of jobIds) {
    for (let i = 0; ; i++) {
      const state = await job(id).getState();
      peak.running = Math.max(peak.running, (await activeRows(m)).filter((r) => r.state === "running").length);
      if (state.status === "completed" || state.status === "failed") {
        states.push(state as JobState);
        break;
      }
      if (i > 600) throw new Error(`job ${id} did not end`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return states;
}

describe("jobs bounded per member", () => {
  it("30 concurrent conversions with 30 s left: at most the limit accepted, the rest refused (ko and en), time charged = what completed", async () => {
    const m = await member();
    await env.DB.prepare("UPDATE members SET used_seconds = 150 WHERE id = ?").bind(m.id).run(); // 30 s left of 180
    const src = await source(m);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(m.token, `/sts/sources/${src.source_id}/convert`, { body: { voice_id: "ko-SLOW" }, lang: i % 2 ? "en" : "kr" }),
      ),
    );
    const accepted = answers.filter((a) => a.success);
    expect(accepted).toHaveLength(LIMIT);
    const refused = answers.filter((a) => !a.success);
    expect(refused).toHaveLength(30 - LIMIT);
    for (const r of refused) {
      expect([r.status, r.code]).toEqual([429, Code.JOB_LIMIT]);
      expect(r.message).toMatch(
        /^(진행 중인 작업이 너무 많습니다\. 작업은 한 번에 2개까지 실행되고 3개까지 기다릴 수 있어요\.|Too many jobs in progress\. Up to 2 run at a time and 3 more can wait\.)/,
      );
    }
    expect(new Set(refused.map((r) => r.message)).size).toBe(2);

    // While they run, the one-call APIs count against the same limit.
    const tts = await call(m.token, "/tts", { body: { text: "안녕하세요", voice_id: "ko-minjun" }, lang: "en" });
    expect([tts.status, tts.code, tts.message]).toEqual([
      429,
      Code.JOB_LIMIT,
      "Too many jobs in progress. Up to 2 run at a time and 3 more can wait. Please try again when one has finished.",
    ]);
    const f = upload();
    f.set("voice_id", "ko-minjun");
    const sts = await call(m.token, "/sts", { form: f });
    expect([sts.status, sts.code]).toEqual([429, Code.JOB_LIMIT]);

    const peak = { running: 0 };
    const states = await ended(
      m,
      accepted.map((a) => (a.data as { job_id: string }).job_id),
      peak,
    );
    expect(peak.running).toBeGreaterThan(0);
    expect(peak.running).toBeLessThanOrEqual(JOB_LIMITS.running);
    const completed = states.filter((s) => s.status === "completed").length;
    expect(completed).toBe(LIMIT);
    expect((await used(m)).seconds).toBe(150 + 2 * completed);
    expect(await activeRows(m)).toEqual([]);
    // Slots are free again.
    expect((await call(m.token, "/tts", { body: { text: "안녕하세요", voice_id: "ko-minjun" } })).success).toBe(true);
  });

  it("20 concurrent generations of different projects: at most the limit accepted; characters charged = the sentences completed", async () => {
    const m = await member("Starter");
    const projects = [];
    for (let i = 0; i < 20; i++) projects.push(await ttsProject(m, [`SLOW 문장 ${i}번입니다.`]));
    const answers = await Promise.all(projects.map((p) => call(m.token, `/projects/${p.id}/generate`, { body: {} })));
    const accepted = answers.filter((a) => a.success);
    expect(accepted).toHaveLength(LIMIT);
    expect(answers.filter((a) => !a.success).every((a) => a.status === 429 && a.code === Code.JOB_LIMIT)).toBe(true);
    const states = await ended(
      m,
      accepted.map((a) => (a.data as { job_id: string }).job_id),
    );
    let charged = 0;
    for (const [i, a] of answers.entries()) {
      if (!a.success) continue;
      const state = states.shift()!;
      expect(state).toMatchObject({ status: "completed", done: 1, failed: 0 });
      charged += characterCount(projects[i]!.paragraphs[0]!.text);
    }
    expect((await used(m)).chars).toBe(charged);
  });

  it("two (and ten) parallel generates of one project: one job id, a 63-character paragraph charged once", async () => {
    const m = await member();
    // Slow (2 s), so the job is still running while the other requests come in.
    const text = ("SLOW " + "가나다라마바사아자차카타파하".repeat(5)).slice(0, 63);
    expect(characterCount(text)).toBe(63);
    const p = await ttsProject(m, [text]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(m.token, `/projects/${p.id}/generate`, { body: {} })));
    expect(answers.every((a) => a.success && a.code === Code.OK)).toBe(true);
    const ids = new Set(answers.map((a) => (a.data as { job_id: string }).job_id));
    expect(ids.size).toBe(1);
    const [state] = await ended(m, [...ids]);
    expect(state).toMatchObject({ status: "completed", done: 1, failed: 0 });
    expect((await used(m)).chars).toBe(63);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM inferences WHERE member_id = ?").bind(m.id).first<{ n: number }>())!.n).toBe(1);
  });

  it("an engine failure refunds what the item took, once", async () => {
    const m = await member();
    const p = await ttsProject(m, ["첫 문장입니다.", "This one FAILs."]);
    const jobId = ((await call(m.token, `/projects/${p.id}/generate`, { body: {} })).data as { job_id: string }).job_id;
    const [state] = await ended(m, [jobId]);
    expect(state).toMatchObject({ status: "completed", done: 1, failed: 1 });
    expect((await used(m)).chars).toBe(characterCount("첫 문장입니다."));
    const failedKey = `${jobId}:${p.paragraphs[1]!.id}:0`;
    const row = await env.DB.prepare("SELECT amount, refunded_at, settled_at FROM job_charges WHERE key = ?")
      .bind(failedKey)
      .first<{ amount: number; refunded_at: number | null; settled_at: number | null }>();
    expect(row).toMatchObject({ amount: characterCount("This one FAILs."), settled_at: null });
    expect(row!.refunded_at).toBeGreaterThan(0);
  });
});

describe("the charge ledger", () => {
  it("records a charge only when the allowance was taken, and refunds it once", async () => {
    const m = await member();
    await env.DB.prepare("UPDATE members SET used_chars = 9990 WHERE id = ?").bind(m.id).run();
    // Refused (20 > 10 left): nothing taken, nothing in the ledger, nothing to give back.
    expect((await spendCharge(env.DB, { key: "j1:a:0", jobId: "j1" }, m.id, "chars", 20)).ok).toBe(false);
    expect(await env.DB.prepare("SELECT key FROM job_charges WHERE member_id = ?").bind(m.id).first()).toBeNull();
    expect(await refundCharge(env.DB, "j1:a:0")).toBe("none");
    expect((await used(m)).chars).toBe(9990);
    // Taken: refunded by the first call only, even with ten at once.
    expect((await spendCharge(env.DB, { key: "j1:b:0", jobId: "j1" }, m.id, "chars", 10)).ok).toBe(true);
    expect((await used(m)).chars).toBe(10_000);
    const refunds = await Promise.all(Array.from({ length: 10 }, () => refundCharge(env.DB, "j1:b:0")));
    expect(refunds.filter((r) => r === "refunded")).toHaveLength(1);
    expect(refunds.filter((r) => r === "already")).toHaveLength(9);
    expect((await used(m)).chars).toBe(9990);
  });
});

describe("a job killed mid-way", () => {
  /** Puts a job in the state an eviction leaves: the item "generating", its charge taken, its slot held. */
  async function killedMidway(
    m: Member,
    jobId: string,
    spec: JobSpec | ConversionSpec,
    state: JobState,
    charge: { item: string; kind: "chars" | "seconds"; amount: number },
  ) {
    expect((await spendCharge(env.DB, { key: `${jobId}:${charge.item}:0`, jobId }, m.id, charge.kind, charge.amount)).ok).toBe(true);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO active_jobs (id, member_id, project_id, kind, state, created_at, heartbeat_at) VALUES (?1, ?2, ?3, ?4, 'running', ?5, ?5)",
    )
      .bind(jobId, m.id, spec.projectId, spec.kind ?? "tts", now)
      .run();
    await runInDurableObject(job(jobId), async (_instance, s) => {
      await s.storage.put("spec", spec);
      await s.storage.put("state", state);
      // The runtime retries the alarm of an object that died in it; here the test runs it.
      await s.storage.setAlarm(Date.now() + 3_600_000);
    });
  }

  it("a conversion ends refunded exactly once, and says so, even when its alarm runs twice", async () => {
    const m = await member();
    const src = await source(m);
    const jobId = crypto.randomUUID();
    const spec: ConversionSpec = {
      kind: "sts",
      jobId,
      memberId: m.id,
      email: m.email,
      locale: "ko",
      projectId: src.project_id,
      sourceId: src.source_id,
      voiceId: "ko-minjun",
    };
    const midway: JobState = { status: "generating", total: 100, done: 40, items: [{ paragraphId: src.source_id, status: "generating" }] };
    await killedMidway(m, jobId, spec, midway, { item: src.source_id, kind: "seconds", amount: 2 });
    expect((await used(m)).seconds).toBe(2);

    expect(await runDurableObjectAlarm(job(jobId))).toBe(true);
    const refunded = messages[Code.JOB_INTERRUPTED_REFUNDED].ko;
    expect(await job(jobId).getState()).toEqual({ status: "failed", reason: refunded });
    expect((await used(m)).seconds).toBe(0);
    expect(await activeRows(m)).toEqual([]);

    // The alarm runs again from the same stored state (as if the state written after the refund was lost).
    await runInDurableObject(job(jobId), async (_instance, s) => {
      await s.storage.put("state", midway);
      await s.storage.setAlarm(Date.now() + 3_600_000);
    });
    expect(await runDurableObjectAlarm(job(jobId))).toBe(true);
    expect(await job(jobId).getState()).toEqual({ status: "failed", reason: refunded });
    expect((await used(m)).seconds).toBe(0);
    // What the member sees through the API (in the language the job was started in).
    expect((await call(m.token, `/jobs/${jobId}`)).data).toEqual({ status: "failed", reason: refunded });
  });

  it("a project generation gives back the interrupted sentence, runs it again, and charges each sentence once", async () => {
    const m = await member();
    const p = await ttsProject(m, ["첫 문장입니다.", "둘째 문장입니다."]);
    const [a, b] = p.paragraphs as [{ id: string; text: string }, { id: string; text: string }];
    const jobId = crypto.randomUUID();
    const spec: JobSpec = { jobId, memberId: m.id, email: m.email, locale: "ko", projectId: p.id, paragraphIds: [a.id, b.id] };
    const midway: JobState = {
      status: "generating",
      total: 2,
      done: 0,
      failed: 0,
      items: [
        { paragraphId: a.id, status: "generating" },
        { paragraphId: b.id, status: "queued" },
      ],
    };
    await killedMidway(m, jobId, spec, midway, { item: a.id, kind: "chars", amount: characterCount(a.text) });

    expect(await runDurableObjectAlarm(job(jobId))).toBe(true);
    const [state] = await ended(m, [jobId]);
    expect(state).toMatchObject({ status: "completed", total: 2, done: 2, failed: 0 });
    expect((await used(m)).chars).toBe(characterCount(a.text) + characterCount(b.text));
    const charges = await env.DB.prepare(
      "SELECT key, refunded_at IS NOT NULL AS refunded, settled_at IS NOT NULL AS settled FROM job_charges WHERE job_id = ? ORDER BY key",
    )
      .bind(jobId)
      .all();
    expect(charges.results).toEqual(
      expect.arrayContaining([
        { key: `${jobId}:${a.id}:0`, refunded: 1, settled: 0 },
        { key: `${jobId}:${a.id}:1`, refunded: 0, settled: 1 },
        { key: `${jobId}:${b.id}:0`, refunded: 0, settled: 1 },
      ]),
    );
    expect(await activeRows(m)).toEqual([]);
  });

  it("a dead job does not block its member or project: it stops counting, is refunded, and a new generate starts", async () => {
    const m = await member();
    const p = await ttsProject(m, ["첫 문장입니다."]);
    const dead = crypto.randomUUID();
    expect((await spendCharge(env.DB, { key: `${dead}:${p.paragraphs[0]!.id}:0`, jobId: dead }, m.id, "chars", 7)).ok).toBe(true);
    const old = Date.now() - JOB_LIMITS.staleMs - 60_000;
    await env.DB.prepare(
      "INSERT INTO active_jobs (id, member_id, project_id, kind, state, created_at, heartbeat_at) VALUES (?1, ?2, ?3, 'tts', 'running', ?4, ?4)",
    )
      .bind(dead, m.id, p.id, old)
      .run();
    const started = await call(m.token, `/projects/${p.id}/generate`, { body: {} });
    expect(started.success).toBe(true);
    const jobId = (started.data as { job_id: string }).job_id;
    expect(jobId).not.toBe(dead);
    await ended(m, [jobId]);
    // The dead job's 7 characters were given back; the new job charged the sentence once.
    expect((await used(m)).chars).toBe(characterCount("첫 문장입니다."));
    expect(await activeRows(m)).toEqual([]);
  });

  it("the daily cron refunds and frees a dead job of any member", async () => {
    const m = await member();
    const dead = crypto.randomUUID();
    expect((await spendCharge(env.DB, { key: `${dead}:source:0`, jobId: dead }, m.id, "seconds", 9)).ok).toBe(true);
    const old = Date.now() - JOB_LIMITS.staleMs - 60_000;
    await env.DB.prepare(
      "INSERT INTO active_jobs (id, member_id, project_id, kind, state, created_at, heartbeat_at) VALUES (?1, ?2, NULL, 'sts', 'running', ?3, ?3)",
    )
      .bind(dead, m.id, old)
      .run();
    const ctx = createExecutionContext();
    await api.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await used(m)).seconds).toBe(0);
    expect(await activeRows(m)).toEqual([]);
  });
});
