import { getFormProps, getSelectProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, useSelfAction } from "~/components/forms";
import { StateBadge } from "~/components/help/StateBadge";
import { MessageFields } from "~/components/help/Thread";
import { PageHeading, Section } from "~/components/shell/Page";
import { INQUIRY_CATEGORIES } from "~/lib/help";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.help._index.server";
import * as specs from "~/lib/form-specs/help";

export { action, loader } from "./dashboard.help._index.server";

export const handle = { i18n: ["common", "account", "help"] };
export const meta = pageMetaTags;

const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-500";

/** Help (spec section 2): a 1:1 inquiry (works without JavaScript: a multipart form) and the history with answers. */
export default function HelpPage() {
  const { items, page, pageSize, total, category } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("help");
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("inquiry", specs.InquirySchema, actionData?.result, {
    defaultValue: category ? { category } : undefined,
  });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const clock = useClock();
  const date = (iso: string) => formatDate(iso, clock);
  return (
    <main className="max-w-3xl px-4 py-8 sm:px-6">
      <PageHeading
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex gap-3 text-sm">
            <a href="/faq" className="text-brand-700 underline">
              {t("faqLink")}
            </a>
            <a href="/notice" className="text-brand-700 underline">
              {t("noticeLink")}
            </a>
          </div>
        }
      />

      <Section id="inquiry" title={t("form.title")} className="mt-6">
        <Form method="post" action={selfAction} encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
          <div>
            <label htmlFor={fields.category.id} className="block text-sm font-medium text-slate-800">
              {t("form.category")}
            </label>
            <select {...getSelectProps(fields.category)} className={input}>
              <option value="">—</option>
              {INQUIRY_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
          </div>
          <MessageFields
            content={fields.content}
            label={t("form.content")}
            help={t("form.contentHelp")}
            imagesId="inquiry-images"
            imagesLabel={t("form.images")}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("form.submit")}</SubmitButton>
        </Form>
      </Section>

      <Section id="history" title={t("history.title")} className="mt-6">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{t("history.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="inquiry-list">
            {items.map((item) => (
              <li key={item.no} className="py-3">
                <Link
                  to={`/dashboard/help/${item.no}`}
                  className="flex flex-wrap items-center gap-2 hover:underline"
                  data-testid="inquiry-row"
                >
                  <StateBadge state={item.state} />
                  <span className="text-xs text-slate-500">{t(`categories.${item.category}`)}</span>
                  {item.read_yn === "N" ? (
                    <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">{t("history.unread")}</span>
                  ) : null}
                  <span className="min-w-0 flex-1 basis-full truncate text-sm text-slate-900 sm:basis-auto">{item.content}</span>
                  <time dateTime={item.createdAt} className="text-xs text-slate-500">
                    {date(item.createdAt)}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className="mt-4 flex items-center gap-3 text-sm" aria-label={t("history.title")}>
            {page > 1 ? <Link to={`?page=${page - 1}`}>{t("history.prev")}</Link> : null}
            <span>{t("history.page", { page, pages })}</span>
            {page < pages ? <Link to={`?page=${page + 1}`}>{t("history.next")}</Link> : null}
          </nav>
        ) : null}
      </Section>
    </main>
  );
}
