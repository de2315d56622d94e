import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { inferences, voices } from "#db/schema";
import type * as schema from "#db/schema";
import { refundCharge, settleCharge, spendCharge, usage, type Charge } from "../lib/allowance";
import { Code, formatDuration, message, type Locale } from "../lib/codes";
import { recordVoiceUse, visibleTo } from "../domain/voices";
import { overSlotsRefusal } from "../domain/custom-voices/slots";
import { unusableVoiceCode } from "../domain/voice-availability";
import type { AppEnv, Member } from "../env";
import { encodeWav, fadeEdges, normalizeLoudness, resample } from "../engine/dsp";
import { decodeAudio, type DecodeFailure, type UploadFormat } from "./decode";
import { speechEngine } from "./engine";
import { RENDER } from "./render";
import { EngineError, type VoiceParams } from "./types";
import { durationMs, type Audio } from "./wav";
import { billedSeconds, STS_UPLOAD } from "#contracts/sts";

/** Limits of one speech-to-speech input (contracts/sts.ts: the app's page posts use them too). */
export const STS_LIMITS = STS_UPLOAD;

/**
 * Time charged for a recording (spec: time deducted on conversion): the nearest whole second, the same
 * number the pages show as its length (contracts/sts.ts, docs/decisions/0038).
 */
export const chargedSeconds = billedSeconds;

type Failure = { ok: false; code: Code; message?: string };
export type Checked = { ok: true; audio: Audio; format: UploadFormat; durationMs: number; seconds: number };

/** The result code of each way an upload fails to decode (STS, and the actors page's samples). */
export const REFUSAL: Record<DecodeFailure, Code> = {
  empty: Code.AUDIO_EMPTY,
  "too-large": Code.AUDIO_TOO_LARGE,
  "not-audio": Code.AUDIO_NOT_AUDIO,
  unsupported: Code.AUDIO_UNSUPPORTED,
  corrupt: Code.AUDIO_CORRUPT,
  "too-long": Code.AUDIO_OVER_MAX,
  silent: Code.AUDIO_SILENT,
};

/** The refusal of a recording longer than the time left (the spec's "file too long" dialog). */
export function tooLong(seconds: number, remaining: number, locale: Locale): Failure {
  if (remaining <= 0) return { ok: false, code: Code.TIME_EXHAUSTED };
  return {
    ok: false,
    code: Code.AUDIO_TOO_LONG,
    message: message(Code.AUDIO_TOO_LONG, locale, {
      duration: formatDuration(seconds, locale),
      remaining: formatDuration(remaining, locale),
    }),
  };
}

/** Seconds of conversion time the member has left this period. */
export async function remainingSeconds(db: D1Database, memberId: string) {
  const left = await usage(db, memberId, "seconds");
  return left ? Math.max(0, left.limit - left.used) : 0;
}

/**
 * File check (STS step 2): decodes the bytes by their content and refuses, with the spec's messages,
 * an upload that is empty, too large, not audio, of a format without a decoder, corrupt, silent,
 * longer than 5 minutes or longer than the member's remaining time. Nothing is stored here: the
 * caller stores only what passed. The audio comes back at the render rate (24 kHz mono).
 */
export async function checkRecording(db: D1Database, memberId: string, bytes: Uint8Array, locale: Locale): Promise<Checked | Failure> {
  const remaining = await remainingSeconds(db, memberId);
  if (remaining <= 0) return { ok: false, code: Code.TIME_EXHAUSTED };
  const decoded = await decodeAudio(bytes, STS_LIMITS);
  if (!decoded.ok) {
    if (decoded.detail) console.log("upload refused", decoded.reason, decoded.detail);
    const code = REFUSAL[decoded.reason];
    if (code === Code.AUDIO_TOO_LARGE)
      return { ok: false, code, message: message(code, locale, { max: STS_LIMITS.maxBytes / 1024 / 1024 }) };
    if (code === Code.AUDIO_OVER_MAX)
      return { ok: false, code, message: message(code, locale, { max: formatDuration(STS_LIMITS.maxSeconds, locale) }) };
    return { ok: false, code };
  }
  const seconds = chargedSeconds(decoded.durationMs);
  if (seconds > remaining) return tooLong(seconds, remaining, locale);
  const { samples, sampleRate } = decoded.audio;
  const audio =
    sampleRate === RENDER.sampleRate
      ? decoded.audio
      : { samples: resample(samples, sampleRate, RENDER.sampleRate), sampleRate: RENDER.sampleRate };
  return { ok: true, audio, format: decoded.format, durationMs: decoded.durationMs, seconds };
}

export type ConversionInput = {
  /** The checked recording at the render rate. */
  audio: Audio;
  /** Where the recording is already stored (a checked source); otherwise it is stored with the result. */
  sourceKey?: string;
  voiceId: string;
  method: "record" | "upload";
  /** The original file's name, shown in the work history. */
  name: string;
  projectId?: string | null;
  /** The result this one answers ("reply with my voice"): linked as it is made, if it still exists then. */
  replyTo?: string | null;
  /** Progress of the engine's work (0..1), for a job's stream. */
  progress?: (fraction: number) => Promise<void> | void;
};
export type Converted = { inferenceId: string; audioKey: string; sourceKey: string; durationMs: number; seconds: number };

/**
 * One conversion, as POST /studio/sts and a conversion job run it: a voice the member may use, the
 * time spent atomically before the engine runs (and given back if it fails), the result brought to
 * the render targets (24 kHz, -20 LUFS, peaks at most -1 dBFS) and stored in R2 beside its original,
 * and the result recorded in the work history. What it takes is written in the ledger under `charge`
 * docs/decisions/0017: .
 */
export async function convertRecording(
  env: AppEnv["Bindings"],
  db: DrizzleD1Database<typeof schema>,
  member: Member,
  input: ConversionInput,
  locale: Locale,
  charge: Charge,
): Promise<{ ok: true; value: Converted } | Failure> {
  const voice = await db
    .select()
    .from(voices)
    .where(and(eq(voices.id, input.voiceId), visibleTo(member)))
    .get();
  // A voice its creator deleted is refused for new audio with its own message (docs/decisions/0029).
  if (!voice || voice.deletedAt) return { ok: false, code: await unusableVoiceCode(db, member, input.voiceId) };
  // A custom voice over the plan's slots waits for the member's choice.
  if (await overSlotsRefusal(db, env.DB, member.id, voice)) return { ok: false, code: Code.CUSTOM_VOICE_OVER_SLOTS };
  const seconds = chargedSeconds(durationMs(input.audio));
  const spent = await spendCharge(env.DB, charge, member.id, "seconds", seconds);
  if (!spent.ok) {
    if (spent.reason === "no-member") return { ok: false, code: Code.LOGIN_REQUIRED };
    return tooLong(seconds, spent.limit - spent.used, locale);
  }
  try {
    const lang = voice.lang === "en" ? "en" : "ko";
    const out = await speechEngine(env).convert({
      audio: input.audio,
      lang,
      voice: { id: voice.id, params: voice.engine as VoiceParams },
      progress: input.progress,
    });
    let samples = out.sampleRate === RENDER.sampleRate ? out.samples : resample(out.samples, out.sampleRate, RENDER.sampleRate);
    if (!(out.normalized && out.sampleRate === RENDER.sampleRate)) {
      samples = fadeEdges(normalizeLoudness(samples, RENDER.sampleRate, RENDER.lufs, RENDER.ceilingDbfs), RENDER.sampleRate, RENDER.fadeMs);
    }
    const id = crypto.randomUUID();
    const audioKey = `inferences/${member.id}/${id}.wav`;
    const sourceKey = input.sourceKey ?? `sources/${member.id}/${id}.wav`;
    await Promise.all([
      env.MEDIA.put(audioKey, encodeWav(samples, RENDER.sampleRate), { httpMetadata: { contentType: "audio/wav" } }),
      input.sourceKey
        ? null
        : env.MEDIA.put(sourceKey, encodeWav(input.audio.samples, input.audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } }),
    ]);
    const ms = durationMs({ samples, sampleRate: RENDER.sampleRate });
    await db.insert(inferences).values({
      id,
      memberId: member.id,
      projectId: input.projectId ?? null,
      // The original may have gone since the job started: then no link (the foreign key would refuse the row).
      replyTo: input.replyTo ? sql<string | null>`(SELECT id FROM inferences WHERE id = ${input.replyTo})` : null,
      voiceId: voice.id,
      method: input.method,
      text: input.name,
      characters: 0,
      seconds,
      audioKey,
      sourceKey,
      conversion: out.method ?? "register",
      durationMs: ms,
      createdAt: Date.now(),
    });
    await settleCharge(env.DB, charge.key);
    await recordVoiceUse(env.DB, voice.id);
    return { ok: true, value: { inferenceId: id, audioKey, sourceKey, durationMs: ms, seconds } };
  } catch (err) {
    // Time is deducted on AI use only: a conversion that failed costs nothing.
    await refundCharge(env.DB, charge.key);
    if (err instanceof EngineError) {
      console.error("conversion failed", err.message);
      return { ok: false, code: Code.CONVERT_FAILED };
    }
    throw err;
  }
}
