// EmbeddedEngine: speech synthesised inside the api worker (no external service). Text -> as spoken
// (numbers, dates, acronyms) and, for Korean, its standard pronunciation in Hangul -> eSpeak NG with the voice's parameters (register and formants as an
// eSpeak variant) and the style's prosody -> Rubber Band for the member's pitch and tempo -> 24 kHz ->
// -20 LUFS with peaks <= -1 dBFS -> fades.
// See docs/decisions/0009-voice-engine.md.
import { withEmphasis } from "./emphasis";
import { fadeEdges, highShelf, normalizeLoudness, resample, stretch } from "./dsp";
import { espeakSynthesize, shiftedVariant } from "./espeak";
import { normalizeEnglish } from "./english";
import { koreanPronunciation } from "./korean";
import {
  OUTPUT_SAMPLE_RATE,
  PEAK_CEILING_DBFS,
  TARGET_LUFS,
  type SpeechStyle,
  type SynthesisRequest,
  type SynthesisResult,
  type VoiceEngine,
  type VoiceParams,
} from "./types";

/** Prosody per style, relative to the voice: rate factor, base-pitch offset (0..99 scale), range factor. */
export const STYLE_PROSODY: Record<SpeechStyle, { rate: number; pitch: number; range: number }> = {
  neutral: { rate: 1, pitch: 0, range: 1 },
  angry: { rate: 1.1, pitch: 4, range: 1.4 },
  happy: { rate: 1.08, pitch: 10, range: 1.3 },
  sad: { rate: 0.85, pitch: -10, range: 0.6 },
  anxious: { rate: 1.15, pitch: 8, range: 0.8 },
  sports: { rate: 1.3, pitch: 15, range: 1.7 }, // faster, higher, wider range
};

/** Where a voice's `tilt` shelf starts. */
export const TILT_SHELF_HZ = 1000;

const ESPEAK_DEFAULTS = { rate: 175, pitch: 50, range: 50 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The eSpeak voice name for a language and voice: `ko`, `ko+f2`, `en-us+m3`, ... */
export function espeakVoiceName(lang: SynthesisRequest["lang"], voice: VoiceParams): string {
  const base = lang === "ko" ? "ko" : (voice.englishVoice ?? "en-us");
  return voice.variant ? `${base}+${voice.variant}` : base;
}

export class EmbeddedEngine implements VoiceEngine {
  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    if (req.lang !== "ko" && req.lang !== "en") throw new RangeError(`unsupported language: ${String(req.lang)}`);
    if (!Number.isFinite(req.pitch) || !Number.isFinite(req.tempo)) throw new RangeError("pitch and tempo must be numbers");
    const voice = req.voice;
    const prosody = STYLE_PROSODY[req.style ?? "neutral"];

    // Emphasis is SSML's, which eSpeak NG reads (its only markup let through, engine/espeak.ts `withoutMarkup`).
    const read = req.lang === "ko" ? koreanPronunciation : normalizeEnglish;
    const text = withEmphasis(req.text, req.emphasis, read, ["<emphasis>", "</emphasis>"]);
    // The voice's own register and timbre are an eSpeak variant (its pitch and formants moved inside
    // eSpeak's synthesis, at no extra cost), and its own tempo is eSpeak's rate; Rubber Band runs only
    // for the member's pitch and tempo settings.
    const semitones = voice.semitones ?? 0;
    const formant = voice.formant ?? 1;
    const variant = semitones !== 0 || formant !== 1 ? await shiftedVariant(voice.variant, semitones, formant) : voice.variant;
    const speech = await espeakSynthesize(text, {
      voice: espeakVoiceName(req.lang, { ...voice, variant }),
      rate: (voice.rate ?? ESPEAK_DEFAULTS.rate) * (voice.tempo ?? 1) * prosody.rate,
      pitch: (voice.espeakPitch ?? ESPEAK_DEFAULTS.pitch) + prosody.pitch,
      range: (voice.espeakRange ?? ESPEAK_DEFAULTS.range) * prosody.range,
    });

    // A derived voice's brightness (docs/decisions/0029): cheap, one biquad pass.
    if (voice.tilt) highShelf(speech.samples, speech.sampleRate, TILT_SHELF_HZ, clamp(voice.tilt, -12, 12));
    const shifted = await stretch(speech.samples, speech.sampleRate, {
      semitones: clamp(req.pitch, -24, 24),
      tempo: clamp(req.tempo, 0.5, 2),
      formant: 1,
    });
    const output = resample(shifted, speech.sampleRate, OUTPUT_SAMPLE_RATE);
    const normalized = normalizeLoudness(output, OUTPUT_SAMPLE_RATE, TARGET_LUFS, PEAK_CEILING_DBFS);
    return { samples: fadeEdges(normalized, OUTPUT_SAMPLE_RATE), sampleRate: OUTPUT_SAMPLE_RATE };
  }
}
