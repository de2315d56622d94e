import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { ProfileImageInput } from "~/components/library/ProfileImageInput";
import { RecordPanel, TagsForm, WizardSteps } from "~/components/library/Wizard";
import { PageHeading, Section } from "~/components/shell/Page";
import { OPEN_VOICE, type OpenVoiceDraft, type RecordingFacts } from "~/lib/library";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.library.open.server";
import * as specs from "~/lib/form-specs/library";

export { action, loader } from "./dashboard.library.open.server";

export const handle = { i18n: ["common", "account", "library", "studio"] };

export const meta = pageMetaTags;

const STEPS = [1, 2, 3] as const;

/** The open voice wizard (spec: tag settings, AI voice creation, profile); every step works without JavaScript but recording. */
export default function OpenVoiceWizard() {
  const { step, tags, draft, draftGone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("library");
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <main className="max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeading
        title={t("wizard.title")}
        description={t("wizard.intro")}
        actions={
          <Link to="/dashboard/library?tab=open" className="text-sm text-brand-700 underline">
            {t("detail.back")}
          </Link>
        }
      />
      <WizardSteps step={step} labels={STEPS.map((n) => t(`wizard.steps.${n}`))} label={t("wizard.stepOf", { n: step })} />
      {step === 1 ? <TagsStep tags={tags} lastResult={lastResult("tags")} /> : null}
      {step === 2 ? (
        <RecordingStep draft={draft} draftGone={draftGone} lastResult={lastResult("recording")} facts={actionData?.facts ?? null} />
      ) : null}
      {step === 3 && draft && tags ? <ProfileStep draft={draft} lastResult={lastResult("publish")} /> : null}
      <Form method="post" className="text-right">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="text-sm text-slate-500 underline">
          {t("wizard.restart")}
        </button>
      </Form>
    </main>
  );
}

type Result = Parameters<typeof useSchemaForm>[2];

function TagsStep({ tags, lastResult }: { tags: ReturnType<typeof useLoaderData<typeof loader>>["tags"]; lastResult: Result }) {
  const { t } = useTranslation("library");
  return (
    <TagsForm
      id="tags"
      intent="tags"
      schema={specs.OpenVoiceTagsSchema}
      lastResult={lastResult}
      saved={tags ?? null}
      title={t("wizard.steps.1")}
      help={t("wizard.tagsHelp")}
      next={t("wizard.next")}
      moodsName="features"
      moodsLegend={t("wizard.moods")}
      categoriesLegend={t("wizard.categories")}
    />
  );
}

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

function RecordingStep({
  draft,
  draftGone,
  lastResult,
  facts,
}: {
  draft: OpenVoiceDraft | null;
  draftGone: string | null;
  lastResult: Result;
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
            controls
            preload="none"
            src={draft.previewURL}
            className="mt-2 w-full"
            data-testid="draft-preview"
            aria-label={t("wizard.preview")}
          />
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

function ProfileStep({ draft, lastResult }: { draft: OpenVoiceDraft; lastResult: Result }) {
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm("profile", specs.OpenVoiceProfileSchema, lastResult, { validate: "onBlur" });
  const [name, setName] = useState("");
  return (
    <>
      <Section id="profile" title={t("wizard.steps.3")}>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="profile-form">
          <input type="hidden" name="intent" value="publish" />
          <Field
            label={t("wizard.name")}
            help={t("wizard.nameHelp", { max: OPEN_VOICE.nameMax, count: [...name].length })}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), onInput: (e) => setName(e.currentTarget.value) }}
            errors={fields.name.errors}
          />
          <Field
            label={t("wizard.introLabel")}
            help={t("wizard.introHelp", { max: OPEN_VOICE.introMax })}
            inputProps={getInputProps(fields.intro, { type: "text" })}
            errors={fields.intro.errors}
          />
          <ProfileImageInput inputProps={getInputProps(fields.image, { type: "file" })} errors={fields.image.errors} />
          <div>
            <p className="text-sm font-medium text-slate-800">{t("wizard.preview")}</p>
            <audio
              controls
              preload="none"
              src={draft.previewURL}
              className="mt-2 w-full"
              data-testid="draft-preview"
              aria-label={t("wizard.preview")}
            />
          </div>
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t("wizard.publishTerms")}</p>
          <ErrorList errors={form.errors} />
          <SubmitButton className="sm:w-auto">{t("wizard.publish")}</SubmitButton>
        </Form>
      </Section>
      <p>
        <Link to="?step=2" className="text-sm text-brand-700 underline">
          ← {t("wizard.backTo.2")}
        </Link>
      </p>
    </>
  );
}
