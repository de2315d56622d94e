import { getFormProps, getInputProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { CodeTimer } from "./CodeTimer";
import * as specs from "~/lib/form-specs/user-validation";

/** The step forms sign-up (/join) and recovery (/user/password) share: address, code, new password. */

export function EmailStepForm({ id, lastResult, help }: { id: string; lastResult: LastResult; help?: string }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(id, specs.EmailStepSchema, lastResult, { validate: "onBlur" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="email" />
      <Field
        label={t("join.email")}
        help={help}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("join.sendCode")}</SubmitButton>
    </Form>
  );
}

/** The code step: time left (or the expired message), the code, and resend / change address. */
export function CodeStepForm({
  id,
  lastResult,
  email,
  secondsLeft,
}: {
  id: string;
  lastResult: LastResult;
  email: string;
  secondsLeft: number;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(id, specs.CodeStepSchema, lastResult, { validate: "onBlur" });
  return (
    <div className="mt-6 space-y-4">
      <p className="text-sm text-slate-700">{t("join.codeSent", { email })}</p>
      {secondsLeft > 0 ? (
        <CodeTimer seconds={secondsLeft} />
      ) : (
        <p role="alert" className="text-sm text-red-600" data-testid="code-expired">
          {t("join.codeExpired")}
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="code" />
        <Field
          label={t("join.code")}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            maxLength: 6,
          }}
          errors={fields.code.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("join.verify")}</SubmitButton>
      </Form>
      <Form method="post" className="flex justify-between text-sm">
        <button type="submit" name="intent" value="resend" className="text-brand-600 underline">
          {t("join.resend")}
        </button>
        <button type="submit" name="intent" value="restart" className="text-slate-600 underline">
          {t("join.changeEmail")}
        </button>
      </Form>
    </div>
  );
}

export function PasswordStepForm({
  id,
  lastResult,
  email,
  label,
  submit,
}: {
  id: string;
  lastResult: LastResult;
  email: string;
  label: string;
  submit: string;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm(id, specs.NewPasswordSchema, lastResult, { validate: "onBlur" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-emerald-700">✓ {t("join.certified", { email })}</p>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers store the new login under the right address. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <Field
        label={label}
        help={t("join.passwordHelp")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.password.errors}
      />
      <Field
        label={t("join.confirm")}
        inputProps={{ ...getInputProps(fields.confirm, { type: "password" }), autoComplete: "new-password" }}
        errors={fields.confirm.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}
