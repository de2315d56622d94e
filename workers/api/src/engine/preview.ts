// What the engine will read for a text (issue 15, POST /studio/pronounce): the text after the member's
// dictionary and the reading rules (for Korean a Hangul respelling such as 사라밈니다, for English the
// normalised words) and the IPA eSpeak NG speaks for it.
import { applyDictionary, type DictionaryEntry } from "./dictionary";
import { normalizeEnglish } from "./english";
import { espeakPhonemes } from "./espeak";
import { koreanPronunciation } from "./korean";

export async function pronunciationPreview(text: string, lang: "ko" | "en", entries: readonly DictionaryEntry[]) {
  const replaced = applyDictionary(text, entries);
  const pronunciation = lang === "ko" ? koreanPronunciation(replaced) : normalizeEnglish(replaced);
  const phonemes = await espeakPhonemes(pronunciation, lang === "ko" ? "ko" : "en-us");
  return { pronunciation, phonemes };
}
