// The Xinference engine (workers/api/src/speech/xinference.ts; docs/decisions/0061) against the stand-in of its REST API
// (tests/workers/standins/xinference.js, built from xinference/api/restful_api.py and model/audio/*.py): the requests it
// sends are the ones Xinference parses (JSON for a preset speaker; multipart with the prompt_speech file and kwargs as a
// JSON string for a cloned voice; stream read as it arrives), the models checked, speech recognition with timestamps,
// speech-to-speech by resynthesis, and every failure (500 with detail, 503, a slow answer, bytes that are not audio,
// an empty answer) an EngineError after one retry, with a circuit that stops asking a server that keeps failing.
import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { medianF0 } from "../../workers/api/src/engine/convert";
import { Code } from "../../workers/api/src/lib/codes";
import { analyseFrames } from "../../workers/api/src/speech/analysis";
import { promptSegments } from "../../workers/api/src/speech/prompt-segment";
import { EngineError, type SynthesisRequest, type VoiceParams } from "../../workers/api/src/speech/types";
import {
  modelProblems,
  resetXinferenceState,
  XINFERENCE_LIMITS,
  XinferenceEngine,
  xinferenceConfig,
} from "../../workers/api/src/speech/xinference";
import type { Audio } from "../../workers/api/src/speech/wav";
import { signedUp, worker, type Answer } from "./helpers";
import { join, voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});
beforeEach(async () => {
  resetXinferenceState();
  await fetch("https://xinference.test/_standin/received", { method: "DELETE" });
});

type Received = {
  path: string;
  multipart?: boolean;
  promptBytes?: number;
  body: Record<string, unknown>;
};
const received = async () => (await fetch("https://xinference.test/_standin/received")).json<Received[]>();

const embeddedUnused = {
  synthesize: () => Promise.reject(new Error("the embedded engine was not to be used")),
  convert: () => Promise.reject(new Error("the embedded engine was not to be used")),
};
const config = () => xinferenceConfig(env);
const engine = (overrides: Partial<ReturnType<typeof config>> = {}, limits: Partial<Record<keyof typeof XINFERENCE_LIMITS, number>> = {}) =>
  new XinferenceEngine({ ...config(), ...overrides }, env.MEDIA, embeddedUnused, { ...XINFERENCE_LIMITS, ...limits });

const RATE = 24_000;
/** A cloned voice whose reference clip (8 s of a 150 Hz voice) is in R2. */
async function clonedVoice(key: string): Promise<VoiceParams> {
  await env.MEDIA.put(key, wavOf(voice(8, 150)));
  return { prompt: { key, text: "안녕하세요, 제 목소리입니다." } };
}
const request = (params: VoiceParams, over: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: "회의는 3시에 시작합니다.",
  lang: "ko",
  voice: { id: "v", params },
  style: "neutral",
  pitch: 0,
  tempo: 1,
  ...over,
});

describe("requests as Xinference parses them", () => {
  it("a basic voice is a preset speaker: JSON, the language's preset model, the text as spoken, tempo as MeloTTS's speed", async () => {
    const out = await engine().synthesize(request({ semitones: 0, formant: 1 }, { tempo: 1.25 }));
    expect(out.sampleRate).toBe(RATE);
    const [call] = await received();
    expect(call).toMatchObject({
      path: "/v1/audio/speech",
      multipart: false,
      body: {
        model: "melotts-korean",
        input: "회의는 세시에 시작합니다.",
        voice: null,
        response_format: "wav",
        speed: 1.25,
        stream: false,
      },
    });
    // MeloTTS applied the tempo (the stand-in: 70 ms a character divided by speed); nothing was stretched again here.
    expect(out.samples.length / RATE).toBeCloseTo((14 * 0.07) / 1.25, 2);
    // An English voice names MeloTTS-English's American speaker; a voice may name another.
    await engine().synthesize(request({}, { text: "Hello there.", lang: "en" }));
    await engine().synthesize(request({ preset: { speaker: "EN-BR" } }, { text: "Hello there.", lang: "en" }));
    const [, en, br] = await received();
    expect([en!.body.model, en!.body.voice, br!.body.voice]).toEqual(["melotts-english", "EN-US", "EN-BR"]);
  });

  it("a cloned voice: multipart with the clip as prompt_speech and its transcript in kwargs, streamed, heard in parts", async () => {
    const params = await clonedVoice("voices/prompts/t/clone.wav");
    const parts: Audio[] = [];
    const out = await engine().synthesize(request(params, { onAudio: (p) => parts.push(p) }));
    const [call] = await received();
    expect(call).toMatchObject({
      multipart: true,
      body: {
        model: "cosyvoice2",
        voice: "",
        response_format: "wav",
        stream: true,
        kwargs: JSON.stringify({ prompt_text: params.prompt!.text }),
      },
    });
    expect(call!.promptBytes).toBe((await env.MEDIA.head(params.prompt!.key))!.size);
    // The stream came in half-second parts (24 kHz from CosyVoice 2), every one heard before the whole was answered.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.every((p) => p.sampleRate === 24_000)).toBe(true);
    expect(parts.reduce((n, p) => n + p.samples.length, 0)).toBe(out.samples.length);
    // The clone speaks in the clip's register (the stand-in measures it), not a preset's 200 Hz.
    expect(Math.abs(12 * Math.log2(medianF0(out.samples, RATE)! / 150))).toBeLessThan(2);
  });

  it("other cloning families as their speech() reads them: Qwen3-TTS with its language's name, FishSpeech with the transcript", async () => {
    const params = await clonedVoice("voices/prompts/t/families.wav");
    const qwen = await engine({ ttsModel: "qwen3-tts" }).synthesize(request(params, { style: "happy" }));
    await engine({ ttsModel: "qwen3-tts" }).synthesize(request(params, { text: "Hello there.", lang: "en" }));
    const fish = await engine({ ttsModel: "fish-speech" }).synthesize(request(params));
    const [q, qEn, f] = await received();
    expect(q).toMatchObject({ multipart: true, body: { model: "qwen3-tts", stream: false } });
    // No instruction in Qwen3's cloning path: the style is prosody, done here.
    expect(JSON.parse(q!.body.kwargs as string)).toEqual({ prompt_text: params.prompt!.text, language: "korean" });
    expect(JSON.parse(qEn!.body.kwargs as string)).toEqual({ prompt_text: params.prompt!.text, language: "english" });
    expect(f).toMatchObject({
      multipart: true,
      body: { model: "fish-speech", kwargs: JSON.stringify({ prompt_text: params.prompt!.text }) },
    });
    expect(f!.promptBytes).toBeGreaterThan(0);
    // Both speak in the clip's register.
    for (const out of [qwen, fish]) expect(Math.abs(12 * Math.log2(medianF0(out.samples, out.sampleRate)! / 150))).toBeLessThan(2.5);
  });

  it("emphasis is CosyVoice's <strong> around the words as spoken; a preset speaker and other families get the words alone", async () => {
    const params = await clonedVoice("voices/prompts/t/emphasis.wav");
    const text = "회의는 3시에 시작합니다.";
    await engine().synthesize(request(params, { text, emphasis: [[4, 6]] }));
    await engine({ ttsModel: "fish-speech" }).synthesize(request(params, { text, emphasis: [[4, 6]] }));
    await engine().synthesize(request({ semitones: 0, formant: 1 }, { text, emphasis: [[4, 6]] }));
    const [cosy, fish, preset] = await received();
    // The stretch is "3시": read as spoken, its particle joined after the tag as it was in the word.
    expect(cosy!.body.input).toBe("회의는 <strong>세시</strong>에 시작합니다.");
    expect([fish!.body.input, preset!.body.input]).toEqual(["회의는 세시에 시작합니다.", "회의는 세시에 시작합니다."]);
  });

  it("a style is CosyVoice's instruction (instruct2, without the transcript); tempo and pitch are done after", async () => {
    const params = await clonedVoice("voices/prompts/t/style.wav");
    const plain = await engine().synthesize(request(params));
    const happy = await engine().synthesize(request(params, { style: "happy", tempo: 2 }));
    const [, call] = await received();
    expect(JSON.parse(call!.body.kwargs as string)).toEqual({ instruct_text: "用开心的语气说" });
    // CosyVoice ignores speed: the tempo was stretched here (Rubber Band), halving the length.
    expect(happy.samples.length / plain.samples.length).toBeCloseTo(0.5, 1);
  });

  it("speech recognition: the recording as 16 kHz WAV, verbose_json with segment timestamps, a null end handled", async () => {
    const speech = join(voice(3, 140), new Float32Array(RATE), voice(2.5, 140));
    const t = await engine().transcribe({ samples: speech, sampleRate: RATE }, "ko", true);
    const [call] = await received();
    expect(call).toMatchObject({
      path: "/v1/audio/transcriptions",
      // No timestamp_granularities[]: Whisper answers segments without it, and the other ASR models fail on it.
      body: { model: "whisper-large-v3", language: "ko", response_format: "verbose_json", granularity: null },
    });
    expect(t.segments.length).toBeGreaterThanOrEqual(2);
    expect(t.segments.every((s, i) => s.end > s.start && (i === 0 || s.start >= t.segments[i - 1]!.end))).toBe(true);
    // The last stretch runs to the end of the audio: Whisper answers its end as null, which is the recording's end.
    expect(t.segments.at(-1)!.end).toBeCloseTo(6.5, 2);
  });
});

describe("the models, checked at start", () => {
  it("names exactly what is missing: a uid not launched, a model without the ability, a family the product does not drive", () => {
    const models = [
      {
        id: "cosyvoice2",
        model_name: "CosyVoice2-0.5B",
        model_family: "CosyVoice",
        model_ability: ["text2audio", "text2audio_voice_cloning"],
      },
      { id: "melo", model_name: "MeloTTS-Korean", model_family: "MeloTTS", model_ability: ["text2audio", "text2audio_zero_shot"] },
      {
        id: "qwen",
        model_name: "Qwen3-TTS-12Hz-1.7B-Base",
        model_family: "qwen3_tts",
        model_ability: ["text2audio", "text2audio_voice_cloning"],
      },
    ];
    const base = { url: "https://x.test/", ttsModel: "cosyvoice2", asrModel: "whisper", presets: { ko: "melo" } };
    expect(modelProblems(base, models)).toMatchObject({
      ok: false,
      problems: ["XINFERENCE_ASR_MODEL=whisper is not launched on the Xinference server"],
    });
    expect(modelProblems({ ...base, asrModel: "melo" }, models)).toMatchObject({
      ok: false,
      problems: [
        "XINFERENCE_ASR_MODEL=melo (MeloTTS-Korean) lacks the ability audio2text (has: text2audio, text2audio_zero_shot)",
        "XINFERENCE_ASR_MODEL=melo is a MeloTTS model; speech-to-speech needs Whisper's timestamps",
      ],
    });
    // CosyVoice 2 follows instructions (styles); the first CosyVoice does not.
    const whisper = { id: "whisper", model_name: "whisper-large-v3", model_family: "whisper", model_ability: ["audio2text"] };
    expect(modelProblems(base, [...models, whisper])).toMatchObject({ ok: true, instructs: true });
    const first = { ...models[0]!, model_name: "CosyVoice-300M" };
    expect(modelProblems(base, [first, models[1]!, whisper])).toMatchObject({ ok: true, instructs: false });
    expect(modelProblems({ ...base, ttsModel: "melo", asrModel: "cosyvoice2" }, models).ok).toBe(false);
    // Qwen3-TTS Base clones; IndexTTS2 speaks Chinese and English only, so the product's Korean voices cannot be its.
    expect(modelProblems({ ...base, ttsModel: "qwen" }, [...models, whisper])).toMatchObject({ ok: true, instructs: false });
    const index = {
      id: "index",
      model_name: "IndexTTS2",
      model_family: "IndexTTS2",
      model_ability: ["text2audio", "text2audio_voice_cloning"],
    };
    expect(modelProblems({ ...base, ttsModel: "index" }, [...models, whisper, index])).toMatchObject({
      problems: ["XINFERENCE_TTS_MODEL=index is a IndexTTS2 model; the product clones voices with: CosyVoice, FishAudio, qwen3_tts"],
    });
  });

  it("/api/v1/utils/healthz: ready with the stand-in's models; 503 naming the missing model, and no request is a 500", async () => {
    const health = await worker.fetch("http://localhost/api/v1/utils/healthz", { headers: { lang: "en" } });
    expect(health.status).toBe(200);
    expect((await health.json<Answer>()).data).toEqual({ engine: "xinference", ready: true, problems: [] });
    const { createApp } = await import("../../workers/api/src/app");
    const broken = { ...env, XINFERENCE_TTS_MODEL: "cosyvoice3" };
    const res = await createApp().request("http://localhost/api/v1/utils/healthz", { headers: { lang: "en" } }, broken);
    expect(res.status).toBe(503);
    expect((await res.json<Answer>()).data).toEqual({
      engine: "xinference",
      ready: false,
      problems: ["XINFERENCE_TTS_MODEL=cosyvoice3 is not launched on the Xinference server"],
    });
    // A member's generation in that configuration: refused with the engine's message, its characters given back.
    const s = await signedUp("xi-broken@example.com");
    const tts = await createApp().request(
      "http://localhost/api/v1/studio/tts",
      {
        method: "POST",
        headers: { lang: "en", "api-key": s.token!, "content-type": "application/json" },
        body: JSON.stringify({ text: "안녕하세요.", voice_id: "ko-minjun", lang: "ko" }),
      },
      broken,
    );
    expect(tts.status).toBe(502);
    expect(await tts.json<Answer>()).toMatchObject({ code: Code.ENGINE_FAILED, message: expect.stringContaining("were not used") });
  });
});

describe("faults", () => {
  it("500 with detail and 503 are tried once more, then an EngineError naming the server's words; a 404 model is not", async () => {
    await expect(engine().synthesize(request({}, { text: "FAIL now.", lang: "en" }))).rejects.toThrow(/answered 500: CUDA error/);
    expect(await received()).toHaveLength(2);
    await expect(engine().synthesize(request({}, { text: "BUSY now.", lang: "en" }))).rejects.toThrow(
      /answered 503: Model melotts-english is loading/,
    );
    expect(await received()).toHaveLength(4);
    // A voice naming a model uid the server does not have: 404, not tried again.
    await expect(engine().synthesize(request({ preset: { speaker: "KR", model: "melotts-kr" } }))).rejects.toThrow(
      /answered 404: Model not found in the model list, uid: melotts-kr/,
    );
    expect(await received()).toHaveLength(5);
  });

  it("an answer that is not audio, or empty, is refused by the product's own checks", async () => {
    await expect(engine().synthesize(request({}, { text: "GARBAGE", lang: "en" }))).rejects.toThrow(/no usable audio \(not-audio/);
    await expect(engine().synthesize(request({}, { text: "EMPTY", lang: "en" }))).rejects.toThrow(/no usable audio \(empty/);
    const params = await clonedVoice("voices/prompts/t/garbage.wav");
    await expect(engine().synthesize(request(params, { text: "GARBAGE", lang: "en" }))).rejects.toThrow(/no usable audio \(not-audio/);
    // Streamed (a listener of the parts): the stream's own check.
    await expect(engine().synthesize(request(params, { text: "GARBAGE", lang: "en", onAudio: () => {} }))).rejects.toThrow(/not WAV/);
  });

  it("a slow answer times out (and is tried once more); after three failed calls the circuit answers at once", async () => {
    const quick = engine({}, { totalMs: 300, breakerFailures: 3, breakerOpenMs: 60_000 });
    await expect(quick.synthesize(request({}, { text: "SLOW now.", lang: "en" }))).rejects.toThrow(/timed out/);
    expect((await received()).filter((r) => r.path === "/v1/audio/speech")).toHaveLength(2);
    // A 500 is the model refusing one input: it does not count toward the circuit (three of them leave it closed).
    for (const n of ["one", "two", "three"])
      await expect(quick.synthesize(request({}, { text: `FAIL ${n}.`, lang: "en" }))).rejects.toBeInstanceOf(EngineError);
    expect((await quick.synthesize(request({}, { text: "Still here.", lang: "en" }))).samples.length).toBeGreaterThan(0);
    // Timeouts and 503s are the server unwell: the third in a row opens it.
    await expect(quick.synthesize(request({}, { text: "SLOW again.", lang: "en" }))).rejects.toThrow(/timed out/);
    await expect(quick.synthesize(request({}, { text: "BUSY one.", lang: "en" }))).rejects.toThrow(/503/);
    await expect(quick.synthesize(request({}, { text: "BUSY two.", lang: "en" }))).rejects.toThrow(/503/);
    const asked = (await received()).filter((r) => r.path === "/v1/audio/speech").length;
    const started = Date.now();
    await expect(quick.synthesize(request({}))).rejects.toThrow(/circuit open/);
    expect(Date.now() - started).toBeLessThan(100);
    expect((await received()).filter((r) => r.path === "/v1/audio/speech").length).toBe(asked);
  });

  it("a member's generation the engine answers with garbage fails with its message and costs nothing", async () => {
    const s = await signedUp("xi-garbage@example.com");
    const res = await worker.fetch("http://localhost/api/v1/studio/tts", {
      method: "POST",
      headers: { lang: "ko", "api-key": s.token!, "content-type": "application/json" },
      body: JSON.stringify({ text: "GARBAGE 문장입니다.", voice_id: "ko-minjun", lang: "ko" }),
    });
    expect((await res.json<Answer>()).code).toBe(Code.ENGINE_FAILED);
    const used = await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = ?")
      .bind("xi-garbage@example.com")
      .first<{ n: number }>();
    expect(used).not.toBeNull();
    expect(used!.n).toBe(0);
  });
});

describe("speech-to-speech by resynthesis", () => {
  it("each recognised segment spoken again in the voice and laid where the original was; the pause kept", async () => {
    const source = join(voice(3, 120), new Float32Array(RATE * 1.5), voice(2.5, 120));
    const params = await clonedVoice("voices/prompts/t/sts.wav");
    const steps: number[] = [];
    const out = await engine().convert({
      audio: { samples: source, sampleRate: RATE },
      lang: "ko",
      voice: { id: "v", params },
      progress: (f) => void steps.push(f),
    });
    expect(out.method).toBe("resynthesis");
    expect(out.sampleRate).toBe(RATE);
    expect(Math.abs(out.samples.length / RATE - source.length / RATE)).toBeLessThan(0.6);
    // The pause between the phrases (3.2-4.3 s) is silent in the result too.
    const pause = out.samples.subarray(Math.round(3.3 * RATE), Math.round(4.2 * RATE));
    expect(Math.max(...pause.map(Math.abs))).toBeLessThan(0.01);
    // Spoken by the clone (150 Hz), not the original speaker (120 Hz).
    expect(Math.abs(12 * Math.log2(medianF0(out.samples, RATE)! / 150))).toBeLessThan(2);
    const calls = await received();
    expect(calls[0]).toMatchObject({ path: "/v1/audio/transcriptions", body: { response_format: "verbose_json" } });
    expect(calls.filter((c) => c.path === "/v1/audio/speech").length).toBeGreaterThanOrEqual(2);
    expect(steps.at(-1)).toBe(1);
  });

  it("without a preset model, an eSpeak voice falls back to the embedded engine's register move", async () => {
    let used = "";
    const fallback = {
      synthesize: () => Promise.reject(new Error("unused")),
      convert: async (r: { audio: Audio }) => {
        used = "embedded";
        return { ...r.audio, normalized: false };
      },
    };
    const e = new XinferenceEngine({ ...config(), presets: {} }, env.MEDIA, fallback);
    const out = await e.convert({
      audio: { samples: voice(2), sampleRate: RATE },
      lang: "ko",
      voice: { id: "v", params: { semitones: 3 } },
    });
    expect([used, out.method]).toEqual(["embedded", "register"]);
  });
});

describe("the reference clip", () => {
  it("is 5-15 s, cut in pauses, from the cleanest recording; candidates do not overlap", () => {
    // A clean recording (phrases with pauses) and a noisy one: the clip comes from the clean one.
    const clean = voice(24, 150);
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.02;
    const noisy = voice(24, 150).map((s) => s + noise());
    const recordings = [noisy, clean].map((samples) => ({ analysis: analyseFrames(samples, RATE) }));
    const [best, ...rest] = promptSegments(recordings, 3);
    expect(best!.recording).toBe(1);
    expect(best!.end - best!.start).toBeGreaterThanOrEqual(5);
    expect(best!.end - best!.start).toBeLessThanOrEqual(15);
    // The recording's phrases pause from 1.65 s to 2 s of every 2 s: the cuts fall inside a pause.
    for (const t of [best!.start, best!.end]) expect(t === 0 || t === 24 || t % 2 >= 1.6).toBe(true);
    for (const r of rest) expect(r.recording !== best!.recording || r.end <= best!.start || r.start >= best!.end).toBe(true);
  });
});
