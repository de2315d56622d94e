import { getFormProps, getInputProps, getTextareaProps } from "~/components/form-props";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REFERENCE_LICENCES, REFERENCE_LIMITS } from "#contracts/voice-references";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { ChoiceGroup } from "~/components/form-choices";
import { TagChoices } from "~/components/library/Wizard";
import { PageHeading, Section } from "~/components/shell/Page";
import * as specs from "~/lib/form-specs/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action } from "./admin.voices.new.server";

export { action, loader } from "./admin.voices.new.server";
export const handle = { i18n: ["common", "admin", "library"] };
export const meta = pageMetaTags;

type Errors = string[] | undefined;

/**
 * Stages a basic voice: its source (a consented speaker's clip with its transcript, or a preset speaker), the speaker's
 * consent and the licence, and the card it will have in the library. One plain multipart form: it works without
 * JavaScript, and a refused submit keeps what was typed (the clip must be chosen again, as browsers do).
 */
export default function AdminVoiceNew() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form, fields] = useSchemaForm("voice-reference", specs.VoiceReferenceFormSchema, actionData?.result, {
    defaultValue: { kind: "clip", lang: "ko", licence: "exclusive" },
  });
  const field = (name: string) => (fields as unknown as Record<string, { value?: unknown; errors?: Errors; initialValue?: unknown }>)[name];
  const values = (name: string) => {
    const v = field(name)?.value ?? field(name)?.initialValue;
    return Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : [];
  };
  const errors = (name: string) => field(name)?.errors;
  type TextName =
    | "preset_speaker"
    | "preset_model"
    | "speaker"
    | "consent_on"
    | "consent_document"
    | "licence_note"
    | "licence_ends_on"
    | "name_ko"
    | "name_en"
    | "intro_ko"
    | "intro_en";
  const text = (name: TextName, label: string, opts: { help?: string; max?: number; type?: "text" | "date" } = {}) => (
    <Field
      label={label}
      inputProps={{ ...getInputProps(fields[name], { type: opts.type ?? "text" }), maxLength: opts.max, autoComplete: "off" }}
      errors={fields[name].errors}
      help={opts.help}
    />
  );
  return (
    <main>
      <p className="text-sm">
        <Link to="/admin/voices" className="text-brand-700 underline">
          {t("voices.back")}
        </Link>
      </p>
      <PageHeading title={t("voices.newTitle")} description={t("voices.newDescription")} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-6 space-y-6"
        data-testid="voice-reference-form"
      >
        <Section id="source" title={t("voices.source")}>
          <div className="space-y-4">
            <ChoiceGroup
              legend={t("voices.kind")}
              name="kind"
              type="radio"
              items={(["clip", "preset"] as const).map((code) => ({ code, name: t(`voices.kinds.${code}`) }))}
              selected={values("kind")}
              idPrefix="kind"
              errors={errors("kind")}
            />
            <div className="space-y-4 rounded-lg border border-slate-200 p-3">
              <p className="text-sm font-semibold text-slate-800">{t("voices.kinds.clip")}</p>
              <Field
                label={t("voices.clip")}
                inputProps={{ ...getInputProps(fields.file, { type: "file" }), accept: "audio/*,.wav,.mp3,.ogg,.webm,.m4a" }}
                errors={fields.file.errors}
                help={t("voices.clipHelp")}
              />
              <div>
                <label htmlFor={fields.transcript.id} className="block text-sm font-medium text-slate-800">
                  {t("voices.transcript")}
                </label>
                <textarea
                  {...getTextareaProps(fields.transcript)}
                  key={fields.transcript.key}
                  maxLength={REFERENCE_LIMITS.transcriptMax}
                  rows={3}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
                  aria-describedby={`${fields.transcript.id}-help`}
                />
                <p id={`${fields.transcript.id}-help`} className="mt-1 text-xs text-slate-500">
                  {t("voices.transcriptHelp")}
                </p>
                <ErrorList errors={fields.transcript.errors} />
              </div>
            </div>
            <div className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
              <p className="text-sm font-semibold text-slate-800 sm:col-span-2">{t("voices.kinds.preset")}</p>
              {text("preset_speaker", t("voices.presetSpeaker"), { help: t("voices.presetSpeakerHelp"), max: 40 })}
              {text("preset_model", t("voices.presetModel"), { help: t("voices.presetModelHelp"), max: 100 })}
            </div>
          </div>
        </Section>
        <Section id="rights" title={t("voices.rights")}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("speaker", t("voices.speaker"), { max: REFERENCE_LIMITS.speakerMax })}
            {text("consent_on", t("voices.consentOn"), { type: "date" })}
            {text("consent_document", t("voices.consentDocument"), {
              help: t("voices.consentDocumentHelp"),
              max: REFERENCE_LIMITS.documentMax,
            })}
            <div className="sm:col-span-2">
              <ChoiceGroup
                legend={t("voices.licence")}
                name="licence"
                type="radio"
                items={REFERENCE_LICENCES.map((code) => ({ code, name: t(`voices.licences.${code}`) }))}
                selected={values("licence")}
                idPrefix="licence"
                errors={errors("licence")}
              />
            </div>
            {text("licence_note", t("voices.licenceNote"), { max: REFERENCE_LIMITS.noteMax })}
            {text("licence_ends_on", t("voices.licenceEndsOn"), { type: "date" })}
          </div>
        </Section>
        <Section id="card" title={t("voices.card")}>
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {text("name_ko", t("voices.nameKo"), { max: REFERENCE_LIMITS.nameMax })}
              {text("name_en", t("voices.nameEn"), { max: REFERENCE_LIMITS.nameMax })}
              {text("intro_ko", t("voices.introKo"), { max: REFERENCE_LIMITS.introMax })}
              {text("intro_en", t("voices.introEn"), { max: REFERENCE_LIMITS.introMax })}
            </div>
            <TagChoices
              selected={values}
              errors={Object.fromEntries(["lang", "tone", "gender", "age", "features", "categories"].map((n) => [n, errors(n)]))}
              moodsName="features"
              moodsLegend={t("voices.moods")}
              categoriesLegend={t("voices.categories")}
            />
          </div>
        </Section>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="sm:w-auto">{t("voices.submit")}</SubmitButton>
      </Form>
    </main>
  );
}
