import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/forms";
import { PageHeading } from "~/components/shell/Page";
import { useRootData } from "~/utils/root-data";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./business.server";

export { loader } from "./business.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

/** The page's own (ko/en) name of each operation of the document. */
const OPERATION_TITLES: Record<string, string> = {
  textToSpeech: "business.ttsTitle",
  speechToSpeech: "business.stsTitle",
  resultAudio: "business.audioTitle",
};

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre
      aria-label={label}
      className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100"
      tabIndex={0}
    >
      <code>{children}</code>
    </pre>
  );
}

/** The business API offer: how to authenticate, the limits, examples for TTS, STS and the audio, and the operations. */
export default function Business() {
  const { operations, limit } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const origin = useRootData()?.origin ?? "";
  const base = `${origin}/api/v1`;
  const tts = `curl ${base}/studio/tts \\
  -H "Authorization: Bearer $VOICE_STUDIO_KEY" \\
  -H "Content-Type: application/json" -H "lang: en" \\
  -d '{"text":"Hello from Voice Studio.","voice_id":"en-emma","lang":"en"}'
# {"success":true,"code":1000,"data":{"inference_id":"…","audioURL":"/api/v1/studio/inferences/…/audio","duration":1.9,"characters":24},"message":"OK"}`;
  const sts = `curl ${base}/studio/sts \\
  -H "Authorization: Bearer $VOICE_STUDIO_KEY" -H "lang: en" \\
  -F file=@memo.m4a -F voice_id=ko-seoyeon
# {"success":true,"code":1000,"data":{"inference_id":"…","audioURL":"/api/v1/studio/inferences/…/audio","duration":12.4,"seconds":13},"message":"OK"}`;
  const audio = `curl "${origin}/api/v1/studio/inferences/$INFERENCE_ID/audio?format=mp3&download=1" \\
  -H "Authorization: Bearer $VOICE_STUDIO_KEY" -o result.mp3`;
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <PageHeading title={t("business.title")} testId="business-title" />
      <p className="mt-3 text-lg text-slate-600">{t("business.lead")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/dashboard/keys">{t("business.getKey")}</ButtonLink>
        <a
          href="/api/v1/openapi.json"
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("business.docs")}
        </a>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="api-auth" className="rounded-2xl bg-slate-50 p-5">
          <h2 id="api-auth" className="font-semibold">
            {t("business.authTitle")}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{t("business.authText")}</p>
        </section>
        <section aria-labelledby="api-limits" className="rounded-2xl bg-slate-50 p-5">
          <h2 id="api-limits" className="font-semibold">
            {t("business.limitsTitle")}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{t("business.limitsText", { max: limit })}</p>
        </section>
      </div>
      <section aria-labelledby="api-tts" className="mt-10">
        <h2 id="api-tts" className="text-xl font-bold">
          {t("business.ttsTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("business.ttsText")}</p>
        <Code label={t("business.ttsTitle")}>{tts}</Code>
      </section>
      <section aria-labelledby="api-sts" className="mt-10">
        <h2 id="api-sts" className="text-xl font-bold">
          {t("business.stsTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("business.stsText")}</p>
        <Code label={t("business.stsTitle")}>{sts}</Code>
      </section>
      <section aria-labelledby="api-audio" className="mt-10">
        <h2 id="api-audio" className="text-xl font-bold">
          {t("business.audioTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("business.audioText")}</p>
        <Code label={t("business.audioTitle")}>{audio}</Code>
      </section>
      <section aria-labelledby="api-answer" className="mt-10">
        <h2 id="api-answer" className="text-xl font-bold">
          {t("business.answerTitle")}
        </h2>
        <p className="mt-2 text-slate-700">{t("business.answerText")}</p>
      </section>
      <section aria-labelledby="api-operations" className="mt-10">
        <h2 id="api-operations" className="text-xl font-bold">
          {t("business.operationsTitle")}
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="api-operations">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th scope="col" className="whitespace-nowrap py-2 pr-3">
                  {t("business.method")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("business.path")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("business.summary")}
                </th>
                <th scope="col" className="py-2">
                  {t("business.codes")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {operations.map((op) => (
                <tr key={`${op.method} ${op.path}`}>
                  <td className="whitespace-nowrap py-2 pr-3 font-mono">{op.method}</td>
                  <td className="py-2 pr-3 font-mono">/api/v1{op.path}</td>
                  <td className="py-2 pr-3">{OPERATION_TITLES[op.operationId] ? t(OPERATION_TITLES[op.operationId]!) : op.summary}</td>
                  <td className="py-2 font-mono text-xs text-slate-600">{op.codes.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
