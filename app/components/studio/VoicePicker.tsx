import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PICKER_SEARCH_PARAM, type PickerSearch } from "~/lib/studio";
import { LIBRARY_QUERY_MAX } from "#contracts/voices";

export type VoiceCard = {
  id: string;
  name: string;
  pr: string;
  lang: string;
  profileImageURL: string;
  audioURL: string;
  features: string[];
  useCases: string[];
  tags: { tone: { name: string }; gender: { name: string }; age: { name: string } };
};

/**
 * What the picker reads of its field: a field of useSchemaForm (the STS voice step), or the TTS editor's paragraph,
 * whose form has no form hook (docs/decisions/0059). `value` is the choice as the form knows it now, if it follows.
 */
export type PickerField = {
  id: string;
  name: string;
  formId?: string;
  initialValue?: unknown;
  value?: unknown;
  errors?: string[] | undefined;
  errorId?: string;
  required?: boolean;
};

/**
 * The voice picker of a paragraph: the chosen voice in the summary, and every voice the member may
 * use as a card (profile image, name, intro, the spec's tags) with its sample. The cards are radio
 * buttons of the paragraph's form, so choosing works without JavaScript; the sample is a link to
 * the clip that, with JavaScript, plays in place through one shared player.
 */
export function VoicePicker({
  field,
  voices,
  legend,
  open = false,
}: {
  field: PickerField;
  voices: VoiceCard[];
  legend: string;
  open?: boolean;
}) {
  const { t } = useTranslation("studio");
  // The summary follows the radios (a form without the hook does not tell the picker what was chosen).
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = voices.find((v) => v.id === (picked ?? field.value)) ?? voices.find((v) => v.id === field.initialValue);
  const invalid = field.errors !== undefined;
  const groups = (["ko", "en"] as const)
    .map((lang) => ({ lang, list: voices.filter((v) => v.lang === lang) }))
    .filter((g) => g.list.length > 0);
  return (
    <details open={open} className="group rounded-lg border border-slate-300 bg-white" data-testid="voice-picker">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2 py-1.5 text-sm">
        {chosen ? <img src={chosen.profileImageURL} alt="" width={24} height={24} className="size-6 rounded-full" /> : null}
        <span className="font-medium" data-testid="voice-chosen">
          {chosen ? chosen.name : t("picker.none")}
        </span>
        {chosen ? (
          <span className="truncate text-xs text-slate-500">
            {chosen.tags.gender.name} · {chosen.tags.age.name} · {chosen.tags.tone.name}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-brand-700 underline">{t("picker.change")}</span>
      </summary>
      <fieldset
        className="max-h-96 overflow-y-auto border-t border-slate-200 p-2"
        onChange={(e) => e.target instanceof HTMLInputElement && e.target.checked && setPicked(e.target.value)}
      >
        <legend className="sr-only">{legend}</legend>
        {groups.map((g) => (
          <div key={g.lang} className="mb-2">
            <p className="px-1 py-1 text-xs font-semibold text-slate-500">{t(`editor.langs.${g.lang}`)}</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {g.list.map((v) => (
                <li
                  key={v.id}
                  className="flex items-start gap-2 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600"
                >
                  <input
                    type="radio"
                    name={field.name}
                    form={field.formId}
                    value={v.id}
                    defaultChecked={field.initialValue === v.id}
                    required={field.required || undefined}
                    aria-invalid={invalid || undefined}
                    aria-describedby={invalid ? field.errorId : undefined}
                    id={`${field.id}-${v.id}`}
                    className="mt-3 accent-brand-600"
                  />
                  <img src={v.profileImageURL} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-full" />
                  <label htmlFor={`${field.id}-${v.id}`} className="min-w-0 flex-1 cursor-pointer text-sm">
                    <span className="block font-medium">{v.name}</span>
                    <span className="block text-xs text-slate-600">{v.pr}</span>
                    <span className="mt-1 flex flex-wrap gap-1 text-[11px] text-slate-600">
                      {[v.tags.gender.name, v.tags.age.name, v.tags.tone.name, ...v.features, ...v.useCases].map((tag) => (
                        <span key={tag} className="rounded-full bg-slate-100 px-1.5 py-0.5">
                          {tag}
                        </span>
                      ))}
                    </span>
                  </label>
                  <SampleButton src={v.audioURL} label={t("picker.listen", { name: v.name })} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </fieldset>
    </details>
  );
}

/**
 * The voice pickers' search: a GET form beside the page's own forms (it works without JavaScript) that asks the
 * loader for the voices whose name matches, among every voice the member may use; `keep` are the page's URL
 * parameters that must stay. It says how many voices the pickers show when that is fewer than there are.
 */
export function VoiceSearch({ search, keep }: { search: PickerSearch; keep: Record<string, string | null | undefined> }) {
  const { t } = useTranslation("studio");
  const kept = Object.entries(keep).filter((e): e is [string, string] => !!e[1]);
  const note = search.q
    ? search.total === 0
      ? t("picker.noMatch", { q: search.q })
      : t("picker.found", { count: search.total })
    : search.total > search.shown
      ? t("picker.showing", { shown: search.shown, total: search.total })
      : null;
  return (
    <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2" data-testid="voice-search">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <label htmlFor="voice-search-q" className="block text-sm font-medium text-slate-800">
          {t("picker.search")}
        </label>
        <input
          key={search.q}
          id="voice-search-q"
          type="search"
          name={PICKER_SEARCH_PARAM}
          defaultValue={search.q}
          maxLength={LIBRARY_QUERY_MAX}
          placeholder={t("picker.searchPlaceholder")}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <button type="submit" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-600">
        {t("picker.searchButton")}
      </button>
      {search.q ? (
        <Link to={`?${new URLSearchParams(kept)}`} className="py-2 text-sm text-brand-700 underline">
          {t("picker.clear")}
        </Link>
      ) : null}
      {note ? (
        <p className="w-full text-xs text-slate-600" data-testid="voice-search-note">
          {note}
        </p>
      ) : null}
    </Form>
  );
}

/** One sample playing at a time, page-wide. */
let shared: { audio: HTMLAudioElement; stop: () => void } | null = null;

function SampleButton({ src, label }: { src: string; label: string }) {
  const { t } = useTranslation("studio");
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");
  const mine = useRef<HTMLAudioElement | null>(null);
  const play = (event: React.MouseEvent) => {
    event.preventDefault();
    if (state !== "idle" && mine.current) {
      shared?.stop();
      return;
    }
    shared?.stop();
    const audio = new Audio(src);
    mine.current = audio;
    const stop = () => {
      audio.pause();
      setState("idle");
      if (shared?.audio === audio) shared = null;
    };
    shared = { audio, stop };
    audio.onplaying = () => setState("playing");
    audio.onended = stop;
    audio.onerror = () => {
      // The api client comes with the first failure (it is not in the first load of a page of samples).
      void import("~/lib/api-client").then(({ apiClient }) => apiClient.mediaFailed(src, audio));
      stop();
    };
    setState("loading");
    audio.play().catch(stop);
  };
  return (
    <a
      href={src}
      onClick={play}
      aria-label={label}
      title={label}
      data-testid="voice-sample"
      data-state={state}
      className="grid size-8 shrink-0 place-items-center rounded-full text-brand-700 ring-1 ring-brand-600"
    >
      <span aria-hidden="true">{state === "idle" ? "▶" : state === "loading" ? "…" : "■"}</span>
      <span className="sr-only">{state === "playing" ? t("player.pause") : ""}</span>
    </a>
  );
}
