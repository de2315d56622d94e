import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod/v4";
import { ChoiceGroup, ErrorList, Field, SubmitButton } from "~/components/forms";
import { getLocale } from "~/i18n/i18n.server";
import { api } from "~/utils/api.server";
import { loadProfile, requireUser, type Profile } from "~/utils/auth.server";
import { cookieSecurity, localeCookie } from "~/utils/cookies.server";
import { choiceList } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import { setToast } from "~/utils/toast.server";
import { CheckboxGroup } from "~/utils/user-validation";

export const handle = { i18n: ["common", "account", "auth"] };

const GENDERS = ["", "male", "female", "other"] as const;

const ProfileSchema = z.object({
  intent: z.literal("profile"),
  local: z.enum(["ko", "en"]),
  nickname: z.string({ error: "validation.nickname" }).trim().min(1, "validation.nickname").max(20, "validation.nickname"),
  work: CheckboxGroup,
  belong: z.string().trim().max(200, "validation.tooLong").default(""),
  firstname: z.string().trim().max(50, "validation.tooLong").default(""),
  secondname: z.string().trim().max(50, "validation.tooLong").default(""),
  gender: z.enum(GENDERS).default(""),
});
const MarketingSchema = z.object({ intent: z.literal("marketing"), marketing: z.enum(["Y", "N"], { error: "validation.required" }) });

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [profile, jobs, meta] = await Promise.all([
    loadProfile(args),
    choiceList(args, "/member/worklist"),
    pageMeta(args.request, args.context, "meta.titles.settings"),
  ]);
  return { profile, jobs, meta };
}

export const meta = pageMetaTags;

export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await args.request.formData();
  if (formData.get("intent") === "marketing") {
    const submission = parseWithZod(formData, { schema: MarketingSchema });
    if (submission.status !== "success") return data({ intent: "marketing", result: submission.reply() }, { status: 400 });
    const profile = await loadProfile(args);
    const envelope = await api<{ marketing: "Y" | "N"; changedAt: string }>(args, "/member/marketingYN", {
      body: { email: profile.email, marketing: submission.value.marketing },
    });
    if (!envelope.success || !envelope.data) return data({ intent: "marketing", result: submission.reply({ formErrors: [envelope.message] }) }, { status: 400 });
    const locale = await getLocale(args.request, args.context);
    const date = new Intl.DateTimeFormat(locale === "ko" ? "ko-KR" : "en-US", { dateStyle: "long", timeZone: "Asia/Seoul" }).format(new Date(envelope.data.changedAt));
    await setToast(args.request, args.context, { key: "marketing", params: { date, value: envelope.data.marketing } });
    throw redirect("/dashboard/settings");
  }
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return data({ intent: "profile", result: submission.reply() }, { status: 400 });
  const { intent: _intent, work, ...fields } = submission.value;
  const envelope = await api<Profile>(args, "/member/updatemember", { body: { ...fields, work: work.join(",") } });
  if (!envelope.success) return data({ intent: "profile", result: submission.reply({ formErrors: [envelope.message] }) }, { status: 400 });
  // The account's language is also the site's language from now on.
  args.context.outgoingCookies.push(await localeCookie.serialize(fields.local, cookieSecurity(args.request)));
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/dashboard/settings");
}

export default function SettingsPage() {
  const { profile, jobs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    constraint: getZodConstraint(ProfileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { nickname: profile.nickname, belong: profile.belong, firstname: profile.firstname, secondname: profile.secondname },
  });
  const [marketingForm, marketingFields] = useForm({
    id: "marketing",
    lastResult: actionData?.intent === "marketing" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MarketingSchema }),
  });
  const chosenJobs = profile.work ? profile.work.split(",") : [];
  return (
    <main className="max-w-2xl px-6 py-8">
      <h1 className="text-2xl font-bold">{t("settings.title")}</h1>

      <section aria-labelledby="profile-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="profile-title" className="text-lg font-semibold">
          {t("settings.profile")}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("settings.email")}</dt>
          <dd data-testid="account-email">{profile.email}</dd>
          <dt className="text-slate-500">{t("settings.loginType")}</dt>
          <dd>{t(`providers.${profile.type}`, { ns: "auth" })}</dd>
        </dl>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="profile" />
          <div>
            <label htmlFor="local" className="block text-sm font-medium text-slate-800">
              {t("settings.language")}
            </label>
            <select id="local" name="local" defaultValue={profile.local} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2">
              <option value="ko">{t("language.ko", { ns: "common" })}</option>
              <option value="en">{t("language.en", { ns: "common" })}</option>
            </select>
          </div>
          <Field label={t("settings.nickname")} inputProps={{ ...getInputProps(fields.nickname, { type: "text" }), autoComplete: "nickname" }} errors={fields.nickname.errors} />
          <ChoiceGroup legend={t("settings.job")} name="work" items={jobs} selected={chosenJobs} idPrefix="work" errors={fields.work.errors} />
          <Field label={t("settings.belong")} inputProps={{ ...getInputProps(fields.belong, { type: "text" }), autoComplete: "organization" }} errors={fields.belong.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("settings.firstname")} inputProps={{ ...getInputProps(fields.firstname, { type: "text" }), autoComplete: "given-name" }} errors={fields.firstname.errors} />
            <Field label={t("settings.secondname")} inputProps={{ ...getInputProps(fields.secondname, { type: "text" }), autoComplete: "family-name" }} errors={fields.secondname.errors} />
          </div>
          <ChoiceGroup
            legend={t("settings.gender")}
            name="gender"
            type="radio"
            items={GENDERS.map((g) => ({ code: g, name: t(`settings.genders.${g}`) }))}
            selected={[profile.gender]}
            idPrefix="gender"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="sm:w-auto">{t("settings.save")}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="marketing-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="marketing-title" className="text-lg font-semibold">
          {t("settings.marketing")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("settings.marketingHelp")}</p>
        <p className="mt-1 text-sm" data-testid="marketing-state">
          {t(`settings.marketingValues.${profile.marketing}`)}
        </p>
        <Form method="post" {...getFormProps(marketingForm)} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="marketing" />
          <ChoiceGroup
            legend={t("settings.marketing")}
            name="marketing"
            type="radio"
            items={(["Y", "N"] as const).map((v) => ({ code: v, name: t(`settings.marketingValues.${v}`) }))}
            selected={[profile.marketing]}
            idPrefix="marketing"
            errors={marketingFields.marketing.errors}
          />
          <ErrorList id={marketingForm.errorId} errors={marketingForm.errors} />
          <div className="flex items-center gap-4">
            <SubmitButton variant="secondary" className="sm:w-auto">
              {t("settings.marketingSave")}
            </SubmitButton>
            <Link to="/terms/marketing" target="_blank" className="text-sm text-slate-600 underline">
              {t("settings.marketingTerms")}
            </Link>
          </div>
        </Form>
      </section>

      <section className="mt-6 flex flex-wrap items-center gap-4">
        <Form method="post" action="/logout">
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("settings.logout")}
          </SubmitButton>
        </Form>
        <Form method="post" action="/logout">
          <input type="hidden" name="scope" value="everywhere" />
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("settings.logoutEverywhere")}
          </SubmitButton>
        </Form>
        <p id="logout-everywhere-help" className="w-full text-sm text-slate-500">
          {t("settings.logoutEverywhereHelp")}
        </p>
        <Link to="/dashboard/settings/withdraw" className="text-sm text-slate-500 underline">
          {t("settings.withdraw")}
        </Link>
      </section>
    </main>
  );
}
