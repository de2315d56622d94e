import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import * as specs from "~/lib/form-specs/studio";
import { STS_MAX_SECONDS, type StsSource } from "~/lib/studio";
import { Recorder, useDuration } from "./Sts";
import { VoicePicker, type VoiceCard } from "./VoicePicker";
import { Waveform } from "./Waveform";

/*
 * The STS flow's record/upload, check and voice steps as components (issue 20), shared by the STS studio,
 * avatar talk and the shorts. Beside Sts.tsx rather than in it: the voice library's wizard imports Sts.tsx
 * for the Recorder, and must not carry these steps' forms and schemas (the route budgets, decision 0040).
 */

/** What the STS-shaped pages' actions answer for a refused form: which form, and conform's reply. */
type StepAction = { form?: string; result?: LastResult } | undefined;

const stepCard = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * Record or upload speech (the first speech step of the STS studio, avatar talk and the shorts): the
 * `Recorder` and an upload form with a drop zone, both posting `intent=upload` (multipart `file`, `method`)
 * to the page's action at the current address (its search params are the flow's state). `prompt` is shown
 * above the recorder (the shorts' teleprompter), which follows the recording through `onProgress`.
 */
export function RecordOrUpload({
  remaining,
  prompt,
  onProgress,
}: {
  remaining: number;
  prompt?: ReactNode;
  onProgress?: (seconds: number | null) => void;
}) {
  const { t } = useTranslation(["studio", "common"]);
  const actionData = useActionData<StepAction>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [dragging, setDragging] = useState(false);
  const [form, fields] = useSchemaForm("sts-upload", specs.UploadSchema, actionData?.form === "upload" ? actionData.result : undefined);
  const upload = (file: File, method: "record" | "upload") => {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("method", method);
    body.set("file", file);
    submit(body, { method: "post", encType: "multipart/form-data" });
  };
  const errors = [...(fields.file.errors ?? []), ...(form.errors ?? [])].map((e) => (e.startsWith("validation.") ? t(`common:${e}`) : e));
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <section className={stepCard} aria-labelledby="record-title">
        <h2 id="record-title" className="font-semibold">
          {t("sts.record.title")}
        </h2>
        {prompt}
        <div className="mt-3">
          <noscript>
            <p className="text-sm text-slate-600">{t("sts.record.noScript")}</p>
          </noscript>
          <Recorder
            maxSeconds={Math.min(remaining, STS_MAX_SECONDS)}
            busy={busy}
            onRecorded={(file) => upload(file, "record")}
            onProgress={onProgress}
          />
        </div>
      </section>
      <section className={stepCard} aria-labelledby="upload-title">
        <h2 id="upload-title" className="font-semibold">
          {t("sts.upload.title")}
        </h2>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} ref={formRef} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="method" value="upload" />
          <label
            htmlFor={fields.file.id}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              const input = formRef.current?.querySelector<HTMLInputElement>('input[type="file"]');
              if (!input || e.dataTransfer.files.length === 0) return;
              input.files = e.dataTransfer.files;
              formRef.current?.requestSubmit();
            }}
            className={`block cursor-pointer rounded-xl border-2 border-dashed p-5 text-center text-sm ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
            data-testid="drop-zone"
          >
            <span className="block font-medium">{t("sts.upload.drop")}</span>
            <span className="mt-1 block text-xs text-slate-500">{t("sts.upload.help")}</span>
            <input
              {...getInputProps(fields.file, { type: "file" })}
              key={fields.file.key}
              accept="audio/*,.wav,.mp3,.ogg,.opus,.webm,.m4a,.mp4,.aac"
              className="mt-3 block w-full text-sm"
              aria-label={t("sts.upload.file")}
            />
          </label>
          <ErrorList id={fields.file.errorId} errors={errors.length ? errors : undefined} />
          <SubmitButton className="sm:w-auto">{busy ? t("sts.upload.checking") : t("sts.upload.submit")}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}

/**
 * The file check (STS step 2): the checked recording's name, format, length as charged and what it costs
 * of the time left, its waveform, and the ways on (`next`: choose a voice) and back (`another`: another file).
 */
export function SourceCheck({ source, remaining, next, another }: { source: StsSource; remaining: number; next: string; another: string }) {
  const { t } = useTranslation("studio");
  const duration = useDuration();
  return (
    <section className={`mt-6 ${stepCard}`} data-testid="file-check">
      <h2 className="font-semibold">{t("sts.check.title")}</h2>
      <p className="mt-1 text-sm text-green-700">{t("sts.check.ok")}</p>
      <dl className="mt-3 grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("sts.check.name")}</dt>
        <dd data-testid="source-name" className="min-w-0 break-words">
          {source.name} · {t(`sts.check.methods.${source.method}`)}
        </dd>
        <dt className="text-slate-500">{t("sts.check.format")}</dt>
        <dd>{source.format.toUpperCase()}</dd>
        <dt className="text-slate-500">{t("sts.check.duration")}</dt>
        {/* The length as charged (contracts/sts.ts): the shown length and the cost are one number. */}
        <dd data-testid="source-duration">{duration(source.seconds)}</dd>
        <dt className="text-slate-500">{t("sts.check.cost")}</dt>
        <dd>
          {duration(source.seconds)} / {duration(remaining)}
        </dd>
      </dl>
      <div className="mt-3">
        <Waveform src={source.audioURL} label={source.name} testId="source-audio" />
      </div>
      <div className="mt-4 flex flex-wrap gap-3 text-sm font-semibold">
        <Link to={next} className="rounded-lg bg-brand-600 px-4 py-2.5 text-white">
          {t("sts.check.next")} →
        </Link>
        <Link to={another} className="rounded-lg px-4 py-2.5 ring-1 ring-slate-300">
          {t("sts.check.another")}
        </Link>
      </div>
    </section>
  );
}

/**
 * Choose a voice (STS step 3): the voice picker, what the conversion costs, and `intent=convert` posted to
 * the page's action (which starts the STS job, charged as conversion time); `back` returns to the check.
 */
export function VoiceChoice({
  source,
  voices,
  back,
  chosen,
  search,
}: {
  source: StsSource;
  voices: VoiceCard[];
  back: string;
  chosen?: string;
  /** The picker's search form (the STS page's `voice_q`), shown above the voices. */
  search?: ReactNode;
}) {
  const { t } = useTranslation(["studio", "common"]);
  const duration = useDuration();
  const actionData = useActionData<StepAction>();
  const [form, fields] = useSchemaForm("sts-convert", specs.ConvertSchema, actionData?.form === "convert" ? actionData.result : undefined, {
    defaultValue: chosen ? { voice_id: chosen } : undefined,
  });
  const errors = [...(fields.voice_id.errors ?? []), ...(form.errors ?? [])].map((e) =>
    e.startsWith("validation.") ? t(`common:${e}`) : e,
  );
  return (
    <section className={`mt-6 ${stepCard}`}>
      <h2 className="font-semibold">{t("sts.voice.title")}</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="sts-honesty">
        {t("sts.honesty")}
      </p>
      {search}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="convert" />
        <VoicePicker field={fields.voice_id} voices={voices} legend={t("sts.voice.legend")} open />
        <ErrorList id={form.errorId} errors={errors.length ? errors : undefined} />
        <p className="text-sm text-slate-600">{t("sts.voice.cost", { time: duration(source.seconds) })}</p>
        <div className="flex flex-wrap gap-3">
          <SubmitButton className="sm:w-auto">{t("sts.voice.convert")}</SubmitButton>
          <Link to={back} className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300">
            ← {t("sts.steps.check")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
