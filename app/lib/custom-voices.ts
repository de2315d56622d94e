import { CUSTOM_VOICE_FORM } from "#contracts/custom-voices";
import { RECORDING_RULES } from "#contracts/open-voices";
/**
 * Custom voice creation (/dashboard/custom; spec sections 3, 5 and 8): the four steps' zod schemas
 * (the page's client validation and the action's `parseWithZod`), as the api checks them
 * (contracts/custom-voices.ts). Client-safe.
 */

export const CUSTOM_VOICE = {
  maxFiles: CUSTOM_VOICE_FORM.maxFiles,
  nameMax: CUSTOM_VOICE_FORM.nameMax,
  introMax: CUSTOM_VOICE_FORM.introMax,
  moodsMax: CUSTOM_VOICE_FORM.moodsMax,
  categoriesMax: CUSTOM_VOICE_FORM.categoriesMax,
  /** Each file as an open voice recording: up to a minute, at most 10 MB. */
  recordingMaxSeconds: RECORDING_RULES.maxSeconds,
  fileMaxBytes: RECORDING_RULES.maxBytes,
  consents: CUSTOM_VOICE_FORM.consents,
  imageSize: 240,
} as const;

export type CustomVoiceStep = 1 | 2 | 3 | 4;

/** What the file inputs offer (the api decides by content). */
export const AUDIO_ACCEPT = "audio/*,.wav,.mp3,.ogg,.webm,.m4a";

export const codePoints = (v: string) => [...v].length;

/** The page and the library tab it leads back to. */
export const CUSTOM_VOICE_PATH = "/dashboard/custom";
export const CUSTOM_VOICE_LIBRARY = "/dashboard/library?tab=custom";

/** The 1:1 inquiry a failed creation offers, its category prefilled (the help page reads `?category=`). */
export const CUSTOM_VOICE_INQUIRY = "/dashboard/help?category=service";
