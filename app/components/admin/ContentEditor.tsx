import { getFormProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod/v4";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import type { FormSpec } from "~/components/schema-form";
import { PageHeading, Section } from "~/components/shell/Page";
import type { ContentKind } from "~/lib/admin";
import { formatDate, useClock } from "~/lib/time";

/** One input of a content form; `value` is the row's when a row is being changed. */
export type ContentField =
  | { name: string; label: string; kind: "text"; maxLength: number; value?: string; help?: string }
  | { name: string; label: string; kind: "textarea"; rows?: number; value?: string }
  | { name: string; label: string; kind: "select"; options: { value: string; label: string }[]; value?: string }
  | { name: string; label: string; kind: "checkbox"; checked?: boolean }
  | { name: string; label: string; kind: "number"; min: number; max: number; value?: number }
  | { name: string; label: string; kind: "datetime-local"; value?: string; help?: string };

/** A row of the list: what it is called, a line about it, and whether it is published. */
export type ContentListRow = { id: string; title: string; detail: string; publishedAt: number | null };

/** The content pages' route handle (their bundles). */
export const contentPageHandle = { i18n: ["common", "admin"] };

/**
 * What every content page reads (its loader is `contentLoader`, its action `contentAction` of
 * utils/admin-content.server.ts): the rows, the one in `?edit=`, the console's `t`, and the editor's props that
 * come from the route (`lastResult`, `editingId`, `help`) to spread into `ContentEditor`.
 */
export function useContentPage<Row extends { id: string }>() {
  const { items, editing } = useLoaderData<{ items: Row[]; editing: Row | null }>();
  const actionData = useActionData<{ result?: LastResult }>();
  const { t, i18n } = useTranslation("admin");
  const editor = { lastResult: actionData?.result, editingId: editing?.id ?? null, help: t("content.bodyHelp") };
  return { items: items as Row[], editing: editing as Row | null, t, ko: i18n.language === "ko", editor };
}

/** A content form's category select: `name` "category", one option per category, labelled from `labelOf`. */
export const categoryField = <C extends string>(
  label: string,
  categories: readonly C[],
  labelOf: (c: C) => string,
  value?: string,
): ContentField => ({
  name: "category",
  label,
  kind: "select",
  options: categories.map((c) => ({ value: c, label: labelOf(c) })),
  value,
});

const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid]:border-red-500";

/**
 * The console's content pages (/admin/notices, /admin/faq, /admin/contests; docs/decisions/0036): one form that
 * writes a new row or changes the one in `?edit=`, and the list with publish/unpublish per row. Plain forms, so
 * the pages work without JavaScript; every action is audited by the api. `groups` lays the fields out: a group
 * of several shares a line from 640 px up.
 */
export function ContentEditor<S extends z.ZodType<Record<string, unknown>>>({
  kind,
  testId,
  schema,
  lastResult,
  groups,
  rows,
  editingId,
  help,
}: {
  kind: ContentKind;
  /** The prefix of the page's test ids: `<testId>-form`, `-list`, `-row`, `-state`. */
  testId: string;
  schema: FormSpec<S>;
  lastResult: LastResult;
  groups: ContentField[][];
  rows: ContentListRow[];
  editingId: string | null;
  help?: string;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useSchemaForm(testId, schema, lastResult);
  const meta = (name: string) => (fields as unknown as Record<string, { errors?: string[]; initialValue?: unknown } | undefined>)[name];
  const errors = (name: string) => meta(name)?.errors;
  // After a refused submission the form shows what was sent (conform's reply carries it), also without JavaScript.
  const sent = lastResult?.initialValue ? (name: string) => meta(name)?.initialValue : null;
  const initial = (name: string, value: string | number | undefined) => {
    const v = sent?.(name);
    return sent ? (typeof v === "string" ? v : "") : value;
  };
  const clock = useClock();
  const date = (ms: number) => formatDate(ms, clock);
  const path = `/admin/${kind}`;

  const control = (f: ContentField) => {
    const id = `${testId}-${f.name}`;
    if (f.kind === "checkbox")
      return (
        <label key={f.name} className="flex items-center gap-2 self-end py-2 text-sm">
          <input
            id={id}
            type="checkbox"
            name={f.name}
            defaultChecked={sent ? sent(f.name) === "on" : (f.checked ?? false)}
            className="h-4 w-4"
          />
          {f.label}
        </label>
      );
    const described = errors(f.name)?.length ? `${id}-error` : undefined;
    const common = { id, name: f.name, "aria-invalid": described ? true : undefined, "aria-describedby": described };
    return (
      <div key={f.name} className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {f.label}
        </label>
        {f.kind === "textarea" ? (
          <textarea {...common} defaultValue={initial(f.name, f.value)} rows={f.rows ?? 6} required className={input} />
        ) : f.kind === "select" ? (
          <select {...common} defaultValue={initial(f.name, f.value) || f.options[0]?.value} className={input}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : f.kind === "number" ? (
          <input
            {...common}
            type="number"
            inputMode="numeric"
            min={f.min}
            max={f.max}
            defaultValue={initial(f.name, f.value ?? 0)}
            className={input}
          />
        ) : (
          <input
            {...common}
            type={f.kind}
            defaultValue={initial(f.name, f.value)}
            required
            {...(f.kind === "text" ? { maxLength: f.maxLength } : {})}
            className={input}
          />
        )}
        {"help" in f && f.help ? <p className="mt-1 text-xs text-slate-500">{f.help}</p> : null}
        <ErrorList id={`${id}-error`} errors={errors(f.name)} />
      </div>
    );
  };

  return (
    <main>
      <PageHeading title={t(`${kind}.title`)} description={t(`${kind}.description`)} />
      <Section id={`${testId}-editor`} title={editingId ? t(`${kind}.edit`) : t(`${kind}.new`)} className="mt-6">
        {/* The key renews the form's fields when another row is chosen for editing. */}
        <Form method="post" {...getFormProps(form)} key={editingId ?? "new"} className="space-y-4" data-testid={`${testId}-form`}>
          <input type="hidden" name="intent" value="save" />
          {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
          {groups.map((group, i) =>
            group.length === 1 ? (
              control(group[0]!)
            ) : (
              <div key={i} className="grid gap-4 sm:grid-cols-2">
                {group.map(control)}
              </div>
            ),
          )}
          {help ? <p className="text-xs text-slate-500">{help}</p> : null}
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton className="sm:w-auto">{t("content.save")}</SubmitButton>
            {editingId ? (
              <Link to={path} className="text-sm text-slate-600 underline">
                {t("content.cancelEdit")}
              </Link>
            ) : null}
          </div>
        </Form>
      </Section>
      <Section id={`${testId}-list`} title={t(`${kind}.list`)} className="mt-6">
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${kind}.empty`)}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid={`${testId}-list`}>
            {rows.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`${testId}-row`}>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">{r.title}</p>
                  <p className="text-xs text-slate-500">
                    {r.detail} ·{" "}
                    <span data-testid={`${testId}-state`}>
                      {r.publishedAt ? t("content.published", { date: date(r.publishedAt) }) : t("content.draft")}
                    </span>
                  </p>
                </div>
                <Link to={`${path}?edit=${encodeURIComponent(r.id)}`} className="text-sm text-brand-700 underline">
                  {t("content.change")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={r.publishedAt ? "unpublish" : "publish"} />
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold">
                    {r.publishedAt ? t("content.unpublish") : t("content.publish")}
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
