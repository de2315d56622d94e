import { getFormProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { StateBadge } from "~/components/help/StateBadge";
import { MessageFields, Thread } from "~/components/help/Thread";
import { PageHeading, Section } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.help.$no.server";
import * as specs from "~/lib/form-specs/help";

export { action, loader } from "./dashboard.help.$no.server";

export const handle = { i18n: ["common", "account", "help"] };
export const meta = pageMetaTags;

/** One inquiry: the member's text and images, the answers (text and images), and a follow-up form while it is open. */
export default function InquiryPage() {
  const { inquiry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("help");
  const [form, fields] = useSchemaForm("followup", specs.FollowUpSchema, actionData?.result);
  return (
    <main className="max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/dashboard/help" className="text-sm text-slate-600 underline">
        ← {t("detail.back")}
      </Link>
      <div className="mt-2">
        <PageHeading
          title={t("detail.title", { no: inquiry.no })}
          description={t(`categories.${inquiry.category}`)}
          actions={<StateBadge state={inquiry.state} />}
        />
      </div>
      <div className="mt-6">
        <Thread inquiry={inquiry} memberLabel={t("detail.you")} operatorLabel={t("detail.support")} />
        {inquiry.answer ? null : <p className="mt-4 text-sm text-slate-600">{t("detail.noAnswer")}</p>}
      </div>
      {inquiry.open ? (
        <Section id="followup" title={t("detail.followUp")} className="mt-6">
          <p className="text-sm text-slate-600">{t("detail.followUpHelp")}</p>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 space-y-3">
            <MessageFields
              content={fields.content}
              label={t("detail.followUp")}
              hideLabel
              imagesId="followup-images"
              imagesLabel={t("form.images")}
              rows={4}
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton>{t("detail.followUpSubmit")}</SubmitButton>
          </Form>
        </Section>
      ) : (
        <p className="mt-6 rounded-lg bg-slate-100 p-4 text-sm text-slate-700">{t("detail.closed")}</p>
      )}
    </main>
  );
}
