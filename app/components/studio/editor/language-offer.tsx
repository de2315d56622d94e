// The offer to read a paragraph in the language its text is written in, shown only when the text and the paragraph's
// language differ, so it is loaded on use (app/components/studio/editor-on-use.tsx).
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { VoiceCard } from "~/components/studio/VoicePicker";
import { useHydrated } from "~/utils/use-hydrated";
import { switchParagraphLanguage } from "./switch-language";

/**
 * The offer to read a paragraph in the language its text is written in, with a voice of that language (the first the
 * pickers list). Its button saves the switch without JavaScript; with JavaScript it sets the paragraph's language and
 * voice in place (autosave then saves them), and "keep" hides the offer until the text changes.
 */
export function LanguageOffer({
  index,
  text,
  written,
  voices,
  fieldId,
}: {
  index: number;
  text: string;
  written: "ko" | "en";
  voices: VoiceCard[];
  fieldId: (field: "lang" | "voice_id") => string;
}) {
  const { t } = useTranslation("studio");
  const [kept, setKept] = useState<string | null>(null);
  const hydrated = useHydrated();
  const voice = voices.find((v) => v.lang === written);
  const switchInPlace = (e: MouseEvent) => {
    e.preventDefault();
    switchParagraphLanguage(fieldId, written, voices);
  };
  if (kept === text) return null;
  return (
    <div
      role="status"
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="language-offer"
    >
      <span>{voice ? t(`editor.languageOffer.${written}`, { voice: voice.name }) : t(`editor.languageOfferNoVoice.${written}`)}</span>
      <button
        type="submit"
        name="language"
        value={`${index}:${written}:${voice?.id ?? ""}`}
        onClick={hydrated ? switchInPlace : undefined}
        className="rounded-lg bg-amber-600 px-2.5 py-1 text-xs font-semibold text-white"
      >
        {t("editor.languageSwitch")}
      </button>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setKept(text)}
          className="rounded-lg px-2.5 py-1 text-xs font-semibold text-amber-900 underline"
        >
          {t("editor.languageKeep")}
        </button>
      ) : null}
    </div>
  );
}
