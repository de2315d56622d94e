// The open voice upload rules (speech/recording-check.ts, POST /voices/open/check; docs/decisions/0029) on
// generated files, on speech from the embedded engine and on real human speech (Debian alsa-utils).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { EmbeddedEngine } from "../../workers/api/src/engine/embedded";
import { BASIC_VOICES } from "../../workers/api/src/engine/voices";
import { checkVoiceRecording, type RecordingFacts } from "../../workers/api/src/speech/recording-check";
import alsaUrl from "./fixtures/audio/alsa-speaker.wav?inline";
import { signedUp, worker, type Answer } from "./helpers";
import { join, silence, voice, wavOf, withNoise } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

async function check(token: string | null, file: Uint8Array | null, opts: { lang?: string; name?: string } = {}) {
  const form = new FormData();
  if (file) form.set("file", new File([file as Uint8Array<ArrayBuffer>], opts.name ?? "voice.wav"));
  const res = await worker.fetch("http://localhost/api/v1/voices/open/check", {
    method: "POST",
    headers: { lang: opts.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: form,
  });
  return { status: res.status, ...(await res.json<Answer>()) };
}
const factsOf = (r: { data: Record<string, unknown> | null }) => (r.data as { facts: RecordingFacts }).facts;

describe("POST /voices/open/check", () => {
  let token: string;
  beforeAll(async () => {
    token = (await signedUp("ov-check@example.com")).token!;
  });

  it("passes 8 s of one voice and answers the measured facts", async () => {
    const r = await check(token, wavOf(voice(8, 140)));
    expect(r.success, r.message).toBe(true);
    const facts = factsOf(r);
    expect(facts.format).toBe("wav");
    expect(facts.duration).toBeCloseTo(8, 1);
    expect(facts.onset).toBeLessThan(0.3);
    expect(facts.level).toBeGreaterThan(-30);
    expect(facts.snr).toBeGreaterThan(30);
    expect(facts.speakers).toBe(1);
    expect(facts.registers).toHaveLength(1);
    expect(Math.abs(facts.registers![0]! - 140)).toBeLessThan(15);
  });

  it("refuses 3 s as too short (4430), in the asked language", async () => {
    const en = await check(token, wavOf(voice(3)));
    expect([en.status, en.code]).toEqual([400, Code.RECORDING_TOO_SHORT]);
    expect(en.message).toContain("5\u00a0s");
    expect(factsOf(en).duration).toBeCloseTo(3, 1);
    const ko = await check(token, wavOf(voice(3)), { lang: "kr" });
    expect(ko.message).toContain("5초");
  });

  it("refuses 70 s as too long (4431) without decoding past 61 s", async () => {
    const r = await check(token, wavOf(voice(70)));
    expect([r.status, r.code]).toEqual([400, Code.RECORDING_TOO_LONG]);
    expect(r.message).toContain("1\u00a0min");
  });

  it("refuses 11 MB while it streams in (4211 with the 10 MB limit)", async () => {
    // 11.8 MB of a valid WAV (4 minutes at 24 kHz): the size rule comes first.
    const big = wavOf(silence(245));
    expect(big.byteLength).toBeGreaterThan(11 * 1024 * 1024);
    const r = await check(token, big);
    expect([r.status, r.code]).toEqual([413, Code.AUDIO_TOO_LARGE]);
    expect(r.message).toContain("10 MB");
  });

  it("refuses speech that starts at 3 s (4432) and says when it began", async () => {
    const r = await check(token, wavOf(withNoise(join(silence(3), voice(6)), 0.0005)));
    expect([r.status, r.code]).toEqual([400, Code.RECORDING_LATE_SPEECH]);
    expect(factsOf(r).onset).toBeGreaterThan(2.9);
    expect(factsOf(r).onset).toBeLessThan(3.3);
    // Speech at 1.5 s is within the rule.
    expect((await check(token, wavOf(withNoise(join(silence(1.5), voice(6)), 0.0005)))).success).toBe(true);
  });

  it("refuses silence (4215), a quiet voice (4433) and noise (4434)", async () => {
    const quiet = await check(token, wavOf(voice(6, 140, { gain: 0.003 })));
    expect([quiet.status, quiet.code]).toEqual([400, Code.AUDIO_SILENT]);
    const tooQuiet = await check(token, wavOf(voice(6, 140, { gain: 0.012 })));
    expect(tooQuiet.code).toBe(Code.RECORDING_TOO_QUIET);
    expect(factsOf(tooQuiet).level).toBeLessThan(-40);
    expect((await check(token, wavOf(silence(6)))).code).toBe(Code.AUDIO_SILENT);
    const noise = await check(token, wavOf(withNoise(silence(6), 0.1)));
    expect([noise.status, noise.code]).toEqual([400, Code.RECORDING_TOO_NOISY]);
    expect(factsOf(noise).snr).toBeLessThan(5);
    // A voice over loud noise (about 6 dB under it) is too noisy too; over faint noise it passes.
    const noisy = await check(token, wavOf(withNoise(voice(6), 0.05)));
    expect(noisy.code).toBe(Code.RECORDING_TOO_NOISY);
    const fine = await check(token, wavOf(withNoise(voice(6), 0.003)));
    expect(fine.success, fine.message).toBe(true);
  });

  it("refuses two voices taking turns (4435): a low and a high register", async () => {
    const two = join(voice(2, 110), voice(2, 240), voice(2, 110), voice(2, 240));
    const r = await check(token, wavOf(two));
    expect([r.status, r.code]).toEqual([400, Code.RECORDING_SPEAKERS]);
    expect(factsOf(r).speakers).toBe(2);
    const [low, high] = factsOf(r).registers!;
    expect(Math.abs(low! - 110)).toBeLessThan(15);
    expect(Math.abs(high! - 240)).toBeLessThan(30);
  });

  it("refuses files that are not audio (4212) and a form without a file (4000)", async () => {
    const text = await check(token, new TextEncoder().encode("not a recording, only text ".repeat(100)), { name: "voice.wav" });
    expect([text.status, text.code]).toEqual([415, Code.AUDIO_NOT_AUDIO]);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(0)]);
    expect((await check(token, png)).code).toBe(Code.AUDIO_NOT_AUDIO);
    expect((await check(token, null)).code).toBe(Code.BAD_REQUEST);
  });

  it("needs a login (8000)", async () => {
    const r = await check(null, wavOf(voice(6)));
    expect(r.code).toBe(Code.LOGIN_REQUIRED);
  });

  it("is rate limited per member (30 an hour, 4290)", async () => {
    const other = (await signedUp("ov-check-limit@example.com")).token!;
    const junk = new TextEncoder().encode("junk");
    for (let i = 0; i < 30; i++) expect((await check(other, junk)).code).toBe(Code.AUDIO_NOT_AUDIO);
    expect((await check(other, junk)).code).toBe(Code.RATE_LIMITED);
    // Another member is not affected.
    expect((await check(token, junk)).code).toBe(Code.AUDIO_NOT_AUDIO);
  });
});

describe("the rules on real speech", () => {
  const engine = new EmbeddedEngine();
  const KO =
    "안녕하세요. 오늘은 날씨가 맑고 바람이 시원합니다. 천천히 산책을 하면서 이야기를 나눠 볼까요? 저는 이 목소리로 여러분의 이야기를 들려드릴게요.";
  const speak = (v: keyof typeof BASIC_VOICES) => engine.synthesize({ text: KO, lang: "ko", voice: BASIC_VOICES[v], pitch: 0, tempo: 1 });

  it("one engine voice passes as one speaker, for low, middle and high voices", async () => {
    for (const name of ["male-low", "male-mid", "female-bright", "child"] as const) {
      const audio = await speak(name);
      const r = await checkVoiceRecording(wavOf(audio.samples, audio.sampleRate), "en");
      expect(r.ok, `${name}: ${r.ok ? "" : r.message} ${JSON.stringify(r.ok ? r.facts : r.facts)}`).toBe(true);
    }
  });

  it("two engine voices taking turns are two speakers", async () => {
    const [low, high] = [await speak("male-low"), await speak("female-bright")];
    const half = (x: Float32Array) => x.subarray(0, Math.floor(x.length / 2));
    const turns = join(
      half(low.samples),
      half(high.samples),
      low.samples.subarray(low.samples.length / 2),
      high.samples.subarray(high.samples.length / 2),
    );
    const r = await checkVoiceRecording(wavOf(turns, low.sampleRate), "en");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe(Code.RECORDING_SPEAKERS);
  });

  it("a real human speaker (Debian alsa-utils' channel announcements, 8.8 s) passes", async () => {
    const r = await checkVoiceRecording(bytesOf(alsaUrl), "en");
    expect(r.ok, r.ok ? "" : `${r.message} ${JSON.stringify(r.facts)}`).toBe(true);
    if (r.ok) expect(r.facts.speakers).toBe(1);
  });

  it("measures a 60 s upload in bounded time", async () => {
    const file = wavOf(voice(59.5, 140));
    const started = Date.now();
    const r = await checkVoiceRecording(file, "en");
    console.log(`check of a 59.5 s, ${(file.byteLength / 1e6).toFixed(1)} MB WAV: ${Date.now() - started} ms`);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.facts.duration).toBeCloseTo(59.5, 1);
    // A guard, not a benchmark: about 0.5 s on this machine; a quadratic step would take far longer.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
