// Korean text -> what the engine reads: the text as spoken (numbers, dates, acronyms; normalize.ts), then its
// standard pronunciation in Hangul (pronounce.ts). docs/decisions/0024-korean-reading.md.
import { normalizeKorean } from "./normalize";
import { pronounceKorean } from "./pronounce";

export { normalizeKorean } from "./normalize";
export { pronounceKorean, pronounceWord } from "./pronounce";

/** The Hangul respelling eSpeak NG is given for a Korean paragraph: 3시에 만나요 -> 세시에 만나요. */
export function koreanPronunciation(text: string): string {
  return pronounceKorean(normalizeKorean(text));
}
