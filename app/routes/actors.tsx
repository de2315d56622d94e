import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { CheckboxField } from "~/components/form-choices";
import { VoiceGrid } from "~/components/library/VoiceCard";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./actors.server";
import * as specs from "~/lib/form-specs/library";

export { action, loader } from "./actors.server";

export const handle = { i18n: ["common", "library"] };

export const meta = pageMetaTags;

type Step = { title: string; text: string };

/** /actors (spec section 2): the voice market and the call for voice actors, with the application form. */
export default function ActorsPage() {
  const { voices, fallback, applied } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm("actor-application", specs.ActorApplicationSchema, actionData?.result, { validate: "onBlur" });
  const steps = t("actors.how.steps", { returnObjects: true }) as Step[];
  return (
    <main>
      <section aria-labelledby="actors-title" className="bg-gradient-to-b from-brand-50 to-white px-4 pb-16 pt-14 md:pt-20">
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-600">{t("actors.eyebrow")}</p>
          <h1 id="actors-title" className="mt-3 whitespace-pre-line text-3xl font-black leading-tight tracking-tight md:text-5xl">
            {t("actors.title")}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{t("actors.text")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#market" className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
              {t("actors.listen")}
            </a>
            <a href="#apply" className="rounded-full border border-slate-300 bg-white px-6 py-3 font-semibold hover:bg-slate-50">
              {t("actors.apply")}
            </a>
          </div>
        </div>
      </section>

      <section id="market" aria-labelledby="market-title" className="px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="market-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {t("actors.featured.title")}
          </h2>
          <p className="mt-2 text-slate-600">{t("actors.featured.text")}</p>
          {fallback ? <p className="mt-2 text-sm text-slate-500">{t("actors.featured.fallback")}</p> : null}
          <VoiceGrid voices={voices} testId="featured-voices" use={false} />
          <p className="mt-6">
            <Link to="/dashboard/library?tab=open" className="font-semibold text-brand-700 underline">
              {t("actors.featured.more")}
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="how-title" className="bg-slate-50 px-4 py-14">
        <div className="mx-auto max-w-6xl">
          <h2 id="how-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {t("actors.how.title")}
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-3 font-bold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            <section aria-labelledby="revenue-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 id="revenue-title" className="text-lg font-bold">
                {t("actors.revenue.title")}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("actors.revenue.text")}</p>
            </section>
            <section aria-labelledby="membership-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 id="membership-title" className="text-lg font-bold">
                {t("actors.membership.title")}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t("actors.membership.text")}</p>
            </section>
          </div>
        </div>
      </section>

      <section id="apply" aria-labelledby="apply-title" className="px-4 py-14">
        <div className="mx-auto max-w-2xl">
          <h2 id="apply-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {t("actors.form.title")}
          </h2>
          <p className="mt-2 text-slate-600">{t("actors.form.text")}</p>
          {applied ? (
            <p
              role="status"
              className="mt-6 rounded-xl bg-emerald-50 p-4 font-medium text-emerald-800 ring-1 ring-emerald-200"
              data-testid="applied"
            >
              {t("actors.form.done")}
            </p>
          ) : null}
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="actor-form">
            <Field
              label={t("actors.form.name")}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
              errors={fields.name.errors}
            />
            <Field
              label={t("actors.form.contact")}
              inputProps={getInputProps(fields.contact, { type: "text" })}
              errors={fields.contact.errors}
            />
            <Field
              label={t("actors.form.sampleUrl")}
              help={t("actors.form.sampleUrlHelp")}
              inputProps={{ ...getInputProps(fields.sample_url, { type: "url" }), placeholder: "https://" }}
              errors={fields.sample_url.errors}
            />
            <Field
              label={t("actors.form.file")}
              help={t("actors.form.fileHelp")}
              inputProps={{ ...getInputProps(fields.file, { type: "file" }), accept: "audio/*,.wav,.mp3,.ogg,.webm,.m4a" }}
              errors={fields.file.errors}
            />
            <div>
              <CheckboxField label={t("actors.form.consent")} inputProps={getInputProps(fields.consent, { type: "checkbox" })} />
              <ErrorList errors={fields.consent.errors} />
              <p className="mt-1 text-xs text-slate-500">{t("actors.form.consentNote")}</p>
            </div>
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton className="sm:w-auto">{t("actors.form.submit")}</SubmitButton>
          </Form>
        </div>
      </section>
    </main>
  );
}
