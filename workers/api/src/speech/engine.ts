import type { Context } from "hono";
import type { AppEnv } from "../env";
import { convertToVoice } from "../engine/convert";
import { EmbeddedEngine } from "../engine/embedded";
import { HttpSpeechEngine } from "./http-engine";
import { WorkersAiEngine } from "./workers-ai-engine";
import { EngineError, type SpeechEngine } from "./types";
import { deriveVoice } from "./voice-profile";

/**
 * The engine the product speaks with (VOICE_ENGINE): "http" is a remote inference service
 * (VOICE_ENGINE_URL, VOICE_ENGINE_KEY); "workers-ai" is MeloTTS through the AI binding, with speech-to-speech
 * on the embedded engine (docs/decisions/0025); "embedded", the default, runs inside the worker.
 */
export function speechEngine(env: AppEnv["Bindings"]): SpeechEngine {
  if (env.VOICE_ENGINE === "workers-ai") {
    if (!env.AI) throw new EngineError("VOICE_ENGINE=workers-ai needs the AI binding");
    return new WorkersAiEngine(env.AI, embedded);
  }
  if (env.VOICE_ENGINE === "http") {
    if (!env.VOICE_ENGINE_URL || !env.VOICE_ENGINE_KEY)
      throw new EngineError("VOICE_ENGINE=http needs VOICE_ENGINE_URL and VOICE_ENGINE_KEY");
    return new HttpSpeechEngine(env.VOICE_ENGINE_URL, env.VOICE_ENGINE_KEY);
  }
  return embedded;
}

/**
 * The queue of remote voices to delete (migration 0029, docs/decisions/0052): bounded work per drain, a failure
 * retried after 1, 2, 4 ... hours (at most a day apart), given up after `attempts` (about eight days; the contract lets
 * a service expire ids nobody uses).
 */
export const REMOTE_FORGET = { batch: 25, concurrency: 5, attempts: 12, firstWaitMs: 3_600_000, maxWaitMs: 86_400_000 } as const;

export type ForgetCounts = { deleted: number; failed: number; gaveUp: number };

/**
 * Deletes, at the engine that made them, the remote voices the product let go of (rows of `remote_voice_deletions`,
 * queued by triggers when a voice or an unpublished draft with a `remoteId` goes). Runs after the answer
 * (`forgetAfterAnswer`, for the voices a request just deleted: `sources`) and from the hourly cron (every due row,
 * `REMOTE_FORGET.batch` at most). Never throws: a service that fails or cannot be reached is logged and retried later;
 * the product's deletion stands. With an engine that cannot delete voices (not "http"), the rows wait for one.
 */
export async function forgetRemoteVoices(env: AppEnv["Bindings"], opts: { sources?: string[]; now?: number } = {}): Promise<ForgetCounts> {
  const counts: ForgetCounts = { deleted: 0, failed: 0, gaveUp: 0 };
  const now = opts.now ?? Date.now();
  try {
    const speech = speechEngine(env);
    if (!speech.deleteVoice) return counts;
    const sources = opts.sources?.slice(0, REMOTE_FORGET.batch);
    if (sources && sources.length === 0) return counts;
    const due = sources
      ? env.DB.prepare(
          `SELECT source_id AS sourceId, remote_id AS remoteId, attempts FROM remote_voice_deletions
           WHERE source_id IN (SELECT value FROM json_each(?1)) AND next_at <= ?2`,
        ).bind(JSON.stringify(sources), now)
      : env.DB.prepare(
          `SELECT source_id AS sourceId, remote_id AS remoteId, attempts FROM remote_voice_deletions
           WHERE next_at <= ?1 ORDER BY next_at LIMIT ?2`,
        ).bind(now, REMOTE_FORGET.batch);
    const { results } = await due.all<{ sourceId: string; remoteId: string; attempts: number }>();
    const one = async (row: (typeof results)[number]) => {
      try {
        await speech.deleteVoice!({ remoteId: row.remoteId });
        await env.DB.prepare("DELETE FROM remote_voice_deletions WHERE source_id = ?1").bind(row.sourceId).run();
        counts.deleted++;
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        const attempts = row.attempts + 1;
        if (attempts >= REMOTE_FORGET.attempts) {
          console.warn(`remote voice ${row.remoteId} of ${row.sourceId} given up after ${attempts} attempts:`, reason);
          await env.DB.prepare("DELETE FROM remote_voice_deletions WHERE source_id = ?1").bind(row.sourceId).run();
          counts.gaveUp++;
          return;
        }
        console.warn(`remote voice ${row.remoteId} of ${row.sourceId} not deleted (attempt ${attempts}):`, reason);
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
    console.warn("remote voices not deleted:", err instanceof Error ? err.message : String(err));
  }
  return counts;
}

/**
 * After the answer (the request's `waitUntil`): the remote voices of the voices this request deleted (`sources`), or,
 * without `sources`, every due row (`REMOTE_FORGET.batch` at most) for a request whose deletions went through a cascade
 * or a move to Free, whose ids it does not hold (a refund, the end of a PayPal month, an operator's refund, a
 * withdrawal): the remote voices go now rather than at the next hourly cron. Draining a row twice is harmless (404
 * counts as deleted).
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
      return { samples: audio.samples, sampleRate: audio.sampleRate, normalized: true };
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
