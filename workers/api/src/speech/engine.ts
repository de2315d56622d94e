import type { AppEnv } from "../env";
import { HttpSpeechEngine } from "./http-engine";
import { EngineError, type SpeechEngine } from "./types";

/**
 * The engine the product speaks with (VOICE_ENGINE): "http" is a remote inference service
 * (VOICE_ENGINE_URL, VOICE_ENGINE_KEY); "embedded", the default, runs inside the worker.
 */
export function speechEngine(env: AppEnv["Bindings"]): SpeechEngine {
  if (env.VOICE_ENGINE === "http") {
    if (!env.VOICE_ENGINE_URL || !env.VOICE_ENGINE_KEY) throw new EngineError("VOICE_ENGINE=http needs VOICE_ENGINE_URL and VOICE_ENGINE_KEY");
    return new HttpSpeechEngine(env.VOICE_ENGINE_URL, env.VOICE_ENGINE_KEY);
  }
  // The embedded engine (eSpeak NG and Rubber Band in WebAssembly) is still being built.
  return {
    name: "embedded",
    synthesize: () => Promise.reject(new EngineError("the embedded engine is not available yet")),
  };
}
