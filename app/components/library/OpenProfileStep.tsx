import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { ProfileImageInput } from "~/components/library/ProfileImageInput";
import { Section } from "~/components/shell/Page";
import { OPEN_VOICE, type OpenVoiceDraft } from "~/lib/library";
import * as specs from "~/lib/form-specs/library";

/**
 * The open voice wizard's last step (the profile, published). Loaded when first shown (docs/decisions/0050:
 * import it from components/library/wizard-on-use.tsx, never from here).
 */

export function ProfileStep({ draft, lastResult }: { draft: OpenVoiceDraft; lastResult: LastResult }) {
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm("profile", specs.OpenVoiceProfileSchema, lastResult, { validate: "onBlur" });
  const [name, setName] = useState("");
  return (
    <>
      <Section id="profile" title={t("wizard.steps.3")}>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="profile-form">
          <input type="hidden" name="intent" value="publish" />
          <Field
            label={t("wizard.name")}
            help={t("wizard.nameHelp", { max: OPEN_VOICE.nameMax, count: [...name].length })}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), onInput: (e) => setName(e.currentTarget.value) }}
            errors={fields.name.errors}
          />
          <Field
            label={t("wizard.introLabel")}
            help={t("wizard.introHelp", { max: OPEN_VOICE.introMax })}
            inputProps={getInputProps(fields.intro, { type: "text" })}
            errors={fields.intro.errors}
          />
          <ProfileImageInput inputProps={getInputProps(fields.image, { type: "file" })} errors={fields.image.errors} />
          <div>
            <p className="text-sm font-medium text-slate-800">{t("wizard.preview")}</p>
            <audio
              controls
              preload="none"
              src={draft.previewURL}
              className="mt-2 w-full"
              data-testid="draft-preview"
              aria-label={t("wizard.preview")}
            />
          </div>
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t("wizard.publishTerms")}</p>
          <ErrorList errors={form.errors} />
          <SubmitButton className="sm:w-auto">{t("wizard.publish")}</SubmitButton>
        </Form>
      </Section>
      <p>
        <Link to="?step=2" className="text-sm text-brand-700 underline">
          ← {t("wizard.backTo.2")}
        </Link>
      </p>
    </>
  );
}
