// A member's pronunciation dictionary applied to a text before it is read: each entry's word is
// replaced by its reading. Words are matched literally (never as a pattern a member could make slow), the
// longest first, left to right without overlaps; a Latin word matches whole words regardless of case
// (AWS, aws), a Hangul word matches inside a word too, so that its particles follow (카카오뱅크는).

export type DictionaryEntry = { word: string; reading: string };

/** Limits of the dictionary (docs/api: POST /studio/dictionary). */
export const DICTIONARY_LIMITS = { entries: 200, word: 40, reading: 80 } as const;

const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

/** The text with every dictionary word replaced by its reading. Linear in text length × entries. */
export function applyDictionary(text: string, entries: readonly DictionaryEntry[]): string {
  if (entries.length === 0 || text.length === 0) return text;
  const sorted = [...entries].filter((e) => e.word.length > 0).sort((a, b) => b.word.length - a.word.length);
  const keys = sorted.map((e) => ({ ...e, key: e.word.toLowerCase(), latin: LATIN_OR_DIGIT.test(e.word) }));
  let out = "";
  let i = 0;
  outer: while (i < text.length) {
    for (const e of keys) {
      if (text.slice(i, i + e.word.length).toLowerCase() !== e.key) continue;
      if (e.latin) {
        // Whole words only for Latin entries: "AI" is not replaced inside "AIR".
        const before = text[i - 1];
        const after = text[i + e.word.length];
        if ((before && LATIN_OR_DIGIT.test(before)) || (after && LATIN_OR_DIGIT.test(after))) continue;
      }
      out += e.reading;
      i += e.word.length;
      continue outer;
    }
    out += text[i];
    i++;
  }
  return out;
}
