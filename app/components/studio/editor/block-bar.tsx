// The bar above the script that sets the voice and settings of the block being edited, as Typecast's toolbar does.
// It holds no fields of its own: it sets the block's (which a form without JavaScript sends as they are), so a save,
// autosave and the block's own settings line all see one value.
import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import type { VoiceCard } from "~/components/studio/VoicePicker";
import { TTS_LANGS, TTS_STYLES } from "~/lib/studio";
import { RANGES } from "./rows";
import { switchParagraphLanguage } from "./switch-language";

/** The steps the bar offers; a value set on the block's own slider between them is offered too. */
const STEPS = {
  tempo: [0.5, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2],
  pitch: [] as number[],
  pause_ms: [0, 150, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000],
} as const;

type Field = "style" | "lang" | keyof typeof STEPS;

export function BlockBar({ formId, index, voices }: { formId: string; index: number; voices: VoiceCard[] }) {
  const { t } = useTranslation("studio");
  // The bar shows what the block's fields hold, so it draws again whenever the form changes.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const form = document.getElementById(formId);
    form?.addEventListener("input", redraw);
    form?.addEventListener("change", redraw);
    return () => {
      form?.removeEventListener("input", redraw);
      form?.removeEventListener("change", redraw);
    };
  }, [formId]);
  const fieldId = (field: Field | "voice_id") => `${formId}-paragraphs[${index}].${field}`;
  const element = (field: Field) => document.getElementById(fieldId(field)) as HTMLInputElement | HTMLSelectElement | null;
  const voice = document.querySelector<HTMLInputElement>(`input[name="paragraphs[${index}].voice_id"]:checked`)?.value ?? "";
  // A value set as the member would: React's handlers and autosave hear the event the field itself would fire.
  const set = (field: Field, value: string) => {
    const target = element(field);
    if (!target) return;
    const prototype = target instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(target, value);
    target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  };
  const select = "rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-900";
  const label = "flex shrink-0 flex-col text-[11px] font-medium text-slate-500";
  const stepped = (field: keyof typeof STEPS, caption: string, unit: string) => {
    const value = element(field)?.value ?? "";
    // Every semitone of the slider's range.
    const all =
      field === "pitch" ? Array.from({ length: RANGES.pitch.max - RANGES.pitch.min + 1 }, (_, i) => RANGES.pitch.min + i) : STEPS[field];
    const steps = all.map(String);
    return (
      <label className={label}>
        {caption}
        <select className={select} value={value} onChange={(e) => set(field, e.target.value)} data-testid={`bar-${field}`}>
          {(steps.includes(value) ? steps : [...steps, value].sort((a, b) => Number(a) - Number(b))).map((step) => (
            <option key={step} value={step}>
              {step}
              {unit}
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <div
      role="group"
      aria-label={t("editor.bar.label")}
      className="flex min-w-0 flex-1 items-end gap-2 overflow-x-auto px-3 py-2"
      data-testid="block-bar"
    >
      <span className="mb-1.5 shrink-0 text-xs font-semibold tabular-nums text-brand-700">{index + 1}</span>
      <label className={label}>
        {t("editor.bar.voice")}
        <select
          className={`${select} max-w-40`}
          value={voice}
          data-testid="bar-voice"
          onChange={(e) => {
            const chosen = voices.find((v) => v.id === e.target.value);
            document.getElementById(`${fieldId("voice_id")}-${e.target.value}`)?.click();
            // A voice of the other language reads the block in its language.
            if (chosen && (chosen.lang === "ko" || chosen.lang === "en") && chosen.lang !== element("lang")?.value)
              set("lang", chosen.lang);
          }}
        >
          {(["ko", "en"] as const).map((lang) => (
            <optgroup key={lang} label={t(`editor.langs.${lang}`)}>
              {voices
                .filter((v) => v.lang === lang)
                .map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={label}>
        {t("editor.style")}
        <select
          className={select}
          value={element("style")?.value ?? ""}
          onChange={(e) => set("style", e.target.value)}
          data-testid="bar-style"
        >
          {TTS_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`editor.styles.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {t("editor.lang")}
        <select
          className={select}
          value={element("lang")?.value ?? ""}
          data-testid="bar-lang"
          onChange={(e) => {
            const lang = e.target.value;
            // Korean or English picks the first voice of that language when the block's voice speaks the other.
            const spoken = voices.find((v) => v.id === voice)?.lang;
            if ((lang === "ko" || lang === "en") && spoken && spoken !== lang) switchParagraphLanguage(fieldId, lang, voices);
            else set("lang", lang);
          }}
        >
          {TTS_LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`editor.langs.${l}`)}
            </option>
          ))}
        </select>
      </label>
      {stepped("tempo", t("editor.tempo"), "×")}
      {stepped("pitch", t("editor.pitch"), "")}
      {stepped("pause_ms", t("editor.pause"), "")}
      <button
        type="submit"
        name="generate"
        value={index}
        className="mb-px ml-auto shrink-0 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white"
      >
        {t("editor.bar.generate")}
      </button>
    </div>
  );
}
