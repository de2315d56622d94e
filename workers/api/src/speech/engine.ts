import type { AppEnv } from "../env";
import { convertToVoice } from "../engine/convert";
import { EmbeddedEngine } from "../engine/embedded";
import { HttpSpeechEngine } from "./http-engine";
import { WorkersAiEngine } from "./workers-ai-engine";
import { EngineError, type SpeechEngine, type VoiceParams } from "./types";
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
 * Deletes, at the engine that made them, the remote voices of voices the product has just deleted (`engine`: a
 * voice row's stored parameters; only those with a `remoteId` have one). Tolerant: a service that fails or cannot
 * be reached is logged and the product's deletion stands (the contract lets a service expire ids nobody uses).
 * Answers how many were deleted.
 */
export async function forgetRemoteVoices(env: AppEnv["Bindings"], deleted: { id: string; engine: unknown }[]) {
  const remote = deleted.filter((v) => typeof (v.engine as { remoteId?: unknown } | null)?.remoteId === "string");
  if (remote.length === 0) return 0;
  let speech: SpeechEngine;
  try {
    speech = speechEngine(env);
  } catch (err) {
    console.warn("remote voices not deleted:", String(err));
    return 0;
  }
  if (!speech.deleteVoice) return 0;
  let n = 0;
  for (const v of remote) {
    try {
      await speech.deleteVoice(v.engine as VoiceParams);
      n++;
    } catch (err) {
      console.warn(`remote voice of ${v.id} not deleted:`, err instanceof Error ? err.message : String(err));
    }
  }
  return n;
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
