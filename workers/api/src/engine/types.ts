import type { EmphasisRange } from "./emphasis";
// The voice engine's interface. The first implementation is EmbeddedEngine (embedded.ts): eSpeak NG
// plus Rubber Band inside the api worker. See docs/decisions/0009-voice-engine.md.

export type EngineLang = "ko" | "en";

export type SpeechStyle = "neutral" | "angry" | "happy" | "sad" | "anxious" | "sports";

/**
 * A basic voice as engine parameters (a "preset"). The library of presets in voices.ts follows the
 * measurements in shared/notes/engine.md ("A basic-voice library from parameters").
 */
export type VoiceParams = {
  /**
   * eSpeak NG voice variant appended to the language voice: "" for the default, or e.g. "f2", "f4",
   * "m3", "whisper" (the voice becomes `ko+f2`, `en-us+m3`, ...).
   */
  variant?: string;
  /** English accent voice for lang "en" (default "en-us"); Korean always uses "ko". */
  englishVoice?: "en-us" | "en" | "en-gb-x-rp";
  /** eSpeak base pitch 0..99 (default 50; 20/50/80 measured as 66/90/125 Hz median F0). */
  espeakPitch?: number;
  /** eSpeak pitch range 0..99 (default 50; 0 is monotone). */
  espeakRange?: number;
  /** eSpeak speaking rate in words per minute, 80..450 (default 175). */
  rate?: number;
  /** The voice's own pitch offset in semitones (moves the eSpeak variant's pitch; see shiftedVariant). */
  semitones?: number;
  /**
   * Formant (vocal-tract) factor relative to the original, 0.5..2 (1 = unchanged): above 1 sounds
   * smaller/brighter, below 1 larger/darker. Scales the eSpeak variant's formants (see shiftedVariant).
   */
  formant?: number;
  /** The voice's own tempo factor (1 = normal), applied to eSpeak's speaking rate. */
  tempo?: number;
  /**
   * Brightness: a high shelf of this many dB above 1 kHz (-12..12; 0 or absent = none) that moves the
   * spectral tilt toward a recording's (open and custom voices derived from a recording, docs/decisions/0029).
   */
  tilt?: number;
  /**
   * A cloned voice's reference clip (docs/decisions/0061): its R2 key and exact transcript, sent with every request of
   * the voice to a cloning model. Deleting the voice queues the key for deletion (migration 0031).
   */
  prompt?: { key: string; text: string };
  /** Which stretch of the member's recordings the clip is (seconds), which candidate (0 = best) of how many. */
  segment?: { recording: number; start: number; end: number; index: number; choices: number };
  /** A preset model's speaker (MeloTTS's "KR", "EN-US", ...), optionally of another model uid than the language's. */
  preset?: { speaker: string; model?: string };
};

export type SynthesisRequest = {
  text: string;
  lang: EngineLang;
  voice: VoiceParams;
  /** Pitch shift in semitones, -24..24 (0 = the voice's own pitch). */
  pitch: number;
  /** Tempo factor 0.5..2 (1 = normal; 2 = twice as fast, same pitch). */
  tempo: number;
  style?: SpeechStyle;
  /** Stretches of `text` to stress, as [start, end) ranges (the member's emphasis marks). */
  emphasis?: readonly EmphasisRange[];
};

/** Mono audio as floats in -1..1. */
export type SynthesisResult = {
  samples: Float32Array;
  sampleRate: number;
};

export interface VoiceEngine {
  synthesize(req: SynthesisRequest): Promise<SynthesisResult>;
  /**
   * Reserved for speech-to-speech (the STS issue): turn recorded audio into the given voice.
   * Not implemented by EmbeddedEngine yet.
   */
  convert?(audio: SynthesisResult, voice: VoiceParams): Promise<SynthesisResult>;
}

/** The output format of every engine: 24 kHz mono. */
export const OUTPUT_SAMPLE_RATE = 24000;
/**
 * Loudness target (ITU-R BS.1770 integrated, LUFS) and peak ceiling (dBFS). -20 LUFS for a mono file, which
 * plays on two speakers or earphones like -17 LUFS stereo (within a dB of the -16 LUFS stereo podcast norm),
 * lets eSpeak's peaky speech (a peak-to-loudness ratio of 14-21 dB) reach the target with peak reduction on
 * fewer than 20% of clips (docs/decisions/0026). It was -16, where 30 of 36 clips needed it.
 */
export const TARGET_LUFS = -20;
export const PEAK_CEILING_DBFS = -1;
