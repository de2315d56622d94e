import type { Audio } from "./wav";
import type { SpeechProfile } from "./voice-profile";

/** Styles of the TTS studio (spec section 9); each must be a real prosody change. */
export const STYLES = ["neutral", "angry", "happy", "sad", "anxious", "sports"] as const;
export type Style = (typeof STYLES)[number];

/** A basic voice's parameter set (db/seed-voices.ts), as the embedded engine takes it. */
export type { VoiceParams } from "../engine/types";
import type { VoiceParams } from "../engine/types";

export type SynthesisRequest = {
  text: string;
  lang: "ko" | "en";
  voice: { id: string; params: VoiceParams };
  style: Style;
  /** Semitones, -24..24. */
  pitch: number;
  /** Speed factor, 0.5..2 (duration divided by it). */
  tempo: number;
  /**
   * Stretches of `text` to stress, as [start, end) ranges (the member's emphasis marks): the embedded engine and cloned
   * voices on models that read emphasis tags honour them; other engines read the text as it is.
   */
  emphasis?: readonly [number, number][];
  /** Hears the audio in parts as a streaming engine receives them (before loudness and the member's pitch and tempo). */
  onAudio?: (part: Audio) => void;
};

/** Speech-to-speech: a recording (mono) to be spoken again in `voice`'s voice, timing kept. */
export type ConversionRequest = {
  audio: Audio;
  /** The voice's language (the embedded engine measures the voice's register on a sentence in it). */
  lang: "ko" | "en";
  voice: { id: string; params: VoiceParams };
  /** Awaited with the fraction done (0..1) when the engine can tell; it may also let other work in. */
  progress?: (fraction: number) => Promise<void> | void;
};

/**
 * A new voice from a member's recording (open voices; custom voices with up to 5 recordings): the
 * checked recordings at 24 kHz mono, the voice's language and gender, and the recording's profile
 * as the product measured it (speech/voice-profile.ts).
 */
export type VoiceCreationRequest = {
  recordings: Audio[];
  lang: "ko" | "en";
  gender: "male" | "female" | "other";
  profile: SpeechProfile;
  /** Where an engine that clones from a reference clip keeps it (R2); the caller deletes it with the voice's files. */
  promptKey?: string;
  /** Which candidate reference clip to take, best first (0); a member who did not like the first asks for the next. */
  segment?: number;
};
/** The new voice's parameters (stored as the voice's `engine`), and what the engine measured of it. */
export type CreatedVoice = { params: VoiceParams; base?: SpeechProfile; derived?: SpeechProfile };

/**
 * The product's speech engine (speech/engine.ts): the embedded engine by default, Xinference's neural models
 * (speech/xinference.ts) or Workers AI's MeloTTS.
 */
export interface SpeechEngine {
  readonly name: string;
  /**
   * `normalized: true` says the audio is already at the render targets (-16 LUFS, peaks at most
   * -1 dBFS, faded edges, the render rate), so the pipeline need not measure it again.
   */
  synthesize(request: SynthesisRequest): Promise<Audio & { normalized?: boolean }>;
  /**
   * Speech-to-speech. The embedded engine moves the recording's register and formants to the
   * voice's (decision 0012): the speaker stays recognisable. A neural service changes identity.
   */
  convert(request: ConversionRequest): Promise<Audio & { normalized?: boolean; method?: ConversionMethod }>;
  /**
   * Makes a voice from recordings (docs/decisions/0029). The embedded engine derives eSpeak parameters
   * from the profile; Xinference keeps a reference clip and its transcript (docs/decisions/0061).
   */
  createVoice(request: VoiceCreationRequest): Promise<CreatedVoice>;
}

/**
 * How a conversion was made: "register" moves the recording's pitch and formants to the voice's (the speaker stays
 * recognisable; the embedded engine); "resynthesis" transcribes it and speaks it again in the voice (a neural engine).
 */
export type ConversionMethod = "register" | "resynthesis";

/** The engine could not produce audio (the service failed, or the request could not be spoken). */
export class EngineError extends Error {}
