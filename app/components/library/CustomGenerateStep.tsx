import { getFormProps } from "~/components/form-props";
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/utils/use-hydrated";
import { ButtonLink, ErrorList, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { RecordPanel } from "~/components/library/RecordPanel";
import { Modal } from "~/components/shell/Modal";
import { Section } from "~/components/shell/Page";
import { NoScriptRefresh } from "~/components/studio/NoScriptRefresh";
import { useJobProgress } from "~/components/studio/useJobProgress";
import { AUDIO_ACCEPT, CUSTOM_VOICE, CUSTOM_VOICE_INQUIRY, CUSTOM_VOICE_PATH as PATH } from "~/lib/custom-voices";
import * as specs from "~/lib/form-specs/custom-voices";
import type { CreationJob, Failure } from "~/routes/dashboard.custom.server";

/**
 * Custom voice creation's second step: the files (recorded or uploaded), the consents, the creation's
 * progress and the failure dialog. Loaded when first shown (docs/decisions/0050: import it from
 * components/library/wizard-on-use.tsx, never from here); the first step (the design) is the page's first load.
 */

export function GenerateStep({
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
  const { t } = useTranslation("custom-voices");
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
  const { t } = useTranslation("custom-voices");
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
          {noFiles ? <ErrorList errors={["custom-voices:errors.files"]} /> : null}
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
  const { t } = useTranslation("custom-voices");
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

/** The spec's "custom voice generation failed" dialog: the reason (naming the file), retry, or a 1:1 inquiry. */
function FailedDialog({ failure }: { failure: Failure }) {
  const { t } = useTranslation("custom-voices");
  return (
    <Modal name="failed" title={t("failed.title")} closeTo={`${PATH}?step=2`} alert describedBy="failed-text" closeButton={false}>
      <p id="failed-text" className="text-sm text-slate-700">
        {t("failed.text")}
      </p>
      {/* The api's reason names the file that failed (4481), so nothing is said before it. */}
      <p className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900" data-testid="failed-reason">
        {failure.reason}
      </p>
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
