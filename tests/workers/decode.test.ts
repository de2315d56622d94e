// Upload decoding inside workerd (workers/api/src/speech/decode.ts). The fixtures in
// fixtures/audio/ are one 1.5 s signal, made with ffmpeg from
//   0.25 * (440 Hz for 0-0.5 s, silence for 0.5-0.9 s, 1000 Hz for 0.9-1.5 s), 5 ms ramps, 48 kHz
// and encoded as: tones.mp3 (LAME, 24 kHz mono 32 kb/s, Xing/LAME header), tones-stereo.ogg (Opus
// stereo 32 kb/s), tones.webm (Opus mono written to a pipe, so the Segment and Clusters have unknown
// sizes and there is no Duration, as with a browser's MediaRecorder), tones.m4a (AAC-LC 44.1 kHz) and
// tones-fragmented.m4a (the same as fragmented MP4, as Safari's MediaRecorder writes). Vite's `?inline`
// hands them over as base64 data URLs.
import { describe, expect, it } from "vitest";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { decodeAudio, type UploadFormat } from "../../workers/api/src/speech/decode";
import m4aFragmentedUrl from "./fixtures/audio/tones-fragmented.m4a?inline";
import m4aUrl from "./fixtures/audio/tones.m4a?inline";
import mp3Url from "./fixtures/audio/tones.mp3?inline";
import oggUrl from "./fixtures/audio/tones-stereo.ogg?inline";
import webmUrl from "./fixtures/audio/tones.webm?inline";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const LIMITS = { maxBytes: 10 * 1024 * 1024, maxSeconds: 300 };

/** The fixtures' signal, at any rate. */
function tones(sampleRate: number): Float32Array {
  return Float32Array.from({ length: Math.round(1.5 * sampleRate) }, (_, n) => {
    const t = n / sampleRate;
    const ramp = (a: number, b: number) => Math.min(1, Math.min(t - a, b - t) / 0.005);
    if (t < 0.5) return 0.25 * Math.sin(2 * Math.PI * 440 * t) * ramp(0, 0.5);
    if (t >= 0.9) return 0.25 * Math.sin(2 * Math.PI * 1000 * t) * ramp(0.9, 1.5);
    return 0;
  });
}

function window(samples: Float32Array, sampleRate: number, from: number, to: number) {
  return samples.subarray(Math.round(from * sampleRate), Math.round(to * sampleRate));
}
const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / Math.max(1, x.length));
/** Frequency from the upward zero crossings (clean tones only). */
function frequency(x: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) crossings++;
  return (crossings * sampleRate) / x.length;
}

const FILES: { name: string; format: UploadFormat; bytes: () => Uint8Array }[] = [
  { name: "WAV (16 kHz, built here)", format: "wav", bytes: () => encodeWav(tones(16000), 16000) },
  { name: "MP3", format: "mp3", bytes: () => bytesOf(mp3Url) },
  { name: "Ogg/Opus (stereo)", format: "ogg-opus", bytes: () => bytesOf(oggUrl) },
  { name: "WebM/Opus (MediaRecorder-like, unknown sizes)", format: "webm-opus", bytes: () => bytesOf(webmUrl) },
  { name: "M4A (AAC)", format: "m4a", bytes: () => bytesOf(m4aUrl) },
  { name: "fragmented MP4 (AAC)", format: "m4a", bytes: () => bytesOf(m4aFragmentedUrl) },
];

describe("decodeAudio: every kind decodes by content", () => {
  for (const file of FILES) {
    it(`${file.name}: right duration, timing and content`, async () => {
      const result = await decodeAudio(file.bytes(), LIMITS);
      if (!result.ok) throw new Error(`${result.reason}: ${result.detail}`);
      expect(result.format).toBe(file.format);
      const { samples, sampleRate } = result.audio;
      expect(Math.abs(result.durationMs - 1500)).toBeLessThanOrEqual(50);
      expect(result.durationMs).toBe(Math.round((samples.length / sampleRate) * 1000));
      // 0.25 * sine has an RMS of 0.177; the gap stays quiet; the pitches survive the codec.
      const low = window(samples, sampleRate, 0.1, 0.4);
      const gap = window(samples, sampleRate, 0.6, 0.8);
      const high = window(samples, sampleRate, 1.0, 1.4);
      expect(rms(low)).toBeGreaterThan(0.14);
      expect(rms(low)).toBeLessThan(0.21);
      expect(rms(high)).toBeGreaterThan(0.14);
      expect(rms(high)).toBeLessThan(0.21);
      expect(rms(gap)).toBeLessThan(0.01);
      expect(frequency(low, sampleRate)).toBeCloseTo(440, -1);
      expect(frequency(high, sampleRate)).toBeCloseTo(1000, -1);
      // The second tone starts at 0.9 s: encoder delay and padding were removed, not kept.
      const onset = window(samples, sampleRate, 0.8, 1.0).findIndex((v) => Math.abs(v) > 0.05) / sampleRate + 0.8;
      expect(Math.abs(onset - 0.9)).toBeLessThan(0.015);
    });
  }
});

describe("decodeAudio: clear errors", () => {
  it("a renamed text file is not audio", async () => {
    const text = new TextEncoder().encode("This is not a recording, just a text file renamed to voice.mp3.\n".repeat(20));
    expect(await decodeAudio(text, LIMITS)).toMatchObject({ ok: false, reason: "not-audio" });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(7)]);
    expect(await decodeAudio(png, LIMITS)).toMatchObject({ ok: false, reason: "not-audio" });
  });

  it("a 0-byte file is empty", async () => {
    expect(await decodeAudio(new Uint8Array(0), LIMITS)).toMatchObject({ ok: false, reason: "empty" });
  });

  it("a WAV without samples is empty", async () => {
    expect(await decodeAudio(encodeWav(new Float32Array(0), 16000), LIMITS)).toMatchObject({ ok: false, reason: "empty", format: "wav" });
  });

  it("over the byte limit is too large, before it is even looked at", async () => {
    const bytes = bytesOf(mp3Url);
    expect(await decodeAudio(bytes, { ...LIMITS, maxBytes: bytes.byteLength - 1 })).toMatchObject({ ok: false, reason: "too-large" });
    expect(await decodeAudio(new Uint8Array(2000), { ...LIMITS, maxBytes: 1000 })).toMatchObject({ ok: false, reason: "too-large" });
  });

  for (const file of FILES) {
    it(`${file.name}: over maxSeconds is too long (refused from the headers)`, async () => {
      const result = await decodeAudio(file.bytes(), { ...LIMITS, maxSeconds: 0.9 });
      expect(result).toMatchObject({ ok: false, reason: "too-long", format: file.format });
      expect(result.ok || result.detail).toMatch(/from the headers/);
    });

    it(`${file.name}: just over maxSeconds is too long (after decoding)`, async () => {
      expect(await decodeAudio(file.bytes(), { ...LIMITS, maxSeconds: 1.4 })).toMatchObject({ ok: false, reason: "too-long" });
      expect(await decodeAudio(file.bytes(), { ...LIMITS, maxSeconds: 1.6 })).toMatchObject({ ok: true });
    });

    it(`${file.name}: cut short is corrupt`, async () => {
      const bytes = file.bytes();
      for (const keep of [0.5, 0.8, 0.97]) {
        const result = await decodeAudio(bytes.subarray(0, Math.round(bytes.byteLength * keep)), LIMITS);
        expect(result, `${keep}: ${JSON.stringify(result)}`).toMatchObject({ ok: false, reason: "corrupt", format: file.format });
      }
    });
  }

  it("a WAV with a data chunk that promises more than it holds is corrupt", async () => {
    const wav = encodeWav(tones(16000), 16000);
    expect(await decodeAudio(wav.subarray(0, wav.byteLength - 2), LIMITS)).toMatchObject({ ok: false, reason: "corrupt" });
  });

  it("an Ogg page with a damaged byte fails its CRC: corrupt", async () => {
    const ogg = bytesOf(oggUrl).slice();
    ogg[ogg.byteLength - 100]! ^= 0x55;
    expect(await decodeAudio(ogg, LIMITS)).toMatchObject({ ok: false, reason: "corrupt", format: "ogg-opus" });
  });

  it("an MP3 signature followed by noise is corrupt", async () => {
    const bytes = bytesOf(mp3Url);
    const noisy = bytes.slice();
    let seed = 1;
    for (let i = 2000; i < noisy.byteLength; i++) noisy[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    expect(await decodeAudio(noisy, LIMITS)).toMatchObject({ ok: false, reason: "corrupt", format: "mp3" });
  });

  it("known audio without a decoder here is unsupported", async () => {
    const flac = Uint8Array.from([...new TextEncoder().encode("fLaC"), ...new Array(60).fill(0)]);
    expect(await decodeAudio(flac, LIMITS)).toMatchObject({ ok: false, reason: "unsupported" });
    const wav8 = encodeWav(tones(8000), 8000).slice();
    new DataView(wav8.buffer).setUint16(34, 8, true); // bits per sample: 8
    expect(await decodeAudio(wav8, LIMITS)).toMatchObject({ ok: false, reason: "unsupported", detail: "WAV format 1, 8-bit" });
    const vorbis = bytesOf(oggUrl).slice();
    vorbis.set(new TextEncoder().encode("\x01vorbis\0"), 28); // the first packet of an Ogg Vorbis stream
    expect(await decodeAudio(vorbis, LIMITS)).toEqual({ ok: false, reason: "unsupported", detail: "Ogg Vorbis" });
  });

  it("digital silence and a -70 dBFS hiss are silent; a quiet voice-level signal is not", async () => {
    expect(await decodeAudio(encodeWav(new Float32Array(32000), 16000), LIMITS)).toMatchObject({
      ok: false,
      reason: "silent",
      format: "wav",
    });
    let seed = 7;
    const hiss = Float32Array.from(
      { length: 32000 },
      () => (((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1) * 10 ** (-70 / 20) * 1.7,
    );
    expect(await decodeAudio(encodeWav(hiss, 16000), LIMITS)).toMatchObject({ ok: false, reason: "silent" });
    const quiet = tones(16000).map((v) => v * 0.02); // about -45 LUFS
    expect(await decodeAudio(encodeWav(quiet, 16000), LIMITS)).toMatchObject({ ok: true });
  });
});
