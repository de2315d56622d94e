// Reading Xinference's answers within bounds: time limits, the size an answer may have by its text, errors as
// FastAPI writes them, whole and streamed WAV through the product's own decoder, and the voice's move applied after.
/**
 * Xinference (xorbitsai/inference): the neural engine of a real deployment (VOICE_ENGINE=xinference;
 * docs/decisions/0061, docs/voice-engine.md). One REST API in front of a GPU cluster serves a cloning TTS model, an ASR
 * model and, optionally, a preset-speaker TTS model per language. Requests are exactly what Xinference's
 * `create_speech` and `create_transcriptions` parse (api/restful_api.py); tests/workers/standins/xinference.js is a
 * stand-in built from that source.
 *
 * Voices:
 * - a voice with a reference clip (`params.prompt`: its R2 key and exact transcript; open, custom and operators' basic
 *   voices) is spoken by the cloning model, the clip sent as `prompt_speech` with every request (nothing is kept on the
 *   engine between requests, so deleting the clip deletes the voice);
 * - a voice with `params.preset` is a preset model's speaker;
 * - any other voice (the seed's eSpeak presets) is the language's preset model moved to the voice's register and
 *   formants, or, with no preset model configured, the embedded engine.
 * Speech-to-speech transcribes the recording with timestamps and speaks each segment again in the target voice, fitted
 * to the segment's time and level (resynthesis.ts).
 */
import { fadeEdges, resample, stretch } from "../engine/dsp";
import { decodeAudio, SILENCE } from "./decode";
import { RENDER } from "./render";
import { EngineError } from "./types";
import type { Audio } from "./wav";

/**
 * Time limits (ms). `answerMs` is the wait for the response's headers (a streamed answer starts at once; a model list
 * or a short transcription is quick); `totalMs` bounds a whole call (a 500-character passage is about a minute of speech,
 * which a GPU makes in seconds). A call that fails by a 5xx or a timeout is tried once more.
 */
export const XINFERENCE_LIMITS = {
  answerMs: 15_000,
  totalMs: 60_000,
  transcribeMs: 120_000,
  /** No answer may make the worker hold more than this (a minute of 44.1 kHz float audio is 10.6 MB). */
  maxBytes: 32 * 1024 * 1024,
  /** Consecutive failures that open the circuit, and how long it stays open. */
  breakerFailures: 3,
  breakerOpenMs: 30_000,
  /** How long a model check is trusted: a success, a failure. */
  checkOkMs: 60_000,
  checkFailMs: 10_000,
} as const;

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * `work` given `ms`: past it the signal aborts and the promise rejects with a TimeoutError at once, whether or not the
 * runtime gives up the request (a fetch to a service in workerd may go on waiting for its answer).
 */
export async function withinTime<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`no answer within ${ms} ms`);
      err.name = "TimeoutError";
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
export const reason = (err: unknown) =>
  err instanceof Error ? `${err.name === "TimeoutError" ? "timed out: " : ""}${err.message}` : String(err);

export type AnswerBounds = { maxSeconds: number; maxBytes: number };

/**
 * What an answer for `text` may hold: slow speech is 3 syllables a second, so past 5 s + 0.5 s a character the model did
 * not stop; in bytes, that much 48 kHz 32-bit audio (the most any of these models writes), at most `maxBytes`.
 */
export function answerBounds(text: string): AnswerBounds {
  const maxSeconds = 5 + [...text].length * 0.5;
  return { maxSeconds, maxBytes: Math.min(XINFERENCE_LIMITS.maxBytes, Math.ceil(maxSeconds * 48_000 * 4) + 64 * 1024) };
}

/** Xinference's errors are FastAPI's {"detail": ...}; anything else is shown as its first 200 characters. */
export async function errorDetail(res: Response) {
  const text = await boundedText(res, 4096, Date.now() + 5_000).catch(() => "");
  try {
    const detail = (JSON.parse(text) as { detail?: unknown }).detail;
    return (typeof detail === "string" ? detail : JSON.stringify(detail)).slice(0, 300);
  } catch {
    return text.slice(0, 200);
  }
}

/** The body, refused past `max` bytes (a server cannot make the worker hold more than its answer's worth). */
export async function boundedBytes(
  res: Response,
  max: number = XINFERENCE_LIMITS.maxBytes,
  onChunk?: (bytes: Uint8Array) => void,
  deadline = Date.now() + XINFERENCE_LIMITS.totalMs,
  /** Whether the bytes are kept and answered (a streamed answer is only handed to `onChunk`). */
  keep = true,
) {
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const left = deadline - Date.now();
    const { done, value } = await withinTime(() => reader.read(), Math.max(1, left)).catch(async (err: unknown) => {
      await reader.cancel().catch(() => {});
      throw new EngineError(`xinference's answer did not end in time: ${reason(err)}`);
    });
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new EngineError(`xinference answered more than ${max} bytes`);
    }
    if (keep) parts.push(value);
    onChunk?.(value);
  }
  const out = new Uint8Array(keep ? total : 0);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
export const boundedText = async (res: Response, max = 1024 * 1024, deadline?: number) =>
  new TextDecoder().decode(await boundedBytes(res, max, undefined, deadline));

/** A whole answer through the product's own decoder and its checks (format by content, bounds, silence). */
export async function readAudio(res: Response, deadline: number, bounds: AnswerBounds): Promise<Audio> {
  const bytes = await boundedBytes(res, bounds.maxBytes, undefined, deadline);
  const decoded = await decodeAudio(bytes, { maxBytes: bounds.maxBytes, maxSeconds: bounds.maxSeconds });
  if (!decoded.ok)
    throw new EngineError(`xinference answered no usable audio (${decoded.reason}${decoded.detail ? `: ${decoded.detail}` : ""})`);
  return decoded.audio;
}

/**
 * A streamed WAV (torchaudio's StreamWriter): a header whose sizes are unknown, then 16-bit PCM as the model makes it.
 * Each whole block of samples is handed to `onAudio` as it arrives; the whole is answered at the end.
 */
export async function readStreamedWav(
  res: Response,
  deadline: number,
  bounds: AnswerBounds,
  onAudio?: (part: Audio) => void,
): Promise<Audio> {
  let held = 0;
  let head = new Uint8Array(0);
  let format: { rate: number; channels: number; bits: number; float: boolean } | null = null;
  let carry = new Uint8Array(0);
  const parts: Float32Array[] = [];
  const take = (bytes: Uint8Array) => {
    if (!format) {
      const joined = new Uint8Array(head.length + bytes.length);
      joined.set(head);
      joined.set(bytes, head.length);
      const parsed = wavHeader(joined);
      if (parsed === "more") {
        if (joined.length > 4096) throw new EngineError("xinference streamed no WAV header");
        head = joined;
        return;
      }
      format = parsed;
      bytes = joined.subarray(parsed.dataAt);
    }
    const frame = (format.bits / 8) * format.channels;
    const all = new Uint8Array(carry.length + bytes.length);
    all.set(carry);
    all.set(bytes, carry.length);
    const whole = all.length - (all.length % frame);
    carry = all.slice(whole);
    if (whole === 0) return;
    const view = new DataView(all.buffer, all.byteOffset, whole);
    const samples = new Float32Array(whole / frame);
    for (let i = 0; i < samples.length; i++) {
      let sum = 0;
      for (let c = 0; c < format.channels; c++) {
        const at = (i * format.channels + c) * (format.bits / 8);
        sum += format.float ? view.getFloat32(at, true) : view.getInt16(at, true) / 0x8000;
      }
      samples[i] = sum / format.channels;
    }
    held += samples.length;
    if (held > bounds.maxSeconds * format.rate) throw new EngineError(`xinference streamed more than ${bounds.maxSeconds} s`);
    parts.push(samples);
    onAudio?.({ samples, sampleRate: format.rate });
  };
  let failure: unknown = null;
  await boundedBytes(
    res,
    bounds.maxBytes,
    (chunk) => {
      if (failure) return;
      try {
        take(chunk);
      } catch (err) {
        failure = err;
      }
    },
    deadline,
    false,
  );
  if (failure) throw failure;
  const rate = (format as { rate: number } | null)?.rate;
  if (!rate) throw new EngineError("xinference streamed no audio");
  const samples = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length;
  }
  return { samples, sampleRate: rate };
}

/** The format and where the samples start, from a WAV header whose sizes may be unknown; "more" until it is whole. */
export function wavHeader(bytes: Uint8Array): { rate: number; channels: number; bits: number; float: boolean; dataAt: number } | "more" {
  if (bytes.length < 12) return "more";
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new EngineError("xinference streamed something that is not WAV");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { rate: number; channels: number; bits: number; float: boolean } | null = null;
  for (let at = 12; ;) {
    if (at + 8 > bytes.length) return "more";
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === "data") {
      if (!fmt) throw new EngineError("xinference streamed a WAV without its format");
      return { ...fmt, dataAt: at + 8 };
    }
    if (at + 8 + size > bytes.length) return "more";
    if (id === "fmt ") {
      let format = view.getUint16(at + 8, true);
      if (format === 0xfffe && size >= 26) format = view.getUint16(at + 32, true);
      const channels = view.getUint16(at + 10, true);
      const rate = view.getUint32(at + 12, true);
      const bits = view.getUint16(at + 22, true);
      const float = format === 3 && bits === 32;
      if (!(format === 1 && bits === 16) && !float) throw new EngineError(`xinference streamed WAV format ${format}/${bits} bits`);
      if (channels < 1 || channels > 8 || rate < 8000 || rate > 192_000)
        throw new EngineError("xinference streamed an impossible WAV format");
      fmt = { rate, channels, bits, float };
    }
    at += 8 + size + (size % 2);
  }
}

/**
 * The model's audio for the render: checked (not silent, not longer than the text could take), the member's pitch and
 * tempo (Rubber Band, formants kept), 24 kHz, faded edges.
 */
export async function finish(audio: Audio, move: { semitones: number; tempo: number; formant: number }, text: string) {
  let peak = 0;
  for (const s of audio.samples) peak = Math.max(peak, Math.abs(s));
  if (audio.samples.length === 0 || peak < SILENCE.peak) throw new EngineError("xinference answered silence");
  const seconds = audio.samples.length / audio.sampleRate;
  if (seconds > answerBounds(text).maxSeconds)
    throw new EngineError(`xinference answered ${seconds.toFixed(1)} s for ${[...text].length} characters`);
  let samples = audio.sampleRate === RENDER.sampleRate ? audio.samples : resample(audio.samples, audio.sampleRate, RENDER.sampleRate);
  if (move.semitones !== 0 || move.tempo !== 1 || move.formant !== 1) samples = await stretch(samples, RENDER.sampleRate, move);
  // Loudness is the passage's (renderPassage measures the pieces together: a short piece alone measures louder).
  return { samples: fadeEdges(samples, RENDER.sampleRate, RENDER.fadeMs), sampleRate: RENDER.sampleRate, normalized: false };
}
