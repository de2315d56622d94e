// Speech-to-speech through the api (routes/sts.ts): uploads checked by content, nothing stored or
// charged on a refusal, conversion jobs, the public POST /studio/sts, time spent atomically, share
// pages, reviews, and every result private to its owner. Conversion goes through the HTTP engine's
// stand-in (tests/workers/standins/engine.js); the embedded conversion has its own tests (convert.test.ts).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { STS_LIMITS } from "../../workers/api/src/speech/conversion";
import { expireUploads, UPLOAD_KEEP_MS } from "../../workers/api/src/lib/cleanup";
import { purgeDeleted, UNDO_WINDOW_MS } from "../../workers/api/src/domain/studio/projects";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import m4aUrl from "./fixtures/audio/tones.m4a?inline";
import mp3Url from "./fixtures/audio/tones.mp3?inline";
import oggUrl from "./fixtures/audio/tones-stereo.ogg?inline";
import webmUrl from "./fixtures/audio/tones.webm?inline";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

/** 1.5 s of a voice-like sound: 140 Hz with harmonics, its loudness moving like syllables. */
function speechLike(seconds = 1.5, sampleRate = 44_100) {
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, n) => {
    const t = n / sampleRate;
    const syllables = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    return (
      0.3 * syllables * (Math.sin(2 * Math.PI * 140 * t) + 0.5 * Math.sin(2 * Math.PI * 280 * t) + 0.25 * Math.sin(2 * Math.PI * 420 * t))
    );
  });
}
const wav = (seconds = 1.5) => encodeWav(speechLike(seconds), 44_100);

const FILES: [string, () => Uint8Array, string][] = [
  ["voice.wav", () => wav(), "wav"],
  ["tones.mp3", () => bytesOf(mp3Url), "mp3"],
  ["tones.ogg", () => bytesOf(oggUrl), "ogg-opus"],
  ["recording.webm", () => bytesOf(webmUrl), "webm-opus"],
  ["memo.m4a", () => bytesOf(m4aUrl), "m4a"],
];

function form(file: Uint8Array | null, name: string, extra: Record<string, string> = {}) {
  const f = new FormData();
  if (file) f.set("file", new File([file as Uint8Array<ArrayBuffer>], name));
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
}

async function call(token: string | null, path: string, init: { method?: string; body?: unknown; form?: FormData; lang?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.body || init.form ? "POST" : "GET"),
    headers: {
      lang: init.lang ?? "kr",
      ...(token ? { "api-key": token } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
  });
  return res;
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

const memberId = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
const usedSeconds = async (email: string) =>
  (await env.DB.prepare("SELECT used_seconds AS s FROM members WHERE email = ?").bind(email).first<{ s: number }>())!.s;
/** Sets the time used in a period that lasts another month. */
const setUsedSeconds = (email: string, s: number) =>
  env.DB.prepare("UPDATE members SET used_seconds = ?, usage_period_end = ? WHERE email = ?")
    .bind(s, Date.now() + 30 * 86_400_000, email)
    .run();

/** What a member has stored: R2 objects under their prefixes and rows in D1. */
async function stored(email: string) {
  const id = await memberId(email);
  const [sources, results] = await Promise.all([
    env.MEDIA.list({ prefix: `sources/${id}/` }),
    env.MEDIA.list({ prefix: `inferences/${id}/` }),
  ]);
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?`).bind(id).first<{ n: number }>())!.n;
  return {
    objects: sources.objects.length + results.objects.length,
    sources: await count("sts_sources"),
    inferences: await count("inferences"),
    projects: await count("projects"),
  };
}

async function waitForJob(token: string, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const state = (await json(await call(token, `/studio/jobs/${jobId}`))).data as {
      status: string;
      inferenceId?: string;
      reason?: string;
    };
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the job did not end");
}

describe("STS file check (step 2)", () => {
  it("decodes every kind by its content, keeps it at 24 kHz in a new STS project, and charges nothing yet", async () => {
    const s = await signedUp("sts-kinds@example.com");
    for (const [name, bytes, format] of FILES) {
      // The name says nothing: a WebM named .mp3 is still WebM.
      const r = await json(await call(s.token!, "/studio/sts/sources", { form: form(bytes(), name.replace(/\.\w+$/, ".mp3")) }));
      expect(r.success, `${name}: ${r.message}`).toBe(true);
      const d = r.data as { source_id: string; project_id: string; format: string; duration: number; seconds: number; audioURL: string };
      expect(d.format).toBe(format);
      expect(Math.abs(d.duration - 1.5)).toBeLessThan(0.1);
      expect(d.seconds).toBe(2);
      const audio = await call(s.token!, d.audioURL.replace("/api/v1", ""));
      expect(audio.headers.get("content-type")).toBe("audio/wav");
      const decoded = decodeWav(await audio.arrayBuffer());
      expect(decoded.sampleRate).toBe(24_000);
      const project = await json(await call(s.token!, `/studio/sts/projects/${d.project_id}`));
      expect(project.data).toMatchObject({ type: "sts", name: name.replace(/\.\w+$/, "") });
      // Free plan: 3 projects. Delete to make room for the next kind.
      expect((await json(await call(s.token!, `/studio/projects/${d.project_id}`, { method: "DELETE" }))).success).toBe(true);
      // A deleted project can be undone for a while; its purge releases the recording.
      await purgeDeleted({ db: drizzle(env.DB, { schema }), env }, Date.now() + UNDO_WINDOW_MS + 1);
    }
    expect(await usedSeconds("sts-kinds@example.com")).toBe(0);
    expect(await stored("sts-kinds@example.com")).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
  });

  it("refuses a renamed text file, a truncated MP3, an empty, an oversized and a silent file, each with its message, storing nothing", async () => {
    const s = await signedUp("sts-bad@example.com");
    const mp3 = bytesOf(mp3Url);
    const cases: [string, Uint8Array, number, string][] = [
      [
        "notes.mp3",
        new TextEncoder().encode("These are my notes, not a recording.\n".repeat(50)),
        Code.AUDIO_NOT_AUDIO,
        "오디오 파일이 아닙니다",
      ],
      ["cut.mp3", mp3.slice(0, Math.floor(mp3.length * 0.8)), Code.AUDIO_CORRUPT, "손상"],
      ["empty.wav", new Uint8Array(0), Code.AUDIO_EMPTY, "빈 파일"],
      ["silence.wav", encodeWav(new Float32Array(44_100 * 2), 44_100), Code.AUDIO_SILENT, "소리가 들리지 않는"],
      ["huge.wav", new Uint8Array(STS_LIMITS.maxBytes + 70 * 1024), Code.AUDIO_TOO_LARGE, "30MB"],
    ];
    for (const path of ["/studio/sts/sources", "/studio/sts"]) {
      for (const [name, bytes, code, text] of cases) {
        const r = await json(await call(s.token!, path, { form: form(bytes, name, { voice_id: "ko-minjun" }) }));
        expect([name, r.code], r.message).toEqual([name, code]);
        expect(r.status).toBeLessThan(500);
        expect(r.message).toContain(text);
      }
    }
    // In English too.
    const en = await json(await call(s.token!, "/studio/sts/sources", { form: form(new Uint8Array(0), "x.wav"), lang: "en" }));
    expect(en.message).toBe("The file is empty. Please upload an audio file with your voice in it.");
    expect(await stored("sts-bad@example.com")).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
    expect(await usedSeconds("sts-bad@example.com")).toBe(0);
  });

  it("refuses a recording longer than the time left (file too long), and any once the time is used up", async () => {
    const s = await signedUp("sts-time@example.com");
    await setUsedSeconds("sts-time@example.com", 179);
    const long = await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(), "voice.wav") }));
    expect(long.code).toBe(Code.AUDIO_TOO_LONG);
    expect(long.message).toContain("파일 길이(2초)가 남은 변환 시간(1초)보다 깁니다");
    await setUsedSeconds("sts-time@example.com", 180);
    const none = await json(await call(s.token!, "/studio/sts", { form: form(wav(), "voice.wav", { voice_id: "ko-minjun" }), lang: "en" }));
    expect(none.code).toBe(Code.TIME_EXHAUSTED);
    expect(none.message).toContain("used all of this month's conversion time");
    expect(await stored("sts-time@example.com")).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
  });

  it("answers a malformed form or a missing voice with 400, never 5xx", async () => {
    const s = await signedUp("sts-malformed@example.com");
    const garbage = await worker.fetch("http://localhost/api/v1/studio/sts/sources", {
      method: "POST",
      headers: { "api-key": s.token!, "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nno end',
    });
    expect(garbage.status).toBe(400);
    expect((await json(await call(s.token!, "/studio/sts", { form: form(wav(), "a.wav") }))).code).toBe(Code.BAD_REQUEST);
    expect((await json(await call(s.token!, "/studio/sts", { form: form(wav(), "a.wav", { voice_id: "no-such-voice" }) }))).code).toBe(
      Code.VOICE_NOT_FOUND,
    );
    expect(await usedSeconds("sts-malformed@example.com")).toBe(0);
    expect((await json(await call(null, "/studio/sts", { form: form(wav(), "a.wav", { voice_id: "ko-minjun" }) }))).code).toBe(
      Code.LOGIN_REQUIRED,
    );
  });
});

describe("STS conversion", () => {
  it("public API: POST /studio/sts converts at once, charges whole seconds and keeps the original for before/after", async () => {
    const s = await signedUp("sts-api@example.com");
    const r = await json(await call(s.token!, "/studio/sts", { form: form(wav(), "내 목소리.wav", { voice_id: "ko-seoyeon" }) }));
    expect(r.success, r.message).toBe(true);
    const d = r.data as { inference_id: string; audioURL: string; duration: number; seconds: number };
    expect(d.seconds).toBe(2);
    expect(Math.abs(d.duration - 1.5)).toBeLessThan(0.05);
    expect(await usedSeconds("sts-api@example.com")).toBe(2);
    const converted = decodeWav(await (await call(s.token!, d.audioURL.replace("/api/v1", ""))).arrayBuffer());
    expect(converted.sampleRate).toBe(24_000);
    const detail = (await json(await call(s.token!, `/studio/inferences/${d.inference_id}`))).data as Record<string, unknown>;
    expect(detail).toMatchObject({
      method: "upload",
      text: "내 목소리.wav",
      voice_id: "ko-seoyeon",
      // Made by Xinference (the tests' engine): recognised and spoken again in the voice.
      conversion: "resynthesis",
      seconds: 2,
      characters: 0,
      share: null,
      review: null,
    });
    const original = decodeWav(await (await call(s.token!, `/studio/inferences/${d.inference_id}/source`)).arrayBuffer());
    expect(Math.abs(original.samples.length / original.sampleRate - 1.5)).toBeLessThan(0.01);
    const mp3 = await call(s.token!, `/studio/inferences/${d.inference_id}/source?format=mp3&download=1`);
    expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
    expect(mp3.headers.get("content-disposition")).toContain("attachment");
    const history = (await json(await call(s.token!, "/studio/history"))).data as {
      items: { method: string; sourceURL: string | null; voiceName: string }[];
    };
    expect(history.items[0]).toMatchObject({
      method: "upload",
      sourceURL: `/api/v1/studio/inferences/${d.inference_id}/source`,
      voiceName: "서연",
    });
  });

  it("steps 3-4: a conversion job runs on its own, charges once, and its result belongs to the project", async () => {
    const s = await signedUp("sts-job@example.com");
    const src = (await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(3), "rec.webm", { method: "record" }) })))
      .data as { source_id: string; project_id: string };
    const started = await json(await call(s.token!, `/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "en-emma" } }));
    expect(started.success, started.message).toBe(true);
    const { job_id } = started.data as { job_id: string };
    const state = await waitForJob(s.token!, job_id);
    expect(state.status).toBe("completed");
    expect(await usedSeconds("sts-job@example.com")).toBe(3);
    const project = (await json(await call(s.token!, `/studio/sts/projects/${src.project_id}`))).data as {
      sources: unknown[];
      conversions: { inference_id: string; method: string; voice_id: string }[];
    };
    expect(project.sources).toHaveLength(1);
    expect(project.conversions).toEqual([
      expect.objectContaining({ inference_id: state.inferenceId, method: "record", voice_id: "en-emma" }),
    ]);
    // The same recording again, in another voice: a second result, charged again.
    const again = await json(await call(s.token!, `/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "ko-minjun" } }));
    expect((await waitForJob(s.token!, (again.data as { job_id: string }).job_id)).status).toBe("completed");
    expect(await usedSeconds("sts-job@example.com")).toBe(6);
    // A voice that does not exist is refused before any job.
    expect((await json(await call(s.token!, `/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "nope" } }))).code).toBe(
      Code.VOICE_NOT_FOUND,
    );
  });

  it("spends time atomically: concurrent conversions never pass the allowance", async () => {
    const s = await signedUp("sts-race@example.com");
    await setUsedSeconds("sts-race@example.com", 175); // 5 s left, each file costs 2 s
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(s.token!, "/studio/sts", { form: form(wav(), "a.wav", { voice_id: "ko-minjun" }) }).then(json)),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(2);
    expect(answers.filter((a) => !a.success).every((a) => a.code === Code.AUDIO_TOO_LONG)).toBe(true);
    expect(await usedSeconds("sts-race@example.com")).toBe(179);
    expect((await stored("sts-race@example.com")).inferences).toBe(2);
  });

  it("a failed conversion gives the time back and keeps nothing but the checked recording", async () => {
    const s = await signedUp("sts-fail@example.com");
    // A voice the engine fails on (a copy of ko-minjun naming a speaker its preset model does not have: 500 "Invalid voice").
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT 'ko-FAIL', type, owner_id, lang, name, intro, tone, gender, age, features, categories, '{"preset":{"speaker":"FAIL"}}', 0, created_at FROM voices WHERE id = 'ko-minjun'`,
    ).run();
    const direct = await json(await call(s.token!, "/studio/sts", { form: form(wav(), "a.wav", { voice_id: "ko-FAIL" }), lang: "en" }));
    expect([direct.status, direct.code]).toEqual([502, Code.CONVERT_FAILED]);
    expect(direct.message).toBe("The voice could not be converted. The time used was given back. Please try again shortly.");
    expect(await usedSeconds("sts-fail@example.com")).toBe(0);
    expect(await stored("sts-fail@example.com")).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
    const src = (await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(), "b.wav") }))).data as { source_id: string };
    const job = (await json(await call(s.token!, `/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "ko-FAIL" } })))
      .data as { job_id: string };
    const state = await waitForJob(s.token!, job.job_id);
    expect(state).toMatchObject({
      status: "failed",
      reason: "음성을 변환하지 못했습니다. 사용한 시간은 돌려드렸어요. 잠시 후 다시 시도해 주세요.",
    });
    expect(await usedSeconds("sts-fail@example.com")).toBe(0);
    expect(await stored("sts-fail@example.com")).toEqual({ objects: 1, sources: 1, inferences: 0, projects: 1 });
  });

  it("the embedded engine converts through the same interface, at the render targets", async () => {
    const embedded = speechEngine({ ...env, VOICE_ENGINE: undefined } as never);
    const audio = await embedded.convert({
      audio: { samples: speechLike(1.5, 24_000), sampleRate: 24_000 },
      lang: "ko",
      voice: { id: "x", params: { semitones: 4, formant: 1.05, rate: 165 } as never },
    });
    expect([audio.normalized, audio.method]).toEqual([true, "register"]);
    expect(audio.sampleRate).toBe(24_000);
    expect(Math.abs(audio.samples.length / 24_000 - 1.5)).toBeLessThan(0.05);
  });
});

describe("results: share pages, reviews, ownership", () => {
  async function converted(email: string) {
    const s = await signedUp(email);
    const r = await json(await call(s.token!, "/studio/sts", { form: form(wav(), "clip.wav", { voice_id: "ko-minjun" }) }));
    return { token: s.token!, id: (r.data as { inference_id: string }).inference_id };
  }

  it("shares a result under an unguessable id, in the sharer's language, and revokes it", async () => {
    const { token, id } = await converted("sts-share@example.com");
    const shared = await json(await call(token, `/studio/inferences/${id}/share`, { method: "POST", lang: "en" }));
    const { share_id, url } = shared.data as { share_id: string; url: string };
    expect(share_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`/share/${share_id}`);
    expect(
      ((await json(await call(token, `/studio/inferences/${id}/share`, { method: "POST" }))).data as { share_id: string }).share_id,
    ).toBe(share_id);
    // Anyone with the link, without a token.
    const page = await json(await call(null, `/share/${share_id}`));
    expect(page.data).toMatchObject({
      locale: "en",
      method: "upload",
      // Named on the page: this suite's engine (Xinference's stand-in) speaks the recording again in the voice.
      conversion: "resynthesis",
      voice: { id: "ko-minjun", name: { ko: "민준", en: "Minjun" } },
      audioURL: `/api/v1/share/${share_id}/audio`,
    });
    const audio = await call(null, `/share/${share_id}/audio`);
    expect(audio.status).toBe(200);
    expect(decodeWav(await audio.arrayBuffer()).sampleRate).toBe(24_000);
    expect((await call(null, `/share/${share_id}/audio?format=mp3`)).headers.get("content-type")).toBe("audio/mpeg");
    expect((await json(await call(null, `/share/AAAAAAAAAAAAAAAAAAAAAA`))).code).toBe(Code.NOT_FOUND);
    expect((await json(await call(token, `/studio/inferences/${id}/share`, { method: "DELETE" }))).success).toBe(true);
    expect((await json(await call(null, `/share/${share_id}`))).code).toBe(Code.NOT_FOUND);
    expect((await call(null, `/share/${share_id}/audio`)).status).toBe(404);
  });

  it("saves a review of 1 to 5 with its text", async () => {
    const { token, id } = await converted("sts-review@example.com");
    for (const score of [0, 6, 2.5])
      expect((await json(await call(token, `/studio/inferences/${id}/review`, { body: { score, text: "x" } }))).code).toBe(
        Code.BAD_REQUEST,
      );
    expect(
      (await json(await call(token, `/studio/inferences/${id}/review`, { body: { score: 4, text: "  자연스러워요  " } }))).success,
    ).toBe(true);
    expect(((await json(await call(token, `/studio/inferences/${id}`))).data as { review: unknown }).review).toEqual({
      score: 4,
      text: "자연스러워요",
    });
  });

  it("another member can neither read, share, review, convert nor delete someone's results and recordings", async () => {
    const { token, id } = await converted("sts-owner@example.com");
    const src = (await json(await call(token, "/studio/sts/sources", { form: form(wav(), "mine.wav") }))).data as {
      source_id: string;
      project_id: string;
    };
    const thief = (await signedUp("sts-thief@example.com")).token!;
    const attempts: [string, { method?: string; body?: unknown }][] = [
      [`/studio/inferences/${id}`, {}],
      [`/studio/inferences/${id}/audio`, {}],
      [`/studio/inferences/${id}/source`, {}],
      [`/studio/inferences/${id}/share`, { method: "POST" }],
      [`/studio/inferences/${id}/share`, { method: "DELETE" }],
      [`/studio/inferences/${id}/review`, { body: { score: 1, text: "" } }],
      ["/studio/delHistory", { body: { inference_id: id } }],
      [`/studio/sts/sources/${src.source_id}`, {}],
      [`/studio/sts/sources/${src.source_id}/audio`, {}],
      [`/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "ko-minjun" } }],
      [`/studio/sts/projects/${src.project_id}`, {}],
    ];
    for (const [path, init] of attempts) {
      const res = await call(thief, path, init);
      expect([path, res.status]).toEqual([path, 404]);
    }
    // Uploading into someone else's project is refused too.
    expect(
      (await json(await call(thief, "/studio/sts/sources", { form: form(wav(), "x.wav", { project_id: src.project_id }) }))).code,
    ).toBe(Code.NOT_FOUND);
    expect((await json(await call(token, `/studio/inferences/${id}`))).data as { review: unknown; share: unknown }).toMatchObject({
      review: null,
      share: null,
    });
    expect(await usedSeconds("sts-thief@example.com")).toBe(0);
  });

  it("deleting keeps an original while a result or a checked recording still needs it", async () => {
    const s = await signedUp("sts-delete@example.com");
    const src = (await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(), "keep.wav") }))).data as {
      source_id: string;
      project_id: string;
    };
    const job = (await json(await call(s.token!, `/studio/sts/sources/${src.source_id}/convert`, { body: { voice_id: "ko-minjun" } })))
      .data as { job_id: string };
    const { inferenceId } = await waitForJob(s.token!, job.job_id);
    const id = await memberId("sts-delete@example.com");
    const sourceKey = `sources/${id}/${src.source_id}.wav`;
    // The project goes, its conversion stays in the history with its original.
    expect((await json(await call(s.token!, `/studio/projects/${src.project_id}`, { method: "DELETE" }))).success).toBe(true);
    await purgeDeleted({ db: drizzle(env.DB, { schema }), env }, Date.now() + UNDO_WINDOW_MS + 1);
    expect(await env.MEDIA.head(sourceKey)).not.toBeNull();
    expect((await call(s.token!, `/studio/inferences/${inferenceId}/source`)).status).toBe(200);
    // Then the history entry: nothing refers to the original any more.
    expect((await json(await call(s.token!, "/studio/delHistory", { body: { inference_id: inferenceId } }))).success).toBe(true);
    await purgeDeletedResults({ db: drizzle(env.DB, { schema }), env }, Date.now() + RESULT_UNDO_MS + 1);
    expect(await env.MEDIA.head(sourceKey)).toBeNull();
    expect(await stored("sts-delete@example.com")).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
  });
});

describe("retention", () => {
  it("checked recordings expire after 30 days, keeping an original a conversion still uses", async () => {
    const s = await signedUp("sts-expire@example.com");
    const a = (await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(), "a.wav") }))).data as {
      source_id: string;
      project_id: string;
    };
    const b = (await json(await call(s.token!, "/studio/sts/sources", { form: form(wav(), "b.wav") }))).data as { source_id: string };
    const job = (await json(await call(s.token!, `/studio/sts/sources/${b.source_id}/convert`, { body: { voice_id: "ko-minjun" } })))
      .data as { job_id: string };
    expect((await waitForJob(s.token!, job.job_id)).status).toBe("completed");
    const id = await memberId("sts-expire@example.com");
    const db = drizzle(env.DB, { schema });
    // A day short of 30: nothing goes.
    expect(await expireUploads(db, env.MEDIA, Date.now() + UPLOAD_KEEP_MS - 86_400_000)).toBe(0);
    expect((await stored("sts-expire@example.com")).sources).toBe(2);
    // (Other tests' recordings in this file's database expire with them.)
    expect(await expireUploads(db, env.MEDIA, Date.now() + UPLOAD_KEEP_MS + 1000)).toBeGreaterThanOrEqual(2);
    expect((await stored("sts-expire@example.com")).sources).toBe(0);
    expect(await env.MEDIA.head(`sources/${id}/${a.source_id}.wav`)).toBeNull();
    // b's file is the original of a conversion in the history: kept.
    expect(await env.MEDIA.head(`sources/${id}/${b.source_id}.wav`)).not.toBeNull();
  });
});
