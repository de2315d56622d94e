import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod/v4";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import { JobProgress, NoScriptRefresh } from "~/components/studio/JobProgress";
import { UsageDialog } from "~/components/studio/UsageDialog";
import { VoicePicker, type VoiceCard } from "~/components/studio/VoicePicker";
import { Waveform } from "~/components/studio/Waveform";
import {
  EditorSchema,
  RenameSchema,
  TTS_LANGS,
  TTS_MAX_CHARS,
  TTS_STYLES,
  type ParagraphSchema,
  type TtsParagraph,
  type TtsProject,
  type UsageDialogData,
} from "~/lib/studio";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.projects.text-to-speech.server";
import { jobRunning } from "../../contracts/jobs";

export const handle = { i18n: ["common", "account", "studio"] };

export { action, loader } from "./studio.projects.text-to-speech.server";
export const meta = pageMetaTags;

/** A short, stable fingerprint of a string (djb2), for form ids. */
const shortHash = (text: string) => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
};

export default function TtsEditor() {
  const { project, voices, remaining, job } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("studio");
  const [form, fields] = useForm({
    // A new form once the saved paragraphs change (a save gave new paragraphs their ids): the form
    // state would otherwise keep the id-less paragraphs typed before the save.
    id: `editor-${project.id}-${shortHash(project.paragraphs.map((p) => p.id).join())}`,
    lastResult: actionData?.form === "editor" ? actionData.result : undefined,
    constraint: getZodConstraint(EditorSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EditorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { paragraphs: project.paragraphs.map(({ audioURL: _a, ...p }) => p) },
  });
  const [renameForm, renameFields] = useForm({
    id: `rename-${project.id}`,
    lastResult: actionData?.form === "rename" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameSchema }),
    defaultValue: { name: project.name },
  });
  const list = fields.paragraphs.getFieldList();
  const usage = actionData && "usage" in actionData ? (actionData.usage as UsageDialogData) : null;
  const reading =
    actionData && "pronunciation" in actionData
      ? (actionData.pronunciation as { index: number; pronunciation: string; phonemes: string } | null)
      : null;
  return (
    <main className="px-6 py-8">
      <Link to="/studio" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("editor.title")}</h1>
      <Form method="post" {...getFormProps(renameForm)} className="mt-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="rename" />
        <Field
          className="min-w-64"
          label={t("editor.name")}
          inputProps={getInputProps(renameFields.name, { type: "text" })}
          errors={renameFields.name.errors}
        />
        <SubmitButton variant="secondary" className="sm:w-auto">
          {t("editor.rename")}
        </SubmitButton>
        <ErrorList id={renameForm.errorId} errors={renameForm.errors} />
      </Form>
      <p className="mt-4 text-sm text-slate-600">{t("editor.rules")}</p>
      <p className="mt-1 text-sm font-medium" data-testid="remaining">
        {t("editor.remaining", { remaining: remaining.toLocaleString() })}
      </p>
      {job ? <JobProgress job={job} /> : null}
      {jobRunning(job) ? <NoScriptRefresh /> : null}
      {usage ? (
        <UsageDialog kind={usage.kind} message={usage.message} closeTo={`/studio/projects/text-to-speech?id=${project.id}`} />
      ) : null}
      <ProjectAudio project={project} />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="save" />
        {list.map((paragraph, index) => (
          <ParagraphFields
            key={paragraph.key}
            field={paragraph}
            index={index}
            voices={voices}
            saved={project.paragraphs.find((p) => p.id === paragraph.value?.id) ?? null}
            removeButton={index === 0 ? null : form.remove.getButtonProps({ name: fields.paragraphs.name, index })}
            reading={reading?.index === index ? reading : null}
          />
        ))}
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-xs text-slate-500">{t("editor.generateHint")}</p>
        <div className="flex flex-wrap gap-3">
          <button
            {...form.insert.getButtonProps({
              name: fields.paragraphs.name,
              defaultValue: {
                text: "",
                voice_id: list.at(-1)?.value?.voice_id ?? voices[0]?.id ?? "",
                lang: list.at(-1)?.value?.lang ?? "ko",
              },
            })}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold"
          >
            + {t("editor.add")}
          </button>
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("editor.save")}
          </SubmitButton>
          <SubmitButton name="generate" value="all" className="sm:w-auto">
            {t("editor.generateAll")}
          </SubmitButton>
        </div>
      </Form>
    </main>
  );
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement>;

function ParagraphFields({
  field,
  index,
  voices,
  saved,
  removeButton,
  reading,
}: {
  field: FieldMetadata<z.input<typeof ParagraphSchema>>;
  index: number;
  voices: VoiceCard[];
  saved: TtsParagraph | null;
  removeButton: ButtonProps | null;
  /** What the engine reads for this paragraph, after "Show pronunciation". */
  reading: { pronunciation: string; phonemes: string } | null;
}) {
  const { t } = useTranslation("studio");
  const p = field.getFieldset();
  const text = typeof p.text.value === "string" ? p.text.value : "";
  const select = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <fieldset className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="paragraph">
      <legend className="px-1 text-sm font-semibold">{t("editor.paragraph", { n: index + 1 })}</legend>
      <input {...getInputProps(p.id, { type: "hidden" })} />
      <label htmlFor={p.text.id} className="sr-only">
        {t("editor.text")}
      </label>
      <textarea
        {...getTextareaProps(p.text)}
        rows={3}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2"
        aria-invalid={p.text.errors ? true : undefined}
      />
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        <ErrorList errors={p.text.errors} />
        <span className="ml-auto" data-testid="char-count">
          {t("editor.count", { count: [...text].length, max: TTS_MAX_CHARS })}
        </span>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-6">
        <div className="col-span-2 md:col-span-6">
          <p className="text-xs font-medium text-slate-600">{t("editor.voice")}</p>
          <div className="mt-1">
            <VoicePicker field={p.voice_id} voices={voices} legend={t("editor.voiceOf", { n: index + 1 })} />
          </div>
          <ErrorList errors={p.voice_id.errors} />
        </div>
        <div>
          <label htmlFor={p.style.id} className="text-xs font-medium text-slate-600">
            {t("editor.style")}
          </label>
          <select {...getSelectProps(p.style)} className={select}>
            {TTS_STYLES.map((s) => (
              <option key={s} value={s}>
                {t(`editor.styles.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={p.lang.id} className="text-xs font-medium text-slate-600">
            {t("editor.lang")}
          </label>
          <select {...getSelectProps(p.lang)} className={select}>
            {TTS_LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`editor.langs.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <NumberField label={t("editor.pitch")} props={getInputProps(p.pitch, { type: "number" })} step={1} errors={p.pitch.errors} />
        <NumberField label={t("editor.tempo")} props={getInputProps(p.tempo, { type: "number" })} step={0.05} errors={p.tempo.errors} />
        <NumberField label={t("editor.pause")} props={getInputProps(p.pause_ms, { type: "number" })} step={50} errors={p.pause_ms.errors} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-4">
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
        {saved?.audioURL ? (
          <>
            <Waveform src={saved.audioURL} label={t("editor.audio", { n: index + 1 })} testId="paragraph-audio" />
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
            </span>
          </>
        ) : null}
        {removeButton ? (
          <button {...removeButton} className="text-sm text-red-600 underline">
            {t("editor.remove")}
          </button>
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

/**
 * The whole project: a player of all sentences joined with their pauses (once every sentence has
 * audio of its current text), and the download form (one file or a ZIP of each sentence, WAV or
 * MP3; the sentences ticked below, or all). A GET form, so it works without JavaScript.
 */
function ProjectAudio({ project }: { project: TtsProject }) {
  const { t } = useTranslation("studio");
  const spoken = project.paragraphs.filter((p) => p.text.trim());
  const ready = spoken.length > 0 && spoken.every((p) => p.audioCurrent);
  const generated = spoken.some((p) => p.audioURL);
  if (!generated) return null;
  return (
    <section className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="project-audio-title">
      <h2 id="project-audio-title" className="font-semibold">
        {t("editor.projectAudio")}
      </h2>
      {ready ? (
        <div className="mt-2">
          <Waveform
            src={`/api/v1/studio/projects/${project.id}/download?inline=1`}
            label={t("editor.projectAudio")}
            testId="project-audio"
            height={64}
          />
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t("editor.notReady", { count: spoken.filter((p) => !p.audioCurrent).length })}</p>
      )}
      <form id="download-form" method="get" action="/studio/download" className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <input type="hidden" name="project" value={project.id} />
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">{t("editor.downloadAs")}</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="split" value="0" defaultChecked className="accent-brand-600" />
            {t("editor.oneFile")}
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="split" value="1" className="accent-brand-600" />
            {t("editor.eachSentence")}
          </label>
        </fieldset>
        <label className="flex items-center gap-1">
          {t("editor.format")}
          <select name="format" className="rounded-lg border border-slate-300 bg-white px-2 py-1">
            <option value="wav">WAV</option>
            <option value="mp3">MP3</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white" data-testid="download">
          {t("editor.download")}
        </button>
        <p className="w-full text-xs text-slate-500">{t("editor.downloadHint")}</p>
      </form>
    </section>
  );
}

function NumberField({
  label,
  props,
  step,
  errors,
}: {
  label: string;
  props: React.InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  step: number;
  errors?: string[];
}) {
  const { key, ...rest } = props;
  return (
    <div>
      <label htmlFor={rest.id} className="text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        key={key ?? undefined}
        {...rest}
        step={step}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
      />
      <ErrorList errors={errors} />
    </div>
  );
}

/** Spec section 8: a project that cannot be loaded offers going back, and trying again unless it is not found. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultHandler={(status) => <LoadFailed notFound={status === 404} />} />;
}

function LoadFailed({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation("studio");
  const location = useLocation();
  return (
    <main className="px-6 py-16 text-center">
      <h1 className="text-xl font-bold">{t("editor.loadFailed")}</h1>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/studio" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
          {t("editor.back")}
        </Link>
        {notFound ? null : (
          <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            {t("editor.retry")}
          </a>
        )}
      </div>
    </main>
  );
}
