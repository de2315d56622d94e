import { EngineError, type SpeechEngine, type SynthesisRequest } from "./types";
import { decodeWav, WavError } from "./wav";

/** Output rate the product asks of every engine (24 kHz or better, mono). */
export const OUTPUT_SAMPLE_RATE = 24_000;

/**
 * A remote inference service (for example a neural model on GPUs) behind a small JSON contract
 * (docs/engine-http-contract.md):
 *
 *   POST {VOICE_ENGINE_URL}/v1/synthesize
 *   Authorization: Bearer {VOICE_ENGINE_KEY}
 *   {"text","lang","voice":{"id","params"},"style","pitch","tempo","sample_rate":24000}
 *   → 200 audio/wav (mono or stereo PCM/float) | 4xx/5xx {"error": "..."}
 */
export class HttpSpeechEngine implements SpeechEngine {
  readonly name = "http";
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly timeoutMs = 30_000,
  ) {}

  async synthesize(request: SynthesisRequest) {
    let res: Response;
    try {
      res = await fetch(new URL("v1/synthesize", this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`), {
        method: "POST",
        headers: { authorization: `Bearer ${this.key}`, "content-type": "application/json", accept: "audio/wav" },
        body: JSON.stringify({ ...request, sample_rate: OUTPUT_SAMPLE_RATE }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new EngineError(`engine service unreachable: ${String(err)}`);
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => "");
      throw new EngineError(`engine service answered ${res.status}: ${detail.slice(0, 200)}`);
    }
    try {
      return decodeWav(await res.arrayBuffer());
    } catch (err) {
      if (err instanceof WavError) throw new EngineError(`engine service sent no usable audio: ${err.message}`);
      throw err;
    }
  }
}
