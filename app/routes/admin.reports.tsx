import { getFormProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterTabs } from "~/components/admin/FilterTabs";
import { ErrorList, useSchemaForm } from "~/components/forms";
import { PageHeading, Section } from "~/components/shell/Page";
import { REPORT_STATUSES, type CommentReport, type VoiceReport } from "~/lib/admin";
import { formatDateTime, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.reports.server";
import * as specs from "~/lib/form-specs/admin";

export { action, loader } from "./admin.reports.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

const button = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold";

/**
 * The report queue: reports of voices and of comments by status; hide what a report is about with a
 * reason its creator sees, restore it, or dismiss the report. Plain forms (works without JavaScript); audited.
 */
export default function AdminReports() {
  const { status, voices, comments } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <main>
      <PageHeading title={t("reports.title")} description={t("reports.description")} />
      <FilterTabs
        label={t("reports.filter")}
        path="/admin/reports"
        values={REPORT_STATUSES}
        current={status}
        name={(s) => t(`reports.statuses.${s}`)}
      />
      <Section id="voice-reports" title={t("reports.voices")} className="mt-6">
        <ReportList items={voices} kind="voice" />
      </Section>
      <Section id="comment-reports" title={t("reports.comments")} className="mt-6">
        <ReportList items={comments} kind="comment" />
      </Section>
    </main>
  );
}

function ReportList({ items, kind }: { items: (VoiceReport | CommentReport)[]; kind: "voice" | "comment" }) {
  const { t, i18n } = useTranslation("admin");
  const clock = useClock();
  if (items.length === 0) return <p className="text-sm text-slate-600">{t("reports.empty")}</p>;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, clock, { seconds: true }) : "—");
  return (
    <ul className="divide-y divide-slate-100" data-testid={`${kind}-reports`}>
      {items.map((r) => {
        const target = "voiceId" in r ? r.voiceId : r.commentId;
        const what = "voiceId" in r ? (i18n.language === "ko" ? r.voiceName.ko : r.voiceName.en) : r.text;
        return (
          <li key={r.id} className="space-y-2 py-4" data-testid="report-row">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              {"voiceId" in r ? (
                <Link to={`/dashboard/library/voices/${encodeURIComponent(r.voiceId)}`} className="font-medium text-brand-700 underline">
                  {what}
                </Link>
              ) : (
                <p className="break-words font-medium">“{what}”</p>
              )}
              <span className="text-xs text-slate-500" data-testid="report-status">
                {t(`reports.statuses.${r.status}`)}
              </span>
              {r.hidden ? (
                <span className="rounded bg-red-50 px-2 py-0.5 text-xs text-red-800" data-testid="report-hidden">
                  {t("reports.hidden", { reason: r.hiddenReason ?? "" })}
                </span>
              ) : null}
            </div>
            <p className="text-sm">
              <span className="font-medium">{t(`reports.categories.${r.category as "rights" | "offensive" | "other"}`)}</span>
              {r.description ? <span className="break-words text-slate-700"> · {r.description}</span> : null}
            </p>
            <p className="text-xs text-slate-500">
              {t("reports.by", { email: r.reporter ?? t("inquiries.withdrawn"), date: date(r.createdAt) })}
            </p>
            <div className="flex flex-wrap items-start gap-3">
              {r.hidden ? (
                <ActionForm id={`restore-${r.id}`} kind={kind} intent="restore" target={target}>
                  <button type="submit" className={button}>
                    {t(kind === "voice" ? "reports.restoreVoice" : "reports.restoreComment")}
                  </button>
                </ActionForm>
              ) : (
                <ActionForm id={`hide-${r.id}`} kind={kind} intent="hide" target={target}>
                  <label htmlFor={`hide-${r.id}-reason`} className="sr-only">
                    {t("reports.reason")}
                  </label>
                  <input
                    id={`hide-${r.id}-reason`}
                    name="reason"
                    required
                    maxLength={500}
                    placeholder={t("reports.reason")}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm sm:w-64 sm:flex-none"
                  />
                  <button type="submit" className={`${button} border-red-300 text-red-700`}>
                    {t(kind === "voice" ? "reports.hideVoice" : "reports.hideComment")}
                  </button>
                </ActionForm>
              )}
              {r.status === "open" ? (
                <ActionForm id={`dismiss-${r.id}`} kind={kind} intent="dismiss" report={r.id}>
                  <button type="submit" className={button}>
                    {t("reports.dismiss")}
                  </button>
                </ActionForm>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** One action's form; its errors show under it (the action answers with the id of the form it came from). */
function ActionForm({
  id,
  kind,
  intent,
  target,
  report,
  children,
}: {
  id: string;
  kind: "voice" | "comment";
  intent: "hide" | "restore" | "dismiss";
  target?: string;
  report?: string;
  children: React.ReactNode;
}) {
  const actionData = useActionData<typeof action>();
  const [form] = useSchemaForm(id, specs.ReportActionSchema, actionData?.formId === id ? actionData.result : undefined);
  return (
    <div className="flex min-w-0 flex-col">
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="form" value={id} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="kind" value={kind} />
        {target ? <input type="hidden" name="target" value={target} /> : null}
        {report ? <input type="hidden" name="report" value={report} /> : null}
        {children}
      </Form>
      <ErrorList id={form.errorId} errors={[...(form.errors ?? []), ...(form.allErrors.reason ?? [])]} />
    </div>
  );
}
