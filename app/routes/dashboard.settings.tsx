import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { ChoiceGroup } from "~/components/form-choices";
import { PageHeading, Section } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import { GENDERS } from "~/utils/member-fields";
import type { action, loader } from "./dashboard.settings.server";
import * as specs from "~/lib/form-specs/user-validation";

export { action, loader } from "./dashboard.settings.server";

export const handle = { i18n: ["common", "account", "auth"] };

export const meta = pageMetaTags;

export default function SettingsPage() {
  const { profile, jobs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const [form, fields] = useSchemaForm("profile", specs.ProfileSchema, actionData?.intent === "profile" ? actionData.result : undefined, {
    validate: "onBlur",
    defaultValue: { nickname: profile.nickname, belong: profile.belong, firstname: profile.firstname, secondname: profile.secondname },
  });
  const [dormancyForm, dormancyFields] = useSchemaForm(
    "dormancy",
    specs.DormancySchema,
    actionData?.intent === "dormancy" ? actionData.result : undefined,
  );
  const [marketingForm, marketingFields] = useSchemaForm(
    "marketing",
    specs.MarketingSchema,
    actionData?.intent === "marketing" ? actionData.result : undefined,
  );
  // A refused save shows what was sent, not what is saved (without JavaScript the page comes back from the server;
  // the text fields come back through the form's reply, these three through this).
  const sent = actionData?.intent === "profile" ? actionData.result.initialValue : null;
  const sentValues = (name: string) => [sent?.[name] ?? []].flat().map(String);
  const chosenJobs = sent ? sentValues("work") : profile.work ? profile.work.split(",") : [];
  const chosenLocale = sent ? (sentValues("local")[0] ?? profile.local) : profile.local;
  const chosenGender = sent ? (sentValues("gender")[0] ?? "") : profile.gender;
  return (
    <main className="max-w-2xl px-6 py-8">
      <PageHeading title={t("settings.title")} />

      <Section id="profile" title={t("settings.profile")} className="mt-6">
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
            <select
              id="local"
              name="local"
              defaultValue={chosenLocale}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
            >
              <option value="ko">{t("language.ko", { ns: "common" })}</option>
              <option value="en">{t("language.en", { ns: "common" })}</option>
            </select>
          </div>
          <Field
            label={t("settings.nickname")}
            inputProps={{ ...getInputProps(fields.nickname, { type: "text" }), autoComplete: "nickname" }}
            errors={fields.nickname.errors}
          />
          <ChoiceGroup
            legend={t("settings.job")}
            name="work"
            items={jobs}
            selected={chosenJobs}
            idPrefix="work"
            errors={fields.work.errors}
          />
          <Field
            label={t("settings.belong")}
            inputProps={{ ...getInputProps(fields.belong, { type: "text" }), autoComplete: "organization" }}
            errors={fields.belong.errors}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("settings.firstname")}
              inputProps={{ ...getInputProps(fields.firstname, { type: "text" }), autoComplete: "given-name" }}
              errors={fields.firstname.errors}
            />
            <Field
              label={t("settings.secondname")}
              inputProps={{ ...getInputProps(fields.secondname, { type: "text" }), autoComplete: "family-name" }}
              errors={fields.secondname.errors}
            />
          </div>
          <ChoiceGroup
            legend={t("settings.gender")}
            name="gender"
            type="radio"
            items={GENDERS.map((g) => ({ code: g, name: t(`settings.genders.${g}`) }))}
            selected={[chosenGender]}
            idPrefix="gender"
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="sm:w-auto">{t("settings.save")}</SubmitButton>
        </Form>
      </Section>

      <Section id="marketing" title={t("settings.marketing")} className="mt-6">
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
      </Section>

      <Section id="dormancy" title={t("settings.dormancy")} className="mt-6">
        <p className="mt-1 text-sm text-slate-600">{t("settings.dormancyHelp")}</p>
        <Form method="post" {...getFormProps(dormancyForm)} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="dormancy" />
          <ChoiceGroup
            legend={t("settings.dormancy")}
            name="years"
            type="radio"
            items={(["1", "3"] as const).map((v) => ({ code: v, name: t(`settings.dormancyValues.${v}`) }))}
            selected={[String(profile.dormancy_years ?? 1)]}
            idPrefix="dormancy"
            errors={dormancyFields.years.errors}
          />
          <ErrorList id={dormancyForm.errorId} errors={dormancyForm.errors} />
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("settings.dormancySave")}
          </SubmitButton>
        </Form>
      </Section>

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
