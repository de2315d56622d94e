// Custom voice creation through the api (routes/custom-voices.ts, domain/custom-voices/{create,job}.ts,
// docs/decisions/0034): the plan gates, the slot taken atomically (concurrent creations at the last slot), the
// consents, each file rule (at once, and in the job), the job's states and failure (the slot given back, the files
// deleted), the voice's privacy (owner, another member, a visitor, a forged id) for every endpoint, the profile
// step, deletion, the profile's request_cnt / usedCustomVoice, and the HTTP engine receiving every file.
import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../db/seed";
import api from "../../workers/api/src/index";
import { customVoicePrefix, FAILED_CUSTOM_VOICE_KEEP_MS } from "../../workers/api/src/domain/custom-voices/slots";
import { Code } from "../../workers/api/src/lib/codes";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { signedUp, worker, type Answer } from "./helpers";
import { png } from "./images";
import { join, silence, voice, wavOf, withNoise } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  await env.DB.prepare(
    `INSERT INTO plans (tier, plan, subtitle, price, price_en_cents, plan_time, plan_txt, cv_cnt, func, project_limit)
     SELECT 9, 'Unlimited', subtitle, price, price_en_cents, plan_time, plan_txt, -1, func, -1 FROM plans WHERE plan = 'Production'
     ON CONFLICT DO NOTHING`,
  ).run();
});

const DAY = 86_400_000;

type Init = { method?: string; form?: FormData; lang?: string };
const call = (token: string | null, path: string, init: Init = {}) =>
  worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: init.form,
  });
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

const DESIGN = { lang: "ko", gender: "female", age: "young", tone: "medium", moods: ["calm", "warm"], categories: ["narration"] };
const CONSENTS = { consent_rights: "on", consent_training: "on", consent_no_harm: "on" };

type Upload = { name: string; bytes: Uint8Array };
const good = (name = "take.wav", f0 = 190, seconds = 6): Upload => ({ name, bytes: wavOf(voice(seconds, f0)) });

function formOf(fields: Record<string, string | string[]>, files: Upload[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  for (const f of files) form.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return form;
}

async function create(token: string | null, files: Upload[] = [good()], fields: Record<string, string | string[]> = {}, lang = "en") {
  return json(await call(token, "/voices/custom", { form: formOf({ ...DESIGN, ...CONSENTS, ...fields }, files), lang }));
}

type JobState = { status: string; kind?: string; voiceId?: string; code?: number; reason?: string; file?: { index: number; name: string } };

/** Polls the job until it ends (the Durable Object runs it from an alarm). */
async function finished(token: string, jobId: string): Promise<JobState> {
  for (let i = 0; i < 400; i++) {
    const r = await json(await call(token, `/studio/jobs/${jobId}`));
    const state = r.data as unknown as JobState;
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("job did not end");
}

const memberIdOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;

/** A member on `plan` (a live period) with `n` custom voices already made. */
async function member(email: string, plan: string, n = 0) {
  const s = await signedUp(email);
  const id = await memberIdOf(email);
  const now = Date.now();
  await env.DB.prepare("UPDATE members SET plan = ?2, plan_start_at = ?3, plan_end_at = ?4, usage_period_end = ?4 WHERE id = ?1")
    .bind(id, plan, now - DAY, now + 20 * DAY)
    .run();
  for (let i = 0; i < n; i++)
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT ?1, 'custom', ?2, lang, name, intro, tone, gender, age, features, categories, engine, 0, ?3 FROM voices WHERE id = 'ko-minjun'`,
    )
      .bind(`cv-${email.split("@")[0]}-${i}`, id, now - (n - i) * DAY)
      .run();
  return { token: s.token!, id };
}

const slots = async (token: string) => (await json(await call(token, "/voices/slots"))).data as unknown as { used: number; slots: number };
const filesOf = async (memberId: string, voiceId: string) =>
  (await env.MEDIA.list({ prefix: customVoicePrefix(memberId, voiceId) })).objects.length;
const voiceRow = (id: string) =>
  env.DB.prepare("SELECT status, engine, consents, consented_at, file_count, failure, deleted_at FROM voices WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();

/** Creates a voice and waits for its job: the started answer and the job's end. */
async function made(token: string, files: Upload[] = [good()]) {
  const r = await create(token, files);
  expect(r.code, r.message).toBe(Code.OK);
  const started = r.data as unknown as { job_id: string; voice_id: string };
  return { ...started, end: await finished(token, started.job_id) };
}

describe("plan gates", () => {
  it("Free needs Starter (4470); Starter has no slots (4471), in the asked language", async () => {
    const free = await member("cv-free@example.com", "Free");
    const r = await create(free.token);
    expect([r.status, r.code]).toEqual([403, Code.CUSTOM_VOICE_NEEDS_STARTER]);
    expect(r.message).toMatch(/Starter/);
    const starter = await member("cv-starter@example.com", "Starter");
    const s = await create(starter.token, [good()], {}, "kr");
    expect([s.status, s.code]).toEqual([409, Code.CUSTOM_VOICE_SLOTS_FULL]);
    expect(s.message).toContain("슬롯은 0개예요");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voices WHERE owner_id IN (?, ?)").bind(free.id, starter.id).first("n")).toBe(0);
  });

  it("Creator makes 1, then all slots are used; Production 5; an unlimited plan goes past 5", async () => {
    const creator = await member("cv-creator@example.com", "Creator");
    const first = await made(creator.token);
    expect(first.end).toMatchObject({ status: "completed", kind: "custom-voice", voiceId: first.voice_id });
    const second = await create(creator.token);
    expect([second.status, second.code]).toEqual([409, Code.CUSTOM_VOICE_SLOTS_FULL]);
    expect(second.message).toContain("your plan has 1");

    const production = await member("cv-production@example.com", "Production", 4);
    expect((await create(production.token)).code).toBe(Code.OK);
    expect((await create(production.token)).code).toBe(Code.CUSTOM_VOICE_SLOTS_FULL);
    expect(await slots(production.token)).toMatchObject({ used: 5, slots: 5 });

    const unlimited = await member("cv-unlimited@example.com", "Unlimited", 6);
    expect((await create(unlimited.token)).code).toBe(Code.OK);
    expect((await slots(unlimited.token)).used).toBe(7);
  });

  it("concurrent creations at the last slot: exactly one wins", async () => {
    const m = await member("cv-race@example.com", "Production", 4);
    const answers = await Promise.all([create(m.token), create(m.token), create(m.token), create(m.token)]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === Code.OK)).toHaveLength(1);
    expect(codes.every((c) => c === Code.OK || c === Code.CUSTOM_VOICE_SLOTS_FULL || c === Code.JOB_LIMIT)).toBe(true);
    expect(codes.filter((c) => c === Code.CUSTOM_VOICE_SLOTS_FULL).length).toBeGreaterThanOrEqual(1);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM voices WHERE owner_id = ? AND type = 'custom'").bind(m.id).first("n");
    expect(n).toBe(5);
    // The losers stored no file.
    const keys = (await env.MEDIA.list({ prefix: `voices/custom/${m.id}/` })).objects.map((o) => o.key.split("/")[3]);
    expect(new Set(keys).size).toBe(1);
  });
});

describe("what is checked at once", () => {
  it("each consent is required (4475) and names what is missing; nothing is stored", async () => {
    const m = await member("cv-consent@example.com", "Creator");
    for (const name of Object.keys(CONSENTS)) {
      const r = await create(m.token, [good()], { [name]: "" });
      expect([r.status, r.code], name).toEqual([400, Code.CUSTOM_VOICE_CONSENT_REQUIRED]);
      expect((r.data as { missing: string[] }).missing).toEqual([name]);
    }
    const ko = await create(m.token, [good()], { consent_rights: "off" }, "kr");
    expect(ko.message).toContain("세 가지 동의");
    expect((await slots(m.token)).used).toBe(0);
    expect((await env.MEDIA.list({ prefix: `voices/custom/${m.id}/` })).objects).toHaveLength(0);
  });

  it("refuses no file, more than 5, a file over 10 MB and a file that is not audio, naming the file", async () => {
    const m = await member("cv-files@example.com", "Creator");
    expect((await create(m.token, [])).code).toBe(Code.CUSTOM_VOICE_FILES_REQUIRED);
    const six = await create(
      m.token,
      Array.from({ length: 6 }, (_, i) => good(`t${i}.wav`)),
    );
    expect([six.status, six.code]).toEqual([400, Code.CUSTOM_VOICE_TOO_MANY_FILES]);
    expect(six.message).toContain("up to 5");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(wavOf(voice(6, 190)));
    const large = await create(m.token, [good("a.wav"), { name: "huge.wav", bytes: big }]);
    expect([large.status, large.code]).toEqual([413, Code.CUSTOM_VOICE_FILE_TOO_LARGE]);
    expect(large.message).toContain("'huge.wav'");
    expect(large.data).toEqual({ file: { index: 2, name: "huge.wav" } });
    const text = await create(m.token, [{ name: "notes.txt", bytes: new TextEncoder().encode("hello, this is not audio at all") }]);
    expect([text.status, text.code]).toEqual([415, Code.CUSTOM_VOICE_FILE_NOT_AUDIO]);
    expect(text.message).toContain("'notes.txt'");
    expect((await slots(m.token)).used).toBe(0);
  });

  it("checks the design fields (localized issues) and refuses a body past 5 files of 10 MB while it streams", async () => {
    const m = await member("cv-fields@example.com", "Creator");
    const bad = await create(m.token, [good()], { gender: "robot", categories: [] }, "kr");
    expect([bad.status, bad.code]).toEqual([400, Code.BAD_REQUEST]);
    const issues = (bad.data as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(issues).toEqual(expect.arrayContaining(["gender", "categories"]));
    const res = await worker.fetch("http://localhost/api/v1/voices/custom", {
      method: "POST",
      headers: {
        lang: "en",
        "api-key": m.token,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(51 * 1024 * 1024),
      },
      body: new Uint8Array(51 * 1024 * 1024),
    });
    expect((await json(res)).code).toBe(Code.PAYLOAD_TOO_LARGE);
    expect((await slots(m.token)).used).toBe(0);
  });
});

describe("the job", () => {
  const failing: [string, Upload, Code, RegExp][] = [
    ["too short", { name: "short.wav", bytes: wavOf(voice(3, 190)) }, Code.RECORDING_TOO_SHORT, /too short/],
    [
      "speech late",
      { name: "late.wav", bytes: wavOf(withNoise(join(silence(3), voice(6, 190)), 0.0005)) },
      Code.RECORDING_LATE_SPEECH,
      /within the first 2 seconds/,
    ],
    ["too quiet", { name: "quiet.wav", bytes: wavOf(voice(6, 190, { gain: 0.012 })) }, Code.RECORDING_TOO_QUIET, /too quiet/],
    [
      "two speakers",
      { name: "duet.wav", bytes: wavOf(join(voice(2, 110), voice(2, 240), voice(2, 110), voice(2, 240))) },
      Code.RECORDING_SPEAKERS,
      /More than one voice/,
    ],
  ];
  for (const [what, upload, code, words] of failing)
    it(`fails on a file ${what} (${code}), naming it, and gives the slot back with its files deleted`, async () => {
      const email = `cv-fail-${what.replace(/\s/g, "-")}@example.com`;
      const m = await member(email, "Creator");
      const r = await create(m.token, [good("fine.wav"), upload]);
      expect(r.code, r.message).toBe(Code.OK);
      const { job_id, voice_id } = r.data as unknown as { job_id: string; voice_id: string };
      const end = await finished(m.token, job_id);
      expect(end).toMatchObject({ status: "failed", kind: "custom-voice", voiceId: voice_id, code, file: { index: 2, name: upload.name } });
      expect(end.reason).toMatch(words);
      expect(end.reason).toContain(`File '${upload.name}'`);
      expect(end.reason).toMatch(/try again or send us a 1:1 inquiry/);
      const v = (await json(await call(m.token, `/voices/custom/${voice_id}`))).data as { status: string; failure: { code: number } };
      expect(v).toMatchObject({ status: "failed", failure: { code } });
      expect(await filesOf(m.id, voice_id)).toBe(0);
      expect(await slots(m.token)).toMatchObject({ used: 0 });
      expect((await json(await call(m.token, "/member/getmember"))).data).toMatchObject({ request_cnt: 0 });
      // The slot is free again: a retry is a new POST.
      expect((await made(m.token)).end.status).toBe("completed");
    });

  it("makes the voice from all the files: a reference clip chosen among them and transcribed, the preview speaks, the consents are stored", async () => {
    const m = await member("cv-made@example.com", "Creator");
    const before = Date.now();
    const { voice_id, job_id, end } = await made(m.token, [good("a.wav", 190), good("b.wav", 200, 7), good("c.wav", 185, 8)]);
    expect(end).toEqual({ status: "completed", kind: "custom-voice", voiceId: voice_id });
    const row = (await voiceRow(voice_id))!;
    expect(row.status).toBe("ready");
    // A cloned voice: 5-15 s of one of the three files, kept with the voice's files, and its transcript.
    const params = JSON.parse(row.engine as string) as {
      prompt: { key: string; text: string };
      segment: { recording: number; start: number; end: number; choices: number };
    };
    expect(params.prompt).toEqual({ key: `${customVoicePrefix(m.id, voice_id)}prompt.wav`, text: expect.stringMatching(/^음성( 음성)*$/) });
    expect(params.segment.recording).toBeGreaterThanOrEqual(0);
    expect(params.segment.recording).toBeLessThan(3);
    expect(params.segment.end - params.segment.start).toBeGreaterThanOrEqual(5);
    expect(params.segment.choices).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head(params.prompt.key)).not.toBeNull();
    expect(JSON.parse(row.consents as string)).toEqual(["consent_rights", "consent_training", "consent_no_harm"]);
    expect(row.consented_at).toBeGreaterThanOrEqual(before);
    const v = (await json(await call(m.token, `/voices/custom/${voice_id}`))).data as Record<string, unknown>;
    // Named from the start (the profile step may rename it): "My voice 1" until then, in either language.
    expect(v).toMatchObject({
      id: voice_id,
      status: "ready",
      files: 3,
      name: "My voice 1",
      design: { gender: "female", moods: ["calm", "warm"] },
    });
    expect((await json(await call(m.token, `/voices/custom/${voice_id}`, { lang: "ko" }))).data).toMatchObject({ name: "내 보이스 1" });
    expect((v.profile as { recording: { f0: number }; engine: string }).engine).toBe("xinference");
    expect(Math.abs((v.profile as { recording: { f0: number } }).recording.f0 - 190)).toBeLessThan(20);
    const preview = await call(m.token, (v.audioURL as string).replace("/api/v1", ""));
    expect(preview.status).toBe(200);
    expect(decodeWav(await preview.arrayBuffer()).samples.length).toBeGreaterThan(24_000);
    // The progress stream of an ended job sends its last state.
    const events = await call(m.token, `/studio/jobs/${job_id}/events`);
    expect(await events.text()).toContain('"kind":"custom-voice"');
    // It counts: slots, request_cnt, the plan state's usedCustomVoice.
    expect(await slots(m.token)).toMatchObject({ used: 1 });
    const profile = (await json(await call(m.token, "/member/getmember"))).data as Record<string, unknown>;
    expect(profile).toMatchObject({ request_cnt: 1, cv_cnt_over: "N" });
    expect(profile.planState).toMatchObject({ usedCustomVoice: 1, mustChooseCustomVoice: false });
  });

  it("a ready voice whose owner skips the profile step has a name: its number among the owner's ready voices, in the library too", async () => {
    const m = await member("cv-default-name@example.com", "Production");
    const first = await made(m.token);
    const second = await made(m.token);
    const nameOf = async (id: string, lang = "en") =>
      ((await json(await call(m.token, `/voices/custom/${id}`, { lang }))).data as { name: string }).name;
    expect(await nameOf(first.voice_id)).toBe("My voice 1");
    expect(await nameOf(second.voice_id, "ko")).toBe("내 보이스 2");
    const custom = JSON.stringify((await json(await call(m.token, "/voices?tab=custom"))).data);
    expect(custom).toContain("My voice 1");
    expect(custom).toContain("My voice 2");
    const slotsAnswer = (await json(await call(m.token, "/voices/slots"))).data as { voices: { name: string }[] };
    expect(slotsAnswer.voices.map((v) => v.name).sort()).toEqual(["My voice 1", "My voice 2"]);
  });

  it("a default name takes the smallest number no ready voice of the member is called: a deletion or a rename frees it", async () => {
    const m = await member("cv-free-number@example.com", "Production");
    const named = (id: string, n: number, deleted = false) =>
      env.DB.prepare(
        `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at, deleted_at)
         SELECT ?1, 'custom', ?2, lang, json_object('ko', '내 보이스 ' || ?3, 'en', 'My voice ' || ?3), intro, tone, gender, age, features,
                categories, engine, 0, 1, ?4 FROM voices WHERE id = 'ko-minjun'`,
      )
        .bind(id, m.id, String(n), deleted ? Date.now() : null)
        .run();
    // "My voice 1" and "My voice 3" are taken; "My voice 2" was deleted; a renamed voice takes no number.
    await named("cv-num-1", 1);
    await named("cv-num-2", 2, true);
    await named("cv-num-3", 3);
    await env.DB.prepare("UPDATE voices SET name = json_object('ko', '내 보이스 4', 'en', 'Podcast') WHERE id = 'cv-num-3'").run();
    await env.DB.prepare("UPDATE voices SET name = json_object('ko', '내 보이스 3', 'en', 'My voice 3') WHERE id = 'cv-num-3'").run();
    const nameOf = async (id: string, lang = "en") =>
      ((await json(await call(m.token, `/voices/custom/${id}`, { lang }))).data as { name: string }).name;
    const second = await made(m.token);
    expect(await nameOf(second.voice_id)).toBe("My voice 2");
    expect(await nameOf(second.voice_id, "ko")).toBe("내 보이스 2");
    // Renamed in one language only, the number stays taken (either language's default name counts).
    await env.DB.prepare("UPDATE voices SET name = json_object('ko', '내 보이스 1', 'en', 'Narrator') WHERE id = 'cv-num-1'").run();
    const fourth = await made(m.token);
    expect(await nameOf(fourth.voice_id)).toBe("My voice 4");
  });

  it("a voice being made is not in the library nor usable; once ready it is in the owner's Custom tab and speaks in the studio", async () => {
    const m = await member("cv-library@example.com", "Creator");
    const { voice_id } = await made(m.token);
    const listed = async (tab: string) => JSON.stringify((await json(await call(m.token, `/voices?tab=${tab}`))).data);
    const speak = async () =>
      (
        await json(
          await worker.fetch("http://localhost/api/v1/studio/tts", {
            method: "POST",
            headers: { lang: "en", "api-key": m.token, "content-type": "application/json" },
            body: JSON.stringify({ text: "안녕하세요.", voice_id }),
          }),
        )
      ).code;
    for (const status of ["creating", "failed"]) {
      await env.DB.prepare("UPDATE voices SET status = ? WHERE id = ?").bind(status, voice_id).run();
      for (const tab of ["custom", "mine"]) expect(await listed(tab), `${status} ${tab}`).not.toContain(voice_id);
      expect(await speak(), status).toBe(Code.VOICE_NOT_FOUND);
    }
    await env.DB.prepare("UPDATE voices SET status = 'ready' WHERE id = ?").bind(voice_id).run();
    for (const tab of ["custom", "mine"]) expect(await listed(tab), tab).toContain(voice_id);
    expect(await speak()).toBe(Code.OK);
  });
});

describe("the daily clean-up", () => {
  it("deletes failed custom voices past 30 days with any file left under them; keeps newer failures and every ready voice", async () => {
    const m = await member("cv-cleanup@example.com", "Production");
    const quiet = { name: "quiet.wav", bytes: wavOf(voice(6, 190, { gain: 0.012 })) };
    const oldFailure = await made(m.token, [quiet]);
    const newFailure = await made(m.token, [quiet]);
    const ready = await made(m.token);
    expect([oldFailure.end.status, newFailure.end.status, ready.end.status]).toEqual(["failed", "failed", "completed"]);
    const now = Date.now();
    const past = now - FAILED_CUSTOM_VOICE_KEEP_MS - DAY;
    for (const id of [oldFailure.voice_id, ready.voice_id])
      await env.DB.prepare("UPDATE voices SET created_at = ? WHERE id = ?").bind(past, id).run();
    // A file a crash left behind under the old failure's prefix.
    await env.MEDIA.put(`${customVoicePrefix(m.id, oldFailure.voice_id)}files/1`, new Uint8Array([1, 2, 3]));
    const ctx = createExecutionContext();
    await api.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await voiceRow(oldFailure.voice_id)).toBeNull();
    expect(await filesOf(m.id, oldFailure.voice_id)).toBe(0);
    expect(await voiceRow(newFailure.voice_id)).toMatchObject({ status: "failed" });
    expect(await voiceRow(ready.voice_id)).toMatchObject({ status: "ready" });
    expect(await filesOf(m.id, ready.voice_id)).toBeGreaterThan(0);
  });
});

describe("an interrupted creation", () => {
  it("fails when its object finds it mid-run, gives the slot back and deletes the files", async () => {
    const email = "cv-interrupted@example.com";
    const m = await member(email, "Creator");
    const jobId = crypto.randomUUID();
    const voiceId = `cv-${crypto.randomUUID()}`;
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at, status, job_id)
       VALUES (?1, 'custom', ?2, 'ko', '{"ko":"","en":""}', '{"ko":"","en":""}', 'medium', 'female', 'young', '[]', '["narration"]', '{}', 0, ?3, 'creating', ?4)`,
    )
      .bind(voiceId, m.id, now, jobId)
      .run();
    await env.DB.prepare(
      "INSERT INTO active_jobs (id, member_id, project_id, kind, state, created_at, heartbeat_at) VALUES (?1, ?2, NULL, 'custom-voice', 'running', ?3, ?3)",
    )
      .bind(jobId, m.id, now)
      .run();
    const key = `${customVoicePrefix(m.id, voiceId)}files/1`;
    await env.MEDIA.put(key, wavOf(voice(6, 190)));
    expect(await slots(m.token)).toMatchObject({ used: 1 });
    const stub = env.GENERATION_JOB.get(env.GENERATION_JOB.idFromName(jobId));
    await runInDurableObject(stub, async (_instance, s) => {
      await s.storage.put("spec", {
        kind: "custom-voice",
        jobId,
        memberId: m.id,
        email,
        locale: "en",
        voiceId,
        lang: "ko",
        gender: "female",
        files: [{ key, name: "take.wav" }],
      });
      await s.storage.put("state", { status: "generating", kind: "custom-voice", voiceId, step: "profiling", done: 1, total: 1 });
      await s.storage.setAlarm(Date.now() + 3_600_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await finished(m.token, jobId)).toMatchObject({ status: "failed", code: Code.JOB_INTERRUPTED, voiceId });
    expect((await voiceRow(voiceId))!.status).toBe("failed");
    expect(await filesOf(m.id, voiceId)).toBe(0);
    expect(await slots(m.token)).toMatchObject({ used: 0 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM active_jobs WHERE member_id = ?").bind(m.id).first("n")).toBe(0);
  });
});

function profileForm(fields: Record<string, string>, image?: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set("image", new File([image as Uint8Array<ArrayBuffer>], "face.png"));
  return form;
}

describe("the profile step, privacy and deletion", () => {
  it("sets name (14), intro (10) and a 240x240 image; refuses longer text and other sizes", async () => {
    const m = await member("cv-profile@example.com", "Creator");
    const { voice_id } = await made(m.token);
    const long = await json(
      await call(m.token, `/voices/custom/${voice_id}/profile`, {
        form: profileForm({ name: "열다섯 글자가 넘는 아주 긴 이름", intro: "짧음" }),
      }),
    );
    expect([long.status, long.code]).toEqual([400, Code.BAD_REQUEST]);
    const size = await json(
      await call(m.token, `/voices/custom/${voice_id}/profile`, {
        form: profileForm({ name: "내 목소리", intro: "차분한 톤" }, png(300, 300)),
      }),
    );
    expect([size.status, size.code]).toEqual([400, Code.IMAGE_SIZE]);
    const okay = await json(
      await call(m.token, `/voices/custom/${voice_id}/profile`, {
        form: profileForm({ name: "봄날의 라디오 DJ 목소리", intro: "따뜻한 아침 인사" }, png(240, 240)),
      }),
    );
    expect(okay.code, okay.message).toBe(Code.OK);
    expect(okay.data).toMatchObject({ name: "봄날의 라디오 DJ 목소리", intro: "따뜻한 아침 인사" });
    const image = await call(m.token, `/voices/custom/${voice_id}/image`);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(image.headers.get("cache-control")).toMatch(/^private/);
    expect(await filesOf(m.id, voice_id)).toBeGreaterThanOrEqual(3); // the recording, the preview, the image
  });

  it("is private: another member, a visitor and a forged id get 404 on every path; POSTs need a login", async () => {
    const owner = await member("cv-owner@example.com", "Creator");
    const other = await member("cv-other@example.com", "Production");
    const { voice_id, job_id } = await made(owner.token);
    const paths = [
      `/voices/custom/${voice_id}`,
      `/voices/custom/${voice_id}/preview`,
      `/voices/custom/${voice_id}/image`,
      `/voices/${voice_id}`,
      `/voices/${voice_id}/image`,
      `/voices/${voice_id}/sample`,
    ];
    for (const path of paths) {
      expect((await call(owner.token, path)).status, path).toBe(200);
      for (const who of [other.token, null]) {
        const r = await json(await call(who, path));
        // (The library's own paths say "voice not found", 4207, as for any voice one may not see.)
        expect([r.status, [Code.NOT_FOUND, Code.VOICE_NOT_FOUND]], `${path} ${who ? "member" : "visitor"}`).toEqual([
          404,
          expect.arrayContaining([r.code]),
        ]);
      }
      const forged = await json(await call(owner.token, path.replace(voice_id, `cv-${crypto.randomUUID()}`)));
      expect([forged.status, [Code.NOT_FOUND, Code.VOICE_NOT_FOUND]], `${path} forged`).toEqual([
        404,
        expect.arrayContaining([forged.code]),
      ]);
    }
    const job = await json(await call(other.token, `/studio/jobs/${job_id}`));
    expect(job.status).toBe(404);
    const theirs = await json(
      await call(other.token, `/voices/custom/${voice_id}/profile`, { form: profileForm({ name: "가로채기", intro: "안됨" }) }),
    );
    expect([theirs.status, theirs.code]).toEqual([404, Code.NOT_FOUND]);
    const visitor = await json(
      await call(null, `/voices/custom/${voice_id}/profile`, { form: profileForm({ name: "가로채기", intro: "안됨" }) }),
    );
    expect(visitor.code).toBe(Code.LOGIN_REQUIRED);
    expect((await json(await call(null, "/voices/custom", { form: formOf({ ...DESIGN, ...CONSENTS }, [good()]) }))).code).toBe(
      Code.LOGIN_REQUIRED,
    );
    // Another member can neither use nor delete it.
    const tts = await worker.fetch("http://localhost/api/v1/studio/tts", {
      method: "POST",
      headers: { lang: "en", "api-key": other.token, "content-type": "application/json" },
      body: JSON.stringify({ text: "안녕하세요.", voice_id }),
    });
    expect((await json(tts)).code).toBe(Code.VOICE_NOT_FOUND);
    expect((await json(await call(other.token, `/voices/${voice_id}`, { method: "DELETE" }))).status).toBe(404);
    expect(JSON.stringify((await json(await call(other.token, "/voices?tab=mine"))).data)).not.toContain(voice_id);
    expect((await voiceRow(voice_id))!.status).toBe("ready");
  });

  it("another part of the files: the voice is cloned again from the next candidate clip, with a new preview; owner only", async () => {
    const m = await member("cv-segment@example.com", "Production");
    const other = await member("cv-segment-other@example.com", "Creator");
    const { voice_id } = await made(m.token, [good("a.wav", 190, 12), good("b.wav", 175, 12)]);
    const before = (await json(await call(m.token, `/voices/custom/${voice_id}`))).data as {
      segment: { file: number; start: number; end: number; index: number; choices: number };
    };
    expect(before.segment).toMatchObject({ index: 0 });
    expect(before.segment.choices).toBeGreaterThanOrEqual(2);
    const keyOf = async () => (JSON.parse((await voiceRow(voice_id))!.engine as string) as { prompt: { key: string } }).prompt.key;
    const key = await keyOf();
    const clip = async () => new Uint8Array(await (await env.MEDIA.get(await keyOf()))!.arrayBuffer());
    // The preview is spoken again (its upload time tells; the stand-in's clone speaks at the clip's F0).
    const previewAt = async () => (await env.MEDIA.head(`${customVoicePrefix(m.id, voice_id)}preview.wav`))!.uploaded.getTime();
    const [clip1, preview1] = [await clip(), await previewAt()];
    // Another member: 404; a visitor: 8000.
    expect((await call(other.token, `/voices/custom/${voice_id}/segment`, { method: "POST" })).status).toBe(404);
    expect((await json(await call(null, `/voices/custom/${voice_id}/segment`, { method: "POST" }))).code).toBe(Code.LOGIN_REQUIRED);
    const next = await json(await call(m.token, `/voices/custom/${voice_id}/segment`, { method: "POST" }));
    expect(next.success, next.message).toBe(true);
    const after = next.data as typeof before;
    expect(after.segment).toMatchObject({ index: 1, choices: before.segment.choices });
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
    expect(same(await clip(), clip1)).toBe(false);
    // A new key in the voice's folder; the old clip is gone.
    expect(await keyOf()).toMatch(new RegExp(`^${customVoicePrefix(m.id, voice_id)}prompt-\\w+\\.wav$`));
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await previewAt()).toBeGreaterThan(preview1);
    const heard = await call(m.token, `/voices/custom/${voice_id}/preview`);
    expect([heard.status, heard.headers.get("cache-control")]).toEqual([200, "private, no-cache"]);
    // One short file holds one part only: 4670.
    const single = await made(m.token, [good("one.wav", 190, 6)]);
    const none = await json(await call(m.token, `/voices/custom/${single.voice_id}/segment`, { method: "POST" }));
    expect([none.status, none.code]).toEqual([409, Code.NO_OTHER_SEGMENT]);
  });

  it("deleting deletes the voice's reference clip, and with it the voice: nothing of it stays", async () => {
    const m = await member("cv-remote-delete@example.com", "Production");
    const { voice_id } = await made(m.token, [good("own.wav", 173)]);
    const key = (JSON.parse((await voiceRow(voice_id))!.engine as string) as { prompt: { key: string } }).prompt.key;
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const ctx = createExecutionContext();
    const del = await api.fetch(
      new Request(`http://localhost/api/v1/voices/${voice_id}`, { method: "DELETE", headers: { lang: "en", "api-key": m.token } }),
      env,
      ctx,
    );
    expect((await json(del)).code).toBe(Code.OK);
    await waitOnExecutionContext(ctx);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM remote_voice_deletions WHERE source_id = ?").bind(voice_id).first("n")).toBe(0);
    // A synthesis with the deleted voice is refused before any engine call (it could not be spoken anyway).
    const tts = await worker.fetch("http://localhost/api/v1/studio/tts", {
      method: "POST",
      headers: { lang: "en", "api-key": m.token, "content-type": "application/json" },
      body: JSON.stringify({ text: "안녕하세요.", voice_id }),
    });
    expect((await json(tts)).code).toBe(Code.VOICE_DELETED);
  });

  it("deleting frees the slot and deletes every file; the voice is gone for its owner too", async () => {
    const m = await member("cv-delete@example.com", "Creator");
    const { voice_id } = await made(m.token);
    expect(await filesOf(m.id, voice_id)).toBeGreaterThan(0);
    const del = await json(await call(m.token, `/voices/${voice_id}`, { method: "DELETE" }));
    expect(del.code).toBe(Code.OK);
    expect(await filesOf(m.id, voice_id)).toBe(0);
    expect(await slots(m.token)).toMatchObject({ used: 0 });
    expect((await json(await call(m.token, "/member/getmember"))).data).toMatchObject({ request_cnt: 0 });
    expect((await call(m.token, `/voices/custom/${voice_id}`)).status).toBe(404);
    expect((await made(m.token)).end.status).toBe("completed");
  });
});
