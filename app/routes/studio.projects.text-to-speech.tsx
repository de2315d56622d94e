import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import {
  BlockBar,
  ConfirmDialog,
  Conflict,
  LeaveDialog,
  LoadFailed,
  ProjectAudio,
  UndoBar,
  Versions,
} from "~/components/studio/editor-on-use";
import { JobProgress, UsageDialog } from "~/components/studio/on-use";
import { NoScriptRefresh } from "~/components/studio/NoScriptRefresh";
import { VoiceSearch } from "~/components/studio/VoicePicker";
import type { UsageDialogData } from "~/lib/studio";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.projects.text-to-speech.server";
import { jobRunning } from "#contracts/jobs";
import { hasSpeech } from "#contracts/speech-text";
import { DEFAULTS, shortHash, useRows } from "~/components/studio/editor/rows";
import { useAutosave, useBlockKeys, useLeaveWarning, useNavigatedKey, type SaveMade } from "~/components/studio/editor/hooks";
import { SaveState, Shortcuts } from "~/components/studio/editor/panels";
import { ParagraphFields } from "~/components/studio/editor/paragraph";
/** `back`: where a load failure's "back" goes (GeneralErrorBoundary), the project list. */
export const handle = { i18n: ["common", "account", "studio"], back: "/studio" };

export { action, loader } from "./studio.projects.text-to-speech.server";
export const meta = pageMetaTags;

/**
 * An autosave answers data only: the page keeps what is typed (docs/decisions/0037). So does a save refused as a
 * conflict: reloading the page data then would replace the typed text with the other tab's, and "overwrite" would
 * save that instead.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("autosave") === "1" || (actionResult as { conflict?: unknown } | undefined)?.conflict ? false : defaultShouldRevalidate;

export default function TtsEditor() {
  const { project, voices, voiceSearch, remaining, job, versions, confirm, undo, takes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("studio");
  const formKey = useNavigatedKey(`${project.revision}-${shortHash(project.paragraphs.map((p) => p.id).join())}`, actionData);
  // A new form once a navigation brought other saved paragraphs (a restore, a deleted paragraph, a save that gave new
  // paragraphs their ids, another tab's save on reload); not after page data reloaded during a job (the member may be
  // typing; docs/decisions/0037), and not after the form's own save answered with data (docs/decisions/0053).
  const formId = `editor-${project.id}-${formKey}`;
  const answer = actionData?.form === "editor" ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const renamed = actionData?.form === "rename" ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const { rows, splice, setIds } = useRows(
    formId,
    (answer?.initialValue as { paragraphs?: unknown } | null)?.paragraphs,
    project.paragraphs,
  );
  const errorsOf = (name: string) => answer?.error?.[name] ?? undefined;
  // A refused save puts the cursor on the first field it names (as the form hook of the other pages does).
  useEffect(() => {
    if (answer?.status === "error") document.getElementById(formId)?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);
  const formErrors = errorsOf("");
  const usage = actionData && "usage" in actionData ? (actionData.usage as UsageDialogData) : null;
  const reading =
    actionData && "pronunciation" in actionData
      ? (actionData.pronunciation as { index: number; pronunciation: string; phonemes: string } | null)
      : null;
  const pageConflict = actionData && "conflict" in actionData ? (actionData.conflict as { revision: number } | null) : null;
  const pageSaved = actionData && "saved" in actionData ? (actionData.saved as SaveMade) : null;
  const autosave = useAutosave(formId, project.revision, actionData, pageSaved, setIds);
  const keys = useBlockKeys(splice);
  const conflict = autosave.conflict ?? pageConflict;
  const here = `/studio/projects/text-to-speech?id=${project.id}`;
  const leave = useLeaveWarning(autosave.unsaved);
  const last = rows.at(-1);
  const added = { ...DEFAULTS, voice_id: String(last?.voice_id ?? voices[0]?.id ?? ""), lang: String(last?.lang ?? "ko") };
  const nameErrors = renamed?.error?.name ?? undefined;
  return (
    <main className="px-4 py-8 sm:px-6">
      {leave ? <LeaveDialog stay={leave.stay} go={leave.go} /> : null}
      <Link to="/studio" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("editor.title")}</h1>
      <Form
        method="post"
        id={`rename-${project.id}`}
        noValidate
        aria-describedby={renamed?.error?.[""] ? `rename-${project.id}-error` : undefined}
        className="mt-4 flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="rename" />
        <Field
          className="min-w-0 flex-1 sm:min-w-64 sm:flex-none"
          label={t("editor.name")}
          inputProps={{
            // A rename that went through shows the new name (the page data brought it); a refused one, what was typed.
            key: project.name,
            id: `rename-${project.id}-name`,
            name: "name",
            type: "text",
            required: true,
            defaultValue: typeof renamed?.initialValue?.name === "string" ? renamed.initialValue.name : project.name,
          }}
          errors={nameErrors}
        />
        <SubmitButton variant="secondary" className="sm:w-auto">
          {t("editor.rename")}
        </SubmitButton>
        <ErrorList id={`rename-${project.id}-error`} errors={renamed?.error?.[""] ?? undefined} />
      </Form>
      <p className="mt-4 text-sm text-slate-600">{t("editor.rules")}</p>
      <p className="mt-1 text-sm font-medium" data-testid="remaining">
        {t("editor.remaining", { remaining: remaining.toLocaleString() })}
      </p>
      <Shortcuts />
      {job ? <JobProgress job={job} /> : null}
      {jobRunning(job) ? <NoScriptRefresh /> : null}
      {usage ? <UsageDialog kind={usage.kind} message={usage.message} closeTo={here} /> : null}
      {undo.version ? (
        <UndoBar
          message={t("undo.done")}
          action={here}
          fields={[
            ["intent", "restore-version"],
            ["version", undo.version],
          ]}
        />
      ) : null}
      {undo.undelete ? (
        <UndoBar
          message={t("undo.versionDeleted")}
          action={here}
          fields={[
            ["intent", "undelete-version"],
            ["version", undo.undelete],
          ]}
        />
      ) : null}
      {/* One confirmation at a time: the URL names one (?confirm=paragraph or version). */}
      {confirm.paragraph ? (
        <ConfirmDialog
          name="delete-paragraph"
          title={t("confirm.paragraphTitle")}
          text={confirm.paragraph.text.trim() ? confirm.paragraph.text : t("confirm.emptyParagraph")}
          closeTo={here}
          fields={{ intent: "delete-paragraph", paragraph: confirm.paragraph.id }}
        />
      ) : confirm.version ? (
        <ConfirmDialog
          name="delete-version"
          title={t("confirm.versionTitle")}
          text={t("versions.item", { date: confirm.version.when, count: confirm.version.paragraphs })}
          closeTo={here}
          fields={{ intent: "delete-version", version: confirm.version.id }}
        />
      ) : null}
      {/* An on-use part loads its code once rendered, so it is rendered only when it has something to show. */}
      {project.paragraphs.some((p) => p.audioURL && hasSpeech(p.text)) ? <ProjectAudio project={project} /> : null}
      {conflict ? <Conflict here={here} formId={formId} revision={conflict.revision} allowLeave={autosave.allowLeave} /> : null}
      <VoiceSearch search={voiceSearch} keep={{ id: project.id }} />
      <Form
        method="post"
        id={formId}
        noValidate
        aria-describedby={formErrors ? `${formId}-error` : undefined}
        className="mt-6"
        onInput={autosave.changed}
        onChange={autosave.changed}
        onFocus={keys.onFocus}
        onKeyDown={keys.onKeyDown}
        onSubmit={autosave.submitted}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="revision" value={autosave.revision} readOnly />
        {/* The script: one document of blocks, each a paragraph with its voice and settings on its head line. Its top
            line holds the save state and, once a block has the focus, the bar that sets that block: the line keeps its
            height, so the bar's coming moves nothing (a click that focused a block would otherwise land lower). */}
        <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="script">
          <div className="sticky top-16 z-20 flex min-h-16 items-center gap-2 rounded-t-2xl border-b border-slate-200 bg-white/95 pr-3 backdrop-blur">
            {keys.current !== null && keys.current < rows.length ? <BlockBar formId={formId} index={keys.current} voices={voices} /> : null}
            <div className="ml-auto shrink-0">
              <SaveState state={autosave.state} error={autosave.error} />
            </div>
          </div>
          <div className="divide-y divide-slate-100">
            {rows.map((row, index) => (
              <ParagraphFields
                key={row.key}
                formId={formId}
                row={row}
                index={index}
                errorsOf={errorsOf}
                voices={voices}
                saved={project.paragraphs.find((p) => p.id === row.id) ?? null}
                removable={index > 0}
                reading={reading?.index === index ? reading : null}
                here={here}
                takes={takes && takes.paragraph === row.id ? takes.list : null}
              />
            ))}
          </div>
        </div>
        <div className="mt-3 space-y-3">
          <ErrorList id={`${formId}-error`} errors={formErrors} />
          <p className="text-xs text-slate-500">{t("editor.generateHint")}</p>
          <p className="text-xs text-slate-500" data-testid="marks-hint">
            {t("editor.marks.hint")}
          </p>
          <div className="flex flex-wrap gap-3">
            {/* Without JavaScript the action adds the paragraph (conform's insert intent) and echoes the form with it. */}
            <button
              type="submit"
              name="__intent__"
              value={JSON.stringify({ type: "insert", payload: { name: "paragraphs", defaultValue: added } })}
              formNoValidate
              onClick={(e) => {
                e.preventDefault();
                const form = e.currentTarget.form!;
                void import("~/components/studio/editor/flow").then((m) => m.addBlock(form, splice));
              }}
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
        </div>
      </Form>
      {takes ? (
        // What a take's "use" button submits (it sits inside the editor's form, which a form cannot be in).
        <Form method="post" id="take-form" preventScrollReset>
          <input type="hidden" name="intent" value="pick-take" />
          <input type="hidden" name="paragraph" value={takes.paragraph} />
        </Form>
      ) : null}
      {versions.length > 0 ? <Versions versions={versions} here={here} /> : null}
    </main>
  );
}

/** Spec section 8: a project that cannot be loaded offers going back, and trying again unless it is not found. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultHandler={(status) => <LoadFailed notFound={status === 404} back="/studio" />} />;
}
