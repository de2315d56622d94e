import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import { Stepper, useDuration } from "~/components/studio/Sts";
import { RecordOrUpload } from "~/components/studio/StsSteps";
import { ProcessStep, SourceCheck, VoiceChoice, VoiceSearch } from "~/components/studio/sts-on-use";
import { LoadFailed, StsResult } from "~/components/studio/sts-page-on-use";
import { UsageDialog } from "~/components/studio/on-use";
import { stsPath } from "~/lib/studio";
import type { StsProject } from "~/lib/studio-schemas";
import { formatDateTime, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.projects.speech-to-speech.server";

/** `back`: where a load failure's "back" goes (GeneralErrorBoundary), the STS tab of the project list. */
export const handle = { i18n: ["common", "account", "studio", "labs"], back: "/studio?type=sts" };

export { action, loader } from "./studio.projects.speech-to-speech.server";
export const meta = pageMetaTags;

/** The STS studio (spec section 2): record or upload, file check, select voice, AI process, result. */
export default function SpeechToSpeech() {
  const { step, project, source, job, result, voices, voiceSearch, remaining, replyTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("studio");
  const duration = useDuration();
  const [params] = useSearchParams();
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
      {step === "studio" ? <RecordOrUpload remaining={remaining} /> : null}
      {step === "check" && source ? (
        <SourceCheck
          source={source}
          remaining={remaining}
          next={stsPath({
            id: source.project_id,
            source: source.source_id,
            step: "voice",
            voice: params.get("voice"),
            reply: params.get("reply"),
          })}
          another={stsPath({ id: source.project_id })}
        />
      ) : null}
      {step === "voice" && source ? (
        <VoiceChoice
          source={source}
          voices={voices}
          back={stsPath({ id: source.project_id, source: source.source_id })}
          // The voice chosen in the library ("use this voice"), when it is one the member may use.
          chosen={voices.find((v) => v.id === params.get("voice"))?.id}
          search={
            voiceSearch ? (
              <VoiceSearch
                search={voiceSearch}
                keep={{
                  id: params.get("id"),
                  source: params.get("source"),
                  step: "voice",
                  reply: params.get("reply"),
                  voice: params.get("voice"),
                }}
              />
            ) : null
          }
        />
      ) : null}
      {step === "process" && job ? (
        <ProcessStep job={job} retry={stsPath({ id: project?.id ?? null, source: source?.source_id ?? null, step: "voice" })} />
      ) : null}
      {step === "result" && result ? <StsResult result={result} project={project} replying={!!replyTo} /> : null}
      {step === "studio" && project ? <Conversions project={project} /> : null}
    </main>
  );
}

function Conversions({ project }: { project: StsProject }) {
  const { t } = useTranslation("studio");
  const clock = useClock();
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
                {formatDateTime(c.createdAt, clock)}
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
