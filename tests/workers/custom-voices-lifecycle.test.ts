// A custom voice after its creation: the daily clean-up of failed ones, an interrupted creation, and the profile step,
// privacy (owner, another member, a visitor, a forged id) and deletion.
import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import api from "../../workers/api/src/index";
import { customVoicePrefix, FAILED_CUSTOM_VOICE_KEEP_MS } from "../../workers/api/src/domain/custom-voices/slots";
import { Code } from "../../workers/api/src/lib/codes";
import { worker } from "./helpers";
import { png } from "./images";
import { voice, wavOf } from "./voice-recordings";
import {
  seedWithUnlimited,
  DAY,
  call,
  json,
  DESIGN,
  CONSENTS,
  good,
  formOf,
  finished,
  member,
  slots,
  filesOf,
  voiceRow,
  made,
} from "./custom-voices-helpers";

beforeAll(seedWithUnlimited);

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
