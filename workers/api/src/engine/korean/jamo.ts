// Hangul syllables as (initial, vowel, final) jamo, by Unicode arithmetic: U+AC00 + (initial × 21 + vowel) × 28 + final.
// Jamo are written as compatibility letters (ㄱ, ㅏ, ㄺ) so the rules read like the standard pronunciation rules.

// prettier-ignore
export const INITIALS = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"] as const;
// prettier-ignore
export const VOWELS = ["ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅘ", "ㅙ", "ㅚ", "ㅛ", "ㅜ", "ㅝ", "ㅞ", "ㅟ", "ㅠ", "ㅡ", "ㅢ", "ㅣ"] as const;
// prettier-ignore
export const FINALS = ["", "ㄱ", "ㄲ", "ㄳ", "ㄴ", "ㄵ", "ㄶ", "ㄷ", "ㄹ", "ㄺ", "ㄻ", "ㄼ", "ㄽ", "ㄾ", "ㄿ", "ㅀ", "ㅁ", "ㅂ", "ㅄ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"] as const;

export type Syllable = { initial: string; vowel: string; final: string };

const FIRST = 0xac00;
const LAST = 0xd7a3;

export const isSyllable = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return ch.length === 1 && code >= FIRST && code <= LAST;
};

export function split(ch: string): Syllable {
  const index = (ch.codePointAt(0) ?? FIRST) - FIRST;
  return { initial: INITIALS[Math.floor(index / 588)]!, vowel: VOWELS[Math.floor((index % 588) / 28)]!, final: FINALS[index % 28]! };
}

export function join({ initial, vowel, final }: Syllable): string {
  const i = INITIALS.indexOf(initial as (typeof INITIALS)[number]);
  const v = VOWELS.indexOf(vowel as (typeof VOWELS)[number]);
  const f = FINALS.indexOf(final as (typeof FINALS)[number]);
  if (i < 0 || v < 0 || f < 0) throw new RangeError(`not a syllable: ${initial}${vowel}${final}`);
  return String.fromCodePoint(FIRST + (i * 21 + v) * 28 + f);
}

/** Whether a syllable (or the last of a word) ends in a consonant: chooses 은/는, 이/가, 을/를. */
export const hasFinal = (ch: string) => isSyllable(ch) && split(ch).final !== "";
