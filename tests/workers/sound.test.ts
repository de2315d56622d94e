// And the STS accuracy: the figures the README's engine section reports, each as an
// assertion against its target (docs/decisions/0026-cleaner-sound.md). The measures are in sound-metrics.ts.
// Real human speech: the eight spoken clips of Debian's alsa-utils (/usr/share/sounds/alsa, GPL-2; one
// speaker, 48 kHz mono, 11.4 s together, median F0 188 Hz).
import { TARGET_LUFS } from "../../workers/api/src/engine/types";
import { YIN } from "pitchfinder";
import { describe, expect, it } from "vitest";
import { basicVoices } from "#db/seed-voices";
import { convertToVoice, medianF0, voiceProfile, yinF0 } from "../../workers/api/src/engine/convert";
import {
  fastTruePeak,
  gatePauses,
  integratedLoudness,
  loudnessTally,
  normalizeLoudness,
  resample,
  stretch,
  truePeakDb,
} from "../../workers/api/src/engine/dsp";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import type { EngineLang, VoiceParams } from "../../workers/api/src/engine/types";
import { bandwidthHz, envelopeWarp, pauseNoiseDb, readWav16 } from "./sound-metrics";
import frontCenter from "./fixtures/speech/Front_Center.wav?inline";
import frontLeft from "./fixtures/speech/Front_Left.wav?inline";
import frontRight from "./fixtures/speech/Front_Right.wav?inline";
import rearCenter from "./fixtures/speech/Rear_Center.wav?inline";
import rearLeft from "./fixtures/speech/Rear_Left.wav?inline";
import rearRight from "./fixtures/speech/Rear_Right.wav?inline";
import sideLeft from "./fixtures/speech/Side_Left.wav?inline";
import sideRight from "./fixtures/speech/Side_Right.wav?inline";

const engine = new EmbeddedEngine();
const KO = [
  "안녕하세요. 오늘은 날씨가 맑고 바람이 시원합니다. 천천히 산책을 해 볼까요?",
  "회의는 오후 세 시에 시작합니다. 자료를 미리 읽어 와 주세요.",
  "저는 민준입니다, 반갑습니다! 다음 주에 다시 만나요.",
];
const EN = [
  "Hello there. The weather is clear today and the breeze is cool. Shall we take a slow walk?",
  "The meeting starts at three in the afternoon. Please read the notes before you come.",
  "Thank you for listening, and see you next week!",
];
const cents = (f: number, target: number) => 1200 * Math.log2(f / target);

/** The eight clips joined: 11.4 s of one human speaker at 48 kHz. */
async function humanSpeech() {
  const parts = await Promise.all(
    [frontCenter, frontLeft, frontRight, rearCenter, rearLeft, rearRight, sideLeft, sideRight].map(async (url) =>
      readWav16(new Uint8Array(await (await fetch(url)).arrayBuffer())),
    ),
  );
  const samples = new Float32Array(parts.reduce((n, p) => n + p.samples.length, 0));
  let at = 0;
  for (const p of parts) {
    expect(p.sampleRate).toBe(48000);
    samples.set(p.samples, at);
    at += p.samples.length;
  }
  return { samples, sampleRate: 48000 };
}

/** The recording as the upload check keeps it: at the render rate. */
const at24 = (audio: { samples: Float32Array; sampleRate: number }) => ({
  samples: resample(audio.samples, audio.sampleRate, 24000),
  sampleRate: 24000,
});

describe("pitch shifts keep the band (a -13 semitone shift keeps content up to at least 10 kHz)", { timeout: 120_000 }, () => {
  it("human speech shifted -12 and -13 semitones at 24 kHz keeps content to 10 kHz and more (it was 6.0 and 5.5 kHz)", async () => {
    const speech = at24(await humanSpeech());
    expect(bandwidthHz(speech.samples, 24000)).toBeGreaterThanOrEqual(11000); // the source itself
    for (const semitones of [-12, -13]) {
      const shifted = await stretch(speech.samples, 24000, { semitones, tempo: 1, formant: 1 });
      expect(bandwidthHz(shifted, 24000), `${semitones} st`).toBeGreaterThanOrEqual(10000);
      // Still a real shift: the median F0 moved by the semitones asked for (within 50 cents).
      expect(Math.abs(cents(medianF0(shifted, 24000)!, medianF0(speech.samples, 24000)!) - semitones * 100)).toBeLessThan(50);
      expect(Math.abs(shifted.length - speech.samples.length)).toBeLessThan(24000 * 0.01);
    }
  });

  it("a member's pitch -12 on TTS keeps eSpeak's band (10 kHz and more)", async () => {
    const plain = await engine.synthesize({ text: KO[0]!, lang: "ko", voice: {}, pitch: 0, tempo: 1 });
    const low = await engine.synthesize({ text: KO[0]!, lang: "ko", voice: {}, pitch: -12, tempo: 1 });
    expect(bandwidthHz(plain.samples, 24000)).toBeGreaterThanOrEqual(10000);
    expect(bandwidthHz(low.samples, 24000)).toBeGreaterThanOrEqual(10000);
    expect(medianF0(low.samples, 24000)! / medianF0(plain.samples, 24000)!).toBeCloseTo(0.5, 1);
  });

  it("the band measure sees a cut: a low-passed copy reads at its cut-off", () => {
    // An honest measure: the -13 st shift without the band kept read 5.5 kHz; a 24 kHz signal resampled
    // through 12 kHz reads at most 6 kHz.
    const noise = Float32Array.from({ length: 48000 }, (_, i) => (Math.sin(i * 12.9898) * 43758.5453) % 1);
    const cut = resample(resample(noise, 24000, 12000), 12000, 24000);
    expect(bandwidthHz(cut, 24000)).toBeLessThanOrEqual(6100); // 500 Hz bands
    expect(bandwidthHz(noise, 24000)).toBeGreaterThanOrEqual(11500);
  });
});

describe("speech-to-speech on real human speech", { timeout: 180_000 }, () => {
  it("every basic voice: median F0 within 50 cents of the voice's, the formants moved by at least 85% of the intended factor, the band kept", async () => {
    const speech = at24(await humanSpeech());
    const rows: string[] = [];
    for (const voice of basicVoices) {
      const lang = voice.lang as EngineLang;
      const params = voice.engine as VoiceParams;
      const target = (await voiceProfile(params, lang)).f0!;
      const out = await convertToVoice(speech, params, lang);
      const off = cents(medianF0(out.samples, out.sampleRate)!, target);
      expect(Math.abs(off), voice.id).toBeLessThanOrEqual(50);
      expect(bandwidthHz(out.samples, 24000), voice.id).toBeGreaterThanOrEqual(10000);
      // The share of the intended formant change reached, where the change is large enough to measure (5%+).
      if (Math.abs(Math.log(out.formant)) >= Math.log(1.05)) {
        const reached = Math.log(envelopeWarp(speech.samples, out.samples, 24000)) / Math.log(out.formant);
        expect(reached, voice.id).toBeGreaterThanOrEqual(0.85);
        rows.push(
          `${voice.id} ${out.semitones.toFixed(1)} st ${off.toFixed(0)} cents, formant x${out.formant.toFixed(3)} reached ${(reached * 100).toFixed(0)}%`,
        );
      } else rows.push(`${voice.id} ${out.semitones.toFixed(1)} st ${off.toFixed(0)} cents`);
    }
    console.log(rows.join("\n"));
  });

  it("the envelope measure reads a known warp: resampling (every frequency x1.2 or x0.83) reads within 1%", async () => {
    const speech = at24(await humanSpeech());
    expect(envelopeWarp(speech.samples, resample(speech.samples, 24000, 20000), 24000)).toBeCloseTo(1.2, 1);
    expect(Math.abs(envelopeWarp(speech.samples, resample(speech.samples, 24000, 20000), 24000) / 1.2 - 1)).toBeLessThan(0.01);
    expect(Math.abs(envelopeWarp(speech.samples, resample(speech.samples, 24000, 28800), 24000) / (24000 / 28800) - 1)).toBeLessThan(0.01);
    // and a pitch shift with the formants preserved leaves the envelope where it was (within 4%)
    const up = await stretch(speech.samples, 24000, { semitones: 7, tempo: 1, formant: 1 });
    expect(Math.abs(envelopeWarp(speech.samples, up, 24000) - 1)).toBeLessThan(0.04);
  });

  it("the lazy YIN answers exactly what pitchfinder's YIN answers, frame by frame", async () => {
    const reference = YIN({ sampleRate: 8000, threshold: 0.15 });
    const speech = resample((await humanSpeech()).samples, 48000, 8000);
    const tts = resample((await engine.synthesize({ text: KO[1]!, lang: "ko", voice: {}, pitch: 0, tempo: 1 })).samples, 24000, 8000);
    const scratch = new Float32Array(256);
    let voiced = 0;
    for (const x of [speech, tts]) {
      for (let at = 0; at + 513 <= x.length; at += 160) {
        const frame = x.subarray(at, at + 513);
        const a = reference(frame);
        const b = yinF0(frame, 8000, scratch);
        expect(b === null).toBe(a === null);
        if (a && b) {
          voiced++;
          expect(Math.abs(cents(b, a))).toBeLessThan(0.01);
        }
      }
    }
    expect(voiced).toBeGreaterThan(300);
  });
});

describe("loudness without heavy limiting (the limiter acted on 98% of clips)", { timeout: 180_000 }, () => {
  it("12 basic voices x 3 sentences: -20 LUFS (±0.2), true peak <= -1 dBTP, peak reduction of any kind on fewer than 20% of clips, breath-free pauses", async () => {
    loudnessTally.reset();
    const pauses: Record<string, number> = {};
    let clips = 0;
    for (const voice of basicVoices) {
      for (const text of voice.lang === "en" ? EN : KO) {
        const out = await engine.synthesize({
          text,
          lang: voice.lang as EngineLang,
          voice: voice.engine as VoiceParams,
          pitch: 0,
          tempo: 1,
        });
        clips++;
        expect(Math.abs(integratedLoudness(out.samples, out.sampleRate) - TARGET_LUFS), voice.id).toBeLessThanOrEqual(0.2);
        expect(truePeakDb(out.samples, out.sampleRate), voice.id).toBeLessThanOrEqual(-1);
        const noise = pauseNoiseDb(out.samples, out.sampleRate);
        if (noise.pauses > 0) pauses[voice.id] = Math.max(pauses[voice.id] ?? -Infinity, noise.loudestDb);
      }
    }
    expect(loudnessTally.clips).toBe(clips);
    const limited = loudnessTally.limited / clips;
    const levelled = loudnessTally.reports
      .filter((r) => r.levelDb > 0)
      .map((r) => r.levelDb)
      .sort((a, b) => a - b);
    console.log(
      `limited ${loudnessTally.limited}/${clips} (${(limited * 100).toFixed(0)}%), largest limiter reduction ${Math.max(0, ...loudnessTally.reports.map((r) => r.limitDb)).toFixed(2)} dB; ` +
        `levelled ${levelled.length}/${clips}, its largest reduction median ${levelled[levelled.length >> 1]?.toFixed(1)} dB, max ${levelled.at(-1)?.toFixed(1)} dB; ` +
        `plain gain would have peaked at ${loudnessTally.reports.map((r) => r.gainPeakDb.toFixed(1)).join(", ")} dBTP; loudest frame in a pause per voice (dBFS): ${JSON.stringify(pauses)}`,
    );
    expect(limited).toBeLessThan(0.2);
    // The slower leveller is peak reduction too: together with the limiter, on fewer than 20% of clips.
    expect(levelled.length / clips).toBeLessThan(0.2);
    // The breathy voices (eSpeak's f2/f3 variants: en-emma, en-grace) left -49 to -52 dBFS in their pauses.
    for (const [id, db] of Object.entries(pauses)) expect(db, id).toBeLessThan(-60);
    expect(Object.keys(pauses)).toEqual(expect.arrayContaining(["en-emma", "en-grace"]));
  });

  it("the gate silences a breath-noise pause and leaves speech, short gaps and a clean pause alone", () => {
    const rate = 24000;
    const tone = (s: number) =>
      Float32Array.from({ length: Math.round(s * rate) }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate));
    const noise = (s: number, level: number) =>
      Float32Array.from({ length: Math.round(s * rate) }, (_, i) => level * ((Math.sin(i * 78.233) * 43758.5453) % 1));
    const join = (...parts: Float32Array[]) => {
      const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    };
    const x = join(tone(0.5), noise(0.4, 0.004), tone(0.5), noise(0.08, 0.004), tone(0.5));
    const { samples, seconds } = gatePauses(x, rate);
    expect(seconds).toBeGreaterThan(0.3); // the 400 ms pause, less its 40 ms hold and 20 ms lead
    expect(seconds).toBeLessThan(0.4);
    const levelDb = (from: number, to: number) => {
      let e = 0;
      for (let i = Math.round(from * rate); i < Math.round(to * rate); i++) e += samples[i]! ** 2;
      return 10 * Math.log10(e / ((to - from) * rate) + 1e-30);
    };
    expect(levelDb(0.6, 0.84)).toBe(-300); // digital silence inside the long pause
    expect(levelDb(1.405, 1.475)).toBeGreaterThan(-60); // the 80 ms gap is not a pause: untouched
    for (const [from, to] of [
      [0, 0.5],
      [0.9, 1.4],
      [1.48, 1.98],
    ])
      for (let i = Math.round(from! * rate); i < Math.round(to! * rate); i++) expect(samples[i]).toBe(x[i]);
    // silence or a steady tone: nothing to gate, the input comes back as it is
    const steady = tone(1);
    expect(gatePauses(steady, rate).samples).toBe(steady);
  });

  it("the fast true peak agrees with the full 4x oversampling on speech and on a near-Nyquist tone", async () => {
    const speech = at24(await humanSpeech()).samples;
    const tone = Float32Array.from({ length: 24000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 11000 * i) / 24000 + 0.4));
    for (const x of [speech, tone]) {
      const full = truePeakDb(x, 24000);
      expect(Math.abs(20 * Math.log10(fastTruePeak(x, 1)) - full)).toBeLessThan(0.05);
    }
  });

  it("a peaky clip still ends at the target and under the ceiling, and the report says what was done", () => {
    const rate = 24000;
    const x = Float32Array.from({ length: 3 * rate }, (_, i) => 0.01 * Math.sin((2 * Math.PI * 220 * i) / rate));
    for (let n = 1000; n < x.length; n += 6000) x[n] = 0.9;
    const y = normalizeLoudness(x, rate);
    expect(Math.abs(integratedLoudness(y, rate) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(truePeakDb(y, rate)).toBeLessThanOrEqual(-1);
    const report = loudnessTally.reports.at(-1)!;
    expect(report.gainPeakDb).toBeGreaterThan(10); // clicks 39 dB above the tone
    expect(report.levelDb + report.limitDb).toBeGreaterThan(10);
  });
});
