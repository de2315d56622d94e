import { getFormProps } from "~/components/form-props";
import { Form, Link, useActionData } from "@remix-run/react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import * as specs from "~/lib/form-specs/studio";
import type { StsSource } from "~/lib/studio";
import { useDuration } from "./Sts";
import { stepCard, type StepAction } from "./StsSteps";
import { VoicePicker, type VoiceCard } from "./VoicePicker";
import { Waveform } from "./on-use";

/** The voice step's library search, for ./sts-on-use (the STS studio passes it as `search`). */
export { VoiceSearch } from "./VoicePicker";

/*
 * The STS flow's check and voice steps, shown after a recording or an upload: loaded on use
 * (`SourceCheck`, `VoiceChoice` in ./sts-on-use, docs/decisions/0050), the voice picker with them.
 */

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
        <p className="text-sm text-slate-600" data-testid="sts-cost">
          {t("sts.voice.cost", { time: duration(source.seconds) })}
        </p>
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
