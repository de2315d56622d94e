import { getFormProps, getInputProps, getTextareaProps } from "~/components/form-props";
import { Form, Link, useActionData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { useDuration } from "~/components/studio/Sts";
import { BeforeAfter } from "~/components/studio/sts-on-use";
import { Waveform } from "~/components/studio/on-use";
import { stsPath, type StudioResult } from "~/lib/studio";
import * as specs from "~/lib/form-specs/studio";
import type { StsProject } from "~/lib/studio-schemas";
import { useRootData } from "~/utils/root-data";
import type { action } from "~/routes/studio.projects.speech-to-speech.server";

/*
 * The STS studio's result (the last step): the audio, downloads, the still-image letter, sharing and the review.
 * Loaded when first shown (docs/decisions/0050: import it from ./sts-on-use, never from here).
 */

/** A result made a video letter with a still image; its code loads with a result, not with the other steps. */
const StillLetter = /*#__PURE__*/ lazy(() => import("~/components/labs/StillLetter").then((m) => ({ default: m.StillLetter })));

export function ResultStep({ result, project, replying }: { result: StudioResult; project: StsProject | null; replying: boolean }) {
  const { t } = useTranslation(["studio", "common"]);
  const duration = useDuration();
  const origin = useRootData()?.origin ?? "";
  const actionData = useActionData<typeof action>();
  const [copied, setCopied] = useState(false);
  const [form, fields] = useSchemaForm("sts-review", specs.ReviewSchema, actionData?.form === "review" ? actionData.result : undefined, {
    defaultValue: result.review ? { score: result.review.score, text: result.review.text } : undefined,
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
        <p className="mt-3 text-xs text-slate-500" data-testid="sts-method">
          {t(result.conversion === "resynthesis" ? "sts.method.resynthesis" : "sts.method.register")}
        </p>
      </div>

      {/* The result as a video letter with a still image, shared with the link below. */}
      <Suspense fallback={null}>
        <StillLetter inferenceId={result.inference_id} audioUrl={result.audioURL} videoUrl={result.videoURL} />
      </Suspense>

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
            {/* One star per choice (five radios and 15 stars did not fit at 360 px). Highest first in the
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
