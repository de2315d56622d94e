import { getFormProps, getSelectProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { StateBadge } from "~/components/help/StateBadge";
import { MessageFields, Thread } from "~/components/help/Thread";
import { PageHeading, Section } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.inquiries.$no.server";
import * as specs from "~/lib/form-specs/help";

export { action, loader } from "./admin.inquiries.$no.server";
export const handle = { i18n: ["common", "admin", "help"] };
export const meta = pageMetaTags;

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-500";
const STATES = ["received", "waiting", "completed"] as const;

/** One inquiry for an operator: the thread, an answer with text and images, and the state. */
export default function OperatorInquiryPage() {
  const { inquiry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const { t: th } = useTranslation("help");
  const [form, fields] = useSchemaForm("answer", specs.AnswerSchema, actionData?.intent === "answer" ? actionData.result : undefined, {
    defaultValue: { intent: "answer", state: 2 },
  });
  const [stateForm, stateFields] = useSchemaForm(
    "state",
    specs.AnswerSchema,
    actionData?.intent === "state" ? actionData.result : undefined,
    {
      defaultValue: { intent: "state", state: inquiry.state },
    },
  );
  return (
    <main className="max-w-3xl">
      <Link to="/admin/inquiries" className="text-sm text-slate-600 underline">
        ← {t("inquiry.back")}
      </Link>
      <div className="mt-2">
        <PageHeading
          title={t("inquiry.title", { no: inquiry.no })}
          description={`${th(`categories.${inquiry.category}`)} · ${t("inquiry.from", { email: inquiry.email ?? t("inquiries.withdrawn") })}`}
          actions={<StateBadge state={inquiry.state} />}
        />
        <p className="mt-1 text-xs text-slate-500">
          {t("inquiry.read", { read: inquiry.read_yn === "Y" ? t("inquiry.readYes") : t("inquiry.readNo") })}
        </p>
      </div>
      <div className="mt-6">
        <Thread inquiry={inquiry} memberLabel={t("inquiry.member")} operatorLabel={t("inquiry.operator")} />
      </div>

      <Section id="answer" title={t("inquiry.answer")} className="mt-6">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="answer" />
          <MessageFields content={fields.content} label={t("inquiry.content")} imagesId="answer-images" imagesLabel={t("inquiry.images")} />
          <div>
            <label htmlFor={fields.state.id} className="block text-sm font-medium">
              {t("inquiry.stateAfter")}
            </label>
            <select {...getSelectProps(fields.state)} className={field}>
              {STATES.map((s, i) => (
                <option key={s} value={String(i)}>
                  {th(`states.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("inquiry.submit")}</SubmitButton>
        </Form>
      </Section>

      <Section id="state" title={t("inquiry.changeState")} className="mt-6">
        <Form method="post" {...getFormProps(stateForm)} className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="state" />
          <label htmlFor={stateFields.state.id} className="sr-only">
            {t("inquiries.state")}
          </label>
          <select {...getSelectProps(stateFields.state)} className="rounded-lg border border-slate-300 bg-white px-3 py-2">
            {STATES.map((s, i) => (
              <option key={s} value={String(i)}>
                {th(`states.${s}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
            {t("inquiry.saveState")}
          </button>
        </Form>
        <ErrorList id={stateForm.errorId} errors={stateForm.errors} />
      </Section>
    </main>
  );
}
