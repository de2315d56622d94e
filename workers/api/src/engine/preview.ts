// What the engine will read for a text (POST /studio/pronounce): the text after the member's
// dictionary and the reading rules (for Korean a Hangul respelling such as 사라밈니다, for English the
// normalised words) and the IPA eSpeak NG speaks for it.
import { applyDictionary, type DictionaryEntry } from "./dictionary";
import { normalizeEnglish } from "./english";
import { espeakPhonemes } from "./espeak";
import { koreanPronunciation } from "./korean";
import { segments, sentences, withoutEmphasis } from "../lib/tts-text";

/**
 * The text as the audio is made from it: the dictionary, then what a generation reads (speech/render.ts: the pieces
 * between pauses, without emoji or decorations, sentence by sentence), each sentence with the reading rules.
 */
export async function pronunciationPreview(text: string, lang: "ko" | "en", entries: readonly DictionaryEntry[]) {
  const read = lang === "ko" ? koreanPronunciation : normalizeEnglish;
  const pronunciation = segments(applyDictionary(text, entries))
    .flatMap((piece) => ("text" in piece ? sentences(withoutEmphasis(piece.text)).map(read) : []))
    .join(" ");
  const phonemes = await espeakPhonemes(pronunciation, lang === "ko" ? "ko" : "en-us");
  return { pronunciation, phonemes };
}
