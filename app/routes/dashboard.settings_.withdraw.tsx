import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod/v4";
import { CheckboxField, ChoiceGroup, ErrorList, Field, SubmitButton } from "~/components/forms";
import { api, clearSession } from "~/utils/api.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { reasonList } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import { setToast } from "~/utils/toast.server";
import { CheckboxGroup } from "~/utils/user-validation";
import { Code } from "../../contracts/codes";

export const handle = { i18n: ["common", "account"] };

const WithdrawSchema = z.object({
  reason_studio: CheckboxGroup,
  reason_community: CheckboxGroup,
  opinion: z.string().trim().max(2000, "validation.tooLong").default(""),
  /** E-mail accounts confirm with their password (spec section 5: 'Please enter your password correctly'). */
  password: z.string().max(64).optional(),
  confirm: z.literal("on", { error: "validation.confirmWithdraw" }),
});

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [profile, reasons, meta] = await Promise.all([
    loadProfile(args),
    reasonList(args),
    pageMeta(args.request, args.context, "meta.titles.withdraw"),
  ]);
  return { type: profile.type, reasons, meta };
}

export const meta = pageMetaTags;

const PASSWORD_MISMATCH = Code.PASSWORD_MISMATCH;

/**
 * Withdrawal (spec sections 2 and 4): reasons, opinion and warnings; e-mail accounts re-enter their
 * password; the api refuses while a paid plan period remains. Afterwards the session ends and the
 * visitor goes home with a toast.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: WithdrawSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const v = submission.value;
  const profile = await loadProfile(args);
  if (profile.type === "email") {
    const check = await api(args, "/member/check_pwd", { body: { pwd: v.password ?? "" } });
    if (!check.success) {
      const field = check.code === PASSWORD_MISMATCH ? { fieldErrors: { password: [check.message] } } : { formErrors: [check.message] };
      return data({ result: submission.reply({ ...field, hideFields: ["password"] }) }, { status: 400 });
    }
  }
  const envelope = await api(args, "/member/signout", {
    body: { reason_studio: v.reason_studio.join(","), reason_community: v.reason_community.join(","), opinion: v.opinion },
  });
  if (!envelope.success) return data({ result: submission.reply({ formErrors: [envelope.message], hideFields: ["password"] }) }, { status: 409 });
  await clearSession(args.request, args.context);
  await setToast(args.request, args.context, { key: "withdrawn" });
  throw redirect("/");
}

export default function WithdrawPage() {
  const { type, reasons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult: actionData?.result,
    constraint: getZodConstraint(WithdrawSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WithdrawSchema }),
    shouldValidate: "onSubmit",
  });
  const warnings = t("withdraw.warnings", { returnObjects: true }) as string[];
  return (
    <main className="max-w-2xl px-6 py-8">
      <h1 className="text-2xl font-bold">{t("withdraw.title")}</h1>
      <section aria-labelledby="warnings-title" className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
        <h2 id="warnings-title" className="font-semibold text-amber-900">
          {t("withdraw.warningsTitle")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-amber-900">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </section>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <ChoiceGroup legend={t("withdraw.reasonStudio")} name="reason_studio" items={reasons.studio} selected={[]} idPrefix="reason-studio" />
        <ChoiceGroup legend={t("withdraw.reasonCommunity")} name="reason_community" items={reasons.community} selected={[]} idPrefix="reason-community" />
        <div>
          <label htmlFor={fields.opinion.id} className="block text-sm font-medium text-slate-800">
            {t("withdraw.opinion")}
          </label>
          <textarea id={fields.opinion.id} name={fields.opinion.name} maxLength={2000} rows={4} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
          <ErrorList errors={fields.opinion.errors} />
        </div>
        {type === "email" ? (
          <Field label={t("withdraw.password")} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }} errors={fields.password.errors} />
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
          <Link to="/dashboard/settings" className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold">
            {t("withdraw.cancel")}
          </Link>
        </div>
      </Form>
    </main>
  );
}
