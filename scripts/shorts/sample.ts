// The sample shorts' voice (docs/decisions/0042): each template's script read by one of the product's
// basic voices with the embedded engine (eSpeak NG + Rubber Band, as a TTS generation renders a passage), every
// cue's speech placed at the cue's start so the audio follows the script's timing, then encoded to a small MP3
// (24 kHz mono, 24 kb/s CBR, LAME through wasm-media-encoders as the product's downloads). Runs inside workerd:
// scripts/make-short-samples.mjs starts scripts/shorts/voice-worker.ts with wrangler and writes the files.
// Deterministic: the same engine build and script give the same bytes.
import { createEncoder } from "wasm-media-encoders";
import mp3Wasm from "wasm-media-encoders/wasm/mp3";
import { basicVoices } from "#db/seed-voices";
import { SHORT_TEMPLATES, type ShortTemplate } from "#contracts/labs";
import type { VoiceParams } from "../../workers/api/src/engine/types";
import { speechEngine } from "../../workers/api/src/speech/engine";
import { RENDER, renderPassage } from "../../workers/api/src/speech/render";
import type { AppEnv } from "../../workers/api/src/env";

/** Which basic voice (db/seed-voices.ts) reads which template, per language. */
export const SAMPLE_VOICES: Record<string, { ko: string; en: string }> = {
  news: { ko: "ko-minjun", en: "en-james" },
  trailer: { ko: "ko-dohyun", en: "en-ethan" },
  birthday: { ko: "ko-seoyeon", en: "en-emma" },
};

/**
 * 24 kb/s CBR from the render's 24 kHz (LAME chooses 16 kHz output at this rate, MPEG-2 layer III): clear enough
 * for a sample, 3 KB a second.
 */
export const SAMPLE_MP3 = { bitrate: 24, sampleRate: RENDER.sampleRate } as const;

const engine = speechEngine({} as AppEnv["Bindings"]);

function voice(id: string) {
  const row = basicVoices.find((v) => v.id === id);
  if (!row) throw new RangeError(`unknown voice ${id}`);
  return { id, params: row.engine as VoiceParams };
}

/** The template's script spoken in `lang`: each cue from its start (or after the previous cue, if that ran over). */
export async function sampleAudio(template: ShortTemplate, lang: "ko" | "en") {
  const who = SAMPLE_VOICES[template.id];
  if (!who) throw new RangeError(`no sample voice for ${template.id}`);
  const rate = RENDER.sampleRate;
  const pieces: { at: number; samples: Float32Array }[] = [];
  let end = 0;
  for (const cue of template.cues) {
    const audio = await renderPassage(engine, { text: cue[lang], lang, voice: voice(who[lang]), style: "neutral", pitch: 0, tempo: 1 });
    // A small lead-in after the cue appears; never before the previous cue's speech has ended.
    const at = Math.max(Math.round((cue.start + 0.2) * rate), end);
    pieces.push({ at, samples: audio.samples });
    end = at + audio.samples.length;
  }
  const samples = new Float32Array(Math.max(end, Math.round(template.seconds * rate)));
  for (const p of pieces) samples.set(p.samples, p.at);
  return { samples, sampleRate: rate };
}

/** The MP3 file of one sample and its length in seconds (the PCM's, before the encoder's padding). */
export async function sampleMp3(template: ShortTemplate, lang: "ko" | "en") {
  const { samples, sampleRate } = await sampleAudio(template, lang);
  const lame = await createEncoder("audio/mpeg", mp3Wasm);
  lame.configure({ channels: 1, sampleRate, bitrate: SAMPLE_MP3.bitrate });
  const parts: Uint8Array[] = [];
  for (let at = 0; at < samples.length; at += 16_384) parts.push(lame.encode([samples.subarray(at, at + 16_384)]).slice());
  parts.push(lame.finalize().slice());
  const mp3 = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    mp3.set(p, at);
    at += p.length;
  }
  return { mp3, seconds: samples.length / sampleRate };
}

export const sampleTemplate = (id: string) => SHORT_TEMPLATES.find((t) => t.id === id) ?? null;
