import { encodeWav } from "../engine/dsp";
import {
  EngineError,
  type ConversionRequest,
  type CreatedVoice,
  type SpeechEngine,
  type SynthesisRequest,
  type VoiceCreationRequest,
  type VoiceParams,
} from "./types";
import { decodeWav, WavError, type Audio } from "./wav";

/** A remote voice id as the contract allows it. */
const REMOTE_ID = /^[\w.:-]{1,128}$/;

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
 *
 *   POST {VOICE_ENGINE_URL}/v1/convert   (multipart: audio = WAV, voice = JSON, lang, sample_rate)
 *   → the same answers
 *
 *   POST {VOICE_ENGINE_URL}/v1/voices    (multipart: audio = WAV, repeated per recording; lang, gender, profile = JSON)
 *   → 200 {"voice_id": "..."} | 4xx/5xx {"error": "..."}
 *
 *   DELETE {VOICE_ENGINE_URL}/v1/voices/{voice_id}
 *   → 2xx, or 404 when the service no longer has it | other 4xx/5xx {"error": "..."}
 */
export class HttpSpeechEngine implements SpeechEngine {
  readonly name = "http";
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly timeoutMs = 30_000,
    /** A conversion sends up to 5 minutes of audio, and waits longer. */
    private readonly convertTimeoutMs = 120_000,
  ) {}

  private url(path: string) {
    return new URL(path, this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
  }

  async convert(request: ConversionRequest) {
    const form = new FormData();
    form.set(
      "audio",
      new Blob([encodeWav(request.audio.samples, request.audio.sampleRate) as Uint8Array<ArrayBuffer>], { type: "audio/wav" }),
      "source.wav",
    );
    form.set("voice", JSON.stringify(request.voice));
    form.set("lang", request.lang);
    form.set("sample_rate", String(OUTPUT_SAMPLE_RATE));
    return this.call("v1/convert", { body: form }, this.convertTimeoutMs);
  }

  /**
   * Voice creation (docs/engine-http-contract.md): the service enrols the speaker of the recordings and
   * answers its id, which synthesis and conversion then send as `voice.params.remoteId`. A creation sends
   * up to 5 minutes of audio and may train: it waits as long as a conversion.
   */
  async createVoice(request: VoiceCreationRequest): Promise<CreatedVoice> {
    const form = new FormData();
    request.recordings.forEach((audio, i) =>
      form.append(
        "audio",
        new Blob([encodeWav(audio.samples, audio.sampleRate) as Uint8Array<ArrayBuffer>], { type: "audio/wav" }),
        `recording-${i + 1}.wav`,
      ),
    );
    form.set("lang", request.lang);
    form.set("gender", request.gender);
    form.set("profile", JSON.stringify(request.profile));
    const res = await this.post("v1/voices", { body: form, accept: "application/json" }, this.convertTimeoutMs);
    const answer = (await res.json().catch(() => null)) as { voice_id?: unknown } | null;
    const id = answer?.voice_id;
    if (typeof id !== "string" || !REMOTE_ID.test(id)) throw new EngineError("engine service answered no usable voice_id");
    return { params: { remoteId: id } };
  }

  /** Deletes the remote voice of `params.remoteId` (docs/engine-http-contract.md); a 404 means it is already gone. */
  async deleteVoice(params: VoiceParams): Promise<void> {
    const id = params.remoteId;
    if (typeof id !== "string" || !REMOTE_ID.test(id)) return;
    let res: Response;
    try {
      res = await fetch(this.url(`v1/voices/${encodeURIComponent(id)}`), {
        method: "DELETE",
        headers: { authorization: `Bearer ${this.key}`, accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new EngineError(`engine service unreachable: ${String(err)}`);
    }
    const detail = await res.text().catch(() => "");
    if (!res.ok && res.status !== 404) throw new EngineError(`engine service answered ${res.status}: ${detail.slice(0, 200)}`);
  }

  synthesize(request: SynthesisRequest) {
    return this.call(
      "v1/synthesize",
      { body: JSON.stringify({ ...request, sample_rate: OUTPUT_SAMPLE_RATE }), contentType: "application/json" },
      this.timeoutMs,
    );
  }

  private async call(path: string, init: { body: BodyInit; contentType?: string }, timeoutMs: number): Promise<Audio> {
    const res = await this.post(path, { ...init, accept: "audio/wav" }, timeoutMs);
    try {
      return decodeWav(await res.arrayBuffer());
    } catch (err) {
      if (err instanceof WavError) throw new EngineError(`engine service sent no usable audio: ${err.message}`);
      throw err;
    }
  }

  /** A POST to the service; anything but a 2xx answer is an EngineError. */
  private async post(path: string, init: { body: BodyInit; contentType?: string; accept: string }, timeoutMs: number): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method: "POST",
        headers: {
          authorization: `Bearer ${this.key}`,
          accept: init.accept,
          ...(init.contentType ? { "content-type": init.contentType } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new EngineError(`engine service unreachable: ${String(err)}`);
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => "");
      throw new EngineError(`engine service answered ${res.status}: ${detail.slice(0, 200)}`);
    }
    return res;
  }
}
