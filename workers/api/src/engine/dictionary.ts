// A member's pronunciation dictionary applied to a text before it is read: each entry's word is
// replaced by its reading. Words are matched literally (never as a pattern a member could make slow), the
// longest first, left to right without overlaps; a Latin word matches whole words regardless of case
// (AWS, aws), a Hangul word matches inside a word too, so that its particles follow (카카오뱅크는).

import { EMPHASIS_MARK, PAUSE_MARK } from "../lib/tts-text";

export type DictionaryEntry = { word: string; reading: string };

/** Limits of the dictionary (docs/api: POST /studio/dictionary). */
export const DICTIONARY_LIMITS = { entries: 200, word: 40, reading: 80 } as const;

const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

/**
 * The text with every dictionary word replaced by its reading. Linear in text length × entries. The member's pause and
 * emphasis marks are left as they are: an entry for "강조" or "pause" must not unmake them.
 */
export function applyDictionary(text: string, entries: readonly DictionaryEntry[]): string {
  if (entries.length === 0 || text.length === 0) return text;
  const sorted = [...entries].filter((e) => e.word.length > 0).sort((a, b) => b.word.length - a.word.length);
  const keys = sorted.map((e) => ({ ...e, key: e.word.toLowerCase(), latin: LATIN_OR_DIGIT.test(e.word) }));
  let out = "";
  let at = 0;
  for (const mark of text.matchAll(MARKS)) {
    out += replaceWords(text.slice(at, mark.index), keys) + mark[0];
    at = mark.index + mark[0].length;
  }
  return out + replaceWords(text.slice(at), keys);
}

const MARKS = new RegExp(`${PAUSE_MARK.source}|${EMPHASIS_MARK.source}`, "giu");

type Key = DictionaryEntry & { key: string; latin: boolean };

function replaceWords(text: string, keys: readonly Key[]) {
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
