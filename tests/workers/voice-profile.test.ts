// The voice profile derived from a recording (speech/voice-profile.ts, docs/decisions/0029): how far the
// derived voice's output moves toward the recording's median F0, formants, tilt and rate, measured on
// recordings made with different engine voices (a sentence other than the one measured) and on real
// human speech (Debian alsa-utils). The figures printed here are the README's.
import { describe, expect, it } from "vitest";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import { BASIC_VOICES } from "../../workers/api/src/engine/voices";
import type { VoiceParams } from "../../workers/api/src/engine/types";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { deriveVoice, distance, measure, type Gender } from "../../workers/api/src/speech/voice-profile";
import alsaUrl from "./fixtures/audio/alsa-speaker.wav?inline";

const engine = new EmbeddedEngine();
const RECORDED = "지난 주말에는 가족과 함께 바닷가에 다녀왔어요. 파도 소리를 들으며 오래 걸었고, 저녁에는 맛있는 생선구이를 먹었습니다.";
const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

const CASES: [string, VoiceParams, Gender][] = [
  ["female-mid (+8 st, formant 1.15)", BASIC_VOICES["female-mid"], "female"],
  ["child (+12 st, formant 1.25)", BASIC_VOICES.child, "other"],
  ["male-low (-2 st, formant 0.92)", BASIC_VOICES["male-low"], "male"],
  ["elder (m3, -3 st, slower)", BASIC_VOICES.elder, "male"],
  ["fast female (f4, rate 230)", { variant: "f4", rate: 230 }, "female"],
];

const rows: string[] = [];

describe("a derived voice moves toward its recording", () => {
  for (const [name, voice, gender] of CASES) {
    it(name, async () => {
      const recorded = await engine.synthesize({ text: RECORDED, lang: "ko", voice, pitch: 0, tempo: 1 });
      const recording = measure(recorded);
      const derived = await deriveVoice(recording, "ko", gender);
      const before = distance(recording, derived.base);
      const after = distance(recording, derived.derived);
      rows.push(`${name}: before ${JSON.stringify(before)} after ${JSON.stringify(after)} params ${JSON.stringify(derived.params)}`);
      // F0 lands within a semitone of the recording's, from several semitones away.
      expect(Math.abs(after.f0Semitones!)).toBeLessThanOrEqual(1);
      expect(Math.abs(after.f0Semitones!)).toBeLessThan(Math.abs(before.f0Semitones!) + 0.01);
      // Formants move toward the recording's (or stay when they were already close).
      expect(Math.abs(after.formantPercent!)).toBeLessThanOrEqual(Math.max(5, Math.abs(before.formantPercent!)));
    });
  }

  it("real human speech (alsa-utils, a woman's voice, English)", async () => {
    const recording = measure(decodeWav(bytesOf(alsaUrl)));
    const derived = await deriveVoice(recording, "en", "female");
    const before = distance(recording, derived.base);
    const after = distance(recording, derived.derived);
    rows.push(
      `alsa-utils speaker: before ${JSON.stringify(before)} after ${JSON.stringify(after)} params ${JSON.stringify(derived.params)}`,
    );
    rows.push(
      `alsa-utils profile ${JSON.stringify(recording)}; base ${JSON.stringify(derived.base)}; derived ${JSON.stringify(derived.derived)}`,
    );
    expect(Math.abs(after.f0Semitones!)).toBeLessThanOrEqual(1.5);
    console.log(rows.join("\n"));
  });
});
