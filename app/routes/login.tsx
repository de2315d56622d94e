import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod/v4";
import { AuthLayout, SocialButton } from "~/components/auth/AuthLayout";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { api, freshAccessToken } from "~/utils/api.server";
import { startSession } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import { isLoginType, isSocialProvider, SOCIAL_PROVIDERS, type LoginType, type SocialProvider } from "~/utils/social";
import { EmailSchema } from "~/utils/user-validation";
import { Code } from "../../contracts/codes";

export const handle = { i18n: ["common", "auth"] };

const LoginSchema = z.object({ email: EmailSchema, password: z.string({ error: "validation.required" }).max(64) });

/** Codes of the e-mail login the form places on a field (workers/api/src/lib/codes.ts). */
const EMAIL_FIELD_CODES: number[] = [Code.EMAIL_INVALID, Code.EMAIL_NOT_REGISTERED];
const PASSWORD_FIELD_CODES: number[] = [Code.WRONG_PASSWORD];
const EMAIL_SOCIAL = Code.EMAIL_SOCIAL;
const SOCIAL_ERRORS = ["state", "email", "rejoin", "unavailable", "denied", "failed"] as const;

/** Social providers the api has credentials for (buttons are hidden otherwise). */
async function socialProviders(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<SocialProvider[]> {
  const envelope = await api<{ providers: string[] }>(args, "/member/snsproviders");
  const configured = envelope.success ? (envelope.data?.providers ?? []) : [];
  return SOCIAL_PROVIDERS.filter((p) => configured.includes(p));
}

export async function loader(args: LoaderFunctionArgs) {
  if (await freshAccessToken(args.request, args.context)) throw redirect("/dashboard");
  const url = new URL(args.request.url);
  const other = url.searchParams.get("other");
  const error = url.searchParams.get("error");
  const [providers, meta] = await Promise.all([socialProviders(args), pageMeta(args.request, args.context, "meta.titles.login")]);
  return {
    providers,
    meta,
    // After a social callback: the address belongs to another login type, or the login failed.
    other: isLoginType(other) ? { type: other, email: null } : null,
    socialError: SOCIAL_ERRORS.find((e) => e === error) ?? null,
  };
}

export const meta = pageMetaTags;

export async function action(args: ActionFunctionArgs) {
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), other: null }, { status: 400 });
  }
  const { email, password } = submission.value;
  const envelope = await api<{ token: string; refreshToken: string; type?: string }>(args, "/member/login", {
    body: { type: "email", email, password },
  });
  if (envelope.success && envelope.data) {
    await startSession(args, envelope.data);
    throw redirect("/dashboard");
  }
  const type = envelope.data?.type;
  if (envelope.code === EMAIL_SOCIAL && isLoginType(type)) {
    return data({ result: submission.reply({ hideFields: ["password"] }), other: { type: type as LoginType, email } }, { status: 409 });
  }
  const field = EMAIL_FIELD_CODES.includes(envelope.code) ? "email" : PASSWORD_FIELD_CODES.includes(envelope.code) ? "password" : null;
  // Spec section 8: a server-side failure is 'temporary error, try again later'.
  const message = envelope.code >= Code.INTERNAL ? fixedT(await getLocale(args.request, args.context), "auth")("login.failed") : envelope.message;
  const result = field
    ? submission.reply({ fieldErrors: { [field]: [message] }, hideFields: ["password"] })
    : submission.reply({ formErrors: [message], hideFields: ["password"] });
  return data({ result, other: null }, { status: 400 });
}

export default function LoginPage() {
  const { providers, other: otherFromQuery, socialError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const other = actionData?.other ?? otherFromQuery;
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
        <Field label={t("login.email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <Field label={t("login.password")} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }} errors={fields.password.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("login.submit")}</SubmitButton>
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <Link to="/user/password" className="text-slate-600 underline">
          {t("login.forgot")}
        </Link>
        <span>
          {t("login.noAccount")}{" "}
          <Link to="/join" className="font-semibold text-brand-600">
            {t("login.join")}
          </Link>
        </span>
      </div>
      <p className="mt-6 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600" data-testid="rejoin-notice">
        {t("login.rejoinNotice")}
      </p>
      {other ? <OtherProviderDialog type={other.type} email={other.email} available={providers} /> : null}
    </AuthLayout>
  );
}

/** Spec section 8: the address is registered with another provider; offer that provider. */
function OtherProviderDialog({ type, email, available }: { type: LoginType; email: string | null; available: SocialProvider[] }) {
  const { t } = useTranslation("auth");
  const provider = t(`providers.${type}`);
  return (
    // A server-rendered open dialog over a backdrop; the method="dialog" form closes it without JavaScript.
    <dialog open aria-labelledby="other-provider-title" className="fixed inset-0 z-40 m-0 h-full max-h-none w-full max-w-none items-center justify-center bg-slate-900/40 px-4 open:flex">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl">
        <h2 id="other-provider-title" className="text-lg font-bold">
          {t("login.otherProvider.title")}
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          {email ? t("login.otherProvider.text", { email, provider }) : t("login.otherProvider.textNoEmail", { provider })}
        </p>
        <div className="mt-5 space-y-2">
          {isSocialProvider(type) && available.includes(type) ? (
            <SocialButton provider={type} label={t("login.otherProvider.useProvider", { provider })} />
          ) : null}
          <form method="dialog">
            <button type="submit" className="w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold">
              {type === "email" ? t("login.otherProvider.useEmail") : t("login.otherProvider.close")}
            </button>
          </form>
        </div>
      </div>
    </dialog>
  );
}
