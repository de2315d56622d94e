import { env } from "cloudflare:workers";
import { TARGET_LUFS } from "../../workers/api/src/engine/types";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav, integratedLoudness, truePeakDb } from "../../workers/api/src/engine/dsp";
import { concat, renderPassage } from "../../workers/api/src/speech/render";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { signedUp, worker } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** Median F0 of a (tonal) signal from its zero crossings. */
function f0(samples: Float32Array, sampleRate: number) {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return crossings / (samples.length / sampleRate);
}

const voice = { id: "ko-minjun", params: { semitones: 0, formant: 1, rate: 165 } };
const request = { text: "안녕하세요", lang: "ko" as const, voice, style: "neutral" as const, pitch: 0, tempo: 1 };

describe("rendering (any engine): 24 kHz mono, -20 LUFS, peaks at most -1 dBFS, exact pauses, no clicks", () => {
  it("WAV encodes and decodes", () => {
    const samples = new Float32Array([0, 0.5, -0.5, 1, -1]);
    const bytes = encodeWav(samples, 24_000);
    const text = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
    expect([text(0, 4), text(8, 16), text(36, 40)]).toEqual(["RIFF", "WAVEfmt ", "data"]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect([view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true), view.getUint32(40, true)]).toEqual([
      1, 24_000, 16, 10,
    ]);
    const back = decodeWav(bytes);
    expect(back.sampleRate).toBe(24_000);
    expect([...back.samples].map((s) => Math.round(s * 100) / 100)).toEqual([0, 0.5, -0.5, 1, -1]);
    expect(() => decodeWav(new TextEncoder().encode("ID3 not a wav"))).toThrow();
  });

  it("normalises loudness and peaks, keeps pauses exact and fades the joins", async () => {
    const audio = await renderPassage(speechEngine(env), { ...request, text: "첫 문장입니다.\n둘째 문장입니다." }, 700);
    expect(audio.sampleRate).toBe(24_000);
    expect(Math.abs(integratedLoudness(audio.samples, audio.sampleRate) - TARGET_LUFS)).toBeLessThan(1);
    expect(truePeakDb(audio.samples, audio.sampleRate)).toBeLessThanOrEqual(-1 + 0.05);
    // 8 + 9 characters at 70 ms, a 500 ms line-break pause, and 700 ms after: exact to 10 ms.
    const expectedMs = (8 + 9) * 70 + 500 + 700;
    expect(Math.abs((audio.samples.length / 24_000) * 1000 - expectedMs)).toBeLessThan(10);
    // The line-break pause is real silence of 500 ms (12,000 samples) after the first sentence (560 ms).
    const start = Math.round(0.56 * 24_000);
    expect(audio.samples.slice(start, start + 12_000).every((s) => s === 0)).toBe(true);
    expect(Math.abs(audio.samples[start + 12_000 + 270]!)).toBeGreaterThan(0.01);
    // No click: the first and last samples of speech are faded from and to zero.
    expect(Math.abs(audio.samples[0]!)).toBeLessThan(0.01);
    expect(Math.abs(audio.samples[start - 1]!)).toBeLessThan(0.05);
  });

  it("concatenates in order", () => {
    expect(concat([new Float32Array([1]), new Float32Array([2, 3])])).toEqual(new Float32Array([1, 2, 3]));
  });

  it("the embedded engine speaks through the same pipeline (a seeded voice, real Korean speech)", async () => {
    const seeded = (await env.DB.prepare("SELECT engine FROM voices WHERE id = 'ko-seoyeon'").first<{ engine: string }>())!;
    const audio = await renderPassage(speechEngine({ ...env, VOICE_ENGINE: "embedded" }), {
      ...request,
      // Two pieces with a pause between them (a line break): the engine's normalised pieces are joined as they are.
      text: "안녕하세요.\n보이스 스튜디오입니다. 오늘도 좋은 하루 보내세요!",
      voice: { id: "ko-seoyeon", params: JSON.parse(seeded.engine) },
    });
    const seconds = audio.samples.length / audio.sampleRate;
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(10);
    expect(Math.abs(integratedLoudness(audio.samples, audio.sampleRate) - TARGET_LUFS)).toBeLessThan(1);
    expect(truePeakDb(audio.samples, audio.sampleRate)).toBeLessThanOrEqual(-1);
  });

  it("passes pitch and tempo to the engine", async () => {
    const base = await renderPassage(speechEngine(env), request);
    const up = await renderPassage(speechEngine(env), { ...request, pitch: 12 });
    const fast = await renderPassage(speechEngine(env), { ...request, tempo: 2 });
    expect(f0(up.samples, 24_000) / f0(base.samples, 24_000)).toBeCloseTo(2, 1);
    expect(fast.samples.length / base.samples.length).toBeCloseTo(0.5, 2);
  });

  it("a pause mark is exact silence of its length; emphasis reaches the engine as ranges of the sentence, unread", async () => {
    const engine = speechEngine(env);
    const asked: { text: string; emphasis?: readonly [number, number][] }[] = [];
    const listening = { ...engine, synthesize: (r: Parameters<typeof engine.synthesize>[0]) => (asked.push(r), engine.synthesize(r)) };
    const audio = await renderPassage(listening, { ...request, text: "첫 [강조]문장[/강조]입니다.[pause 2.5s]둘째 문장입니다." });
    // 8 + 9 characters at 70 ms and the mark's 2.5 s, exact to 10 ms: the marks themselves cost no time.
    expect(Math.abs((audio.samples.length / 24_000) * 1000 - ((8 + 9) * 70 + 2500))).toBeLessThan(10);
    const start = Math.round(0.56 * 24_000);
    expect(audio.samples.slice(start, start + 60_000).every((x) => x === 0)).toBe(true);
    expect(asked.map((r) => [r.text, r.emphasis])).toEqual([
      ["첫 문장입니다.", [[2, 4]]],
      ["둘째 문장입니다.", []],
    ]);
  });

  it("the embedded engine stresses what is marked: the same words sound different, and no tag is spoken", async () => {
    const seeded = (await env.DB.prepare("SELECT engine FROM voices WHERE id = 'en-james'").first<{ engine: string }>())!;
    const embedded = speechEngine({ ...env, VOICE_ENGINE: "embedded" });
    const say = (text: string) =>
      renderPassage(embedded, { ...request, lang: "en", text, voice: { id: "en-james", params: JSON.parse(seeded.engine) } });
    const [plain, stressed, again] = await Promise.all([
      say("This is a very important day."),
      say("This is a [em]very important[/em] day."),
      say("This is a [em]very important[/em] day."),
    ]);
    const differs = plain.samples.length !== stressed.samples.length || plain.samples.some((x, i) => x !== stressed.samples[i]);
    expect(differs).toBe(true);
    // Deterministic, and about as long (stress, not a spoken tag: "emphasis" would add over half a second).
    expect(again.samples).toEqual(stressed.samples);
    expect(Math.abs(stressed.samples.length - plain.samples.length) / 24_000).toBeLessThan(0.4);
  });
});

type Answer = { success: boolean; code: number; data: Record<string, unknown> | null; message: string };
const tts = async (token: string, body: unknown, lang = "kr") => {
  const res = await worker.fetch("http://localhost/api/v1/studio/tts", {
    method: "POST",
    headers: { "api-key": token, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<Answer>() };
};
const used = async (email: string) =>
  (await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = ?").bind(email).first<{ n: number }>())!.n;

describe("POST /api/v1/studio/tts", () => {
  it("synthesises, spends the characters read, stores the audio for its owner and records the voice's use", async () => {
    const s = await signedUp("speaker@example.com");
    const res = await tts(s.token!, {
      text: "안녕하세요.\n반갑습니다!",
      voice_id: "ko-seoyeon",
      lang: "ko",
      style: "happy",
      pitch: 2,
      tempo: 1.1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ characters: 12, audioURL: expect.stringMatching(/^\/api\/v1\/studio\/inferences\/.+\/audio$/) });
    expect(Number(res.body.data!.duration)).toBeGreaterThan(0.5);
    expect(await used("speaker@example.com")).toBe(12);
    const audio = await worker.fetch(`http://localhost${res.body.data!.audioURL}`, { headers: { "api-key": s.token! } });
    expect(audio.status).toBe(200);
    const wav = decodeWav(await audio.arrayBuffer());
    expect(wav.sampleRate).toBe(24_000);
    expect(Math.abs(wav.samples.length / 24_000 - Number(res.body.data!.duration))).toBeLessThan(0.01);
    const other = await signedUp("listener@example.com");
    expect((await worker.fetch(`http://localhost${res.body.data!.audioURL}`, { headers: { "api-key": other.token! } })).status).toBe(404);
    const usage = await env.DB.prepare("SELECT SUM(count) AS n FROM voice_usage WHERE voice_id = 'ko-seoyeon'").first<{ n: number }>();
    expect(usage!.n).toBeGreaterThanOrEqual(1);
  });

  it("refuses with the spec's messages and spends nothing: too long, unreadable, unknown voice, bad setting, engine failure", async () => {
    const s = await signedUp("careful-speaker@example.com");
    expect((await tts(s.token!, { text: "가".repeat(501), voice_id: "ko-minjun" })).body.code).toBe(Code.TEXT_TOO_LONG);
    expect((await tts(s.token!, { text: "<script>", voice_id: "ko-minjun" })).body.code).toBe(Code.TEXT_INVALID_CHARS);
    expect((await tts(s.token!, { text: "안녕", voice_id: "nobody" })).body.code).toBe(Code.VOICE_NOT_FOUND);
    expect((await tts(s.token!, { text: "안녕", voice_id: "ko-minjun", pitch: 25 })).status).toBe(400);
    expect((await tts(s.token!, { text: "안녕", voice_id: "ko-minjun", tempo: 3 })).status).toBe(400);
    const failed = await tts(s.token!, { text: "FAIL please", voice_id: "en-emma", lang: "en" }, "en");
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: Code.ENGINE_FAILED, message: expect.stringContaining("were not used") });
    expect(await used("careful-speaker@example.com")).toBe(0);
    expect(
      (
        await worker.fetch("http://localhost/api/v1/studio/tts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
  });

  it("blocks text longer than the remaining characters, and an exhausted allowance", async () => {
    const s = await signedUp("almost-out@example.com");
    await env.DB.prepare("UPDATE members SET used_chars = 9990, usage_period_end = ? WHERE email = ?")
      .bind(Date.now() + 86_400_000, "almost-out@example.com")
      .run();
    const short = await tts(s.token!, { text: "가".repeat(20), voice_id: "ko-minjun" });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ code: Code.CHARS_SHORT, message: expect.stringContaining("10") });
    expect((await tts(s.token!, { text: "가".repeat(10), voice_id: "ko-minjun" })).body.success).toBe(true);
    expect((await tts(s.token!, { text: "가", voice_id: "ko-minjun" })).body.code).toBe(Code.CHARS_EXHAUSTED);
    expect(await used("almost-out@example.com")).toBe(10_000);
  });

  it("50 concurrent requests never overspend the allowance, and run within the member's job limits", async () => {
    const s = await signedUp("burst@example.com");
    // 250 characters left: two of the 100-character requests fit; the admitted ones race for them.
    await env.DB.prepare("UPDATE members SET used_chars = 9750, usage_period_end = ? WHERE email = ?")
      .bind(Date.now() + 86_400_000, "burst@example.com")
      .run();
    const results = await Promise.all(Array.from({ length: 50 }, () => tts(s.token!, { text: "가".repeat(100), voice_id: "ko-minjun" })));
    const granted = results.filter((r) => r.body.success).length;
    expect(granted).toBe(2);
    // The rest: over the member's job limits (429), or past the allowance.
    expect(
      results
        .filter((r) => !r.body.success)
        .every((r) => [Code.CHARS_SHORT, Code.CHARS_EXHAUSTED, Code.JOB_LIMIT].includes(r.body.code as never)),
    ).toBe(true);
    expect(results.some((r) => r.status === 429 && r.body.code === Code.JOB_LIMIT)).toBe(true);
    expect(await used("burst@example.com")).toBe(9950);
  });
});
