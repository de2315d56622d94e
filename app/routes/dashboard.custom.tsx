import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { NeedsStarterDialog, SlotsFullDialog } from "~/components/library/CustomVoiceDialogs";
import { ProfileImageInput } from "~/components/library/ProfileImageInput";
import { RecordPanel, TagsForm, WizardSteps } from "~/components/library/Wizard";
import { Modal } from "~/components/shell/Modal";
import { PageHeading, Section } from "~/components/shell/Page";
import { NoScriptRefresh } from "~/components/studio/NoScriptRefresh";
import { useJobProgress } from "~/components/studio/useJobProgress";
import { AUDIO_ACCEPT, CUSTOM_VOICE, CUSTOM_VOICE_INQUIRY } from "~/lib/custom-voice";
import { type CustomDesign } from "~/lib/custom-voice-schemas";
import { pageMetaTags } from "~/utils/seo";
import type { CustomVoice } from "../../contracts/custom-voices";
import type { loader as dashboardLoader } from "./dashboard";
import type { action, CreationJob, Failure, loader } from "./dashboard.custom.server";
import * as specs from "~/lib/form-specs/custom-voice";

export { action, loader } from "./dashboard.custom.server";

export const handle = { i18n: ["common", "account", "library", "studio", "custom"] };

export const meta = pageMetaTags;

const STEPS = [1, 2, 3, 4] as const;
const PATH = "/dashboard/custom";
const LIBRARY = "/dashboard/library?tab=custom";

/**
 * Custom voice creation (spec sections 3, 5 and 8; issue 17): design, generate, profile, done. Every step is a
 * plain form that works without JavaScript; with it, files are gathered (recorded or uploaded, listed, played,
 * removed) into the one file input, the consents move into a dialog, and the job's progress is live.
 */
export default function CustomVoicePage() {
  const { step, design, voice, job, failure, voiceGone, gate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const parent = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { t } = useTranslation("custom");
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  // Before a voice exists: Free needs Starter (spec section 6), then a free slot; the api's refusal says the same.
  const free = (parent?.profile.plan ?? "Free") === "Free";
  const dialog = voice ? null : free || actionData?.gate === "starter" ? "starter" : (actionData?.gate ?? gate);
  return (
    <main className="max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeading
        title={t("title")}
        description={t("intro")}
        actions={
          <Link to={LIBRARY} className="text-sm text-brand-700 underline">
            {t("toLibrary")}
          </Link>
        }
      />
      <WizardSteps step={step} labels={STEPS.map((n) => t(`steps.${n}`))} label={t("stepOf", { n: step })} />
      {step === 1 ? <DesignStep design={design} lastResult={lastResult("design")} /> : null}
      {step === 2 ? (
        <GenerateStep
          job={job}
          failure={failure}
          voiceGone={voiceGone}
          lastResult={lastResult("generate")}
          error={actionData?.error ?? null}
        />
      ) : null}
      {step === 3 && voice ? <ProfileStep voice={voice} lastResult={lastResult("profile")} /> : null}
      {step === 4 && voice ? <DoneStep voice={voice} /> : null}
      {step < 4 ? (
        <Form method="post" className="text-right">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="text-sm text-slate-500 underline">
            {t("restart")}
          </button>
        </Form>
      ) : null}
      {dialog === "starter" ? <NeedsStarterDialog closeTo="/dashboard/library" /> : null}
      {dialog === "slots" ? <SlotsFullDialog slots={parent?.profile.planState?.limits.customVoice ?? 0} closeTo={LIBRARY} /> : null}
    </main>
  );
}

function DesignStep({ design, lastResult }: { design: CustomDesign | null; lastResult: LastResult }) {
  const { t } = useTranslation("custom");
  return (
    <TagsForm
      id="design"
      intent="design"
      schema={specs.CustomDesignSchema}
      lastResult={lastResult}
      saved={design}
      title={t("steps.1")}
      help={t("design.help")}
      next={t("next")}
      moodsName="moods"
      moodsLegend={t("design.moods")}
      categoriesLegend={t("design.categories")}
      genders={["male", "female"]}
    />
  );
}

/** True once the page runs its JavaScript (the server and the first render say false). */
function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function GenerateStep({
  job,
  failure,
  voiceGone,
  lastResult,
  error,
}: {
  job: CreationJob | null;
  failure: Failure | null;
  voiceGone: string | null;
  lastResult: LastResult;
  error: string | null;
}) {
  const { t } = useTranslation("custom");
  return (
    <>
      {job ? <CreationProgress job={job} /> : null}
      {/* Kept while the voice is made, so a retry after a failure still has the files (with JavaScript). */}
      <div hidden={!!job}>
        <FilesForm lastResult={lastResult} error={error} voiceGone={voiceGone} failedFile={failure?.file?.index ?? null} />
      </div>
      {failure ? <FailedDialog failure={failure} /> : null}
      {!job ? (
        <p>
          <Link to={`${PATH}?step=1`} className="text-sm text-brand-700 underline">
            ← {t("backToDesign")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** A chosen file with a URL to play it, made while it is listed. */
type Chosen = { file: File; url: string };

function FilesForm({
  lastResult,
  error,
  voiceGone,
  failedFile,
}: {
  lastResult: LastResult;
  error: string | null;
  voiceGone: string | null;
  failedFile: number | null;
}) {
  const { t } = useTranslation("custom");
  const { t: tl } = useTranslation("library");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [params, setParams] = useSearchParams();
  const consentOpen = hydrated && params.has("consent");
  const [form, fields] = useSchemaForm("generate", specs.CustomGenerateSchema, lastResult);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [full, setFull] = useState(false);
  const [noFiles, setNoFiles] = useState(false);
  // The file a failed creation named stays marked after "retry", until the list changes.
  const [marked, setMarked] = useState<number | null>(null);
  useEffect(() => {
    if (failedFile !== null) setMarked(failedFile - 1);
  }, [failedFile]);
  const rules = tl("wizard.rules", { returnObjects: true }) as string[];

  // The list is the file input's own files: what the form sends, with or without the dialog.
  const sync = (next: File[]) => {
    const list = new DataTransfer();
    for (const file of next) list.items.add(file);
    if (input.current) input.current.files = list.files;
    setFiles(next);
    setNoFiles(false);
    setMarked(null);
  };
  const add = (added: File[]) => {
    const next = [...files, ...added];
    setFull(next.length > CUSTOM_VOICE.maxFiles);
    sync(next.slice(0, CUSTOM_VOICE.maxFiles));
  };
  const listed = useMemo<Chosen[]>(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => listed.forEach((c) => URL.revokeObjectURL(c.url)), [listed]);

  const openConsent = () => {
    if (files.length === 0) {
      setNoFiles(true);
      return;
    }
    const next = new URLSearchParams(params);
    next.set("consent", "1");
    setParams(next, { preventScrollReset: true });
  };
  const closeTo = `${PATH}?step=2`;
  const formErrors = [...(form.errors ?? []), ...(error ? [error] : [])];

  const consents = (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t("generate.consentsLegend")}</legend>
      {(["rights", "training", "noHarm"] as const).map((key, i) => {
        const field = [fields.consent_rights, fields.consent_training, fields.consent_no_harm][i]!;
        return (
          <div key={key}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name={field.name}
                form={form.id}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                aria-invalid={field.errors?.length ? true : undefined}
                aria-describedby={field.errors?.length ? field.errorId : undefined}
              />
              <span>{t(`generate.consents.${key}`)}</span>
            </label>
            <ErrorList id={field.errorId} errors={field.errors} />
          </div>
        );
      })}
    </fieldset>
  );

  return (
    <Section id="generate" title={t("steps.2")}>
      <p className="mt-1 text-sm text-slate-600">{t("generate.help")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      {voiceGone ? <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{voiceGone}</p> : null}
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <RecordPanel
          title={t("generate.record")}
          noScript={t("generate.recordNoScript")}
          maxSeconds={files.length >= CUSTOM_VOICE.maxFiles ? 0 : CUSTOM_VOICE.recordingMaxSeconds}
          busy={busy}
          onRecorded={(file) => add([file])}
        />
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200"
          data-testid="generate-form"
        >
          <h3 className="font-semibold">{t("generate.upload")}</h3>
          <input type="hidden" name="intent" value="generate" />
          <div>
            <label htmlFor={fields.file.id} className="block text-sm font-medium text-slate-800">
              {t("generate.files")}
            </label>
            <input
              ref={input}
              id={fields.file.id}
              name={fields.file.name}
              type="file"
              multiple
              accept={AUDIO_ACCEPT}
              // With JavaScript a new choice adds to the list (the browser's own would replace it).
              onChange={hydrated ? (e) => add(Array.from(e.currentTarget.files ?? [])) : undefined}
              aria-invalid={fields.file.errors?.length ? true : undefined}
              aria-describedby={[`${fields.file.id}-help`, fields.file.errors?.length ? fields.file.errorId : ""].filter(Boolean).join(" ")}
              className="mt-1 block w-full text-sm"
            />
            <p id={`${fields.file.id}-help`} className="mt-1 text-xs text-slate-500">
              {t("generate.filesHelp")}
            </p>
            <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
          </div>
          {hydrated ? null : (
            <>
              {consents}
              <SubmitButton className="sm:w-auto">{t("generate.create")}</SubmitButton>
            </>
          )}
        </Form>
      </div>

      {hydrated ? (
        <div className="mt-5 space-y-3">
          <p className="text-sm font-medium text-slate-800" data-testid="chosen-count">
            {t("generate.chosen", { count: files.length, max: CUSTOM_VOICE.maxFiles })}
          </p>
          {listed.length === 0 ? (
            <p className="text-sm text-slate-500">{t("generate.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="chosen-files">
              {listed.map(({ file, url }, i) => (
                <li key={url} className={`space-y-2 p-3 ${marked === i ? "bg-red-50" : ""}`} data-testid="chosen-file">
                  <div className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm">
                      {i + 1}. {file.name}
                    </span>
                    <button
                      type="button"
                      onClick={() => sync(files.filter((_, j) => j !== i))}
                      aria-label={t("generate.removeFile", { name: file.name })}
                      className="shrink-0 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-300"
                    >
                      {t("generate.remove")}
                    </button>
                  </div>
                  {marked === i ? <p className="text-sm text-red-700">{t("generate.failedFile")}</p> : null}
                  <audio controls preload="none" src={url} className="h-9 w-full" aria-label={t("generate.listen", { name: file.name })} />
                </li>
              ))}
            </ul>
          )}
          {full ? <p className="text-sm text-amber-800">{t("generate.full")}</p> : null}
          {noFiles ? <ErrorList errors={["custom:errors.files"]} /> : null}
          <ErrorList errors={formErrors} />
          <button
            type="button"
            onClick={openConsent}
            className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 sm:w-auto"
          >
            {t("generate.create")}
          </button>
        </div>
      ) : (
        <ErrorList errors={formErrors} />
      )}

      {consentOpen ? (
        <Modal name="consent" title={t("generate.consentTitle")} closeTo={closeTo} describedBy="consent-text">
          <p id="consent-text" className="text-sm text-slate-700">
            {t("generate.consentText")}
          </p>
          <div className="mt-4">{consents}</div>
          <ErrorList errors={fields.file.errors} />
          <ErrorList errors={formErrors} />
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <ButtonLink to={closeTo} replace preventScrollReset variant="outline">
              {t("generate.cancel")}
            </ButtonLink>
            <button
              type="submit"
              form={form.id}
              disabled={busy}
              className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy ? t("generate.sending") : t("generate.consentConfirm")}
            </button>
          </div>
        </Modal>
      ) : null}
    </Section>
  );
}

/** The creation job, live with JavaScript (its event stream), refreshed every 2 s without it. */
function CreationProgress({ job }: { job: CreationJob }) {
  const { t } = useTranslation("custom");
  const live = useJobProgress(job);
  const done = live.status === "generating" ? live.done : 0;
  const total = live.status === "generating" ? Math.max(live.total, 1) : 1;
  const text =
    live.status === "generating" ? t(`progress.${live.step}`, { done: live.done, total: live.total }) : t(`progress.${live.status}`);
  return (
    <Section id="progress" title={t("progress.title")}>
      <div aria-live="polite" data-testid="creation-progress" data-status={live.status}>
        <p className="mt-2 font-medium">{text}</p>
        <progress max={total} value={live.status === "completed" ? total : done} className="mt-2 w-full" />
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("progress.slot")}</p>
      <noscript>
        <p className="mt-2 text-sm text-slate-600">{t("progress.noScript")}</p>
      </noscript>
      <NoScriptRefresh seconds={2} />
    </Section>
  );
}

/** The spec's "custom voice generation failed" dialog: the reason (and the file), retry, or a 1:1 inquiry. */
function FailedDialog({ failure }: { failure: Failure }) {
  const { t } = useTranslation("custom");
  return (
    <Modal name="failed" title={t("failed.title")} closeTo={`${PATH}?step=2`} alert describedBy="failed-text" closeButton={false}>
      <p id="failed-text" className="text-sm text-slate-700">
        {t("failed.text")}
      </p>
      <dl className="mt-3 space-y-1 rounded-xl bg-red-50 p-3 text-sm text-red-900" data-testid="failed-reason">
        {failure.file ? (
          <dt className="font-semibold">{t("failed.file", { index: failure.file.index + 1, name: failure.file.name })}</dt>
        ) : null}
        <dd>{failure.reason}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">{t("failed.slotBack")}</p>
      <p className="mt-1 text-sm text-slate-600">{t("failed.retryHelp")}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <ButtonLink to={CUSTOM_VOICE_INQUIRY} variant="outline">
          {t("failed.inquiry")}
        </ButtonLink>
        <Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <SubmitButton className="sm:w-auto">{t("failed.retry")}</SubmitButton>
        </Form>
      </div>
    </Modal>
  );
}

function ProfileStep({ voice, lastResult }: { voice: CustomVoice; lastResult: LastResult }) {
  const { t } = useTranslation("custom");
  const [form, fields] = useSchemaForm("profile", specs.CustomProfileSchema, lastResult, { validate: "onBlur" });
  const [name, setName] = useState("");
  return (
    <Section id="profile" title={t("steps.3")}>
      <p className="mt-1 text-sm text-slate-600">{t("profile.help")}</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="profile-form">
        <input type="hidden" name="intent" value="profile" />
        <Field
          label={t("profile.name")}
          help={t("profile.nameHelp", { max: CUSTOM_VOICE.nameMax, count: [...name].length })}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), onInput: (e) => setName(e.currentTarget.value) }}
          errors={fields.name.errors}
        />
        <Field
          label={t("profile.intro")}
          help={t("profile.introHelp", { max: CUSTOM_VOICE.introMax })}
          inputProps={getInputProps(fields.intro, { type: "text" })}
          errors={fields.intro.errors}
        />
        <ProfileImageInput
          inputProps={getInputProps(fields.image, { type: "file" })}
          errors={fields.image.errors}
          fallback={voice.profileImageURL ? { src: voice.profileImageURL, alt: t("profile.defaultImage") } : undefined}
        />
        {voice.audioURL ? (
          <div>
            <p className="text-sm font-medium text-slate-800">{t("profile.preview")}</p>
            <audio controls preload="none" src={voice.audioURL} className="mt-2 w-full" aria-label={t("profile.preview")} />
          </div>
        ) : null}
        <ErrorList errors={form.errors} />
        <SubmitButton className="sm:w-auto">{t("profile.save")}</SubmitButton>
      </Form>
    </Section>
  );
}

function DoneStep({ voice }: { voice: CustomVoice }) {
  const { t } = useTranslation("custom");
  return (
    <Section id="done" title={t("done.title")}>
      <div className="mt-3 flex items-center gap-3">
        <img src={voice.profileImageURL} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full ring-1 ring-slate-200" />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="custom-voice-name">
            {voice.name}
          </p>
          <p className="truncate text-sm text-slate-600">{voice.intro}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("done.text", { name: voice.name })}</p>
      {voice.audioURL ? (
        <audio
          controls
          preload="none"
          src={voice.audioURL}
          className="mt-3 w-full"
          aria-label={t("done.listen")}
          data-testid="custom-voice-audio"
        />
      ) : null}
      {/* "Use this voice" is the library's one action (docs/decisions/0030). */}
      <Form method="post" action="/dashboard/library?index" className="mt-5 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="use" />
        <input type="hidden" name="voice_id" value={voice.id} />
        <SubmitButton name="to" value="tts" className="sm:w-auto">
          {t("done.useTts")}
        </SubmitButton>
        <SubmitButton name="to" value="sts" variant="secondary" className="sm:w-auto">
          {t("done.useSts")}
        </SubmitButton>
      </Form>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link to={LIBRARY} className="text-brand-700 underline">
          {t("toLibrary")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="text-brand-700 underline">
            {t("done.another")}
          </button>
        </Form>
      </div>
    </Section>
  );
}
