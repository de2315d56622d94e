/** A localized text stored as JSON: {"ko": "...", "en": "..."}. */
export type LocalizedText = { ko: string; en: string };

/**
 * The sentences of a rendered passage as spoken: each one's start and end in its audio (ms from the audio's start) and
 * its words (without marks). A passage is at most 500 characters, so this is a few KB of JSON at the very most.
 */
export type SpokenSentence = { startMs: number; endMs: number; text: string };
