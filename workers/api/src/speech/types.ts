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
};
/** The new voice's parameters (stored as the voice's `engine`), and what the engine measured of it. */
export type CreatedVoice = { params: VoiceParams; base?: SpeechProfile; derived?: SpeechProfile };

/**
 * The product's speech engine (docs/decisions): the embedded engine by default, or a remote GPU
 * inference service over HTTP (docs/engine-http-contract.md).
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
  convert(request: ConversionRequest): Promise<Audio & { normalized?: boolean }>;
  /**
   * Makes a voice from recordings (docs/decisions/0029). The embedded engine derives eSpeak parameters
   * from the profile; a remote service trains or enrols a speaker and answers its id.
   */
  createVoice(request: VoiceCreationRequest): Promise<CreatedVoice>;
  /**
   * Deletes a voice the engine made (`params` as `createVoice` answered them), when the engine keeps voices of its
   * own: the HTTP engine's `DELETE /v1/voices/{id}`. Engines that keep nothing have no such method.
   */
  deleteVoice?(params: VoiceParams): Promise<void>;
}

/** The engine could not produce audio (the service failed, or the request could not be spoken). */
export class EngineError extends Error {}
