/** A localized text stored as JSON: {"ko": "...", "en": "..."}. */
export type LocalizedText = { ko: string; en: string };
