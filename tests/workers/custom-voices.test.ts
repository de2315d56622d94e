// Custom voice creation through the api (routes/custom-voices.ts, domain/custom-voices/{create,job}.ts,
// docs/decisions/0034): the plan gates, the slot taken atomically (concurrent creations at the last slot), the
// consents, each file rule (at once, and in the job), the job's states and failure (the slot given back, the files
// deleted), the voice's privacy (owner, another member, a visitor, a forged id) for every endpoint, the profile
// step, deletion, the profile's request_cnt / usedCustomVoice, and the HTTP engine receiving every file.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { customVoicePrefix } from "../../workers/api/src/domain/custom-voices/slots";
import { Code } from "../../workers/api/src/lib/codes";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { worker } from "./helpers";
import { join, silence, voice, wavOf, withNoise } from "./voice-recordings";
import {
  seedWithUnlimited,
  call,
  json,
  CONSENTS,
  Upload,
  good,
  create,
  finished,
  member,
  slots,
  filesOf,
  voiceRow,
  made,
} from "./custom-voices-helpers";

beforeAll(seedWithUnlimited);

describe("plan gates", () => {
  it("Free needs Starter (4470); Starter makes 1, then its slot is used (4471), in the asked language", async () => {
    const free = await member("cv-free@example.com", "Free");
    const r = await create(free.token);
    expect([r.status, r.code]).toEqual([403, Code.CUSTOM_VOICE_NEEDS_STARTER]);
    expect(r.message).toMatch(/Starter/);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voices WHERE owner_id = ?").bind(free.id).first("n")).toBe(0);
    const starter = await member("cv-starter@example.com", "Starter");
    expect((await create(starter.token, [good()], {}, "kr")).code).toBe(Code.OK);
    const s = await create(starter.token, [good()], {}, "kr");
    expect([s.status, s.code]).toEqual([409, Code.CUSTOM_VOICE_SLOTS_FULL]);
    expect(s.message).toContain("슬롯은 1개예요");
    expect(await slots(starter.token)).toMatchObject({ used: 1, slots: 1 });
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
