// The neural engine on the edge: Cloudflare Workers AI's hosted MeloTTS through the `AI` binding
// (VOICE_ENGINE=workers-ai). MeloTTS speaks one voice per language; the product's own post-processing makes it
// each basic voice: the MP3 is decoded, moved to the voice's register and formants by the same conversion as
// speech-to-speech (engine/convert.ts), then the member's pitch and tempo, loudness and fades. Speech-to-speech
// stays on the embedded engine. It needs the network (Workers AI runs remotely), so it is never the default.
// docs/decisions/0025-workers-ai-engine.md.
import { convertToVoice } from "../engine/convert";
import { fadeEdges, normalizeLoudness, stretch } from "../engine/dsp";
import { STYLE_PROSODY } from "../engine/embedded";
import { normalizeEnglish } from "../engine/english";
import { normalizeKorean } from "../engine/korean";
import { decodeAudio } from "./decode";
import { RENDER } from "./render";
import { EngineError, type SpeechEngine, type SynthesisRequest } from "./types";

export const MELOTTS_MODEL = "@cf/myshell-ai/melotts";
/**
 * MeloTTS's language per product language. MeloTTS names its languages EN, ES, FR, ZH, JP and KR (Korean is "KR", not
 * ISO's "ko"); Workers AI's model page takes them in lower case ("en", "fr"), so Korean is "kr".
 */
export const MELOTTS_LANG = { ko: "kr", en: "en" } as const;
/** Workers AI's price for the model (2026-11): USD per minute of audio produced. */
export const MELOTTS_USD_PER_MINUTE = 0.0002;

/** The part of the `AI` binding the engine uses: `run(model, inputs)` answering `{ audio: base64 MP3 }`. */
export type AiBinding = { run(model: string, inputs: { prompt: string; lang: string }): Promise<unknown> };

/** One passage is at most 500 characters (spec section 9): a minute of speech is far below these bounds. */
const DECODE = { maxBytes: 8 * 1024 * 1024, maxSeconds: 120 };

function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class WorkersAiEngine implements SpeechEngine {
  readonly name = "workers-ai";

  constructor(
    private readonly ai: AiBinding,
    /** Speech-to-speech is not a Workers AI model: it stays on this engine (the embedded one). */
    private readonly conversions: SpeechEngine,
  ) {}

  async synthesize(request: SynthesisRequest) {
    // MeloTTS applies Korean pronunciation itself (g2p): it gets the text as spoken, not our respelling.
    const prompt = request.lang === "ko" ? normalizeKorean(request.text) : normalizeEnglish(request.text);
    let answer: unknown;
    try {
      answer = await this.ai.run(MELOTTS_MODEL, { prompt, lang: MELOTTS_LANG[request.lang] });
    } catch (err) {
      throw new EngineError(`workers ai failed: ${String(err)}`);
    }
    const audio = (answer as { audio?: unknown } | null)?.audio;
    if (typeof audio !== "string" || audio.length === 0) throw new EngineError("workers ai answered no audio");
    let bytes: Uint8Array;
    try {
      bytes = base64Bytes(audio);
    } catch {
      throw new EngineError("workers ai answered audio that is not base64");
    }
    const decoded = await decodeAudio(bytes, DECODE);
    if (!decoded.ok) throw new EngineError(`workers ai audio could not be decoded: ${decoded.reason}`);

    // The basic voice's register and timbre, measured and moved like a recording in speech-to-speech.
    const voiced = await convertToVoice(decoded.audio, request.voice.params, request.lang);
    const prosody = STYLE_PROSODY[request.style ?? "neutral"];
    const tempo = Math.min(2, Math.max(0.5, request.tempo * prosody.rate));
    const semitones = Math.min(24, Math.max(-24, request.pitch));
    if (semitones === 0 && tempo === 1) return { samples: voiced.samples, sampleRate: voiced.sampleRate, normalized: true };
    const shifted = await stretch(voiced.samples, voiced.sampleRate, { semitones, tempo, formant: 1 });
    const normalized = normalizeLoudness(shifted, voiced.sampleRate, RENDER.lufs, RENDER.ceilingDbfs);
    return { samples: fadeEdges(normalized, voiced.sampleRate, RENDER.fadeMs), sampleRate: voiced.sampleRate, normalized: true };
  }

  convert(request: Parameters<SpeechEngine["convert"]>[0]) {
    return this.conversions.convert(request);
  }

  /** A derived voice is the embedded engine's parameters: `synthesize` above moves MeloTTS's output to them. */
  createVoice(request: Parameters<SpeechEngine["createVoice"]>[0]) {
    return this.conversions.createVoice(request);
  }
}
