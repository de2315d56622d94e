import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import * as specs from "~/lib/form-specs/studio";
import { STS_MAX_SECONDS } from "~/lib/studio";
import { Recorder } from "./Recorder";

/*
 * The STS flow's record/upload step as a component (its check and voice steps: StsChoice.tsx, loaded on use), shared by the STS studio,
 * avatar talk and the shorts. Beside Sts.tsx rather than in it: the voice library's wizard imports Sts.tsx
 * for the Recorder, and must not carry these steps' forms and schemas (the route budgets, decision 0040).
 */

/** What the STS-shaped pages' actions answer for a refused form: which form, and conform's reply. */
export type StepAction = { form?: string; result?: LastResult } | undefined;

export const stepCard = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

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
