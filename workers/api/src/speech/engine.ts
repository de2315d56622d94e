import type { Context } from "hono";
import type { AppEnv } from "../env";
import { convertToVoice } from "../engine/convert";
import { EmbeddedEngine } from "../engine/embedded";
import { WorkersAiEngine } from "./workers-ai-engine";
import { EngineError, type SpeechEngine } from "./types";
import { deriveVoice } from "./voice-profile";
import { XinferenceEngine, xinferenceConfig } from "./xinference";

/**
 * The engine the product speaks with (VOICE_ENGINE): "xinference" is an Xinference server's neural models (cloning,
 * preset speakers, speech recognition; speech/xinference.ts, docs/decisions/0061); "workers-ai" is MeloTTS through the
 * AI binding, with speech-to-speech on the embedded engine (docs/decisions/0025); "embedded", the default, runs inside
 * the worker and needs nothing.
 */
export function speechEngine(env: AppEnv["Bindings"]): SpeechEngine {
  if (env.VOICE_ENGINE === "workers-ai") {
    if (!env.AI) throw new EngineError("VOICE_ENGINE=workers-ai needs the AI binding");
    return new WorkersAiEngine(env.AI, embedded);
  }
  if (env.VOICE_ENGINE === "xinference") return new XinferenceEngine(xinferenceConfig(env), env.MEDIA, embedded);
  return embedded;
}

/**
 * The queue of reference clips to delete (the `remote_voice_deletions` table, filled by migration 0031's triggers;
 * docs/decisions/0052, 0061): bounded work per drain, a failure retried after 1, 2, 4 ... hours (at most a day apart),
 * given up after `attempts`.
 */
export const REMOTE_FORGET = { batch: 25, concurrency: 5, attempts: 12, firstWaitMs: 3_600_000, maxWaitMs: 86_400_000 } as const;

export type ForgetCounts = { deleted: number; failed: number; gaveUp: number };

/**
 * Deletes the reference clips of the voices the product let go of (rows of `remote_voice_deletions`, queued by triggers
 * when a voice or an unpublished draft with `engine.prompt` goes), whatever engine is configured now: the clip is the
 * voice, and nothing of it may stay. Runs after the answer (`forgetAfterAnswer`, for the voices a request just deleted:
 * `sources`) and from the hourly cron (every due row, `REMOTE_FORGET.batch` at most). Never throws: a failure is logged
 * and retried later; the product's deletion stands.
 */
export async function forgetRemoteVoices(env: AppEnv["Bindings"], opts: { sources?: string[]; now?: number } = {}): Promise<ForgetCounts> {
  const counts: ForgetCounts = { deleted: 0, failed: 0, gaveUp: 0 };
  const now = opts.now ?? Date.now();
  try {
    const sources = opts.sources?.slice(0, REMOTE_FORGET.batch);
    if (sources && sources.length === 0) return counts;
    const due = sources
      ? env.DB.prepare(
          `SELECT source_id AS sourceId, remote_id AS key, attempts FROM remote_voice_deletions
           WHERE source_id IN (SELECT value FROM json_each(?1)) AND next_at <= ?2`,
        ).bind(JSON.stringify(sources), now)
      : env.DB.prepare(
          `SELECT source_id AS sourceId, remote_id AS key, attempts FROM remote_voice_deletions
           WHERE next_at <= ?1 ORDER BY next_at LIMIT ?2`,
        ).bind(now, REMOTE_FORGET.batch);
    const { results } = await due.all<{ sourceId: string; key: string; attempts: number }>();
    const one = async (row: (typeof results)[number]) => {
      try {
        // Only the product's own clips (voices/...) are deleted; anything else in the queue is not ours to touch.
        if (row.key.startsWith("voices/")) await env.MEDIA.delete(row.key);
        await env.DB.prepare("DELETE FROM remote_voice_deletions WHERE source_id = ?1").bind(row.sourceId).run();
        counts.deleted++;
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        const attempts = row.attempts + 1;
        if (attempts >= REMOTE_FORGET.attempts) {
          console.warn(`reference clip ${row.key} of ${row.sourceId} given up after ${attempts} attempts:`, reason);
          await env.DB.prepare("DELETE FROM remote_voice_deletions WHERE source_id = ?1").bind(row.sourceId).run();
          counts.gaveUp++;
          return;
        }
        console.warn(`reference clip ${row.key} of ${row.sourceId} not deleted (attempt ${attempts}):`, reason);
        const wait = Math.min(REMOTE_FORGET.firstWaitMs * 2 ** (attempts - 1), REMOTE_FORGET.maxWaitMs);
        await env.DB.prepare("UPDATE remote_voice_deletions SET attempts = ?2, next_at = ?3, last_error = ?4 WHERE source_id = ?1")
          .bind(row.sourceId, attempts, now + wait, reason)
          .run();
        counts.failed++;
      }
    };
    for (let i = 0; i < results.length; i += REMOTE_FORGET.concurrency)
      await Promise.all(results.slice(i, i + REMOTE_FORGET.concurrency).map(one));
  } catch (err) {
    console.warn("reference clips not deleted:", err instanceof Error ? err.message : String(err));
  }
  return counts;
}

/**
 * After the answer (the request's `waitUntil`): the clips of the voices this request deleted (`sources`), or, without
 * `sources`, every due row (`REMOTE_FORGET.batch` at most) for a request whose deletions went through a cascade or a move
 * to Free, whose ids it does not hold. Draining a row twice is harmless (deleting a missing R2 key succeeds).
 */
export function forgetAfterAnswer(c: Context<AppEnv>, sources?: string[]) {
  if (sources?.length === 0) return;
  try {
    c.executionCtx.waitUntil(forgetRemoteVoices(c.env, sources ? { sources } : {}));
  } catch {
    // No execution context (a direct app.fetch in a test): the cron drains the queue.
  }
}

let engine: EmbeddedEngine | undefined;

/** eSpeak NG and Rubber Band inside the worker (docs/decisions/0009), started once per isolate on first use. */
const embedded: SpeechEngine = {
  name: "embedded",
  async synthesize(request) {
    engine ??= new EmbeddedEngine();
    try {
      // EmbeddedEngine normalises to -20 LUFS and -1 dBFS and fades its edges at 24 kHz (engine/embedded.ts).
      const audio = await engine.synthesize({
        text: request.text,
        lang: request.lang,
        voice: request.voice.params,
        pitch: request.pitch,
        tempo: request.tempo,
        style: request.style,
        emphasis: request.emphasis,
      });
      return { ...audio, normalized: true };
    } catch (err) {
      throw new EngineError(`embedded engine failed: ${String(err)}`);
    }
  },
  async convert(request) {
    try {
      // convertToVoice normalises to -20 LUFS and -1 dBFS and fades its edges at 24 kHz (engine/convert.ts).
      const audio = await convertToVoice(request.audio, request.voice.params, request.lang, request.progress);
      return { samples: audio.samples, sampleRate: audio.sampleRate, normalized: true, method: "register" };
    } catch (err) {
      throw new EngineError(`embedded conversion failed: ${String(err)}`);
    }
  },
  async createVoice(request) {
    try {
      // The profile already pools every recording (the caller measured them together).
      const derived = await deriveVoice(request.profile, request.lang, request.gender);
      return { params: derived.params, base: derived.base, derived: derived.derived };
    } catch (err) {
      throw new EngineError(`embedded voice creation failed: ${String(err)}`);
    }
  },
};
