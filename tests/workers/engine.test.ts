// The embedded voice engine inside workerd: eSpeak NG + Rubber Band + DSP (docs/decisions/0009).
import { TARGET_LUFS } from "../../workers/api/src/engine/types";
import { YIN } from "pitchfinder";
import { describe, expect, it } from "vitest";
import { encodeWav, integratedLoudness, normalizeLoudness, resample, silence, truePeakDb } from "../../workers/api/src/engine/dsp";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import { espeakPhonemes, espeakSynthesize, shiftedVariant } from "../../workers/api/src/engine/espeak";
import { koreanPronunciation } from "../../workers/api/src/engine/korean";
import type { SynthesisRequest } from "../../workers/api/src/engine/types";
import { BASIC_VOICES } from "../../workers/api/src/engine/voices";

const engine = new EmbeddedEngine();
const KO = "안녕하세요. 음성 스튜디오입니다. 오늘은 국물 요리를 만들어 봅시다.";
const SHORT = "안녕하세요, 음성 스튜디오입니다.";
const EN = "Hello, and welcome to Voice Studio. Today we will make a warm soup together.";
const request = (over: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
  text: KO,
  lang: "ko",
  voice: {},
  pitch: 0,
  tempo: 1,
  ...over,
});

const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / Math.max(1, x.length));
const seconds = (r: { samples: Float32Array; sampleRate: number }) => r.samples.length / r.sampleRate;

/** Median F0 in Hz by YIN (pitchfinder) over 64 ms frames of an 8 kHz copy, voiced frames only. */
function medianF0(samples: Float32Array, sampleRate: number): number {
  const x = resample(samples, sampleRate, 8000);
  const detect = YIN({ sampleRate: 8000, threshold: 0.15 });
  const floor = 0.3 * rms(x);
  const found: number[] = [];
  for (let start = 0; start + 513 <= x.length; start += 160) {
    const frame = x.subarray(start, start + 513); // YIN uses the 512 samples below the length
    if (rms(frame) < floor) continue;
    const f0 = detect(frame);
    if (f0 && f0 > 40 && f0 < 1000) found.push(f0);
  }
  found.sort((a, b) => a - b);
  expect(found.length).toBeGreaterThan(20);
  return found[Math.floor(found.length / 2)]!;
}

function sine(hz: number, amplitude: number, secs: number, sampleRate: number): Float32Array {
  return Float32Array.from({ length: Math.round(secs * sampleRate) }, (_, n) => amplitude * Math.sin((2 * Math.PI * hz * n) / sampleRate));
}

describe("Korean reading before synthesis (the corpus is tests/unit/korean-reading.test.ts)", () => {
  it("applies nasal assimilation and ㄴ+ㄹ lateralisation, and no ㄴ-insertion before the copula", () => {
    expect(koreanPronunciation("입니다")).toBe("임니다");
    expect(koreanPronunciation("국물")).toBe("궁물");
    expect(koreanPronunciation("신라")).toBe("실라");
    expect(koreanPronunciation("음성 스튜디오입니다")).toBe("음성 스튜디오임니다");
    expect(koreanPronunciation("저는 민준입니다")).toBe("저는 민주님니다");
  });

  it("reads numbers, acronyms and known English words in Korean, keeping punctuation and unknown Latin words", () => {
    expect(koreanPronunciation("Voice Studio입니다. 2024년, 10,000원! ABC-12 (국물)")).toBe(
      "보이스 스튜디오임니다. 이처니십싸년, 마눤! 에이비씨-시비 (궁물)",
    );
    expect(koreanPronunciation("Hello, world 42.")).toBe("Hello, world 사시비.");
  });
});

describe("speech synthesis in workerd", { timeout: 60_000 }, () => {
  it("speaks Korean: non-silent, 24 kHz, plausible duration", async () => {
    const result = await engine.synthesize(request());
    expect(result.sampleRate).toBe(24000);
    expect(rms(result.samples)).toBeGreaterThan(0.03);
    const syllables = [...KO].filter((c) => /[가-힣]/.test(c)).length; // 28
    expect(seconds(result)).toBeGreaterThan(syllables * 0.08);
    expect(seconds(result)).toBeLessThan(syllables * 0.4);
  });

  it("speaks English: non-silent, plausible duration", async () => {
    const result = await engine.synthesize(request({ text: EN, lang: "en" }));
    expect(rms(result.samples)).toBeGreaterThan(0.03);
    const words = EN.split(/\s+/).length; // 14
    expect(seconds(result)).toBeGreaterThan(words * 0.2);
    expect(seconds(result)).toBeLessThan(words * 0.8);
  });

  it("says nothing for no text", async () => {
    const result = await engine.synthesize(request({ text: "" }));
    expect(rms(result.samples)).toBeLessThan(1e-3);
  });

  it("pitch +12 semitones doubles the median F0 (within 6%)", async () => {
    const base = await engine.synthesize(request());
    const octave = await engine.synthesize(request({ pitch: 12 }));
    const ratio = medianF0(octave.samples, octave.sampleRate) / medianF0(base.samples, base.sampleRate);
    expect(ratio).toBeGreaterThan(2 * 0.94);
    expect(ratio).toBeLessThan(2 * 1.06);
  });

  it("voice parameters change the register: female-mid is higher than male-low", async () => {
    const low = await engine.synthesize(request({ text: EN, lang: "en", voice: BASIC_VOICES["male-low"] }));
    const high = await engine.synthesize(request({ text: EN, lang: "en", voice: BASIC_VOICES["female-mid"] }));
    // +10 semitones apart (-2 vs +8): a ratio of 1.78
    expect(medianF0(high.samples, 24000) / medianF0(low.samples, 24000)).toBeGreaterThan(1.5);
  });

  it("tempo 2 halves the duration (within 5%) and tempo 0.5 doubles it", async () => {
    const normal = await engine.synthesize(request({ text: EN, lang: "en" }));
    const fast = await engine.synthesize(request({ text: EN, lang: "en", tempo: 2 }));
    const slow = await engine.synthesize(request({ text: EN, lang: "en", tempo: 0.5 }));
    expect(seconds(fast) / seconds(normal)).toBeCloseTo(0.5, 1);
    expect(Math.abs(seconds(fast) / seconds(normal) - 0.5)).toBeLessThan(0.5 * 0.05);
    expect(Math.abs(seconds(slow) / seconds(normal) - 2)).toBeLessThan(2 * 0.05);
  });

  it("the sports style is faster and higher than neutral", async () => {
    const neutral = await engine.synthesize(request({ style: "neutral" }));
    const sports = await engine.synthesize(request({ style: "sports" }));
    expect(seconds(sports)).toBeLessThan(seconds(neutral) * 0.9);
    expect(medianF0(sports.samples, 24000)).toBeGreaterThan(medianF0(neutral.samples, 24000) * 1.1);
  });

  it("a voice's own register is an eSpeak variant: +12 semitones doubles F0 (within 6%), without Rubber Band", async () => {
    const base = await espeakSynthesize(KO, { voice: "ko+f2", rate: 175, pitch: 50, range: 50 });
    const up = await espeakSynthesize(KO, { voice: `ko+${await shiftedVariant("f2", 12, 1)}`, rate: 175, pitch: 50, range: 50 });
    const down = await espeakSynthesize(KO, { voice: `ko+${await shiftedVariant(undefined, -5, 0.9)}`, rate: 175, pitch: 50, range: 50 });
    const plain = await espeakSynthesize(KO, { voice: "ko", rate: 175, pitch: 50, range: 50 });
    expect(Math.abs(medianF0(up.samples, up.sampleRate) / medianF0(base.samples, base.sampleRate) - 2)).toBeLessThan(2 * 0.06);
    expect(Math.abs(medianF0(down.samples, down.sampleRate) / medianF0(plain.samples, plain.sampleRate) - 2 ** (-5 / 12))).toBeLessThan(
      0.06,
    );
    // Same timing: only the voice changed.
    expect(Math.abs(up.samples.length / base.samples.length - 1)).toBeLessThan(0.03);
  });

  it("every style is a real prosody change: angry, happy, anxious faster or higher; sad slower and lower", async () => {
    const neutral = await engine.synthesize(request({ style: "neutral" }));
    const f0 = medianF0(neutral.samples, 24000);
    const measure = async (style: SynthesisRequest["style"]) => {
      const r = await engine.synthesize(request({ style }));
      return { duration: seconds(r) / seconds(neutral), f0: medianF0(r.samples, 24000) / f0 };
    };
    const [angry, happy, sad, anxious] = await Promise.all((["angry", "happy", "sad", "anxious"] as const).map(measure));
    expect(angry!.duration).toBeLessThan(0.95);
    expect(happy!.f0).toBeGreaterThan(1.05);
    expect(sad!.duration).toBeGreaterThan(1.1);
    expect(sad!.f0).toBeLessThan(0.95);
    expect(anxious!.duration).toBeLessThan(0.93);
    expect(anxious!.f0).toBeGreaterThan(1.03);
  });

  it("output is at the target loudness, -20 LUFS (±1 LU), with the true peak at most -1 dBFS, for every basic voice", async () => {
    for (const [name, voice] of Object.entries(BASIC_VOICES)) {
      const result = await engine.synthesize(request({ text: SHORT, voice, pitch: name === "child" ? 0 : 4, style: "sports" }));
      const loudness = integratedLoudness(result.samples, result.sampleRate);
      expect(Math.abs(loudness - TARGET_LUFS), name).toBeLessThanOrEqual(1);
      expect(truePeakDb(result.samples, result.sampleRate), name).toBeLessThanOrEqual(-1);
    }
  });

  it("starts and ends with a fade (no click)", async () => {
    const result = await engine.synthesize(request({ text: "아", pitch: 3 }));
    expect(Math.abs(result.samples[0]!)).toBeLessThan(1e-6);
    expect(Math.abs(result.samples[result.samples.length - 1]!)).toBeLessThan(1e-6);
  });

  it("rejects an unsupported language", async () => {
    await expect(engine.synthesize(request({ lang: "ja" as "ko" }))).rejects.toThrow(/unsupported language/);
  });
});

describe("eSpeak NG as WebAssembly: one instance, every run from the same start (docs/decisions/0027)", { timeout: 60_000 }, () => {
  const settings = { voice: "ko+f2", rate: 175, pitch: 50, range: 50 };
  const same = (a: Float32Array, b: Float32Array) => a.length === b.length && a.every((v, i) => v === b[i]);

  it("the same text gives the same samples, whatever ran before (breath noise included: ko+f2, whisper)", async () => {
    const first = await espeakSynthesize(SHORT, settings);
    await espeakSynthesize(EN, { voice: "en-us+whisper", rate: 300, pitch: 80, range: 90 });
    await espeakPhonemes(KO, "ko");
    const again = await espeakSynthesize(SHORT, settings);
    expect(first.sampleRate).toBe(22050);
    expect(first.samples.length).toBeGreaterThan(22050);
    expect(same(first.samples, again.samples)).toBe(true);
    const whisper = await espeakSynthesize(EN, { voice: "en-us+whisper", rate: 300, pitch: 80, range: 90 });
    const whisperAgain = await espeakSynthesize(EN, { voice: "en-us+whisper", rate: 300, pitch: 80, range: 90 });
    expect(same(whisper.samples, whisperAgain.samples)).toBe(true);
  });

  it("reads the text as given, phonemes and audio: Korean respelling, English words, clauses apart", async () => {
    expect(await espeakPhonemes("사라밈니다", "ko")).toBe("sɐɾˈɐmimnˌidɐ");
    expect(await espeakPhonemes("Hello world. Good morning", "en-us")).toBe("həlˈoʊ wˈɜːld | ɡˈʊd mˈɔːɹnɪŋ");
    // A text that looks like an option is text, not an argument: read from a file, not the command line.
    expect(await espeakPhonemes("-v en -w /x", "ko")).not.toBe("");
    const dashed = await espeakSynthesize("--help", settings);
    expect(dashed.samples.length).toBeGreaterThan(1000);
  });

  it("refuses an unknown voice or variant with an error, and keeps working after it", async () => {
    await expect(espeakSynthesize(SHORT, { ...settings, voice: "ko+nosuchvariant" })).rejects.toThrow(/unknown voice/);
    await expect(espeakSynthesize(SHORT, { ...settings, voice: "xx-nosuchlang" })).rejects.toThrow(/espeak/);
    await expect(espeakPhonemes(SHORT, "../../etc")).rejects.toThrow(/unknown voice/);
    await expect(espeakPhonemes(SHORT, "ko+..")).rejects.toThrow(/unknown voice/);
    const after = await espeakSynthesize(SHORT, settings);
    expect(same(after.samples, (await espeakSynthesize(SHORT, settings)).samples)).toBe(true);
  });

  it("markup is neither spoken nor obeyed: a break tag cannot make minutes of silence", async () => {
    const plain = await espeakSynthesize("가 나", settings);
    const tagged = await espeakSynthesize('가 <break time="600s"/> <prosody rate="x-slow">나</prosody> <b>', settings);
    expect(tagged.samples.length / tagged.sampleRate).toBeLessThan(plain.samples.length / plain.sampleRate + 1);
    expect(await espeakPhonemes('<voice name="en">가</voice>', "ko")).toBe(await espeakPhonemes("가", "ko"));
  });

  it("a long text (5,000 characters) is read in bounded memory, the instance fine afterwards", async () => {
    const long = Array.from({ length: 60 }, () => "오늘은 국물 요리를 만들어 봅시다. ")
      .join("")
      .slice(0, 5000);
    const { samples, sampleRate } = await espeakSynthesize(long, { ...settings, rate: 450 });
    expect(samples.length / sampleRate).toBeGreaterThan(60);
    expect((await espeakSynthesize(SHORT, settings)).samples.length).toBeGreaterThan(22050);
  });
});

describe("loudness meter and normaliser (ITU-R BS.1770)", () => {
  it("reads a full-scale 997 Hz sine as -3.01 LUFS at every sample rate, a clip shorter than one block too", () => {
    // The K-weighting is designed for each rate (BS.1770 tabulates it at 48 kHz only).
    for (const rate of [16000, 24000, 44100, 48000]) {
      expect(integratedLoudness(sine(997, 1, 3, rate), rate)).toBeCloseTo(-3.01, 1);
      expect(integratedLoudness(sine(997, 0.1, 0.2, rate), rate)).toBeCloseTo(-23.01, 1); // one 200 ms block
    }
  });

  it("gates out silence: a tone followed by as much silence reads as the tone alone", () => {
    const tone = sine(997, 0.1, 4, 24000);
    const withSilence = new Float32Array(tone.length * 2);
    withSilence.set(tone);
    // Ungated it would read 3 dB lower; only the few blocks straddling the edge count (~0.2 LU).
    expect(Math.abs(integratedLoudness(withSilence, 24000) - integratedLoudness(tone, 24000))).toBeLessThan(0.3);
    expect(integratedLoudness(silence(1000, 24000), 24000)).toBe(-Infinity);
  });

  it("normalises a quiet, peaky signal to the target loudness while limiting its peaks", () => {
    const x = sine(220, 0.01, 3, 24000);
    for (let n = 1000; n < x.length; n += 6000) x[n] = 0.9; // clicks 39 dB above the tone
    const y = normalizeLoudness(x, 24000);
    expect(Math.abs(integratedLoudness(y, 24000) - TARGET_LUFS)).toBeLessThanOrEqual(1);
    expect(truePeakDb(y, 24000)).toBeLessThanOrEqual(-1);
  });
});

describe("silence and WAV", () => {
  it("silence(ms) is exact to 10 ms", () => {
    for (const ms of [0, 10, 250, 1234, 3000]) {
      const s = silence(ms, 24000);
      expect(Math.abs((s.length / 24000) * 1000 - ms)).toBeLessThan(10);
      expect(s.every((v) => v === 0)).toBe(true);
    }
  });

  it("encodes a valid 16-bit mono 24 kHz WAV header and data", () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 2]);
    const wav = encodeWav(samples, 24000);
    const view = new DataView(wav.buffer);
    const text = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4));
    expect(text(0)).toBe("RIFF");
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(8)).toBe("WAVE");
    expect(text(12)).toBe("fmt ");
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(24000);
    expect(view.getUint32(28, true)).toBe(48000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36)).toBe("data");
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    expect(wav.length).toBe(44 + samples.length * 2);
    expect([0, 1, 2, 3, 4, 5].map((i) => view.getInt16(44 + 2 * i, true))).toEqual([0, 16384, -16383, 32767, -32767, 32767]);
  });
});
