import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { AnotherSegment } from "~/components/library/AnotherSegment";
import { RecordPanel } from "~/components/library/RecordPanel";
import { Section } from "~/components/shell/Page";
import { OPEN_VOICE, type OpenVoiceDraft, type RecordingFacts } from "~/lib/library";
import * as specs from "~/lib/form-specs/library";

/**
 * The open voice wizard's second step (the recording, its check and the preview). Loaded when first shown (
 * docs/decisions/0050: import it from components/library/wizard-on-use.tsx, never from here).
 */

function Facts({ facts }: { facts: RecordingFacts }) {
  const { t } = useTranslation("library");
  const rows: [string, string][] = [];
  if (facts.duration !== undefined)
    rows.push([t("wizard.facts.duration"), t("wizard.facts.seconds", { value: facts.duration.toFixed(1) })]);
  if (facts.onset !== undefined)
    rows.push([
      t("wizard.facts.onset"),
      facts.onset === null ? t("wizard.facts.noSpeech") : t("wizard.facts.seconds", { value: facts.onset.toFixed(1) }),
    ]);
  if (facts.level !== undefined) rows.push([t("wizard.facts.level"), `${facts.level.toFixed(1)} LUFS`]);
  if (facts.snr !== undefined) rows.push([t("wizard.facts.snr"), `${facts.snr.toFixed(1)} dB`]);
  if (facts.speakers !== undefined) rows.push([t("wizard.facts.speakers"), String(facts.speakers)]);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-3 text-sm" data-testid="recording-facts">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordingStep({
  draft,
  draftGone,
  lastResult,
  segmentError,
  facts,
}: {
  draft: OpenVoiceDraft | null;
  draftGone: string | null;
  lastResult: LastResult;
  /** Why another part of the recording could not be taken (the api's message), if it was asked for and refused. */
  segmentError: string | null;
  facts: RecordingFacts | null;
}) {
  const { t } = useTranslation("library");
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form, fields] = useSchemaForm("recording", specs.OpenVoiceRecordingSchema, lastResult);
  const rules = t("wizard.rules", { returnObjects: true }) as string[];
  const send = (file: File) => {
    const body = new FormData();
    body.set("intent", "recording");
    body.set("method", "record");
    body.set("file", file);
    submit(body, { method: "post", encType: "multipart/form-data" });
  };
  return (
    <>
      <Section id="recording" title={t("wizard.steps.2")}>
        <p className="mt-1 text-sm text-slate-600">{t("wizard.recordingHelp")}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {draftGone ? <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{draftGone}</p> : null}
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          <RecordPanel
            title={t("wizard.record")}
            noScript={t("wizard.recordNoScript")}
            maxSeconds={OPEN_VOICE.recordingMaxSeconds}
            busy={busy}
            onRecorded={send}
          />
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200"
            data-testid="recording-form"
          >
            <h3 className="font-semibold">{t("wizard.upload")}</h3>
            <input type="hidden" name="intent" value="recording" />
            <input type="hidden" name="method" value="upload" />
            <Field
              label={t("wizard.file")}
              help={t("wizard.fileHelp")}
              inputProps={{ ...getInputProps(fields.file, { type: "file" }), accept: "audio/*,.wav,.mp3,.ogg,.webm,.m4a" }}
              errors={fields.file.errors}
            />
            <SubmitButton className="sm:w-auto">{busy ? t("wizard.checking") : t("wizard.check")}</SubmitButton>
          </Form>
        </div>
        {form.errors?.length ? (
          <div className="mt-4 rounded-xl bg-red-50 p-4 ring-1 ring-red-200" role="alert" data-testid="check-failed">
            <p className="font-semibold text-red-800">{t("wizard.failed")}</p>
            <ErrorList errors={form.errors} />
            {facts ? <Facts facts={facts} /> : null}
          </div>
        ) : null}
      </Section>
      {draft ? (
        <Section id="preview" title={t("wizard.preview")}>
          <p className="mt-1 text-sm text-emerald-800" data-testid="check-passed">
            {t("wizard.passed")}
          </p>
          <Facts facts={draft.facts} />
          <p className="mt-4 text-sm text-slate-600">{t("wizard.previewHelp")}</p>
          <audio
            // Another part of the recording is another preview at the same address: a new element loads it again.
            key={draft.segment?.index ?? 0}
            controls
            preload="none"
            src={draft.previewURL}
            className="mt-2 w-full"
            data-testid="draft-preview"
            aria-label={t("wizard.preview")}
          />
          {draft.segment ? (
            <p className="mt-2 text-sm text-slate-600" data-testid="draft-segment">
              {t("wizard.segment", {
                start: draft.segment.start.toFixed(1),
                end: draft.segment.end.toFixed(1),
                n: draft.segment.index + 1,
                count: draft.segment.choices,
              })}
            </p>
          ) : null}
          <AnotherSegment choices={draft.segment?.choices ?? 0} label={t("wizard.anotherSegment")} error={segmentError} />
          <p className="mt-3 text-sm text-slate-600">{t("wizard.yourRecording")}</p>
          <audio controls preload="none" src={draft.audioURL} className="mt-2 w-full" aria-label={t("wizard.yourRecording")} />
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="?step=3" className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white" data-testid="to-profile">
              {t("wizard.next")}
            </Link>
          </div>
        </Section>
      ) : null}
      <p>
        <Link to="?step=1" className="text-sm text-brand-700 underline">
          ← {t("wizard.backTo.1")}
        </Link>
      </p>
    </>
  );
}
