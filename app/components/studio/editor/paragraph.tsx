// One paragraph of the TTS editor: its text, voice, settings and sliders.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { VoicePicker, type VoiceCard } from "~/components/studio/VoicePicker";
import { TTS_LANGS, TTS_MAX_CHARS, TTS_STYLES } from "~/lib/studio";
import type { Take, TtsParagraph } from "~/lib/studio-schemas";
import { characterCount, hasMarks, invalidCharacters, languageOffer } from "#contracts/speech-text";
import { LanguageOffer, MarkButtons, MarkChips, ParagraphAudio, Pronunciation } from "../editor-on-use";
import { DEFAULTS, PARAGRAPH_FIELDS, RANGES, type Row } from "./rows";
import { switchParagraphLanguage } from "./switch-language";

export const DEFAULTS_OF = { ...DEFAULTS, lang: "ko" } as const;

export function ParagraphFields({
  formId,
  row,
  index,
  errorsOf,
  voices,
  saved,
  removable,
  reading,
  here,
  takes,
}: {
  formId: string;
  row: Row;
  index: number;
  /** The errors of a field by its name, from the action's answer. */
  errorsOf: (name: string) => string[] | undefined;
  voices: VoiceCard[];
  saved: TtsParagraph | null;
  removable: boolean;
  /** What the engine reads for this paragraph, after "Show pronunciation". */
  reading: { pronunciation: string; phonemes: string } | null;
  /** The editor's address, and this paragraph's takes when the member opened them. */
  here: string;
  takes: Take[] | null;
}) {
  const { t } = useTranslation("studio");
  const name = (field: (typeof PARAGRAPH_FIELDS)[number]) => `paragraphs[${index}].${field}`;
  const id = (field: (typeof PARAGRAPH_FIELDS)[number]) => `${formId}-${name(field)}`;
  const initial = String(row.text ?? "");
  const [text, setText] = useState(initial);
  // The mark buttons come with the first edit of the text (their code loads then), as a toolbar does.
  const [editing, setEditing] = useState(false);
  const [switched, setSwitched] = useState(false);
  // An answer's error on the text stands until the text changes after it.
  const answered = errorsOf(name("text"));
  const [answeredAt, setAnsweredAt] = useState({ errors: answered, text });
  if (answeredAt.errors !== answered) setAnsweredAt({ errors: answered, text });
  const textErrors = answeredAt.errors === answered && text !== answeredAt.text ? undefined : answered;
  // The same text rules as the api (contracts/speech-text.ts): the characters read, and what cannot be spoken.
  const unreadable = invalidCharacters(text);
  const count = characterCount(text);
  const described = [textErrors ? `${id("text")}-error` : "", unreadable.length ? `${id("text")}-unreadable` : ""].join(" ").trim();
  const select = "rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm";
  const selectProps = (field: "style" | "lang") => ({
    id: id(field),
    name: name(field),
    defaultValue: String(row[field] ?? DEFAULTS_OF[field]),
    className: select,
  });
  // What the block's settings line says: it follows the fields inside it (and the bar above the script, which sets them).
  const [shown, setShown] = useState(() => ({
    style: String(row.style ?? DEFAULTS_OF.style),
    lang: String(row.lang ?? DEFAULTS_OF.lang),
    tempo: String(row.tempo ?? DEFAULTS_OF.tempo),
    pitch: String(row.pitch ?? DEFAULTS_OF.pitch),
    pause_ms: String(row.pause_ms ?? DEFAULTS_OF.pause_ms),
  }));
  const lang = shown.lang;
  const written = languageOffer(text, lang);
  return (
    <fieldset className="px-2 py-3 focus-within:bg-brand-50/40 sm:px-4" data-testid="paragraph">
      <legend className="sr-only">{t("editor.paragraph", { n: index + 1 })}</legend>
      <input type="hidden" name={name("id")} value={row.id ?? ""} />
      {/* The block's head, as a script's speaker line: its number, voice and settings, each opening in place. */}
      <div className="flex flex-wrap items-start gap-2" data-testid="paragraph-controls">
        <span className="mt-1.5 w-5 shrink-0 text-right text-xs tabular-nums text-slate-500" aria-hidden="true">
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 basis-40">
          <VoicePicker
            field={{
              id: id("voice_id"),
              name: name("voice_id"),
              initialValue: row.voice_id,
              errors: errorsOf(name("voice_id")),
              errorId: `${id("voice_id")}-error`,
            }}
            voices={voices}
            legend={t("editor.voiceOf", { n: index + 1 })}
          />
          <ErrorList id={`${id("voice_id")}-error`} errors={errorsOf(name("voice_id"))} />
        </div>
        <details
          className="group min-w-0 basis-full text-sm sm:flex-1 sm:basis-auto sm:open:basis-full"
          data-testid="paragraph-settings"
          onChange={(e) => {
            const field = (e.target as HTMLInputElement).name.split(".").at(-1)!;
            if (field in shown) setShown({ ...shown, [field]: (e.target as HTMLInputElement).value });
          }}
        >
          <summary
            className="flex cursor-pointer list-none flex-wrap gap-1 py-1 text-xs text-slate-600"
            aria-label={t("editor.settings.change", { n: index + 1 })}
          >
            {[
              t(`editor.styles.${shown.style as "neutral"}`),
              t(`editor.langs.${lang as "ko"}`),
              t("editor.settings.tempo", { value: shown.tempo }),
              t("editor.settings.pitch", { value: shown.pitch }),
              t("editor.settings.pause", { value: shown.pause_ms }),
            ].map((chip) => (
              <span key={chip} className="rounded-full bg-slate-100 px-2 py-0.5 group-open:bg-brand-50">
                {chip}
              </span>
            ))}
          </summary>
          {/* Two columns on a phone (style and language, pitch and tempo, pause). */}
          <div className="mt-2 grid grid-cols-2 items-end gap-x-3 gap-y-2 sm:flex sm:flex-wrap">
            <label className="flex min-w-0 flex-col text-xs font-medium text-slate-600">
              {t("editor.style")}
              <select {...selectProps("style")}>
                {TTS_STYLES.map((s) => (
                  <option key={s} value={s}>
                    {t(`editor.styles.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex min-w-0 flex-col text-xs font-medium text-slate-600">
              {t("editor.lang")}
              <select {...selectProps("lang")}>
                {TTS_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`editor.langs.${l}`)}
                  </option>
                ))}
              </select>
            </label>
            {(["pitch", "tempo", "pause_ms"] as const).map((field) => (
              <RangeField
                key={field}
                label={t(`editor.${field === "pause_ms" ? "pause" : field}`)}
                id={id(field)}
                name={name(field)}
                initial={String(row[field] ?? DEFAULTS_OF[field])}
                errors={errorsOf(name(field))}
                range={RANGES[field]}
              />
            ))}
          </div>
        </details>
      </div>
      <label htmlFor={id("text")} className="sr-only">
        {t("editor.text")}
      </label>
      <textarea
        id={id("text")}
        name={name("text")}
        defaultValue={initial}
        onChange={(e) => {
          setText(e.target.value);
          // A new paragraph is read in the language its text is written in, once, as it is typed (the save does the
          // same without JavaScript); the member may set it back.
          const to = saved || switched ? null : languageOffer(e.target.value, lang);
          if (to) {
            setSwitched(true);
            switchParagraphLanguage(id, to, voices);
          }
        }}
        onFocus={() => setEditing(true)}
        rows={2}
        className="mt-1 block w-full resize-y rounded-md border-0 bg-transparent px-2 py-1 text-base leading-7 ring-1 ring-transparent [field-sizing:content] hover:ring-slate-200 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:ring-red-500"
        aria-invalid={textErrors || unreadable.length ? true : undefined}
        aria-describedby={described || undefined}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-x-2 px-2 text-xs text-slate-500">
        <ErrorList id={`${id("text")}-error`} errors={textErrors} />
        {unreadable.length ? (
          <p id={`${id("text")}-unreadable`} className="text-red-600" data-testid="unreadable">
            {t("editor.unreadable", { chars: unreadable.join(" ") })}
          </p>
        ) : null}
        {editing ? <MarkButtons textId={id("text")} /> : null}
        <span className={count > TTS_MAX_CHARS ? "ml-auto font-medium text-red-600" : "ml-auto"} data-testid="char-count">
          {t("editor.count", { count, max: TTS_MAX_CHARS })}
        </span>
      </div>
      {hasMarks(text) ? <MarkChips text={text} /> : null}
      {written ? <LanguageOffer index={index} text={text} written={written} voices={voices} fieldId={id} /> : null}
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 px-2">
        <button
          type="submit"
          name="generate"
          value={index}
          className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700"
        >
          {t("editor.generateOne")}
        </button>
        <button
          type="submit"
          name="pronounce"
          value={index}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700"
        >
          {t("editor.pronounce")}
        </button>
        {removable ? (
          <button type="submit" name="remove" value={index} className="text-sm text-red-600 underline">
            {t("editor.remove")}
          </button>
        ) : null}
        {saved?.audioURL ? <ParagraphAudio saved={saved} n={index + 1} here={here} takes={takes} /> : null}
      </div>
      {reading ? <Pronunciation reading={reading} /> : null}
    </fieldset>
  );
}

/** A slider with its range and its value shown beside it; without JavaScript it submits its number as any input. */
export function RangeField({
  label,
  id,
  name,
  initial,
  errors,
  range,
}: {
  label: string;
  id: string;
  name: string;
  initial: string;
  errors: string[] | undefined;
  range: { min: number; max: number; step: number; unit: string };
}) {
  const [value, setValue] = useState(initial);
  return (
    <div className="flex min-w-0 flex-1 flex-col text-xs font-medium text-slate-600 sm:min-w-32">
      <label htmlFor={id} className="flex justify-between gap-2">
        <span>{label}</span>
        <output htmlFor={id} className="tabular-nums text-slate-900" data-testid={`${name.split(".").at(-1)}-value`}>
          {value}
          {range.unit}
        </output>
      </label>
      <input
        type="range"
        id={id}
        name={name}
        defaultValue={initial}
        onChange={(e) => setValue(e.target.value)}
        min={range.min}
        max={range.max}
        step={range.step}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className="mt-1 w-full accent-brand-600"
      />
      <span className="flex justify-between text-[10px] font-normal text-slate-500" aria-hidden="true">
        <span>{range.min}</span>
        <span>{range.max}</span>
      </span>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}
