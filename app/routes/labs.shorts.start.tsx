import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SHORT_TEMPLATES, type ShortTemplate } from "#contracts/labs";
import { SubmitButton } from "~/components/forms";
import { LabsHeading } from "~/components/labs/LabsHeading";
import { LetterShare } from "~/components/labs/LetterShare";
import { ShortMaker } from "~/components/labs/ShortMaker";
import { ShortsTopBar } from "~/components/labs/ShortsTopBar";
import { StepPills, useDuration } from "~/components/studio/Sts";
import { ProcessStep, RecordOrUploadLater as RecordOrUpload, SourceCheck, VoiceChoice } from "~/components/studio/sts-on-use";
import { UsageDialog } from "~/components/studio/on-use";
import { SHORT_STEPS, shortsPath, type ShortStep } from "~/lib/labs";
import { formatSeconds } from "~/lib/units";
import type { StudioResult } from "~/lib/studio";
import { useRootData } from "~/utils/root-data";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./labs.shorts.start.server";

export const handle = { i18n: ["common", "studio", "labs"] };

export { action, loader } from "./labs.shorts.start.server";
export const meta = pageMetaTags;

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** Making a short (spec: /labs/shorts/start; docs/decisions/0042): template, read it, check, voice, the short. */
export default function ShortsStart() {
  const { step, template, source, job, result, voices, remaining } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  const duration = useDuration();
  const [reading, setReading] = useState<number | null>(null);
  const at = (q: Record<string, string | null | undefined>) => shortsPath({ template: template?.id, ...q });
  const closeTo = at({ id: source?.project_id, source: source?.source_id, step: step === "voice" ? "voice" : null });
  return (
    <>
      <ShortsTopBar />
      <main className="mx-auto max-w-5xl px-4 pb-8 pt-2 sm:px-6">
        <LabsHeading
          back={{ to: "/labs/shorts", label: t("shorts.start.back") }}
          title={t("shorts.start.title")}
          intro={t("shorts.start.intro")}
          remaining={t("avatar.remaining", { time: duration(remaining) })}
        />
        <ShortStepper current={step} />
        {template && step !== "template" ? (
          <p className="mt-3 text-sm" data-testid="chosen-template">
            {t("shorts.start.chosen", { name: template.title[lang] })}{" "}
            <Link to={shortsPath({})} className="text-brand-700 underline">
              {t("shorts.start.change")}
            </Link>
          </p>
        ) : null}
        {actionData?.usage ? <UsageDialog kind={actionData.usage.kind} message={actionData.usage.message} closeTo={closeTo} /> : null}
        {step === "template" ? <ChooseTemplate /> : null}
        {step === "record" && template ? (
          <RecordOrUpload remaining={remaining} onProgress={setReading} prompt={<Teleprompter template={template} at={reading} />} />
        ) : null}
        {step === "check" && template && source ? (
          <SourceCheck
            source={source}
            remaining={remaining}
            next={at({ id: source.project_id, source: source.source_id, step: "voice" })}
            another={at({ id: source.project_id })}
          />
        ) : null}
        {step === "voice" && template && source ? (
          <VoiceChoice source={source} voices={voices} back={at({ id: source.project_id, source: source.source_id })} />
        ) : null}
        {step === "process" && template && job ? (
          <ProcessStep job={job} retry={at({ id: source?.project_id, source: source?.source_id, step: "voice" })} />
        ) : null}
        {step === "result" && template && result ? <ResultStep template={template} result={result} /> : null}
      </main>
    </>
  );
}

/** The five steps; the conversion in progress belongs to "choose voice". */
function ShortStepper({ current }: { current: ShortStep }) {
  const { t } = useTranslation("labs");
  return (
    <StepPills
      steps={SHORT_STEPS}
      at={SHORT_STEPS.indexOf(current === "process" ? "voice" : current)}
      label={(n) => t("shorts.start.stepOf", { n })}
      name={(s) => t(`shorts.start.steps.${s}`)}
      testId="short-steps"
    />
  );
}

/** Step 1: a GET form, so the choice is the next page's address with or without JavaScript. */
function ChooseTemplate() {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  return (
    <section className={`mt-6 ${card}`} aria-labelledby="template-title">
      <h2 id="template-title" className="font-semibold">
        {t("shorts.start.choose.title")}
      </h2>
      <Form method="get" className="mt-3 space-y-4">
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <legend className="sr-only">{t("shorts.start.choose.legend")}</legend>
          {SHORT_TEMPLATES.map((tpl, i) => (
            <label
              key={tpl.id}
              className="flex cursor-pointer flex-col gap-2 rounded-xl p-2 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
            >
              <img src={tpl.background} alt="" width={108} height={192} className="aspect-[9/16] w-full rounded-lg object-cover" />
              <span className="flex items-start gap-2">
                <input type="radio" name="template" value={tpl.id} defaultChecked={i === 0} className="mt-1 accent-brand-600" />
                <span className="min-w-0">
                  <span className="block font-medium">{tpl.title[lang]}</span>
                  <span className="block text-xs text-slate-500">{t("shorts.start.choose.seconds", { seconds: tpl.seconds })}</span>
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <SubmitButton className="sm:w-auto">{t("shorts.start.choose.next")} →</SubmitButton>
      </Form>
    </section>
  );
}

/**
 * The script to read, as a teleprompter: every cue with its time; while recording, the cue of the moment
 * (the recorder's seconds against the script's timing) is highlighted and the others dimmed.
 */
function Teleprompter({ template, at }: { template: ShortTemplate; at: number | null }) {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  const now = at === null ? -1 : template.cues.findIndex((c) => at >= c.start && at < c.end);
  return (
    <div className="mt-3 rounded-xl bg-slate-900 p-4 text-white" data-testid="teleprompter">
      <p className="text-xs font-semibold text-slate-300">{t("shorts.start.prompt.title")}</p>
      <ol className="mt-2 space-y-1.5">
        {template.cues.map((c, i) => (
          <li
            key={c.start}
            aria-current={i === now ? "true" : undefined}
            className={`text-lg font-bold leading-snug transition-opacity ${at === null || i === now ? "opacity-100" : "opacity-40"} ${i === now ? "text-yellow-300" : ""}`}
          >
            <span className="mr-2 text-xs font-normal tabular-nums text-slate-400">{formatSeconds(c.start, lang)}</span>
            {c[lang]}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-slate-300">{t("shorts.start.prompt.help")}</p>
    </div>
  );
}

function ResultStep({ template, result }: { template: ShortTemplate; result: StudioResult }) {
  const { t, i18n } = useTranslation(["labs", "studio"]);
  const lang = i18n.language === "en" ? "en" : "ko";
  const origin = useRootData()?.origin ?? "";
  return (
    <section className={`mt-6 ${card}`} data-testid="short-result">
      <h2 className="font-semibold">{t("shorts.start.result.title", { name: template.title[lang] })}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("studio:sts.result.voice", { name: result.voiceName })} · {formatSeconds(result.duration, lang)}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <ShortMaker template={template} inferenceId={result.inference_id} audioUrl={result.audioURL} seconds={result.duration} />
        <div className="space-y-3">
          {result.videoURL && result.videoTemplate ? (
            <>
              <h3 className="font-semibold">{t("shorts.start.result.saved")}</h3>
              <video
                controls
                preload="metadata"
                src={result.videoURL}
                className="aspect-[9/16] w-full max-w-[14rem] rounded-xl bg-black"
                data-testid="short-video"
              />
              <LetterShare
                shareUrl={result.share ? `${origin}${result.share.url}` : null}
                inputId="short-share-url"
                labels={{
                  url: t("shorts.start.result.shareUrl"),
                  revoke: t("shorts.start.result.revoke"),
                  share: t("shorts.start.result.share"),
                }}
              />
            </>
          ) : null}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-semibold">{t("studio:sts.result.download")}</span>
            <a href={`${result.audioURL}?download=1`} download className="underline" data-testid="download-wav">
              WAV
            </a>
            <a href={`${result.audioURL}?download=1&format=mp3`} download className="underline">
              MP3
            </a>
          </div>
          <Link to={shortsPath({})} className="inline-block rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300">
            {t("shorts.start.result.again")}
          </Link>
          <p className="text-xs text-slate-500">{t("studio:sts.honesty")}</p>
        </div>
      </div>
    </section>
  );
}
