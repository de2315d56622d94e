// Korean standard pronunciation before synthesis. eSpeak NG's Korean rules miss nasal assimilation
// (입니다 read "ipnida", 국물 "guqmul") and ㄴ+ㄹ lateralisation (신라 "sinɾa"); rewriting the text to its
// standard pronunciation with es-hangul first (입니다 -> 임니다, 국물 -> 궁물, 신라 -> 실라) makes eSpeak
// read it right. Measured in shared/notes/engine.md.
import { standardizePronunciation } from "es-hangul";

/** A run of Hangul syllables, possibly several words separated by spaces. */
const HANGUL_RUN = /[\uAC00-\uD7A3]+(?:[ \t]+[\uAC00-\uD7A3]+)*/g;

/**
 * Rewrites each Hangul run to its standard pronunciation; Latin text, digits, punctuation and
 * everything else stay as they are (eSpeak reads numbers such as 2024년 and 10,000원 right itself).
 */
export function koreanPronunciation(text: string): string {
  return text.replace(HANGUL_RUN, (run) => standardizePronunciation(run));
}
