import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REFERENCE_LIMITS } from "#contracts/voice-references";
import { ErrorList, SubmitButton } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { kstInput } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.voices.$id.server";

export { action, loader } from "./admin.voices.$id.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

const day = (iso: string) => kstInput(Date.parse(iso)).slice(0, 10);
const minute = (iso: string) => kstInput(Date.parse(iso)).replace("T", " ");

/**
 * One basic voice as staged: its clip and transcript (or preset speaker), who spoke it and on what terms, the last
 * audition and the engine that made it; listen, publish, delete. Plain forms: each works without JavaScript.
 */
export default function AdminVoice() {
  const { reference: r } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const ko = i18n.language === "ko";
  const refused = (intent: string) => (actionData?.intent === intent ? (actionData.result.error?.[""] ?? undefined) : undefined);
  const published = r.voiceId !== null;
  return (
    <main>
      <p className="text-sm">
        <Link to="/admin/voices" className="text-brand-700 underline">
          {t("voices.back")}
        </Link>
      </p>
      <PageHeading title={ko ? r.name.ko : r.name.en} description={ko ? r.intro.ko : r.intro.en} testId="voice-reference-title" />
      <Section id="facts" title={t("voices.facts")} className="mt-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="voice-reference-facts">
          <dt className="font-medium text-slate-600">{t("voices.kind")}</dt>
          <dd>
            {t(`voices.kinds.${r.kind}`)} · {r.lang.toUpperCase()}
            {r.clipSeconds !== null ? ` · ${t("voices.clipLength", { seconds: r.clipSeconds })}` : ""}
            {r.preset ? ` · ${r.preset.speaker}${r.preset.model ? ` (${r.preset.model})` : ""}` : ""}
          </dd>
          {r.transcript !== null ? (
            <>
              <dt className="font-medium text-slate-600">{t("voices.transcript")}</dt>
              <dd className="break-words">{r.transcript}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">{t("voices.speaker")}</dt>
          <dd className="break-words">{r.speaker}</dd>
          <dt className="font-medium text-slate-600">{t("voices.consentOn")}</dt>
          <dd className="break-words">
            {r.consentAt && r.consentDocument
              ? t("voices.consentLine", { date: day(r.consentAt), document: r.consentDocument })
              : t("voices.noConsent")}
          </dd>
          <dt className="font-medium text-slate-600">{t("voices.licence")}</dt>
          <dd className="break-words">
            {t(`voices.licences.${r.licence}`)}
            {r.licenceNote ? ` · ${r.licenceNote}` : ""}
            {r.licenceEndsAt ? ` · ${t("voices.endsOn", { date: day(r.licenceEndsAt) })}` : ""}
          </dd>
          <dt className="font-medium text-slate-600">{t("voices.state")}</dt>
          <dd>
            {t("voices.createdBy", { date: minute(r.createdAt) })}
            {r.publishedAt ? ` · ${t("voices.publishedOn", { date: minute(r.publishedAt) })}` : ""}
          </dd>
        </dl>
        {r.clipURL ? (
          <div className="mt-4">
            <p className="text-sm font-medium text-slate-800">{t("voices.clipPlayer")}</p>
            <audio controls preload="none" src={r.clipURL} className="mt-1 w-full" aria-label={t("voices.clipPlayer")} />
          </div>
        ) : null}
        {published ? (
          <p className="mt-4 text-sm">
            <Link
              to={`/dashboard/library/voices/${encodeURIComponent(r.voiceId!)}`}
              className="font-semibold text-brand-700 underline"
              data-testid="voice-reference-library"
            >
              {t("voices.libraryLink")}
            </Link>
          </p>
        ) : null}
      </Section>
      <Section id="audition" title={t("voices.audition")} className="mt-6">
        {r.audition ? (
          <div data-testid="voice-reference-audition">
            <p className="text-xs text-slate-500">{t("voices.heardWith", { engine: r.audition.engine, date: minute(r.audition.at) })}</p>
            <p className="mt-1 break-words text-sm">{r.audition.text}</p>
            {/* A new audition is another file at the same address: the element is made again to load it. */}
            <audio
              key={r.audition.at}
              controls
              preload="none"
              src={r.audition.url}
              className="mt-2 w-full"
              aria-label={t("voices.auditionPlayer")}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("voices.notHeard")}</p>
        )}
        <Form method="post" className="mt-4 space-y-3" data-testid="audition-form">
          <input type="hidden" name="intent" value="audition" />
          <div>
            <label htmlFor="audition-text" className="block text-sm font-medium text-slate-800">
              {t("voices.auditionText")}
            </label>
            <textarea
              id="audition-text"
              name="text"
              rows={2}
              maxLength={REFERENCE_LIMITS.auditionMax}
              aria-describedby="audition-help"
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
            />
            <p id="audition-help" className="mt-1 text-xs text-slate-500">
              {t("voices.auditionHelp")}
            </p>
          </div>
          <ErrorList errors={refused("audition")} />
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("voices.auditionSubmit")}
          </SubmitButton>
        </Form>
      </Section>
      {published ? null : (
        <>
          <Section id="publish" title={t("voices.publish")} className="mt-6">
            <p className="text-sm text-slate-600">{t("voices.publishHelp")}</p>
            <Form method="post" className="mt-3" data-testid="publish-form">
              <input type="hidden" name="intent" value="publish" />
              <ErrorList errors={refused("publish")} />
              <SubmitButton className="mt-2 sm:w-auto">{t("voices.publishSubmit")}</SubmitButton>
            </Form>
          </Section>
          <Section id="remove" title={t("voices.remove")} className="mt-6">
            <p className="text-sm text-slate-600">{t("voices.removeHelp")}</p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="delete" />
              <ErrorList errors={refused("delete")} />
              <SubmitButton variant="danger" className="mt-2 sm:w-auto">
                {t("voices.removeSubmit")}
              </SubmitButton>
            </Form>
          </Section>
        </>
      )}
    </main>
  );
}
