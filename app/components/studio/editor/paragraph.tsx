// One paragraph of the TTS editor: its text, voice, settings and sliders.
import { Link } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { Waveform } from "~/components/studio/on-use";
import { VoicePicker, type VoiceCard } from "~/components/studio/VoicePicker";
import { TTS_LANGS, TTS_MAX_CHARS, TTS_STYLES } from "~/lib/studio";
import type { Take, TtsParagraph } from "~/lib/studio-schemas";
import { characterCount, hasMarks, invalidCharacters, languageOffer } from "#contracts/speech-text";
import { LanguageOffer, MarkButtons, MarkChips, TakeList } from "../editor-on-use";
import { DEFAULTS, PARAGRAPH_FIELDS, type Row } from "./rows";
import { switchParagraphLanguage } from "./switch-language";

/** The sliders' ranges (spec section 9: pitch 48 steps from -24 to 24; the api's limits). */
export const RANGES = {
  pitch: { min: -24, max: 24, step: 1, unit: "" },
  tempo: { min: 0.5, max: 2, step: 0.05, unit: "×" },
  pause_ms: { min: 0, max: 10_000, step: 50, unit: "ms" },
} as const;
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
    ...(field === "lang" ? { onChange: (e: ChangeEvent<HTMLSelectElement>) => setLang(e.target.value) } : {}),
  });
  const [lang, setLang] = useState(String(row.lang ?? DEFAULTS_OF.lang));
  const written = languageOffer(text, lang);
  return (
    <fieldset className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4" data-testid="paragraph">
      <legend className="px-1 text-sm font-semibold">{t("editor.paragraph", { n: index + 1 })}</legend>
      <input type="hidden" name={name("id")} value={row.id ?? ""} />
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
        rows={3}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2"
        aria-invalid={textErrors || unreadable.length ? true : undefined}
        aria-describedby={described || undefined}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
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
      {/* Two columns on a phone (style and language, pitch and tempo, pause): flowing, the English labels left the style
          alone on a row and the sliders out of line. */}
      <div className="mt-2 grid grid-cols-2 items-end gap-x-3 gap-y-2 sm:flex sm:flex-wrap" data-testid="paragraph-controls">
        <div className="col-span-2 min-w-0 basis-full">
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
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
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
        {saved?.audioURL ? (
          <div className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <div className="min-w-0 flex-1 basis-48">
              <Waveform src={saved.audioURL} label={t("editor.audio", { n: index + 1 })} testId="paragraph-audio" />
            </div>
            {saved.audioCurrent ? null : <span className="text-xs text-amber-700">{t("editor.audioOutdated")}</span>}
            <span className="flex items-center gap-2 text-xs">
              <a href={`${saved.audioURL}?download=1`} download className="underline" data-testid="download-wav">
                WAV
              </a>
              <a href={`${saved.audioURL}?download=1&format=mp3`} download className="underline">
                MP3
              </a>
              <label className="flex items-center gap-1 text-slate-600">
                <input type="checkbox" form="download-form" name="p" value={saved.id} className="accent-brand-600" />
                {t("editor.pick")}
              </label>
              {saved.takes && saved.takes > 1 && !takes ? (
                <Link to={`${here}&takes=${saved.id}`} preventScrollReset className="underline" data-testid="takes-open">
                  {t("editor.takes.open", { count: saved.takes })}
                </Link>
              ) : null}
            </span>
            {takes ? <TakeList takes={takes} closeTo={here} /> : null}
          </div>
        ) : null}
      </div>
      {reading ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" role="status" data-testid="pronunciation">
          <p>
            <span className="font-medium text-slate-600">{t("editor.pronunciation")}</span> <span lang="ko">{reading.pronunciation}</span>
          </p>
          <p className="mt-1 break-all text-slate-600">
            <span className="font-medium">{t("editor.phonemes")}</span> /{reading.phonemes}/
          </p>
          <Link to="/studio/dictionary" className="mt-1 inline-block text-brand-700 underline">
            {t("editor.fixInDictionary")}
          </Link>
        </div>
      ) : null}
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
