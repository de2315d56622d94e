import { getFormProps } from "~/components/form-props";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { SlotVoice } from "#contracts/custom-voices";
import type { action, loader } from "./dashboard.library_.slots.server";
import * as specs from "~/lib/form-specs/slots";

export const handle = { i18n: ["common", "account", "slots"] };

export { action, loader } from "./dashboard.library_.slots.server";
export const meta = pageMetaTags;

/**
 * Voice slot management (spec section 2: /dashboard/library/slots): the plan's custom voice slots,
 * the member's custom voices, and, after a plan change left more voices than slots, the one-time choice of
 * which to keep. The choice is a plain form (checkboxes and a confirmation), so it works without JavaScript.
 */
export default function VoiceSlots() {
  const { slots } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("slots");
  const [form, fields] = useSchemaForm("slots-keep", specs.KeepSchema, actionData?.result);
  const total = slots.unlimited ? t("unlimited") : String(slots.slots);
  return (
    <main className="max-w-4xl px-4 py-8 sm:px-6">
      <PageHeading title={t("title")} description={t("description")} />
      <p className="mt-3 text-sm font-medium text-slate-700" data-testid="slots-usage">
        {t("usage", { used: slots.used, slots: total })}
      </p>

      {slots.mustChoose ? (
        <Section id="slots-choose" title={t("choose.title")} className="mt-6 border-amber-300 bg-amber-50">
          <p className="text-sm text-slate-700">{t("choose.text", { slots: slots.slots, used: slots.used })}</p>
          <p className="mt-2 text-sm font-medium text-amber-900">{t("choose.once")}</p>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="slots-choose">
            <input type="hidden" name="intent" value="keep" />
            <ul className="divide-y divide-amber-200 rounded-lg bg-white ring-1 ring-amber-200">
              {slots.voices.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                  <input
                    type="checkbox"
                    name={fields.voice_ids.name}
                    value={v.id}
                    id={`keep-${v.id}`}
                    className="h-5 w-5 shrink-0"
                    aria-describedby={`voice-${v.id}-name`}
                  />
                  <label htmlFor={`keep-${v.id}`} className="sr-only">
                    {t("choose.keep")} {v.name}
                  </label>
                  <VoiceRow voice={v} />
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name={fields.confirm.name} className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{t("choose.confirm")}</span>
            </label>
            <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} ns="slots" />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton variant="danger" className="w-full sm:w-auto">
              {t("choose.submit")}
            </SubmitButton>
          </Form>
        </Section>
      ) : (
        <Section id="slots-voices" title={t("listTitle")} className="mt-6">
          {slots.voices.length === 0 ? (
            <div data-testid="slots-empty">
              <p className="text-sm text-slate-600">{t("empty")}</p>
              {/* The empty state leads to custom voice creation. */}
              <ButtonLink to="/dashboard/custom" className="mt-3">
                {t("make")}
              </ButtonLink>
            </div>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="slots-list">
              {slots.voices.map((v) => (
                <li key={v.id} className="flex flex-wrap items-center gap-3 py-3">
                  <VoiceRow voice={v} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </main>
  );
}

function VoiceRow({ voice }: { voice: SlotVoice }) {
  const { t } = useTranslation("slots");
  const clock = useClock();
  return (
    <>
      <img src={voice.profileImageURL} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-full" />
      <div className="min-w-0 flex-1">
        <p id={`voice-${voice.id}-name`} className="truncate font-medium">
          {voice.name}
          {voice.overSlots ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t("overSlots")}</span>
          ) : null}
        </p>
        <p className="truncate text-xs text-slate-500">
          {voice.intro} · {t("created", { date: formatDate(voice.createdAt, clock) })}
        </p>
      </div>
      <audio controls preload="none" src={voice.audioURL} className="h-9 w-full max-w-[16rem]" />
    </>
  );
}
