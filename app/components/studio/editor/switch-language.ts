import type { VoiceCard } from "~/components/studio/VoicePicker";

/**
 * Sets a paragraph's language in its form and checks the first voice of that language the picker lists, as the member's
 * own choice would (the select's change and the radio's click reach the form, and autosave follows them).
 */
export function switchParagraphLanguage(fieldId: (field: "lang" | "voice_id") => string, lang: "ko" | "en", voices: VoiceCard[]) {
  const select = document.getElementById(fieldId("lang"));
  if (select instanceof HTMLSelectElement) {
    select.value = lang;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  const voice = voices.find((v) => v.lang === lang);
  if (voice) document.getElementById(`${fieldId("voice_id")}-${voice.id}`)?.click();
}
