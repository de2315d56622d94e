// Bench-only worker for `npm run bench:engine` (scripts/bench-engine.mjs) and `npm run bench:sts`
// (scripts/bench-sts.mjs): the api worker's embedded voice engine, alone in workerd, behind a small
// JSON endpoint. Never deployed (its config is scripts/bench/engine-wrangler.toml; it has no bindings).
//
//   GET  /noop   -> {} (the HTTP round trip, to tell it apart from the engine's time)
//   POST /synth  {text, lang, voice, mode} -> {audioSeconds, workerMs, stages, ...}
//     voice: a seeded basic voice id (db/seed-voices.ts)
//     mode "render": the product's path for one passage (speechEngine() -> renderPassage(), as a
//                    generation job renders a sentence): pronunciation pre-pass, eSpeak NG, Rubber
//                    Band, resampling to 24 kHz, loudness, fades.
//          "engine": the engine alone (speechEngine().synthesize, no renderPassage around it).
//          "stages": the same engine steps called one by one and timed each (the breakdown).
//          "espeak": the Korean pre-pass and eSpeak NG only.
//          "espeak+rubberband": those and Rubber Band, nothing after (Rubber Band's CPU time is the
//                    difference to "espeak", for the comparison with the native rubberband).
//
// Speech-to-speech (`npm run bench:sts`, scripts/bench-sts.mjs):
//   POST /clip   {text, lang, voice, seconds} -> {audioSeconds, wavBytes, mp3Bytes, f0, ...}
//                makes the recording to convert: the text spoken by the product's engine in that
//                voice (24 kHz, as a generation renders it), repeated if short, cut to exactly
//                `seconds`; kept in the isolate with its upload files: a 44.1 kHz 16-bit stereo WAV
//                and an MP3 (our own LAME export, 64 kb/s mono, 44.1 kHz).
//   GET  /clip.wav, /clip.mp3 -> those files (what the end-to-end bench uploads)
//   POST /convert {voice, lang, mode} -> {audioSeconds, workerMs, ...}
//     mode "convert": convertToVoice (engine/convert.ts) of the 24 kHz clip to the voice, as the
//                     embedded engine's convert does it in a conversion job.
//          "f0", "rubberband", "loudness": its steps, one request each (each its own CPU time):
//                     ("f0-pitchfinder": the previous build's F0 analysis, for comparison)
//                     the recording's median F0, Rubber Band with the shift the last "convert"
//                     chose, loudness and fades. (The voice's own profile is measured once per
//                     isolate, in the first "convert".)
//          "decode-stored", "encode-wav": the conversion job's WAV decode of the stored source and
//                     WAV encode of the result (durable/generation-job.ts).
//          "decode-wav", "decode-mp3", "resample-upload": the upload's file check (checkRecording in
//                     speech/conversion.ts): decodeAudio (speech/decode.ts) with the product's
//                     limits, then the resampling of what it decoded to 24 kHz.
//
// Clock: deployed Workers freeze Date.now()/performance.now() between I/O (a Spectre mitigation),
// but the local workerd that wrangler runs does not: a busy loop of 0.86 s read 861 ms with no I/O
// in between (checked with wrangler 4.86 / workerd 2026-04-26). So the in-worker times below are
// real here; the bench still times every request from Node as well and prints those as the
// headline, and prints the in-worker sum beside them as a cross-check.
import { YIN } from "pitchfinder";
import { basicVoices } from "#db/seed-voices";
import { espeakVoiceName, STYLE_PROSODY } from "../../workers/api/src/engine/embedded";
import { espeakSynthesize, shiftedVariant } from "../../workers/api/src/engine/espeak";
import { fadeEdges, normalizeLoudness, resample, stretch } from "../../workers/api/src/engine/dsp";
import { koreanPronunciation } from "../../workers/api/src/engine/korean";
import { OUTPUT_SAMPLE_RATE, PEAK_CEILING_DBFS, TARGET_LUFS, type VoiceParams } from "../../workers/api/src/engine/types";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { renderPassage, RENDER } from "../../workers/api/src/speech/render";
import { convertToVoice, medianF0, voiceProfile } from "../../workers/api/src/engine/convert";
import { STS_LIMITS } from "../../workers/api/src/speech/conversion";
import { decodeAudio } from "../../workers/api/src/speech/decode";
import { encodeMp3 } from "../../workers/api/src/speech/export";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import type { AppEnv } from "../../workers/api/src/env";

type Mode = "render" | "engine" | "stages" | "espeak" | "espeak+rubberband";
type Body = { text: string; lang: "ko" | "en"; voice: string; mode: Mode };

// eSpeak's defaults where a voice leaves them out (the same as ESPEAK_DEFAULTS in embedded.ts).
const ESPEAK_DEFAULTS = { rate: 175, pitch: 50, range: 50 };

const now = () => performance.now();

/** The product's engine as a generation job gets it (no VOICE_ENGINE: the embedded engine). */
const engine = speechEngine({} as AppEnv["Bindings"]);

function voiceParams(id: string): VoiceParams {
  const row = basicVoices.find((v) => v.id === id);
  if (!row) throw new RangeError(`unknown voice ${id}`);
  return row.engine as VoiceParams;
}

/** The neutral style's prosody, as a generation with the default style uses it. */
const prosody = STYLE_PROSODY.neutral;

/**
 * eSpeak alone. `asProduct`: as EmbeddedEngine runs it, the voice's register and formants in an eSpeak
 * variant and its tempo in the rate; otherwise the base variant, whose shift Rubber Band then makes
 * (the component comparison with the native programs).
 */
async function espeakOnly(text: string, lang: Body["lang"], voice: VoiceParams, asProduct = false) {
  const t0 = now();
  const pronounced = lang === "ko" ? koreanPronunciation(text) : text;
  const shift = asProduct && ((voice.semitones ?? 0) !== 0 || (voice.formant ?? 1) !== 1);
  const variant = shift ? await shiftedVariant(voice.variant, voice.semitones ?? 0, voice.formant ?? 1) : voice.variant;
  const settings = {
    voice: espeakVoiceName(lang, { ...voice, variant }),
    rate: (voice.rate ?? ESPEAK_DEFAULTS.rate) * (asProduct ? (voice.tempo ?? 1) : 1) * prosody.rate,
    pitch: (voice.espeakPitch ?? ESPEAK_DEFAULTS.pitch) + prosody.pitch,
    range: (voice.espeakRange ?? ESPEAK_DEFAULTS.range) * prosody.range,
  };
  const t1 = now();
  const speech = await espeakSynthesize(pronounced, settings);
  const t2 = now();
  return { speech, pronounced, settings, pronunciationMs: t1 - t0, espeakMs: t2 - t1 };
}

async function synth(body: Body) {
  const voice = voiceParams(body.voice);
  const start = now();
  if (body.mode === "render" || body.mode === "engine") {
    const request = {
      text: body.text,
      lang: body.lang,
      voice: { id: body.voice, params: voice },
      style: "neutral",
      pitch: 0,
      tempo: 1,
    } as const;
    const audio = body.mode === "render" ? await renderPassage(engine, request) : await engine.synthesize(request);
    const workerMs = now() - start;
    return { audioSeconds: audio.samples.length / audio.sampleRate, sampleRate: audio.sampleRate, workerMs, stages: {} };
  }
  const { speech, pronounced, settings, pronunciationMs, espeakMs } = await espeakOnly(body.text, body.lang, voice, body.mode === "stages");
  const espeakSeconds = speech.samples.length / speech.sampleRate;
  if (body.mode === "espeak") {
    // With what the native programs need to do the same: the text eSpeak read and its settings.
    const native = { text: pronounced, ...settings, semitones: voice.semitones ?? 0, tempo: voice.tempo ?? 1, formant: voice.formant ?? 1 };
    return {
      audioSeconds: espeakSeconds,
      sampleRate: speech.sampleRate,
      workerMs: now() - start,
      espeakSeconds,
      native,
      stages: { pronunciationMs, espeakMs },
    };
  }
  // "stages": EmbeddedEngine.synthesize step by step (neutral style, request pitch 0, tempo 1: Rubber Band
  // has nothing to do). "espeak+rubberband": Rubber Band makes the voice's shift (a member's pitch change
  // of that size costs the same).
  const t0 = now();
  const shifted =
    body.mode === "stages"
      ? await stretch(speech.samples, speech.sampleRate, { semitones: 0, tempo: 1, formant: 1 })
      : await stretch(speech.samples, speech.sampleRate, {
          semitones: voice.semitones ?? 0,
          tempo: voice.tempo ?? 1,
          formant: voice.formant ?? 1,
        });
  const t1 = now();
  if (body.mode === "espeak+rubberband") {
    return {
      audioSeconds: shifted.length / speech.sampleRate,
      sampleRate: speech.sampleRate,
      workerMs: now() - start,
      espeakSeconds,
      stages: { pronunciationMs, espeakMs, rubberbandMs: t1 - t0 },
    };
  }
  const output = resample(shifted, speech.sampleRate, OUTPUT_SAMPLE_RATE);
  const t2 = now();
  const normalized = normalizeLoudness(output, OUTPUT_SAMPLE_RATE, TARGET_LUFS, PEAK_CEILING_DBFS);
  const final = fadeEdges(normalized, OUTPUT_SAMPLE_RATE);
  const t3 = now();
  return {
    audioSeconds: final.length / OUTPUT_SAMPLE_RATE,
    sampleRate: OUTPUT_SAMPLE_RATE,
    workerMs: now() - start,
    espeakSeconds,
    stages: { pronunciationMs, espeakMs, rubberbandMs: t1 - t0, resampleMs: t2 - t1, loudnessMs: t3 - t2 },
  };
}

// ---------------------------------------------------------------------------------------------
// Speech-to-speech

/** A typical upload's rate (CD, most phone recorders' WAV). */
const UPLOAD_RATE = 44100;

type Clip = {
  /** The recording at the render rate, as a checked upload is kept. */
  samples: Float32Array;
  /** As stored in R2 (encodeWav, 24 kHz mono 16-bit). */
  stored: Uint8Array;
  wav: Uint8Array<ArrayBuffer>;
  mp3: Uint8Array<ArrayBuffer>;
  /** Rubber Band's output and the final result of the last step-by-step run. */
  shifted?: Float32Array;
  converted?: Float32Array;
  /** The last decoded upload, at its own rate. */
  decoded?: { samples: Float32Array; sampleRate: number };
};
let clip: Clip | undefined;
/** The shift the last "convert" chose, so the step-by-step requests do the same work. */
let lastShift: { semitones: number; formant: number } | undefined;

/** 16-bit PCM stereo WAV, both channels the same. */
function stereoWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const mono = encodeWav(samples, sampleRate);
  const bytes = new Uint8Array(44 + samples.length * 4);
  bytes.set(mono.subarray(0, 44));
  const view = new DataView(bytes.buffer);
  view.setUint32(4, 36 + samples.length * 4, true);
  view.setUint16(22, 2, true); // channels
  view.setUint32(28, sampleRate * 4, true); // bytes per second
  view.setUint16(32, 4, true); // block align
  view.setUint32(40, samples.length * 4, true);
  const pcm = new Uint32Array(bytes.buffer, 44);
  const source = new Uint16Array(mono.buffer, 44);
  for (let i = 0; i < source.length; i++) pcm[i] = source[i]! | (source[i]! << 16);
  return bytes;
}

async function makeClip(body: { text: string; lang: Body["lang"]; voice: string; seconds: number }) {
  const start = now();
  const length = Math.round(body.seconds * OUTPUT_SAMPLE_RATE);
  const samples = new Float32Array(length);
  const request = {
    text: body.text,
    lang: body.lang,
    voice: { id: body.voice, params: voiceParams(body.voice) },
    style: "neutral",
    pitch: 0,
    tempo: 1,
  } as const;
  const speech = await engine.synthesize(request);
  if (speech.sampleRate !== OUTPUT_SAMPLE_RATE) throw new Error(`the engine answered ${speech.sampleRate} Hz`);
  for (let at = 0; at < length; at += speech.samples.length) samples.set(speech.samples.subarray(0, length - at), at);
  fadeEdges(samples, OUTPUT_SAMPLE_RATE);
  const upload = resample(samples, OUTPUT_SAMPLE_RATE, UPLOAD_RATE);
  clip = {
    samples,
    stored: encodeWav(samples, OUTPUT_SAMPLE_RATE),
    wav: stereoWav(upload, UPLOAD_RATE),
    mp3: await encodeMp3({ samples: upload, sampleRate: UPLOAD_RATE }),
  };
  return {
    audioSeconds: length / OUTPUT_SAMPLE_RATE,
    spokenSeconds: speech.samples.length / speech.sampleRate,
    f0: medianF0(samples, OUTPUT_SAMPLE_RATE),
    wavBytes: clip.wav.byteLength,
    mp3Bytes: clip.mp3.byteLength,
    workerMs: now() - start,
  };
}

type ConvertMode =
  | "convert"
  | "decode-stored"
  | "f0"
  | "f0-pitchfinder"
  | "rubberband"
  | "loudness"
  | "encode-wav"
  | "decode-wav"
  | "decode-mp3"
  | "resample-upload";

/**
 * The previous build's F0 analysis, for the side-by-side comparison: the same frames of the same 8 kHz copy,
 * each through pitchfinder's YIN (all 256 lags), where engine/convert.ts now computes the lags lazily.
 */
function medianF0Pitchfinder(samples: Float32Array, sampleRate: number): number | null {
  const x = resample(samples, sampleRate, 8000, 6);
  const detect = YIN({ sampleRate: 8000, threshold: 0.15 });
  let sum = 0;
  for (const v of x) sum += v * v;
  const floor = 0.3 * Math.sqrt(sum / Math.max(1, x.length));
  const found: number[] = [];
  for (let start = 0; start + 513 <= x.length; start += 160) {
    const frame = x.subarray(start, start + 513);
    let e = 0;
    for (const v of frame) e += v * v;
    if (Math.sqrt(e / frame.length) < floor) continue;
    const f0 = detect(frame);
    if (f0 && f0 > 50 && f0 < 800) found.push(f0);
  }
  if (found.length < 10) return null;
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)]!;
}

async function convert(body: { voice: string; lang: Body["lang"]; mode: ConvertMode }) {
  if (!clip) throw new Error("POST /clip first");
  const voice = voiceParams(body.voice);
  const audioSeconds = clip.samples.length / OUTPUT_SAMPLE_RATE;
  const start = now();
  const done = (extra: object = {}) => ({ audioSeconds, workerMs: now() - start, ...extra });
  switch (body.mode) {
    case "convert": {
      const out = await convertToVoice({ samples: clip.samples, sampleRate: OUTPUT_SAMPLE_RATE }, voice, body.lang);
      lastShift = { semitones: out.semitones, formant: out.formant };
      return done({
        outputSeconds: out.samples.length / out.sampleRate,
        ...lastShift,
        targetF0: (await voiceProfile(voice, body.lang)).f0,
      });
    }
    // convertToVoice's steps, one request each (so each gets its own CPU time), with the shift the
    // last "convert" chose; and the conversion job's WAV decode of the stored source and WAV encode
    // of the result (durable/generation-job.ts, speech/conversion.ts).
    case "decode-stored":
      decodeWav(clip.stored);
      return done();
    case "f0":
      return done({ f0: medianF0(clip.samples, OUTPUT_SAMPLE_RATE) });
    case "f0-pitchfinder":
      return done({ f0: medianF0Pitchfinder(clip.samples, OUTPUT_SAMPLE_RATE) });
    case "rubberband":
      if (!lastShift) throw new Error("convert first");
      clip.shifted = await stretch(clip.samples, OUTPUT_SAMPLE_RATE, { ...lastShift, tempo: 1 });
      return done();
    case "loudness":
      if (!clip.shifted) throw new Error("rubberband first");
      clip.converted = fadeEdges(normalizeLoudness(clip.shifted, OUTPUT_SAMPLE_RATE, TARGET_LUFS, PEAK_CEILING_DBFS), OUTPUT_SAMPLE_RATE);
      return done();
    case "encode-wav":
      if (!clip.converted) throw new Error("loudness first");
      encodeWav(clip.converted, RENDER.sampleRate);
      return done();
    // The upload's file check (checkRecording): decodeAudio with the product's limits, then the
    // resampling to the render rate, one request each.
    case "decode-wav":
    case "decode-mp3": {
      const bytes = body.mode === "decode-wav" ? clip.wav : clip.mp3;
      const decoded = await decodeAudio(bytes, STS_LIMITS);
      if (!decoded.ok) throw new Error(`decodeAudio refused the clip: ${decoded.reason} ${decoded.detail ?? ""}`);
      clip.decoded = decoded.audio;
      return done({
        audioSeconds: decoded.durationMs / 1000,
        format: decoded.format,
        sampleRate: decoded.audio.sampleRate,
        bytes: bytes.byteLength,
      });
    }
    case "resample-upload": {
      if (!clip.decoded) throw new Error("decode first");
      const { samples, sampleRate } = clip.decoded;
      const at24 = resample(samples, sampleRate, RENDER.sampleRate);
      return done({ audioSeconds: at24.length / RENDER.sampleRate });
    }
  }
}

/**
 * A passage as the product renders it, as 16 kHz 16-bit WAV (what pocketsphinx reads): the voice's seeded
 * parameters, plain eSpeak NG's default voice for the language when `voice` is "plain", or `params` when given
 * (trying a voice's parameters before they are seeded).
 */
async function speakWav(body: { text: string; lang: Body["lang"]; voice: string; params?: VoiceParams }) {
  const plain: VoiceParams = body.lang === "en" ? { englishVoice: "en-us" } : {};
  const params: VoiceParams = body.params ?? (body.voice === "plain" ? plain : voiceParams(body.voice));
  const audio = await renderPassage(engine, {
    text: body.text,
    lang: body.lang,
    voice: { id: body.voice, params },
    style: "neutral",
    pitch: 0,
    tempo: 1,
  });
  return encodeWav(resample(audio.samples, audio.sampleRate, 16000), 16000);
}

const json = async (request: Request, run: (body: never) => Promise<unknown>) => {
  try {
    return Response.json(await run((await request.json()) as never));
  } catch (error) {
    return Response.json({ error: String(error) }, { status: 500 });
  }
};

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const post = request.method === "POST";
    if (url.pathname === "/noop") return Response.json({});
    if (url.pathname === "/synth" && post) return json(request, synth);
    if (url.pathname === "/speak.wav" && post) {
      try {
        const wav = await speakWav(await request.json());
        return new Response(wav as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/wav" } });
      } catch (error) {
        return Response.json({ error: String(error) }, { status: 500 });
      }
    }
    if (url.pathname === "/clip" && post) return json(request, makeClip);
    if (url.pathname === "/convert" && post) return json(request, convert);
    if ((url.pathname === "/clip.wav" || url.pathname === "/clip.mp3") && clip) {
      const wav = url.pathname === "/clip.wav";
      return new Response(wav ? clip.wav : clip.mp3, { headers: { "content-type": wav ? "audio/wav" : "audio/mpeg" } });
    }
    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler;
