import { getFormProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod/v4";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { ChoiceGroup } from "~/components/form-choices";
import type { FormSpec } from "~/components/schema-form";
import { Section } from "~/components/shell/Page";
import { FILTERS } from "~/lib/library";

/**
 * What the voice wizards share (the open voice wizard, /dashboard/library/open, and custom voice creation,
 * /dashboard/custom): the row of steps, the voice's tags as choice groups and the first step's form around them,
 * and the recording panel.
 */

/** The steps, the current one marked (`aria-current="step"`), the done ones tinted. */
export function WizardSteps({ step, labels, label }: { step: number; labels: string[]; label: string }) {
  const columns = labels.length === 4 ? "grid-cols-4" : "grid-cols-3";
  return (
    <ol className={`grid ${columns} gap-2 text-center text-xs sm:text-sm`} aria-label={label} data-testid="wizard-steps">
      {labels.map((name, i) => {
        const n = i + 1;
        return (
          <li
            key={n}
            aria-current={n === step ? "step" : undefined}
            className={`rounded-lg px-1 py-2 font-medium sm:px-2 ${n === step ? "bg-brand-600 text-white" : n < step ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-600"}`}
          >
            <span className="block text-[11px] opacity-80">{n}</span>
            {name}
          </li>
        );
      })}
    </ol>
  );
}

type Errors = string[] | undefined;
type Tag = "lang" | "tone" | "gender" | "age";

/**
 * A voice's tags as the library names them (labels from the library bundle): language, tone, gender and age as
 * radios, moods and content categories as checkboxes. `moodsName` is the field of the moods (the open voice
 * form says `features`); `genders` narrows the genders offered (a custom voice is male or female).
 */
export function TagChoices({
  selected,
  errors,
  moodsName,
  moodsLegend,
  categoriesLegend,
  genders = FILTERS.gender,
}: {
  selected: (name: string) => string[];
  errors: Partial<Record<string, Errors>>;
  moodsName: string;
  moodsLegend: string;
  categoriesLegend: string;
  genders?: readonly string[];
}) {
  const { t } = useTranslation("library");
  const items = (name: keyof typeof FILTERS, codes: readonly string[] = FILTERS[name]) =>
    codes.map((code) => ({ code, name: t(`tags.${name}.${code}`) }));
  const radio = (name: Tag, codes?: readonly string[]) => (
    <ChoiceGroup
      legend={t(`tags.${name}.label`)}
      name={name}
      type="radio"
      items={items(name, codes)}
      selected={selected(name)}
      idPrefix={name}
      errors={errors[name]}
    />
  );
  return (
    <>
      {radio("lang")}
      {radio("tone")}
      {radio("gender", genders)}
      {radio("age")}
      <ChoiceGroup
        legend={moodsLegend}
        name={moodsName}
        items={items("mood")}
        selected={selected(moodsName)}
        idPrefix="mood"
        errors={errors[moodsName]}
      />
      <ChoiceGroup
        legend={categoriesLegend}
        name="categories"
        items={items("category")}
        selected={selected("categories")}
        idPrefix="category"
        errors={errors.categories}
      />
    </>
  );
}

/**
 * The wizards' first step: the voice's tags (`TagChoices`) as one form posting `intent`, showing what was sent
 * after a refused submit, else what was `saved`. `id` names the section, the form and its test id (`<id>-form`).
 */
export function TagsForm<S extends z.ZodType<Record<string, unknown>>>({
  id,
  intent,
  schema,
  lastResult,
  saved,
  title,
  help,
  next,
  ...choices
}: {
  id: string;
  intent: string;
  schema: FormSpec<S>;
  lastResult: LastResult;
  saved: Record<string, unknown> | null;
  title: string;
  help: string;
  next: string;
} & Pick<Parameters<typeof TagChoices>[0], "moodsName" | "moodsLegend" | "categoriesLegend" | "genders">) {
  const [form, fields] = useSchemaForm(id, schema, lastResult);
  const field = (name: string) => (fields as unknown as Record<string, { value?: unknown; errors?: Errors } | undefined>)[name];
  const names = ["lang", "tone", "gender", "age", choices.moodsName, "categories"];
  return (
    <Section id={id} title={title}>
      <p className="mt-1 text-sm text-slate-600">{help}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5" data-testid={`${id}-form`}>
        <input type="hidden" name="intent" value={intent} />
        <TagChoices
          selected={(name) => chosen(field(name)?.value, saved?.[name])}
          errors={Object.fromEntries(names.map((name) => [name, field(name)?.errors]))}
          {...choices}
        />
        <ErrorList errors={form.errors} />
        <SubmitButton className="sm:w-auto">{next}</SubmitButton>
      </Form>
    </Section>
  );
}

/** What a choice group shows as chosen: the form's current value (after a failed submit), else what was saved. */
export function chosen(current: unknown, saved: unknown): string[] {
  const value = current !== undefined ? current : saved;
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}
