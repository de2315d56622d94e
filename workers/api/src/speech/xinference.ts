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
 * Answers are read within bounds in xinference-answers.ts.
 */
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
import { withEmphasis } from "../engine/emphasis";
import { normalizeEnglish } from "../engine/english";
import { normalizeKorean } from "../engine/korean";
import { encodeWav, resample } from "../engine/dsp";
import type { VoiceParams } from "../engine/types";
import { analyseFrames } from "./analysis";
import { cutSegment, promptSegments } from "./prompt-segment";
import { resynthesize, type Transcript } from "./resynthesis";
import {
  EngineError,
  type ConversionRequest,
  type CreatedVoice,
  type SpeechEngine,
  type Style,
  type SynthesisRequest,
  type VoiceCreationRequest,
} from "./types";
import type { Audio } from "./wav";
import {
  XINFERENCE_LIMITS,
  answerBounds,
  boundedText,
  clamp,
  errorDetail,
  finish,
  readAudio,
  readStreamedWav,
  reason,
  withinTime,
} from "./xinference-answers";

export { XINFERENCE_LIMITS };

export type XinferenceConfig = {
  url: string;
  apiKey?: string;
  /** Model uid of a cloning TTS model (ability text2audio_voice_cloning). */
  ttsModel: string;
  /** Model uid of a speech recognition model (ability audio2text). */
  asrModel: string;
  /** Model uids of preset-speaker TTS models, per language (optional). */
  presets: Partial<Record<"ko" | "en", string>>;
};

/** The environment variables of this engine (lib/deployment.ts lists and checks them). */
export type XinferenceEnv = {
  XINFERENCE_URL?: string;
  XINFERENCE_API_KEY?: string;
  XINFERENCE_TTS_MODEL?: string;
  XINFERENCE_ASR_MODEL?: string;
  XINFERENCE_PRESET_MODEL_KO?: string;
  XINFERENCE_PRESET_MODEL_EN?: string;
};

export function xinferenceConfig(env: XinferenceEnv): XinferenceConfig {
  if (!env.XINFERENCE_URL || !env.XINFERENCE_TTS_MODEL || !env.XINFERENCE_ASR_MODEL)
    throw new EngineError("VOICE_ENGINE=xinference needs XINFERENCE_URL, XINFERENCE_TTS_MODEL and XINFERENCE_ASR_MODEL");
  return {
    url: env.XINFERENCE_URL,
    apiKey: env.XINFERENCE_API_KEY || undefined,
    ttsModel: env.XINFERENCE_TTS_MODEL,
    asrModel: env.XINFERENCE_ASR_MODEL,
    presets: { ko: env.XINFERENCE_PRESET_MODEL_KO || undefined, en: env.XINFERENCE_PRESET_MODEL_EN || undefined },
  };
}

/** What this product drives in each model family, from each model's `speech()` (xinference/model/audio/*.py). */
export type Family = {
  /** `stream: true` is supported (MeloTTS and Qwen3-TTS raise on it). */
  streams: boolean;
  /** `speed` changes the tempo (CosyVoice and FishSpeech take it and ignore it). */
  speed: boolean;
  /**
   * The kwargs of a cloned voice's request: its transcript, or an instruction for a style the model can follow (then the
   * style's prosody is not added here), and the language where the model must be told it.
   */
  cloneArgs?: (prompt: { text: string }, style: Style, instructs: boolean, lang: "ko" | "en") => Record<string, unknown>;
  /** The tags the model's tokenizer reads as stress on the words between them, if it has any. */
  emphasis?: readonly [string, string];
};

/** Qwen3-TTS checks `language` against its checkpoint's names, lower-cased (qwen_tts codec_language_id; qwen3_tts.py). */
export const QWEN3_LANGUAGE = { ko: "korean", en: "english" } as const;

/**
 * CosyVoice 2 (cosyvoice.py): `prompt_speech` with `prompt_text` is zero-shot cloning; with `instruct_text` instead it is
 * instruct2, the clip's timbre speaking as told, which is how styles are asked for (the instructions are the model's own
 * examples' wording). Its speed is ignored, so tempo is done here.
 */
export const COSYVOICE_STYLE: Record<Exclude<Style, "neutral">, string> = {
  angry: "用生气的语气说",
  happy: "用开心的语气说",
  sad: "用伤心的语气说",
  anxious: "用紧张不安的语气说",
  sports: "用激动的体育解说员的语气说",
};
export const FAMILIES: Record<string, Family> = {
  CosyVoice: {
    streams: true,
    speed: false,
    // CosyVoice 2's tokenizer has <strong></strong> among its special tokens (cosyvoice/tokenizer/tokenizer.py).
    emphasis: ["<strong>", "</strong>"],
    cloneArgs: (prompt, style, instructs) =>
      style === "neutral" || !instructs ? { prompt_text: prompt.text } : { instruct_text: COSYVOICE_STYLE[style] },
  },
  MeloTTS: { streams: false, speed: true },
  // FishSpeech (fish_speech.py): the clip with `prompt_text` as its reference; `voice` and `speed` are ignored.
  FishAudio: { streams: true, speed: false, cloneArgs: (prompt) => ({ prompt_text: prompt.text }) },
  // Qwen3-TTS Base (qwen3_tts.py): cloning needs `prompt_text` and the language (Chinese by default); no stream, no
  // speed, and no instruction in the cloning path, so styles are prosody.
  qwen3_tts: {
    streams: false,
    speed: false,
    cloneArgs: (prompt, _style, _instructs, lang) => ({ prompt_text: prompt.text, language: QWEN3_LANGUAGE[lang] }),
  },
};
/** The families a voice can be cloned with, as the model check names them. */
export const CLONING_FAMILIES = Object.entries(FAMILIES)
  .filter(([, f]) => f.cloneArgs)
  .map(([name]) => name)
  .join(", ");
/**
 * A preset model's speaker per language when the voice names none: MeloTTS-English's American speaker; for Korean, none
 * (null), which MeloTTS answers with its checkpoint's first and only speaker (melotts.py), whatever its key is named.
 */
export const DEFAULT_SPEAKER = { ko: null, en: "EN-US" } as const;

/** Where the style's prosody comes from when the model cannot be told: tempo and a small pitch move. */
export const STYLE_PROSODY: Record<Style, { rate: number; semitones: number }> = {
  neutral: { rate: 1, semitones: 0 },
  angry: { rate: 1.08, semitones: 1 },
  happy: { rate: 1.06, semitones: 2 },
  sad: { rate: 0.88, semitones: -2 },
  anxious: { rate: 1.12, semitones: 1.5 },
  sports: { rate: 1.2, semitones: 3 },
};

export type ModelInfo = { id: string; model_type?: string; model_name?: string; model_family?: string; model_ability?: string[] };
export type ModelCheck =
  | { ok: true; checkedAt: number; families: { tts: string; presets: Partial<Record<"ko" | "en", string>> }; instructs: boolean }
  | { ok: false; checkedAt: number; problems: string[] };

/** Per isolate: the last model check and the circuit, per server URL. */
export const checks = new Map<string, ModelCheck>();
export const circuits = new Map<string, { failures: number; openUntil: number }>();

/** What the product needs of the configured uids, said exactly (for the log and /api/v1/healthz). */
export function modelProblems(config: XinferenceConfig, models: ModelInfo[]): ModelCheck {
  const byId = new Map(models.map((m) => [m.id, m]));
  const problems: string[] = [];
  const need = (name: string, uid: string, ability: string) => {
    const m = byId.get(uid);
    if (!m) {
      problems.push(`${name}=${uid} is not launched on the Xinference server`);
      return null;
    }
    if (!m.model_ability?.includes(ability))
      problems.push(
        `${name}=${uid} (${m.model_name ?? "?"}) lacks the ability ${ability} (has: ${(m.model_ability ?? []).join(", ") || "none"})`,
      );
    return m;
  };
  const tts = need("XINFERENCE_TTS_MODEL", config.ttsModel, "text2audio_voice_cloning");
  if (tts && !FAMILIES[tts.model_family ?? ""]?.cloneArgs)
    problems.push(
      `XINFERENCE_TTS_MODEL=${config.ttsModel} is a ${tts.model_family} model; the product clones voices with: ${CLONING_FAMILIES}`,
    );
  const asr = need("XINFERENCE_ASR_MODEL", config.asrModel, "audio2text");
  // Only Whisper answers segments with timestamps (whisper.py); speech-to-speech needs them.
  if (asr && asr.model_family !== "whisper")
    problems.push(`XINFERENCE_ASR_MODEL=${config.asrModel} is a ${asr.model_family} model; speech-to-speech needs Whisper's timestamps`);
  const presets: Partial<Record<"ko" | "en", string>> = {};
  for (const lang of ["ko", "en"] as const) {
    const uid = config.presets[lang];
    if (!uid) continue;
    const m = need(`XINFERENCE_PRESET_MODEL_${lang.toUpperCase()}`, uid, "text2audio");
    if (m && m.model_family !== "MeloTTS")
      problems.push(`XINFERENCE_PRESET_MODEL_${lang.toUpperCase()}=${uid} is a ${m.model_family} model; preset speakers come from MeloTTS`);
    else if (m) presets[lang] = m.model_family;
  }
  const checkedAt = Date.now();
  if (problems.length > 0 || !tts) return { ok: false, checkedAt, problems };
  // CosyVoice 2's instruct2 takes a style's instruction with a clip; the first CosyVoice asserts against it (cosyvoice.py).
  return { ok: true, checkedAt, families: { tts: tts.model_family!, presets }, instructs: /CosyVoice2/i.test(tts.model_name ?? "") };
}

/** Embedded engine for the voices no model here can speak (set by speech/engine.ts). */
export type Fallback = Pick<SpeechEngine, "synthesize" | "convert">;

export class XinferenceEngine implements SpeechEngine {
  readonly name = "xinference";

  constructor(
    private readonly config: XinferenceConfig,
    /** R2, where reference clips live. */
    private readonly media: R2Bucket,
    private readonly fallback: Fallback,
    private readonly limits: { [K in keyof typeof XINFERENCE_LIMITS]: number } = XINFERENCE_LIMITS,
  ) {}

  /** The check and the circuit are per server and configuration (tests and the health route try others). */
  private get stateKey() {
    const c = this.config;
    return JSON.stringify([c.url, c.apiKey ?? "", c.ttsModel, c.asrModel, c.presets.ko ?? "", c.presets.en ?? ""]);
  }

  /** The server's models checked against the configuration (cached per isolate); a failed check is logged once per period. */
  async check(force = false): Promise<ModelCheck> {
    const cached = checks.get(this.stateKey);
    const now = Date.now();
    if (!force && cached && now - cached.checkedAt < (cached.ok ? this.limits.checkOkMs : this.limits.checkFailMs)) return cached;
    let result: ModelCheck;
    try {
      const res = await this.call("v1/models", { method: "GET" }, this.limits.answerMs);
      const body = (await boundedText(res)
        .then((t) => JSON.parse(t))
        .catch(() => null)) as { data?: unknown } | null;
      if (!body || !Array.isArray(body.data)) throw new EngineError("GET /v1/models answered no model list");
      result = modelProblems(this.config, body.data as ModelInfo[]);
    } catch (err) {
      result = { ok: false, checkedAt: now, problems: [`the Xinference server cannot be asked for its models: ${reason(err)}`] };
    }
    if (!result.ok) console.error(`xinference: ${result.problems.join("; ")}`);
    checks.set(this.stateKey, result);
    return result;
  }

  private async ready() {
    const check = await this.check();
    if (!check.ok) throw new EngineError(`xinference is not ready: ${check.problems.join("; ")}`);
    return check;
  }

  async synthesize(request: SynthesisRequest): Promise<Audio & { normalized?: boolean }> {
    const params = request.voice.params;
    const presetModel = this.config.presets[request.lang];
    if (!params.prompt && !params.preset && !presetModel) return this.fallback.synthesize(request);
    const check = await this.ready();
    // The models read text as written: numbers, dates and acronyms are spelled out as spoken, not respelled as sounds.
    const read = request.lang === "ko" ? normalizeKorean : normalizeEnglish;
    const tags = params.prompt ? FAMILIES[check.families.tts]?.emphasis : undefined;
    const text = tags ? withEmphasis(request.text, request.emphasis, read, tags) : read(request.text);
    const style = STYLE_PROSODY[request.style];
    let audio: Audio;
    let tempo = request.tempo;
    let semitones = request.pitch;
    let formant = 1;
    if (params.prompt) {
      const family = FAMILIES[check.families.tts]!;
      const clip = await this.media.get(params.prompt.key);
      if (!clip) throw new EngineError(`the voice's reference clip ${params.prompt.key} is missing`);
      const kwargs = family.cloneArgs!(params.prompt, request.style, check.instructs, request.lang);
      if (!("instruct_text" in kwargs)) {
        tempo *= style.rate;
        semitones += style.semitones;
      }
      audio = await this.speak(
        {
          model: this.config.ttsModel,
          input: text,
          kwargs,
          prompt: new Uint8Array(await clip.arrayBuffer()),
          // Streamed only for a listener of the parts: Xinference's stream ends before the encoder's last flush (its
          // final ~85 ms never leave the server), and a model failing mid-stream looks like an end.
          stream: family.streams && request.onAudio !== undefined,
        },
        request.onAudio,
      );
    } else {
      const uid = params.preset?.model ?? presetModel;
      if (!uid)
        throw new EngineError(`no preset model is configured for ${request.lang} (XINFERENCE_PRESET_MODEL_${request.lang.toUpperCase()})`);
      const speaker = params.preset?.speaker ?? DEFAULT_SPEAKER[request.lang];
      // MeloTTS applies speed itself; an eSpeak preset's own register is moved here (its semitones and formants).
      const speed = Math.min(2, Math.max(0.5, request.tempo * style.rate * (params.tempo ?? 1)));
      tempo = 1;
      semitones += style.semitones + (params.preset ? 0 : (params.semitones ?? 0));
      formant = params.preset ? 1 : (params.formant ?? 1);
      audio = await this.speak({ model: uid, input: text, voice: speaker, speed, stream: false }, request.onAudio);
    }
    return finish(audio, { semitones: clamp(semitones, -24, 24), tempo: clamp(tempo, 0.5, 2), formant }, text);
  }

  /**
   * One POST /v1/audio/speech (create_speech): JSON for a preset speaker, a multipart form with the `prompt_speech` file
   * and `kwargs` as a JSON string for a cloned voice. A streamed answer is read as it arrives (`onAudio` hears each part).
   */
  private async speak(
    req: {
      model: string;
      input: string;
      voice?: string | null;
      speed?: number;
      stream: boolean;
      kwargs?: Record<string, unknown>;
      prompt?: Uint8Array;
    },
    onAudio?: (part: Audio) => void,
  ): Promise<Audio> {
    const fields = {
      model: req.model,
      input: req.input,
      // A cloned voice's request names no speaker (SpeechRequest's `voice` is Optional; null, or empty in a form).
      voice: req.voice ?? null,
      response_format: "wav",
      speed: req.speed ?? 1,
      stream: req.stream,
      ...(req.kwargs ? { kwargs: JSON.stringify(req.kwargs) } : {}),
    };
    const body = (): BodyInit => {
      if (!req.prompt) return JSON.stringify(fields);
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v === null ? "" : String(v));
      form.set("prompt_speech", new Blob([req.prompt as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), "prompt.wav");
      return form;
    };
    const headers: Record<string, string> = req.prompt ? {} : { "content-type": "application/json" };
    const res = await this.call(
      "v1/audio/speech",
      { method: "POST", body, headers },
      req.stream ? this.limits.answerMs : this.limits.totalMs,
    );
    const deadline = Date.now() + this.limits.totalMs;
    const bounds = answerBounds(req.input);
    return req.stream ? readStreamedWav(res, deadline, bounds, onAudio) : readAudio(res, deadline, bounds);
  }

  async transcribe(audio: Audio, lang: "ko" | "en", segments: boolean): Promise<Transcript> {
    await this.ready();
    const wav = encodeWav(audio.sampleRate === 16_000 ? audio.samples : resample(audio.samples, audio.sampleRate, 16_000), 16_000);
    const body = () => {
      const form = new FormData();
      form.set("model", this.config.asrModel);
      form.set("file", new Blob([wav as Uint8Array<ArrayBuffer>], { type: "audio/wav" }), "speech.wav");
      form.set("language", lang);
      form.set("response_format", segments ? "verbose_json" : "json");
      return form;
    };
    const res = await this.call("v1/audio/transcriptions", { method: "POST", body }, this.limits.transcribeMs);
    const answer = (await boundedText(res)
      .then((t) => JSON.parse(t))
      .catch(() => null)) as {
      text?: unknown;
      segments?: { start?: unknown; end?: unknown; text?: unknown }[];
    } | null;
    if (!answer || typeof answer.text !== "string") throw new EngineError("the transcription answered no text");
    const duration = audio.samples.length / audio.sampleRate;
    const parts = Array.isArray(answer.segments)
      ? answer.segments.flatMap((s, i, all) => {
          if (!s || typeof s !== "object") return [];
          const text = typeof s.text === "string" ? s.text.trim() : "";
          const start = typeof s.start === "number" ? s.start : null;
          // The last chunk of a Hugging Face pipeline may end at null: it runs to the recording's end (or the next start).
          const next = all[i + 1] && typeof all[i + 1] === "object" ? all[i + 1]!.start : undefined;
          const end = typeof s.end === "number" ? s.end : typeof next === "number" ? next : duration;
          if (!text || start === null || !(end > start)) return [];
          return [{ start: clamp(start, 0, duration), end: clamp(end, 0, duration), text }];
        })
      : [];
    return { text: answer.text.trim(), segments: parts };
  }

  async convert(request: ConversionRequest) {
    const p = request.voice.params;
    if (!p.prompt && !p.preset && !this.config.presets[request.lang])
      return { ...(await this.fallback.convert(request)), method: "register" as const };
    return { ...(await resynthesize(this, request)), method: "resynthesis" as const };
  }

  /**
   * A cloned voice: the cleanest 5-15 s of the recordings (prompt-segment.ts), its transcript from the ASR model, both
   * kept (R2 at `promptKey`, the transcript in the voice's parameters) and sent with every request of the voice.
   */
  async createVoice(request: VoiceCreationRequest): Promise<CreatedVoice> {
    if (!request.promptKey) throw new EngineError("no place was given for the voice's reference clip");
    const analysed = request.recordings.map((audio) => ({ audio, analysis: analyseFrames(audio.samples, audio.sampleRate) }));
    // Up to three candidates, best first; asking past the last comes back to the first.
    const choices = promptSegments(analysed, 3);
    const index = choices.length > 0 ? (request.segment ?? 0) % choices.length : 0;
    const chosen = choices[index];
    if (!chosen) throw new EngineError("no segment of the recordings can be a reference clip");
    const clip = cutSegment(analysed[chosen.recording]!.audio, chosen);
    const transcript = await this.transcribe(clip, request.lang, false);
    if (!transcript.text) throw new EngineError("the reference clip's speech could not be transcribed");
    await this.media.put(request.promptKey, encodeWav(clip.samples, clip.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
    return {
      params: {
        prompt: { key: request.promptKey, text: transcript.text.slice(0, 1000) },
        segment: { recording: chosen.recording, start: chosen.start, end: chosen.end, index, choices: choices.length },
      },
    };
  }

  /**
   * A request to the server with the API key, a time limit, one more try on a 5xx, a timeout or no connection, and the
   * circuit: after `breakerFailures` calls in a row failed by timeouts, no connection or 502-504, calls fail at once for
   * `breakerOpenMs`, so a server that is down costs members a quick, refunded failure instead of a minute's wait each.
   */
  private async call(
    path: string,
    init: { method: string; body?: () => BodyInit; headers?: Record<string, string> },
    answerMs: number,
  ): Promise<Response> {
    const circuit = circuits.get(this.stateKey) ?? { failures: 0, openUntil: 0 };
    circuits.set(this.stateKey, circuit);
    if (circuit.openUntil > Date.now()) throw new EngineError(`xinference unavailable (circuit open after ${circuit.failures} failures)`);
    const url = new URL(path, this.config.url.endsWith("/") ? this.config.url : `${this.config.url}/`);
    let last = "";
    let unwell = false;
    for (let attempt = 0; attempt < 2; attempt++) {
      let res: Response;
      try {
        res = await withinTime(
          (signal) =>
            fetch(url, {
              method: init.method,
              headers: { accept: "*/*", ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}), ...init.headers },
              body: init.body?.(),
              signal,
            }),
          answerMs,
        );
      } catch (err) {
        last = `${init.method} /${path} failed: ${reason(err)}`;
        unwell = true;
        continue;
      }
      if (res.ok) {
        circuit.failures = 0;
        return res;
      }
      const detail = await errorDetail(res);
      last = `${init.method} /${path} answered ${res.status}: ${detail}`;
      // A 4xx is the request's fault (or a missing model): trying again cannot help, and it says nothing of the server's health.
      if (res.status < 500) throw new EngineError(last);
      // A 500 is the model's exception on this input (Xinference answers every one so); 502-504 is the server unwell.
      unwell = res.status !== 500;
    }
    // Only a server that is unwell opens the circuit: one member's text that a model refuses must not stop the others.
    if (!unwell) throw new EngineError(last);
    circuit.failures++;
    if (circuit.failures >= this.limits.breakerFailures) circuit.openUntil = Date.now() + this.limits.breakerOpenMs;
    throw new EngineError(last);
  }
}

/** For the benchmark and tests: forget the model checks and circuits of this isolate. */
export function resetXinferenceState() {
  checks.clear();
  circuits.clear();
}

export type { VoiceParams };
