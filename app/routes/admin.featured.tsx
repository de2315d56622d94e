import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { kstInput } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.featured.server";
import * as specs from "~/lib/form-specs/admin";

export { action, loader } from "./admin.featured.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

const DAY = 86_400_000;

/** Featured (event) voices: a basic or open voice shown in the library's Event tab for a period; add, remove. */
export default function AdminFeatured() {
  const { items, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const ko = i18n.language === "ko";
  const [form, fields] = useSchemaForm("feature", specs.FeatureFormSchema, actionData?.result, {
    defaultValue: {
      intent: "add",
      starts_at: kstInput(Math.floor(now / 60_000) * 60_000),
      ends_at: kstInput(Math.floor(now / 60_000) * 60_000 + 7 * DAY),
    },
  });
  const when = (iso: string) => kstInput(Date.parse(iso)).replace("T", " ");
  const phase = (startsAt: string, endsAt: string) =>
    Date.parse(endsAt) <= now ? "ended" : Date.parse(startsAt) > now ? "upcoming" : "running";
  return (
    <main>
      <PageHeading title={t("featured.title")} description={t("featured.description")} />
      <Section id="feature-form" title={t("featured.add")} className="mt-6">
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="feature-form">
          <input type="hidden" name="intent" value="add" />
          <Field
            label={t("featured.voice")}
            inputProps={{ ...getInputProps(fields.voice_id, { type: "text" }), maxLength: 64, autoComplete: "off" }}
            errors={fields.voice_id.errors}
            help={t("featured.voiceHelp")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("featured.startsAt")}
              inputProps={getInputProps(fields.starts_at, { type: "datetime-local" })}
              errors={fields.starts_at.errors}
            />
            <Field
              label={t("featured.endsAt")}
              inputProps={getInputProps(fields.ends_at, { type: "datetime-local" })}
              errors={fields.ends_at.errors}
              help={t("contests.timeHelp")}
            />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton className="sm:w-auto">{t("featured.submit")}</SubmitButton>
        </Form>
      </Section>
      <Section id="featured-list" title={t("featured.list")} className="mt-6">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("featured.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="featured-list">
            {items.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="featured-row">
                <div className="min-w-0 flex-1">
                  <Link to={`/dashboard/library/voices/${encodeURIComponent(f.voiceId)}`} className="font-medium text-brand-700 underline">
                    {ko ? f.name.ko : f.name.en}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {when(f.startsAt)} ~ {when(f.endsAt)} · {t(`featured.phases.${phase(f.startsAt, f.endsAt)}`)}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={f.id} />
                  <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold">
                    {t("featured.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}
