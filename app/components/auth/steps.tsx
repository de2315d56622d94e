import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod/v4";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { CodeSchema, EmailSchema, NewPasswordSchema } from "~/utils/user-validation";
import { CodeTimer } from "./CodeTimer";

/** The steps sign-up (/join) and recovery (/user/password) share: address, code, new password. */
export const EmailStepSchema = z.object({ email: EmailSchema });
export const CodeStepSchema = z.object({ code: CodeSchema });
export { NewPasswordSchema };

type LastResult = SubmissionResult<string[]> | undefined;

/** A conform form for one step: client validation with the step's schema, the action's answer as lastResult. */
export function useStepForm<T extends z.ZodType<Record<string, unknown>>>(id: string, schema: T, lastResult: LastResult) {
  return useForm<z.input<T> & Record<string, unknown>, z.output<T>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

export function EmailStepForm({ id, lastResult, help }: { id: string; lastResult: LastResult; help?: string }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useStepForm(id, EmailStepSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="email" />
      <Field label={t("join.email")} help={help} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("join.sendCode")}</SubmitButton>
    </Form>
  );
}

/** The code step: time left (or the expired message), the code, and resend / change address. */
export function CodeStepForm({ id, lastResult, email, secondsLeft }: { id: string; lastResult: LastResult; email: string; secondsLeft: number }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useStepForm(id, CodeStepSchema, lastResult);
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
        <Field label={t("join.code")} inputProps={{ ...getInputProps(fields.code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }} errors={fields.code.errors} />
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

export function PasswordStepForm({ id, lastResult, email, label, submit }: { id: string; lastResult: LastResult; email: string; label: string; submit: string }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useStepForm(id, NewPasswordSchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <p className="text-sm text-emerald-700">✓ {t("join.certified", { email })}</p>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers store the new login under the right address. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <Field label={label} help={t("join.passwordHelp")} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} errors={fields.password.errors} />
      <Field label={t("join.confirm")} inputProps={{ ...getInputProps(fields.confirm, { type: "password" }), autoComplete: "new-password" }} errors={fields.confirm.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{submit}</SubmitButton>
    </Form>
  );
}
