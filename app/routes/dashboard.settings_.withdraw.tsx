import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { CheckboxField, ChoiceGroup } from "~/components/form-choices";
import { PageHeading, Section } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.settings_.withdraw.server";
import * as specs from "~/lib/form-specs/user-validation";

export { action, loader } from "./dashboard.settings_.withdraw.server";

export const handle = { i18n: ["common", "account"] };

export const meta = pageMetaTags;

export default function WithdrawPage() {
  const { type, reasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm("withdraw", specs.WithdrawSchema, actionData?.result);
  const warnings = t("withdraw.warnings", { returnObjects: true }) as string[];
  return (
    <main className="max-w-2xl px-6 py-8">
      <PageHeading title={t("withdraw.title")} />
      <Section id="warnings" title={t("withdraw.warningsTitle")} tone="warning" className="mt-6">
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </Section>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <ChoiceGroup
          legend={t("withdraw.reasonStudio")}
          name="reason_studio"
          items={reasons.studio}
          selected={[]}
          idPrefix="reason-studio"
        />
        <ChoiceGroup
          legend={t("withdraw.reasonCommunity")}
          name="reason_community"
          items={reasons.community}
          selected={[]}
          idPrefix="reason-community"
        />
        <div>
          <label htmlFor={fields.opinion.id} className="block text-sm font-medium text-slate-800">
            {t("withdraw.opinion")}
          </label>
          <textarea
            id={fields.opinion.id}
            name={fields.opinion.name}
            maxLength={2000}
            rows={4}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          <ErrorList errors={fields.opinion.errors} />
        </div>
        {type === "email" ? (
          <Field
            label={t("withdraw.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
            errors={fields.password.errors}
          />
        ) : null}
        <div>
          <CheckboxField label={t("withdraw.confirm")} inputProps={{ ...getInputProps(fields.confirm, { type: "checkbox" }) }} />
          <ErrorList errors={fields.confirm.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton variant="danger" className="sm:w-auto">
            {t("withdraw.submit")}
          </SubmitButton>
          <ButtonLink to="/dashboard/settings" variant="secondary">
            {t("withdraw.cancel")}
          </ButtonLink>
        </div>
      </Form>
    </main>
  );
}
