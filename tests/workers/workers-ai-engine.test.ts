// The Workers AI engine against a stand-in of the `AI` binding with MeloTTS's input and output shape:
// run("@cf/myshell-ai/melotts", { prompt, lang }) -> { audio: base64 MP3 }. The stand-in answers speech made by
// the embedded engine, encoded as MP3 the way the model answers.
import { TARGET_LUFS } from "../../workers/api/src/engine/types";
import { describe, expect, it } from "vitest";
import { medianF0, voiceProfile } from "../../workers/api/src/engine/convert";
import { integratedLoudness } from "../../workers/api/src/engine/dsp";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import { basicVoices } from "#db/seed-voices";
import { encodeMp3 } from "../../workers/api/src/speech/export";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { EngineError, type SpeechEngine, type SynthesisRequest, type VoiceParams } from "../../workers/api/src/speech/types";
import { MELOTTS_MODEL, WorkersAiEngine, type AiBinding } from "../../workers/api/src/speech/workers-ai-engine";

const embedded = new EmbeddedEngine();
const noConversions: SpeechEngine = {
  name: "none",
  synthesize: () => Promise.reject(new Error("not used")),
  convert: () => Promise.reject(new Error("not used")),
  createVoice: () => Promise.reject(new Error("not used")),
};

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A stand-in binding: records each call and answers MeloTTS's shape, or what `answer` says. */
function standIn(answer?: (inputs: { prompt: string; lang: string }) => Promise<unknown>) {
  const calls: { model: string; inputs: { prompt: string; lang: string } }[] = [];
  const ai: AiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      // MeloTTS's languages (its README: EN, ES, FR, ZH, JP, KR), lower case as the Workers AI model page writes them.
      if (!["en", "es", "fr", "zh", "jp", "kr"].includes(inputs.lang)) throw new Error(`AiError: unsupported language ${inputs.lang}`);
      if (answer) return await answer(inputs);
      const speech = await embedded.synthesize({
        text: inputs.prompt,
        lang: inputs.lang === "kr" ? "ko" : "en",
        voice: {},
        pitch: 0,
        tempo: 1,
      });
      return { audio: toBase64(await encodeMp3(speech)) };
    },
  };
  return { ai, calls };
}

const voice = (id: string) => {
  const params = basicVoices.find((v) => v.id === id)?.engine as VoiceParams | undefined;
  if (!params) throw new Error(`no voice ${id}`);
  return { id, params };
};
const request = (over: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: "회의는 3시에 시작합니다.",
  lang: "ko",
  voice: voice("ko-seoyeon"),
  style: "neutral",
  pitch: 0,
  tempo: 1,
  ...over,
});

describe("Workers AI engine (MeloTTS) with the product's post-processing", { timeout: 120_000 }, () => {
  it("sends the model the text as spoken in the paragraph's language and answers normalised 24 kHz audio", async () => {
    const { ai, calls } = standIn();
    const audio = await new WorkersAiEngine(ai, noConversions).synthesize(request());
    expect(calls).toEqual([{ model: MELOTTS_MODEL, inputs: { prompt: "회의는 세시에 시작합니다.", lang: "kr" } }]);
    expect(audio.sampleRate).toBe(24000);
    expect(audio.normalized).toBe(true);
    expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(0.8);
    expect(integratedLoudness(audio.samples, audio.sampleRate)).toBeCloseTo(TARGET_LUFS, 0);
  });

  it("moves the model's voice to the basic voice's register (within 100 cents of its median F0)", async () => {
    const { ai } = standIn();
    const target = await voiceProfile(voice("ko-seoyeon").params, "ko");
    const audio = await new WorkersAiEngine(ai, noConversions).synthesize(
      request({ text: "안녕하세요. 오늘은 날씨가 정말 좋네요. 함께 산책을 갈까요?" }),
    );
    const f0 = medianF0(audio.samples, audio.sampleRate);
    expect(target.f0).not.toBeNull();
    expect(f0).not.toBeNull();
    expect(Math.abs(1200 * Math.log2(f0! / target.f0!))).toBeLessThan(100);
  });

  it("reads English numbers for an English paragraph", async () => {
    const { ai, calls } = standIn();
    await new WorkersAiEngine(ai, noConversions).synthesize(request({ text: "It costs $5.", lang: "en", voice: voice("en-emma") }));
    expect(calls[0]?.inputs).toEqual({ prompt: "It costs five dollars.", lang: "en" });
  });

  it("turns every failure of the service into an EngineError (the generation is then refunded)", async () => {
    const cases: (() => Promise<unknown>)[] = [
      () => Promise.reject(new Error("3040: capacity")),
      () => Promise.resolve({}),
      () => Promise.resolve({ audio: "" }),
      () => Promise.resolve({ audio: "%%% not base64 %%%" }),
      () => Promise.resolve({ audio: btoa("this is not an mp3 file at all, just text") }),
      () => Promise.resolve(null),
    ];
    for (const answer of cases) {
      const { ai } = standIn(answer);
      await expect(new WorkersAiEngine(ai, noConversions).synthesize(request())).rejects.toBeInstanceOf(EngineError);
    }
  });

  it("is the engine of VOICE_ENGINE=workers-ai when the AI binding is there, and fails closed without it", () => {
    const { ai } = standIn();
    const base = { VOICE_ENGINE: "workers-ai" } as unknown as Parameters<typeof speechEngine>[0];
    expect(speechEngine({ ...base, AI: ai }).name).toBe("workers-ai");
    expect(() => speechEngine(base)).toThrow(EngineError);
  });

  it("leaves speech-to-speech to the engine it was given", async () => {
    const { ai } = standIn();
    const conversions: SpeechEngine = {
      ...noConversions,
      convert: async () => ({ samples: new Float32Array(10), sampleRate: 24000, normalized: true }),
    };
    const out = await new WorkersAiEngine(ai, conversions).convert({
      audio: { samples: new Float32Array(10), sampleRate: 24000 },
      lang: "ko",
      voice: voice("ko-seoyeon"),
    });
    expect(out.samples.length).toBe(10);
  });
});
