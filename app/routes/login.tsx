import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout, SocialButton } from "~/components/auth/AuthLayout";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { NativeDialog } from "~/components/shell/Modal";
import { joinThen } from "~/lib/redirect";
import { pageMetaTags } from "~/utils/seo";
import { isSocialProvider, type LoginType, type SocialProvider } from "~/utils/social";
import type { action, loader } from "./login.server";
import * as specs from "~/lib/form-specs/user-validation";

export { action, loader } from "./login.server";

export const handle = { i18n: ["common", "auth"] };

export const meta = pageMetaTags;

export default function LoginPage() {
  const { providers, other: otherFromQuery, socialError, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useSchemaForm("login", specs.LoginSchema, actionData?.result, { validate: "onBlur" });
  // After a submission the form's answer decides; before it, the social callback's ?other=.
  const other = actionData ? actionData.other : otherFromQuery;
  // The dialog closes on the client (Escape, backdrop, its button); a new answer of the form opens it again.
  const [closed, setClosed] = useState<unknown>(null);
  return (
    <AuthLayout title={t("login.title")}>
      <p className="mt-1 text-sm text-slate-600">{t("login.subtitle")}</p>
      {socialError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {t(`login.socialErrors.${socialError}`)}
        </p>
      ) : null}
      {providers.length > 0 ? (
        <div className="mt-6 space-y-2">
          {providers.map((p) => (
            <SocialButton key={p} provider={p} label={t("login.social", { provider: t(`providers.${p}`) })} />
          ))}
          <p className="pt-3 text-center text-xs text-slate-500">{t("login.or")}</p>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <Field
          label={t("login.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Field
          label={t("login.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
      <div className="mt-4 flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm" data-testid="login-links">
        <Link to="/user/password" className="text-slate-600 underline">
          {t("login.forgot")}
        </Link>
        <span>
          {t("login.noAccount")}{" "}
          <Link to={returnTo ? joinThen(returnTo) : "/join"} className="font-semibold text-brand-600">
            {t("login.join")}
          </Link>
        </span>
      </div>
      <p className="mt-6 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600" data-testid="rejoin-notice">
        {t("login.rejoinNotice")}
      </p>
      {other && closed !== other ? (
        <OtherProviderDialog type={other.type} email={other.email} available={providers} onClose={() => setClosed(other)} />
      ) : null}
    </AuthLayout>
  );
}

/**
 * Spec section 8: the address is registered with another provider; offer that provider. A modal `NativeDialog`
 * (docs/decisions/0039): focus kept inside, Escape and the backdrop close it, the focus goes back to the form.
 * Without JavaScript the server renders it open and its method="dialog" form closes it.
 */
function OtherProviderDialog({
  type,
  email,
  available,
  onClose,
}: {
  type: LoginType;
  email: string | null;
  available: SocialProvider[];
  onClose: () => void;
}) {
  const { t } = useTranslation("auth");
  const provider = t(`providers.${type}`);
  return (
    <NativeDialog
      labelledBy="other-provider-title"
      describedBy="other-provider-text"
      onDismiss={onClose}
      returnTo='input[name="password"]'
      testId="other-provider-dialog"
      className="max-w-sm"
    >
      <div className="p-6">
        <h2 id="other-provider-title" className="text-lg font-bold">
          {t("login.otherProvider.title")}
        </h2>
        <p id="other-provider-text" className="mt-2 text-sm text-slate-700">
          {email ? t("login.otherProvider.text", { email, provider }) : t("login.otherProvider.textNoEmail", { provider })}
        </p>
        <div className="mt-5 space-y-2">
          {isSocialProvider(type) && available.includes(type) ? (
            <SocialButton provider={type} label={t("login.otherProvider.useProvider", { provider })} />
          ) : null}
          <form
            method="dialog"
            onSubmit={(e) => {
              e.preventDefault();
              onClose();
            }}
          >
            <button type="submit" className="w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold">
              {type === "email" ? t("login.otherProvider.useEmail") : t("login.otherProvider.close")}
            </button>
          </form>
        </div>
      </div>
    </NativeDialog>
  );
}
