/**
 * Basic voices made by operators (docs/decisions/0062): a consented speaker's reference clip with its exact transcript,
 * or a neural model's preset speaker, staged in the console, auditioned, then published to the library as a basic
 * voice. The api builds these in workers/api/src/domain/admin/voice-references.ts; the console pages
 * (app/routes/admin.voices*.tsx) read them. No runtime dependencies.
 */
import type { VoiceAge, VoiceCategory, VoiceGender, VoiceLang, VoiceMood, VoiceTone } from "./voices";

export const REFERENCE_KINDS = ["clip", "preset"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * On what terms the product may speak the voice: the speaker's exclusive or non-exclusive licence to the company (a
 * clip, with the speaker's written consent), or the model's own licence (a preset speaker, e.g. MeloTTS's MIT).
 */
export const REFERENCE_LICENCES = ["exclusive", "non_exclusive", "model"] as const;
export type ReferenceLicence = (typeof REFERENCE_LICENCES)[number];

export const REFERENCE_LIMITS = {
  /** A cloning model hears the whole clip with its transcript: 5-15 s, as the clip cut from a member's recording. */
  clipMinSeconds: 5,
  clipMaxSeconds: 15,
  transcriptMax: 500,
  speakerMax: 80,
  documentMax: 200,
  noteMax: 500,
  /** A preset speaker's id as the model names it (MeloTTS: KR, EN-US, EN-BR, EN_INDIA, EN-AU, EN-Default). */
  presetSpeakerPattern: "^[A-Za-z0-9_-]{1,40}$",
  modelUidPattern: "^[A-Za-z0-9._-]{1,100}$",
  /** The basic voice's card: names and introduction in both languages. */
  nameMax: 20,
  introMax: 60,
  moods: 2,
  categoriesMin: 1,
  categoriesMax: 5,
  auditionMax: 300,
} as const;

export type VoiceReference = {
  id: string;
  kind: ReferenceKind;
  lang: VoiceLang;
  name: { ko: string; en: string };
  intro: { ko: string; en: string };
  tone: VoiceTone;
  gender: VoiceGender;
  age: VoiceAge;
  features: VoiceMood[];
  categories: VoiceCategory[];
  /** A clip's exact transcript and length (seconds); null for a preset speaker. */
  transcript: string | null;
  clipSeconds: number | null;
  clipURL: string | null;
  preset: { speaker: string; model: string | null } | null;
  speaker: string;
  /** The speaker's written consent: its date (ISO) and where the signed document is kept. */
  consentAt: string | null;
  consentDocument: string | null;
  licence: ReferenceLicence;
  licenceNote: string | null;
  licenceEndsAt: string | null;
  /** The last audition: its text, when it was spoken (ISO), with which engine, and where to hear it. */
  audition: { text: string; at: string; engine: string; url: string } | null;
  /** The library voice once published. */
  voiceId: string | null;
  publishedAt: string | null;
  createdBy: string;
  createdAt: string;
};
