import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { NoticeFormSchema, type NoticeRow } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.notices.server";

export { action, loader } from "./admin.notices.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2";

/**
 * The console's notices (issue 18): the form writes a new notice or changes the one in `?edit=`; each row can be
 * published or unpublished. Plain forms, so the console works without JavaScript; every action is audited by the api.
 */
export default function AdminNotices() {
  const { items, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useSchemaForm("notice", NoticeFormSchema, actionData?.result);
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language === "ko" ? "ko-KR" : "en-US");
  const field = (name: "title_ko" | "title_en", label: string, value: string | undefined) => (
    <div>
      <label htmlFor={`notice-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input id={`notice-${name}`} name={name} defaultValue={value} maxLength={120} required className={input} />
      <ErrorList errors={fields[name].errors} />
    </div>
  );
  const area = (name: "body_ko" | "body_en", label: string, value: string | undefined) => (
    <div>
      <label htmlFor={`notice-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <textarea id={`notice-${name}`} name={name} defaultValue={value} rows={6} required className={input} />
      <ErrorList errors={fields[name].errors} />
    </div>
  );
  return (
    <main>
      <PageHeading title={t("notices.title")} description={t("notices.description")} />
      <Section id="notice-form" title={editing ? t("notices.edit") : t("notices.new")} className="mt-6">
        {/* The key renews the form's fields when another notice is chosen for editing. */}
        <Form method="post" {...getFormProps(form)} key={editing?.id ?? "new"} className="space-y-4" data-testid="notice-form">
          <input type="hidden" name="intent" value="save" />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          <div className="flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor="notice-category" className="text-sm font-medium">
                {t("notices.category")}
              </label>
              <select id="notice-category" name="category" defaultValue={editing?.category ?? "notice"} className={input}>
                {(["notice", "release"] as const).map((c) => (
                  <option key={c} value={c}>
                    {t(`notices.categories.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="pinned" defaultChecked={editing?.pinned ?? false} className="h-4 w-4" />
              {t("notices.pinned")}
            </label>
          </div>
          {field("title_ko", t("notices.titleKo"), editing?.titleKo)}
          {field("title_en", t("notices.titleEn"), editing?.titleEn)}
          {area("body_ko", t("notices.bodyKo"), editing?.bodyKo)}
          {area("body_en", t("notices.bodyEn"), editing?.bodyEn)}
          <p className="text-xs text-slate-500">{t("notices.bodyHelp")}</p>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton className="sm:w-auto">{t("notices.save")}</SubmitButton>
            {editing ? (
              <Link to="/admin/notices" className="text-sm text-slate-600 underline">
                {t("notices.cancelEdit")}
              </Link>
            ) : null}
          </div>
        </Form>
      </Section>
      <Section id="notice-list" title={t("notices.list")} className="mt-6">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("notices.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="notice-list">
            {items.map((n: NoticeRow) => (
              <li key={n.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="notice-row">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {n.pinned ? "📌 " : ""}
                    {i18n.language === "ko" ? n.titleKo : n.titleEn}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t(`notices.categories.${n.category}`)} ·{" "}
                    <span data-testid="notice-state">
                      {n.publishedAt ? t("notices.published", { date: date(n.publishedAt) }) : t("notices.draft")}
                    </span>
                  </p>
                </div>
                <Link to={`/admin/notices?edit=${encodeURIComponent(n.id)}`} className="text-sm text-brand-700 underline">
                  {t("notices.change")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value={n.publishedAt ? "unpublish" : "publish"} />
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold">
                    {n.publishedAt ? t("notices.unpublish") : t("notices.publish")}
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
