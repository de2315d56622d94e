import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { API_KEY_NAME_MAX } from "~/lib/content";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.keys.server";
import * as specs from "~/lib/form-specs/content";

export { action, loader } from "./dashboard.keys.server";

export const handle = { i18n: ["common", "account", "keys"] };
export const meta = pageMetaTags;

/** Business API keys: create with a name (shown once), listed by prefix and last use, revoked. Works without JavaScript. */
export default function Keys() {
  const { keys, limit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("keys");
  const clock = useClock();
  const [form, fields] = useSchemaForm("key-create", specs.KeyCreateSchema, actionData && !actionData.id ? actionData.result : undefined);
  const created = actionData?.created;
  return (
    <main className="max-w-4xl px-6 py-8">
      <PageHeading
        title={t("title")}
        description={t("description")}
        testId="keys-title"
        actions={
          <Link to="/business" className="text-sm text-brand-700 underline">
            {t("docs")}
          </Link>
        }
      />
      {created ? (
        <section aria-labelledby="key-created" className="mt-6 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200" data-testid="key-created">
          <h2 id="key-created" className="font-semibold text-amber-900">
            {t("createdTitle")}
          </h2>
          <p className="mt-1 text-sm text-amber-900">{t("createdText")}</p>
          <label htmlFor="new-key" className="mt-3 block text-sm font-medium">
            {t("createdLabel", { name: created.name })}
          </label>
          <input
            id="new-key"
            readOnly
            value={created.key}
            className="mt-1 block w-full rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm"
            data-testid="new-key"
          />
        </section>
      ) : null}
      <Section id="key-create" title={t("create")} className="mt-6">
        <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="create" />
          <Field
            label={t("name")}
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              placeholder: t("namePlaceholder"),
              maxLength: API_KEY_NAME_MAX,
              autoComplete: "off",
            }}
            errors={fields.name.errors}
          />
          <SubmitButton className="sm:w-auto">{t("createButton")}</SubmitButton>
        </Form>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="mt-2 text-xs text-slate-500">{t("limit", { limit })}</p>
      </Section>
      <Section id="key-list" title={t("list")} className="mt-6">
        {keys.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="key-list">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="key-row">
                <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <p className="break-words font-medium">{key.name}</p>
                  <p className="font-mono text-xs text-slate-500">
                    <span className="sr-only">{t("prefix")} </span>
                    {key.prefix}…
                  </p>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 text-xs text-slate-600 sm:w-64">
                  <dt>{t("created")}</dt>
                  <dd>{formatDate(key.createdAt, clock, "long")}</dd>
                  <dt>{t("lastUsed")}</dt>
                  <dd>{key.lastUsedAt ? formatDate(key.lastUsedAt, clock, "long") : t("never")}</dd>
                </dl>
                {key.revokedAt ? (
                  <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600">{t("revoked")}</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="id" value={key.id} />
                    <button type="submit" className="text-sm text-red-600 underline" aria-label={t("revokeLabel", { name: key.name })}>
                      {t("revoke")}
                    </button>
                  </Form>
                )}
                {actionData?.id === key.id ? <ErrorList errors={actionData.result.error?.[""] ?? undefined} /> : null}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-xs text-slate-500">{t("revokeHelp")}</p>
      </Section>
    </main>
  );
}
