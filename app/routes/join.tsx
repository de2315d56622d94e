import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { CodeStepForm, EmailStepForm, PasswordStepForm } from "~/components/auth/steps";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { CheckboxField, ChoiceGroup } from "~/components/form-choices";
import type { Choice } from "~/utils/member-lists.server";
import { loginThen } from "~/lib/redirect";
import { pageMetaTags } from "~/utils/seo";
import type { action, JoinStep, loader } from "./join.server";
import * as specs from "~/lib/form-specs/user-validation";

export { action, loader } from "./join.server";

export const handle = { i18n: ["common", "auth"] };

export const meta = pageMetaTags;

const STEPS_EMAIL = ["email", "password", "terms", "questions"] as const;
const STEPS_SOCIAL = ["terms", "questions"] as const;

export default function JoinPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { step, type, email } = loaderData;
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const result = (s: JoinStep) => (actionData?.step === s ? (actionData.result as never) : undefined);
  const steps: readonly string[] = type === "email" ? STEPS_EMAIL : STEPS_SOCIAL;
  const shown = step === "code" ? "email" : step;
  const current = steps.indexOf(shown) + 1;
  return (
    <AuthLayout title={t("join.title")}>
      <ol className="mt-4 flex gap-1" aria-label={t("join.stepOf", { current, total: steps.length })}>
        {steps.map((s, i) => (
          <li key={s} className={`h-1.5 flex-1 rounded-full ${i < current ? "bg-brand-600" : "bg-slate-200"}`}>
            <span className="sr-only">{t(`join.steps.${s as "email"}`)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm font-semibold text-slate-700" data-testid="join-step">
        {t("join.stepOf", { current, total: steps.length })} · {t(`join.steps.${shown}`)}
      </p>
      {type !== "email" && email ? (
        <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {t("join.social", { provider: t(`providers.${type}`), email })}
        </p>
      ) : null}
      {step === "email" ? <EmailStepForm id="join-email" lastResult={result("email")} help={t("join.emailHelp")} /> : null}
      {step === "code" ? (
        <CodeStepForm id="join-code" lastResult={result("code")} email={email ?? ""} secondsLeft={loaderData.secondsLeft} />
      ) : null}
      {step === "password" ? (
        <PasswordStepForm
          id="join-password"
          lastResult={result("password")}
          email={email ?? ""}
          label={t("join.password")}
          submit={t("join.next")}
        />
      ) : null}
      {step === "terms" ? <TermsForm canGoBack={type === "email"} lastResult={result("terms")} /> : null}
      {step === "questions" ? (
        <QuestionsForm jobs={loaderData.jobs} purposes={loaderData.purposes} lastResult={result("questions")} />
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("join.haveAccount")}{" "}
        <Link to={loaderData.returnTo ? loginThen(loaderData.returnTo) : "/login"} className="font-semibold text-brand-600">
          {t("join.login")}
        </Link>
      </p>
    </AuthLayout>
  );
}

function StepActions({ submit, back }: { submit: string; back?: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex gap-2 pt-2">
      {back ? (
        <button
          type="submit"
          name="intent"
          value="back"
          formNoValidate
          className="shrink-0 whitespace-nowrap rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold"
        >
          {t("join.back")}
        </button>
      ) : null}
      <SubmitButton>{submit}</SubmitButton>
    </div>
  );
}

function TermsForm({ canGoBack, lastResult }: { canGoBack: boolean; lastResult: LastResult }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm("join-terms", specs.TermsStepSchema, lastResult, { validate: "onBlur" });
  const view = (href: string) => (
    <a href={href} target="_blank" rel="noopener" className="ml-auto text-xs text-slate-500 underline">
      {t("join.terms.view")}
    </a>
  );
  // With JavaScript, "agree to all" ticks the boxes; without it, the server reads it as all of them.
  const toggleAll = (e: React.ChangeEvent<HTMLInputElement>) => {
    const formEl = e.currentTarget.form;
    for (const name of ["service", "privacy", "age", "marketing"]) {
      const box = formEl?.elements.namedItem(name);
      if (box instanceof HTMLInputElement) box.checked = e.currentTarget.checked;
    }
  };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-3">
      <input type="hidden" name="intent" value="terms" />
      <div className="rounded-lg bg-slate-50 p-3">
        <CheckboxField
          label={t("join.terms.all")}
          inputProps={{ ...getInputProps(fields.all, { type: "checkbox" }), onChange: toggleAll }}
        />
      </div>
      <CheckboxField
        label={t("join.terms.service")}
        inputProps={getInputProps(fields.service, { type: "checkbox" })}
        after={view("/terms/service")}
      />
      <CheckboxField
        label={t("join.terms.privacy")}
        inputProps={getInputProps(fields.privacy, { type: "checkbox" })}
        after={view("/terms/privacy")}
      />
      <CheckboxField label={t("join.terms.age")} inputProps={getInputProps(fields.age, { type: "checkbox" })} />
      <CheckboxField
        label={t("join.terms.marketing")}
        inputProps={getInputProps(fields.marketing, { type: "checkbox" })}
        after={view("/terms/marketing")}
      />
      <StepActions submit={t("join.next")} back={canGoBack} />
      {/* Below the buttons: the message goes away as a box is ticked, and must not move the button being clicked. */}
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function QuestionsForm({ jobs, purposes, lastResult }: { jobs: Choice[]; purposes: Choice[]; lastResult: LastResult }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm("join-questions", specs.QuestionsStepSchema, lastResult, { validate: "onBlur" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
      <p className="text-sm text-slate-600">{t("join.questions.intro")}</p>
      <input type="hidden" name="intent" value="questions" />
      <ChoiceGroup legend={t("join.questions.job")} name="work" items={jobs} selected={[]} idPrefix="work" errors={fields.work.errors} />
      <Field
        label={t("join.questions.belong")}
        inputProps={{ ...getInputProps(fields.belong, { type: "text" }), autoComplete: "organization" }}
        errors={fields.belong.errors}
      />
      <ChoiceGroup
        legend={t("join.questions.purpose")}
        name="perpose"
        items={purposes}
        selected={[]}
        idPrefix="perpose"
        errors={fields.perpose.errors}
      />
      <Field
        label={t("join.questions.other")}
        inputProps={getInputProps(fields.perposeOther, { type: "text" })}
        errors={fields.perposeOther.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <StepActions submit={t("join.questions.submit")} back />
    </Form>
  );
}
