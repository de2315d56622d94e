import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { CodeStepForm, EmailStepForm, PasswordStepForm } from "~/components/auth/steps";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader, Step } from "./user.password.server";

export { action, loader } from "./user.password.server";

export const handle = { i18n: ["common", "auth"] };

export const meta = pageMetaTags;

export default function RecoverPage() {
  const { step, email, secondsLeft } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const result = (s: Step) => (actionData?.step === s ? (actionData.result as never) : undefined);
  return (
    <AuthLayout title={t("recover.title")}>
      <p className="mt-1 text-sm text-slate-600">{t("recover.intro")}</p>
      {step === "email" ? <EmailStepForm id="recover-email" lastResult={result("email")} /> : null}
      {step === "code" ? (
        <CodeStepForm id="recover-code" lastResult={result("code")} email={email ?? ""} secondsLeft={secondsLeft} />
      ) : null}
      {step === "password" ? (
        <PasswordStepForm
          id="recover-password"
          lastResult={result("password")}
          email={email ?? ""}
          label={t("recover.newPassword")}
          submit={t("recover.submit")}
        />
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-slate-600 underline">
          {t("recover.backToLogin")}
        </Link>
      </p>
    </AuthLayout>
  );
}
