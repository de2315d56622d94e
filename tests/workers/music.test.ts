// A TTS project's background music (workers/api/src/domain/studio/music.ts): uploaded and checked, mixed under the
// voice in the joined download at the member's level and ducked under speech, taken off, and private to its owner.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { BED, tailSamples } from "../../workers/api/src/speech/music-bed";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { generatedProject, studioMember, worker, type Answer, type StudioMember } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Music = { name: string; durationMs: number; level: number; audioURL: string };

/** `seconds` of a chord (A3, C#4, E4) at 44.1 kHz: music, not speech, at a rate the api resamples. */
function chord(seconds: number, rate = 44_100) {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++)
    for (const f of [220, 277.18, 329.63]) out[i] = out[i]! + 0.15 * Math.sin((2 * Math.PI * f * i) / rate);
  return encodeWav(out, rate);
}

async function upload(m: StudioMember | null, projectId: string, bytes: Uint8Array, name = "bed.wav", lang = "en") {
  const form = new FormData();
  form.set("file", new File([bytes.slice()], name, { type: "audio/wav" }));
  const res = await worker.fetch(`http://localhost/api/v1/studio/projects/${projectId}/music`, {
    method: "POST",
    headers: { lang, ...(m ? { "api-key": m.token } : {}) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Answer<Music> };
}

/** The project's joined WAV, with its music or without. */
async function joined(m: StudioMember, projectId: string, music: boolean) {
  const res = await m.get(`/studio/projects/${projectId}/download?format=wav${music ? "" : "&music=0"}`);
  expect(res.status).toBe(200);
  return decodeWav(new Uint8Array(await res.arrayBuffer())).samples;
}

describe("background music", () => {
  it("is mixed under the voice at the member's level, ducked while the voice speaks, with a tail that fades out", async () => {
    const m = await studioMember("music@example.com");
    const project = await generatedProject(m, "음악", [
      ["첫 번째 문장입니다.", 1500],
      ["두 번째 문장입니다.", 1500],
    ]);
    const voiceOnly = await joined(m, project.id, true);
    const set = await upload(m, project.id, chord(4));
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ name: "bed.wav", level: 30 });
    expect(Math.abs(set.body.data.durationMs - 4000)).toBeLessThanOrEqual(1);
    const read = await m.call<{ music: Music | null }>("GET", `/projects/${project.id}?versions=1`);
    expect(read.body.data.music).toMatchObject({ name: "bed.wav", level: 30 });

    const mixed = await joined(m, project.id, true);
    expect(await joined(m, project.id, false)).toEqual(voiceOnly);
    expect(mixed.length).toBe(voiceOnly.length + tailSamples(24_000));
    // Where the voice speaks and where it pauses (10 ms frames), and the music's part of the mix in each.
    const frame = 240;
    const speaking: number[] = [];
    const pausing: number[] = [];
    for (let f = 100; f < Math.floor(voiceOnly.length / frame); f++) {
      let v = 0;
      let music = 0;
      for (let i = f * frame; i < (f + 1) * frame; i++) {
        v += voiceOnly[i]! ** 2;
        music += (mixed[i]! - voiceOnly[i]!) ** 2;
      }
      const near = (g: number) => {
        for (let k = g - 60; k <= g + 60; k++) {
          let e = 0;
          for (let i = k * frame; i < (k + 1) * frame && i < voiceOnly.length; i++) e += voiceOnly[i]! ** 2;
          if (Math.sqrt(e / frame) > BED.speechRms) return true;
        }
        return false;
      };
      if (Math.sqrt(v / frame) > 0.05) speaking.push(Math.sqrt(music / frame));
      else if (!near(f)) pausing.push(Math.sqrt(music / frame));
    }
    expect(speaking.length).toBeGreaterThan(50);
    expect(pausing.length).toBeGreaterThan(20);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(pausing)).toBeGreaterThan(0.02);
    // -12 dB under speech: about a quarter (the gain settles within the attack).
    expect(mean(speaking) / mean(pausing)).toBeLessThan(0.35);
    // The tail: music alone, ending in silence.
    const tail = mixed.subarray(voiceOnly.length);
    expect(Math.max(...tail.subarray(0, 2400).map(Math.abs))).toBeGreaterThan(0.01);
    expect(Math.max(...tail.subarray(tail.length - 240).map(Math.abs))).toBeLessThan(0.002);

    // The member's level: 60 doubles the music; 0 leaves the voice alone.
    const louder = await m.call<Music>("PATCH", `/projects/${project.id}/music`, { level: 60 });
    expect(louder.body.data.level).toBe(60);
    const twice = await joined(m, project.id, true);
    const part = (mix: Float32Array) => {
      let sum = 0;
      for (let i = voiceOnly.length - 12_000; i < voiceOnly.length - 9_600; i++) sum += (mix[i]! - voiceOnly[i]!) ** 2;
      return Math.sqrt(sum);
    };
    expect(part(twice) / part(mixed)).toBeCloseTo(2, 2);
    await m.call("PATCH", `/projects/${project.id}/music`, { level: 0 });
    const muted = await joined(m, project.id, true);
    expect(muted.subarray(0, voiceOnly.length)).toEqual(voiceOnly);
    expect((await m.call("PATCH", `/projects/${project.id}/music`, { level: 101 })).status).toBe(400);

    // The track plays on its own; taken off, its file goes and the download is the voice alone again.
    const audio = await m.get(`/studio/projects/${project.id}/music/audio`);
    expect([audio.status, audio.headers.get("content-type")]).toEqual([200, "audio/wav"]);
    await audio.arrayBuffer();
    const stored = await env.MEDIA.list({ prefix: `music/${project.id}/` });
    expect(stored.objects).toHaveLength(1);
    expect((await m.call("DELETE", `/projects/${project.id}/music`)).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `music/${project.id}/` })).objects).toHaveLength(0);
    expect(await joined(m, project.id, true)).toEqual(voiceOnly);
    expect((await m.call<{ music: Music | null }>("GET", `/projects/${project.id}?versions=1`)).body.data.music).toBeNull();
    expect((await m.call("DELETE", `/projects/${project.id}/music`)).status).toBe(404);
  });

  it("keeps one file: a new upload replaces the old one's, and the project's purge takes it", async () => {
    const m = await studioMember("music-replace@example.com");
    const project = await generatedProject(m, "교체", [["문장입니다.", 300]]);
    await upload(m, project.id, chord(2), "one.wav");
    await m.call("PATCH", `/projects/${project.id}/music`, { level: 45 });
    const second = await upload(m, project.id, chord(3), "two.wav");
    expect(second.body.data).toMatchObject({ name: "two.wav", level: 45 });
    const listed = await env.MEDIA.list({ prefix: `music/${project.id}/` });
    expect(listed.objects).toHaveLength(1);
    expect(await m.call("DELETE", `/projects/${project.id}`)).toMatchObject({ status: 200 });
    const { purgeDeleted } = await import("../../workers/api/src/domain/studio/projects");
    const { drizzle } = await import("drizzle-orm/d1");
    expect(await purgeDeleted({ db: drizzle(env.DB), env } as never, Date.now() + 3_600_000)).toBeGreaterThan(0);
    expect((await env.MEDIA.list({ prefix: `music/${project.id}/` })).objects).toHaveLength(0);
  });

  it("refuses what is not music it can use, in the member's language, and keeps what the project had", async () => {
    const m = await studioMember("music-refused@example.com");
    const project = await generatedProject(m, "거절", [["문장입니다.", 300]]);
    await upload(m, project.id, chord(2), "kept.wav");
    const cases: [Uint8Array, number][] = [
      [new TextEncoder().encode("not a sound at all, just some words"), Code.AUDIO_NOT_AUDIO],
      [encodeWav(new Float32Array(44_100), 44_100), Code.MUSIC_SILENT],
      [chord(181, 8000), Code.MUSIC_TOO_LONG],
      [chord(2).subarray(0, 30), Code.AUDIO_CORRUPT],
    ];
    for (const [bytes, code] of cases) {
      const refused = await upload(m, project.id, bytes, "bad.wav");
      expect(refused.body.code).toBe(code);
      expect([400, 415]).toContain(refused.status);
    }
    const ko = await upload(m, project.id, chord(181, 8000), "long.wav", "kr");
    expect(ko.body.message).toContain("3분");
    const en = await upload(m, project.id, chord(181, 8000), "long.wav", "en");
    expect(en.body.message).toContain("3\u00a0min");
    const huge = await upload(m, project.id, new Uint8Array(16 * 1024 * 1024), "huge.wav");
    expect(huge.body.code).toBe(Code.AUDIO_TOO_LARGE);
    expect(huge.body.message).toContain("15");
    const read = await m.call<{ music: Music | null }>("GET", `/projects/${project.id}?versions=1`);
    expect(read.body.data.music?.name).toBe("kept.wav");
    expect((await env.MEDIA.list({ prefix: `music/${project.id}/` })).objects).toHaveLength(1);
  });

  it("is private: another member and a visitor can neither set, change, take off nor play a project's music", async () => {
    const owner = await studioMember("music-owner@example.com");
    const other = await studioMember("music-other@example.com");
    const project = await generatedProject(owner, "비공개", [["문장입니다.", 300]]);
    expect((await upload(owner, project.id, chord(2))).status).toBe(200);
    expect((await upload(other, project.id, chord(2))).status).toBe(404);
    expect((await upload(null, project.id, chord(2))).status).toBe(401);
    for (const [method, path, body] of [
      ["PATCH", `/projects/${project.id}/music`, { level: 10 }],
      ["DELETE", `/projects/${project.id}/music`, undefined],
      ["GET", `/projects/${project.id}/music/audio`, undefined],
    ] as const) {
      expect((await other.call(method, path, body)).status, `member ${method} ${path}`).toBe(404);
      const visitor = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
        method,
        headers: body ? { "content-type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(visitor.status, `visitor ${method} ${path}`).toBe(401);
    }
    const read = await owner.call<{ music: Music | null }>("GET", `/projects/${project.id}?versions=1`);
    expect(read.body.data.music).toMatchObject({ level: 30 });
    // The owner's music is not mixed into another member's download of their own project.
    const theirs = await generatedProject(other, "남의 것", [["문장입니다.", 300]]);
    const res = await other.get(`/studio/projects/${theirs.id}/download?format=wav`);
    const samples = decodeWav(new Uint8Array(await res.arrayBuffer())).samples;
    const plain = decodeWav(
      new Uint8Array(await (await other.get(`/studio/projects/${theirs.id}/download?format=wav&music=0`)).arrayBuffer()),
    ).samples;
    expect(samples).toEqual(plain);
  });
});
