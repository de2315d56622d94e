import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import { LoadFailed } from "~/components/studio/LoadFailed";
import { BeforeAfter, ProcessStep, Recorder, Stepper, useDuration } from "~/components/studio/Sts";
import { UsageDialog } from "~/components/studio/UsageDialog";
import { VoicePicker, type VoiceCard } from "~/components/studio/VoicePicker";
import { Waveform } from "~/components/studio/Waveform";
import {
  ConvertSchema,
  ReviewSchema,
  STS_MAX_SECONDS,
  stsPath,
  UploadSchema,
  type StsProject,
  type StsSource,
  type StudioResult,
} from "~/lib/studio";
import { useRootData } from "~/utils/root-data";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.projects.speech-to-speech.server";

export const handle = { i18n: ["common", "account", "studio"] };

export { action, loader } from "./studio.projects.speech-to-speech.server";
export const meta = pageMetaTags;

/** The STS studio (spec section 2): record or upload, file check, select voice, AI process, result. */
export default function SpeechToSpeech() {
  const { step, project, source, job, result, voices, remaining, replyTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("studio");
  const duration = useDuration();
  const closeTo = stsPath({ id: project?.id ?? null, source: source?.source_id ?? null, step: step === "voice" ? "voice" : null });
  return (
    <main className="px-6 py-8">
      <Link to="/studio?type=sts" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("sts.title")}</h1>
      {project ? (
        <p className="text-sm text-slate-600" data-testid="sts-project">
          {project.name}
        </p>
      ) : null}
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{t("sts.intro")}</p>
      <p className="mt-1 text-sm font-medium" data-testid="remaining">
        {t("sts.remaining", { time: duration(remaining) })}
      </p>
      {replyTo ? (
        <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200" data-testid="reply-banner">
          ↩ {t("sts.reply.banner", { voice: replyTo.voiceName[i18n.language === "en" ? "en" : "ko"] })}{" "}
          <a href={`/share/${encodeURIComponent(replyTo.share_id)}`} className="font-medium underline">
            {t("sts.reply.original")}
          </a>
        </p>
      ) : null}
      <Stepper current={step} />
      {actionData?.usage ? <UsageDialog kind={actionData.usage.kind} message={actionData.usage.message} closeTo={closeTo} /> : null}
      {step === "studio" ? <StudioStep remaining={remaining} /> : null}
      {step === "check" && source ? <CheckStep source={source} remaining={remaining} /> : null}
      {step === "voice" && source ? <VoiceStep source={source} voices={voices} /> : null}
      {step === "process" && job ? (
        <ProcessStep job={job} retry={stsPath({ id: project?.id ?? null, source: source?.source_id ?? null, step: "voice" })} />
      ) : null}
      {step === "result" && result ? <ResultStep result={result} project={project} replying={!!replyTo} /> : null}
      {step === "studio" && project ? <Conversions project={project} /> : null}
    </main>
  );
}

function StudioStep({ remaining }: { remaining: number }) {
  const { t } = useTranslation(["studio", "common"]);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [dragging, setDragging] = useState(false);
  const [form, fields] = useForm({
    id: "sts-upload",
    lastResult: actionData?.form === "upload" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UploadSchema }),
    shouldValidate: "onSubmit",
  });
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
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="record-title">
        <h2 id="record-title" className="font-semibold">
          {t("sts.record.title")}
        </h2>
        <div className="mt-3">
          <noscript>
            <p className="text-sm text-slate-600">{t("sts.record.noScript")}</p>
          </noscript>
          <Recorder maxSeconds={Math.min(remaining, STS_MAX_SECONDS)} busy={busy} onRecorded={(file) => upload(file, "record")} />
        </div>
      </section>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="upload-title">
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

function CheckStep({ source, remaining }: { source: StsSource; remaining: number }) {
  const [params] = useSearchParams();
  const { t } = useTranslation("studio");
  const duration = useDuration();
  return (
    <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="file-check">
      <h2 className="font-semibold">{t("sts.check.title")}</h2>
      <p className="mt-1 text-sm text-green-700">{t("sts.check.ok")}</p>
      <dl className="mt-3 grid grid-cols-[auto,1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("sts.check.name")}</dt>
        <dd data-testid="source-name">
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
        <Link
          to={stsPath({
            id: source.project_id,
            source: source.source_id,
            step: "voice",
            voice: params.get("voice"),
            reply: params.get("reply"),
          })}
          className="rounded-lg bg-brand-600 px-4 py-2.5 text-white"
        >
          {t("sts.check.next")} →
        </Link>
        <Link to={stsPath({ id: source.project_id })} className="rounded-lg px-4 py-2.5 ring-1 ring-slate-300">
          {t("sts.check.another")}
        </Link>
      </div>
    </section>
  );
}

function VoiceStep({ source, voices }: { source: StsSource; voices: VoiceCard[] }) {
  const { t } = useTranslation(["studio", "common"]);
  const duration = useDuration();
  const actionData = useActionData<typeof action>();
  // The voice chosen in the library ("use this voice"), when it is one the member may use.
  const [params] = useSearchParams();
  const chosen = voices.find((v) => v.id === params.get("voice"))?.id;
  const [form, fields] = useForm({
    id: "sts-convert",
    defaultValue: chosen ? { voice_id: chosen } : undefined,
    lastResult: actionData?.form === "convert" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConvertSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = [...(fields.voice_id.errors ?? []), ...(form.errors ?? [])].map((e) =>
    e.startsWith("validation.") ? t(`common:${e}`) : e,
  );
  return (
    <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="font-semibold">{t("sts.voice.title")}</h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="sts-honesty">
        {t("sts.honesty")}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="convert" />
        <VoicePicker field={fields.voice_id} voices={voices} legend={t("sts.voice.legend")} open />
        <ErrorList id={form.errorId} errors={errors.length ? errors : undefined} />
        <p className="text-sm text-slate-600">{t("sts.voice.cost", { time: duration(source.seconds) })}</p>
        <div className="flex flex-wrap gap-3">
          <SubmitButton className="sm:w-auto">{t("sts.voice.convert")}</SubmitButton>
          <Link
            to={stsPath({ id: source.project_id, source: source.source_id })}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300"
          >
            ← {t("sts.steps.check")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function ResultStep({ result, project, replying }: { result: StudioResult; project: StsProject | null; replying: boolean }) {
  const { t } = useTranslation(["studio", "common"]);
  const duration = useDuration();
  const origin = useRootData()?.origin ?? "";
  const actionData = useActionData<typeof action>();
  const [copied, setCopied] = useState(false);
  const [form, fields] = useForm({
    id: "sts-review",
    lastResult: actionData?.form === "review" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewSchema }),
    shouldValidate: "onSubmit",
    defaultValue: result.review ? { score: String(result.review.score), text: result.review.text } : undefined,
  });
  // The checked recording it was made from, while the project still keeps it: convert it again.
  const source = project?.sources.find((s) => s.source_id === result.source_id) ?? null;
  const shareUrl = result.share ? `${origin}${result.share.url}` : null;
  const scoreErrors = (fields.score.errors ?? []).map((e) => t(`common:${e}`));
  return (
    <section className="mt-6 space-y-5" data-testid="sts-result">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold">{t("sts.result.title")}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {t("sts.result.voice", { name: result.voiceName })} · {result.text} · {duration(result.duration)} · {result.quality}
        </p>
        <div className="mt-4">
          {result.sourceURL ? (
            <BeforeAfter before={result.sourceURL} after={result.audioURL} />
          ) : (
            <Waveform src={result.audioURL} label={t("sts.result.listenAfter")} testId="audio-after" />
          )}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          <span className="font-semibold">{t("sts.result.download")}</span>
          <a href={`${result.audioURL}?download=1`} download className="underline" data-testid="download-wav">
            WAV
          </a>
          <a href={`${result.audioURL}?download=1&format=mp3`} download className="underline" data-testid="download-mp3">
            MP3
          </a>
          {result.sourceURL ? (
            <>
              <a href={`${result.sourceURL}?download=1`} download className="underline">
                {t("sts.result.downloadOriginal", { format: "WAV" })}
              </a>
              <a href={`${result.sourceURL}?download=1&format=mp3`} download className="underline">
                {t("sts.result.downloadOriginal", { format: "MP3" })}
              </a>
            </>
          ) : null}
        </div>
        <p className="mt-3 text-xs text-slate-500">{t("sts.honesty")}</p>
      </div>

      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="share">
        {shareUrl ? (
          <>
            <label htmlFor="share-url" className="text-sm font-semibold">
              {t("sts.result.shareUrl")}
            </label>
            {result.isReply ? (
              <p className="mt-1 text-sm text-slate-600" data-testid="reply-linked">
                {t("sts.reply.linked")}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              <input
                id="share-url"
                readOnly
                value={shareUrl}
                className="min-w-64 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
                data-testid="share-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300"
                onClick={() =>
                  void navigator.clipboard?.writeText(shareUrl).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? t("sts.result.copied") : t("sts.result.copy")}
              </button>
              <a href={result.share!.url} className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 underline">
                ↗
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="unshare" />
                <SubmitButton variant="secondary" className="sm:w-auto">
                  {t("sts.result.revoke")}
                </SubmitButton>
              </Form>
            </div>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="share" />
            <SubmitButton className="sm:w-auto">{replying ? t("sts.reply.shareBack") : t("sts.result.share")}</SubmitButton>
          </Form>
        )}
      </div>

      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="review-form">
          <input type="hidden" name="intent" value="review" />
          <fieldset>
            <legend className="text-sm font-semibold">{t("sts.result.review")}</legend>
            {/* Issue 19: one star per choice (five radios and 15 stars did not fit at 360 px). Highest first in the
                markup, shown from 1 (row-reverse), so the checked star and the ones before it light up: CSS only. */}
            <div className="mt-2 flex flex-row-reverse justify-end gap-1 [&>label:has(:checked)~label]:text-amber-500">
              {[5, 4, 3, 2, 1].map((n) => {
                const { key, ...radio } = getInputProps(fields.score, { type: "radio", value: String(n) });
                return (
                  <label
                    key={n}
                    className="grid size-11 cursor-pointer place-items-center rounded-lg text-2xl text-slate-300 ring-1 ring-slate-200 has-[:checked]:text-amber-500 has-[:checked]:ring-amber-400 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                  >
                    <input key={key ?? undefined} {...radio} className="sr-only" />
                    <span aria-hidden="true">★</span>
                    <span className="sr-only">{t("sts.result.stars", { n })}</span>
                  </label>
                );
              })}
            </div>
            <ErrorList id={fields.score.errorId} errors={scoreErrors.length ? scoreErrors : undefined} />
          </fieldset>
          <label className="block text-sm">
            <span className="text-slate-600">{t("sts.result.reviewText")}</span>
            <textarea
              {...getTextareaProps(fields.text)}
              key={fields.text.key}
              rows={2}
              maxLength={1000}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </label>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton variant="secondary" className="sm:w-auto">
              {t("sts.result.reviewSubmit")}
            </SubmitButton>
            {result.review ? (
              <span className="text-sm text-slate-600" data-testid="review-saved">
                {t("sts.result.reviewed", { score: result.review.score })}
              </span>
            ) : null}
          </div>
        </Form>
      </div>

      <div className="flex flex-wrap gap-3 text-sm font-semibold">
        {source && project ? (
          <Link
            to={stsPath({ id: project.id, source: source.source_id, step: "voice" })}
            className="rounded-lg px-4 py-2.5 ring-1 ring-slate-300"
          >
            {t("sts.result.again")}
          </Link>
        ) : null}
        <Link to={stsPath({ id: project?.id ?? null })} className="rounded-lg px-4 py-2.5 ring-1 ring-slate-300">
          {t("sts.result.newFile")}
        </Link>
      </div>
    </section>
  );
}

function Conversions({ project }: { project: StsProject }) {
  const { t, i18n } = useTranslation("studio");
  const date = new Intl.DateTimeFormat(i18n.language === "ko" ? "ko-KR" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="mt-8">
      <h2 className="font-semibold">{t("sts.project.conversions")}</h2>
      {project.conversions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("sts.project.none")}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {project.conversions.map((c) => (
            <li
              key={c.inference_id}
              className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200"
              data-testid="conversion-item"
            >
              <time dateTime={new Date(c.createdAt).toISOString()} className="text-xs text-slate-500">
                {date.format(c.createdAt)}
              </time>
              <span className="font-medium">{c.text}</span>
              <span className="text-slate-600">→ {c.voiceName}</span>
              <Link to={stsPath({ id: project.id, result: c.inference_id })} className="ml-auto text-brand-700 underline">
                {t("sts.project.open")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Spec section 8: an STS project (or its recording, job or result) that cannot be loaded offers back, or retry. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultHandler={(status) => <LoadFailed notFound={status === 404} back="/studio?type=sts" />} />;
}
