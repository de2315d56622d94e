// Speech-to-speech with the embedded engine (engine/convert.ts): register and formants move to the voice's.
import { TARGET_LUFS } from "../../workers/api/src/engine/types";
import { describe, expect, it } from "vitest";
import { integratedLoudness, truePeakDb } from "../../workers/api/src/engine/dsp";
import { convertToVoice, medianF0, voiceProfile } from "../../workers/api/src/engine/convert";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import { BASIC_VOICES } from "../../workers/api/src/engine/voices";

const engine = new EmbeddedEngine();
const TEXT = "오늘 회의는 오후 세 시에 시작합니다. 자료를 미리 읽어 와 주세요.";

describe("voice conversion", () => {
  it("engine-made speech from a low voice lands within ±1 semitone of a high voice's median F0, same timing, at the loudness targets", async () => {
    const low = await engine.synthesize({ text: TEXT, lang: "ko", voice: BASIC_VOICES["male-low"], pitch: 0, tempo: 1 });
    const target = await voiceProfile(BASIC_VOICES["female-bright"], "ko");
    const lowF0 = medianF0(low.samples, low.sampleRate)!;
    expect(target.f0! / lowF0).toBeGreaterThan(1.6); // the test means something: the voices are far apart
    const converted = await convertToVoice(low, BASIC_VOICES["female-bright"], "ko");
    const f0 = medianF0(converted.samples, converted.sampleRate)!;
    expect(Math.abs(12 * Math.log2(f0 / target.f0!))).toBeLessThanOrEqual(1);
    expect(Math.abs(converted.samples.length / converted.sampleRate - low.samples.length / low.sampleRate)).toBeLessThan(0.05);
    expect(Math.abs(integratedLoudness(converted.samples, converted.sampleRate) - TARGET_LUFS)).toBeLessThan(1);
    expect(truePeakDb(converted.samples, converted.sampleRate)).toBeLessThanOrEqual(-1);
    // The formants move up too, within the ±30% limit.
    expect(converted.formant).toBeGreaterThan(1);
    expect(converted.formant).toBeLessThanOrEqual(1.3);
  });

  it("and from a high voice down to a low one", async () => {
    const high = await engine.synthesize({ text: TEXT, lang: "ko", voice: BASIC_VOICES.child, pitch: 0, tempo: 1 });
    const target = await voiceProfile(BASIC_VOICES.elder, "ko");
    const converted = await convertToVoice(high, BASIC_VOICES.elder, "ko");
    expect(converted.semitones).toBeLessThan(-6);
    expect(Math.abs(12 * Math.log2(medianF0(converted.samples, converted.sampleRate)! / target.f0!))).toBeLessThanOrEqual(1);
  });

  it("an unvoiced recording keeps its pitch", async () => {
    const whisper = await engine.synthesize({ text: TEXT, lang: "ko", voice: BASIC_VOICES.whisper, pitch: 0, tempo: 1 });
    const converted = await convertToVoice(whisper, BASIC_VOICES["female-mid"], "ko");
    expect(converted.semitones).toBe(0);
    expect(converted.samples.length).toBeGreaterThan(0);
  });

  it("reports its progress as it goes, during the pitch shift too", async () => {
    const speech = await engine.synthesize({ text: TEXT + " " + TEXT, lang: "ko", voice: BASIC_VOICES["male-low"], pitch: 0, tempo: 1 });
    const seen: number[] = [];
    await convertToVoice(speech, BASIC_VOICES["female-bright"], "ko", async (f) => {
      seen.push(f);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(seen[0]).toBe(0.05);
    expect(seen.at(-1)).toBe(0.85);
    // Rubber Band reports between 0.25 and 0.85 (a clip of several seconds spans several reports).
    expect(seen.filter((f) => f > 0.25 && f < 0.85).length).toBeGreaterThanOrEqual(2);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
  });
});
