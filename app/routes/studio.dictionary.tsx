import { getFormProps, getInputProps, getSelectProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { DICTIONARY } from "~/lib/studio";
import { type DictionaryEntry } from "~/lib/studio-schemas";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.dictionary.server";
import * as specs from "~/lib/form-specs/studio";

export const handle = { i18n: ["common", "account", "studio"] };

export { action, loader } from "./studio.dictionary.server";
export const meta = pageMetaTags;

const LANGS = ["ko", "en"] as const;

/** A member's pronunciation dictionary: words the engine should read their way, per language. Works without JavaScript. */
export default function Dictionary() {
  const { entries, limit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("studio");
  const [form, fields] = useSchemaForm(
    "dictionary-add",
    specs.DictionaryAddSchema,
    actionData && !actionData.id ? actionData.result : undefined,
    { defaultValue: { lang: "ko" } },
  );
  const select = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5";
  return (
    <main className="px-6 py-8">
      <Link to="/studio" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <div className="mt-2">
        <PageHeading title={t("dictionary.title")} description={t("dictionary.description")} />
      </div>
      <Section id="dictionary-add" title={t("dictionary.add")} className="mt-6">
        <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="add" />
          <div>
            <label htmlFor={fields.lang.id} className="text-sm font-medium">
              {t("dictionary.lang")}
            </label>
            <select {...getSelectProps(fields.lang)} className={select}>
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {t(`dictionary.langs.${l}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t("dictionary.word")}
            inputProps={{ ...getInputProps(fields.word, { type: "text" }), placeholder: t("dictionary.wordExample") }}
            errors={fields.word.errors}
          />
          <Field
            label={t("dictionary.reading")}
            inputProps={{ ...getInputProps(fields.reading, { type: "text" }), placeholder: t("dictionary.readingExample") }}
            errors={fields.reading.errors}
          />
          <SubmitButton className="sm:w-auto">{t("dictionary.addButton")}</SubmitButton>
        </Form>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="mt-2 text-xs text-slate-500">{t("dictionary.help", { word: DICTIONARY.word, reading: DICTIONARY.reading })}</p>
      </Section>
      {LANGS.map((lang) => {
        const mine = entries.filter((e) => e.lang === lang);
        return (
          <Section
            key={lang}
            id={`dictionary-${lang}`}
            title={t("dictionary.listTitle", { lang: t(`dictionary.langs.${lang}`), count: mine.length, limit })}
            className="mt-6"
          >
            {mine.length === 0 ? (
              <p className="text-sm text-slate-600">{t("dictionary.empty")}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid={`dictionary-${lang}`}>
                {mine.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} error={actionData?.id === entry.id ? actionData.result.error?.[""] : undefined} />
                ))}
              </ul>
            )}
          </Section>
        );
      })}
    </main>
  );
}

/** One word: its reading can be changed in place, or the word deleted (two small forms). */
function EntryRow({ entry, error }: { entry: DictionaryEntry; error: string[] | null | undefined }) {
  const { t } = useTranslation("studio");
  const inputId = `reading-${entry.id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="dictionary-entry">
      <span className="min-w-24 font-medium" lang={entry.lang}>
        {entry.word}
      </span>
      <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
        →
      </span>
      <Form method="post" className="flex flex-1 flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={entry.id} />
        <label htmlFor={inputId} className="sr-only">
          {t("dictionary.readingOf", { word: entry.word })}
        </label>
        <input
          id={inputId}
          name="reading"
          defaultValue={entry.reading}
          required
          maxLength={DICTIONARY.reading}
          lang={entry.lang}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
        />
        <button type="submit" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold">
          {t("dictionary.save")}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={entry.id} />
        <button type="submit" className="text-sm text-red-600 underline" aria-label={t("dictionary.deleteWord", { word: entry.word })}>
          {t("dictionary.delete")}
        </button>
      </Form>
      {error ? <ErrorList errors={error} /> : null}
    </li>
  );
}
