// The custom voice measurement (docs/decisions/0034, README "Custom voices: what the profile moves"): a custom voice
// made with the embedded engine from several files, each through the real recording check, then one profile of
// all of them pooled (speech/voice-profile.ts `poolAnalyses`) and the eSpeak parameters derived from it
// (domain/custom-voices/job.ts `voiceFromRecordings`, the job's own code). How far the new voice's output is from
// the recordings' median F0 and formants, before (the base voice) and after (the derived voice), both measured
// on a reference sentence the recordings do not say: on recordings made with different engine voices (three
// sentences each) and on the real human clips of Debian's alsa-utils (eight 1.3-1.5 s clips of one woman,
// joined into two files of about 5.7 s, since a file must be 5 s or more). The printed table is the README's.
import { describe, expect, it } from "vitest";
import { voiceFromRecordings } from "../../workers/api/src/domain/custom-voices/job";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import type { VoiceParams } from "../../workers/api/src/engine/types";
import { BASIC_VOICES } from "../../workers/api/src/engine/voices";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { checkVoiceRecording } from "../../workers/api/src/speech/recording-check";
import { distance } from "../../workers/api/src/speech/voice-profile";
import { decodeWav } from "../../workers/api/src/speech/wav";
import frontCenter from "./fixtures/speech/Front_Center.wav?inline";
import frontLeft from "./fixtures/speech/Front_Left.wav?inline";
import frontRight from "./fixtures/speech/Front_Right.wav?inline";
import rearCenter from "./fixtures/speech/Rear_Center.wav?inline";
import rearLeft from "./fixtures/speech/Rear_Left.wav?inline";
import rearRight from "./fixtures/speech/Rear_Right.wav?inline";
import sideLeft from "./fixtures/speech/Side_Left.wav?inline";
import sideRight from "./fixtures/speech/Side_Right.wav?inline";

const synth = new EmbeddedEngine();
// The product's embedded engine, as the job gets it when VOICE_ENGINE is unset (the workerd suite itself runs "xinference" against its stand-in).
const embedded = speechEngine({} as never);

const SENTENCES = [
  "지난 주말에는 가족과 함께 바닷가에 다녀왔어요. 파도 소리를 들으며 오래 걸었습니다.",
  "회의는 다음 주 화요일 오후 세 시로 옮겼습니다. 자료는 미리 메일로 보내 드릴게요.",
  "이 책은 어린 시절의 기억을 따라가는 이야기예요. 마지막 장면이 특히 오래 남습니다.",
];

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const join = (parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Each file through the real check; the made voice; its distances before and after. */
async function makeAndMeasure(files: Uint8Array[], lang: "ko" | "en", gender: "male" | "female") {
  const checked = [];
  for (const bytes of files) {
    const r = await checkVoiceRecording(bytes, "en");
    if (!r.ok) throw new Error(`check refused a file: ${r.code} ${r.message}`);
    checked.push({ audio: r.audio, analysis: r.analysis });
  }
  const made = await voiceFromRecordings(embedded, checked, lang, gender);
  const { recording, base, derived } = made.profile;
  return { before: distance(recording, base!), after: distance(recording, derived!), params: made.params, recording };
}

const CASES: [string, VoiceParams, "male" | "female"][] = [
  ["female-mid (+8 st, formant 1.15)", BASIC_VOICES["female-mid"], "female"],
  ["child (+12 st, formant 1.25)", BASIC_VOICES.child, "female"],
  ["male-low (-2 st, formant 0.92)", BASIC_VOICES["male-low"], "male"],
  ["elder (m3, -3 st, slower)", BASIC_VOICES.elder, "male"],
  ["female-bright (f4, +3 st)", BASIC_VOICES["female-bright"], "female"],
];

const rows: string[] = [];
const fmt = (d: ReturnType<typeof distance>) => `F0 ${d.f0Semitones} st, formants ${d.formantPercent}%`;

describe("a custom voice made from several files moves toward them (embedded engine)", () => {
  for (const [name, voice, gender] of CASES)
    it(`3 files spoken by ${name}`, async () => {
      const files = [];
      for (const text of SENTENCES) {
        const audio = await synth.synthesize({ text, lang: "ko", voice, pitch: 0, tempo: 1 });
        files.push(encodeWav(audio.samples, audio.sampleRate));
      }
      const m = await makeAndMeasure(files, "ko", gender);
      rows.push(`| ${name}, 3 files | ${fmt(m.before)} | ${fmt(m.after)} |`);
      expect(Math.abs(m.after.f0Semitones!)).toBeLessThanOrEqual(1);
      expect(Math.abs(m.after.f0Semitones!)).toBeLessThan(Math.abs(m.before.f0Semitones!) + 0.01);
      expect(Math.abs(m.after.formantPercent!)).toBeLessThanOrEqual(Math.max(5, Math.abs(m.before.formantPercent!)));
    });

  it("real human speech: alsa-utils' 8 clips of one woman joined into 2 files", async () => {
    const clips = [frontCenter, frontLeft, frontRight, rearCenter, rearLeft, rearRight, sideLeft, sideRight].map((u) =>
      decodeWav(bytesOf(u)),
    );
    const rate = clips[0]!.sampleRate;
    const files = [clips.slice(0, 4), clips.slice(4)].map((group) => encodeWav(join(group.map((c) => c.samples)), rate));
    const m = await makeAndMeasure(files, "en", "female");
    rows.push(`| alsa-utils (a woman, English), 2 files of 4 clips | ${fmt(m.before)} | ${fmt(m.after)} |`);
    rows.push(`alsa-utils pooled profile ${JSON.stringify(m.recording)}; params ${JSON.stringify(m.params)}`);
    expect(Math.abs(m.after.f0Semitones!)).toBeLessThanOrEqual(1.5);
    console.log(["| recordings | before (base voice) | after (derived) |", "|---|---|---|", ...rows].join("\n"));
  });
});
