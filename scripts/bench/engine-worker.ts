// Bench-only worker for `npm run bench:engine` (scripts/bench-engine.mjs): the api worker's embedded
// voice engine, alone in workerd, behind a small JSON endpoint. Never deployed (its config is
// scripts/bench/engine-wrangler.toml; it has no bindings).
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
// Clock: deployed Workers freeze Date.now()/performance.now() between I/O (a Spectre mitigation),
// but the local workerd that wrangler runs does not: a busy loop of 0.86 s read 861 ms with no I/O
// in between (checked with wrangler 4.86 / workerd 2026-04-26). So the in-worker times below are
// real here; the bench still times every request from Node as well and prints those as the
// headline, and prints the in-worker sum beside them as a cross-check.
import { basicVoices } from "../../db/seed-voices";
import { espeakVoiceName, STYLE_PROSODY } from "../../workers/api/src/engine/embedded";
import { espeakSynthesize, shiftedVariant } from "../../workers/api/src/engine/espeak";
import { fadeEdges, normalizeLoudness, resample, stretch } from "../../workers/api/src/engine/dsp";
import { koreanPronunciation } from "../../workers/api/src/engine/korean";
import { OUTPUT_SAMPLE_RATE, PEAK_CEILING_DBFS, TARGET_LUFS, type VoiceParams } from "../../workers/api/src/engine/types";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { renderPassage } from "../../workers/api/src/speech/render";
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
    const request = { text: body.text, lang: body.lang, voice: { id: body.voice, params: voice }, style: "neutral", pitch: 0, tempo: 1 } as const;
    const audio = body.mode === "render" ? await renderPassage(engine, request) : await engine.synthesize(request);
    const workerMs = now() - start;
    return { audioSeconds: audio.samples.length / audio.sampleRate, sampleRate: audio.sampleRate, workerMs, stages: {} };
  }
  const { speech, pronounced, settings, pronunciationMs, espeakMs } = await espeakOnly(body.text, body.lang, voice, body.mode === "stages");
  const espeakSeconds = speech.samples.length / speech.sampleRate;
  if (body.mode === "espeak") {
    // With what the native programs need to do the same: the text eSpeak read and its settings.
    const native = { text: pronounced, ...settings, semitones: voice.semitones ?? 0, tempo: voice.tempo ?? 1, formant: voice.formant ?? 1 };
    return { audioSeconds: espeakSeconds, sampleRate: speech.sampleRate, workerMs: now() - start, espeakSeconds, native, stages: { pronunciationMs, espeakMs } };
  }
  // "stages": EmbeddedEngine.synthesize step by step (neutral style, request pitch 0, tempo 1: Rubber Band
  // has nothing to do). "espeak+rubberband": Rubber Band makes the voice's shift (a member's pitch change
  // of that size costs the same).
  const t0 = now();
  const shifted =
    body.mode === "stages"
      ? await stretch(speech.samples, speech.sampleRate, { semitones: 0, tempo: 1, formant: 1 })
      : await stretch(speech.samples, speech.sampleRate, { semitones: voice.semitones ?? 0, tempo: voice.tempo ?? 1, formant: voice.formant ?? 1 });
  const t1 = now();
  if (body.mode === "espeak+rubberband") {
    return { audioSeconds: shifted.length / speech.sampleRate, sampleRate: speech.sampleRate, workerMs: now() - start, espeakSeconds, stages: { pronunciationMs, espeakMs, rubberbandMs: t1 - t0 } };
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

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/noop") return Response.json({});
    if (url.pathname !== "/synth" || request.method !== "POST") return new Response("not found", { status: 404 });
    try {
      return Response.json(await synth((await request.json()) as Body));
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
} satisfies ExportedHandler;
