import { getFormProps, getTextareaProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import * as specs from "~/lib/form-specs/library";
import { REPORT_CATEGORIES, REPORT_DESCRIPTION_MAX } from "#contracts/voices";

type Result = Parameters<typeof useSchemaForm>[2];

/**
 * A voice's page's dialogs (report the voice, report a comment, delete one's open voice), opened by a link
 * (`?modal=...`) and moved out of the route module: loaded when first shown (`VoiceDetailDialog` in
 * ./on-use, docs/decisions/0050), the `<dialog>` module and the report form with them.
 */
export function VoiceDetailDialog({
  open,
  closeTo,
  reported,
  comment,
  lastResult,
  deleteErrors,
}: {
  open: "report" | "report-comment" | "delete";
  closeTo: string;
  reported: boolean;
  comment?: { id: string; text: string };
  lastResult: Result;
  deleteErrors?: string[];
}) {
  const { t } = useTranslation("library");
  if (open === "report") {
    return (
      <Modal name="report" title={t("detail.report.title")} closeTo={closeTo}>
        {reported ? (
          <p className="text-sm text-slate-700">{t("detail.report.already")}</p>
        ) : (
          <ReportForm intent="report" lastResult={lastResult} />
        )}
      </Modal>
    );
  }
  if (open === "report-comment" && comment) {
    return (
      <Modal name="report-comment" title={t("detail.report.commentTitle")} closeTo={closeTo}>
        <blockquote className="mb-3 rounded-lg bg-slate-50 p-2 text-sm text-slate-700">{comment.text}</blockquote>
        <ReportForm intent="report-comment" commentId={comment.id} lastResult={lastResult} />
      </Modal>
    );
  }
  if (open !== "delete") return null;
  return (
    <Modal name="delete" title={t("detail.delete.title")} closeTo={closeTo} alert describedBy="delete-text" closeButton={false}>
      <p id="delete-text" className="text-sm text-slate-700">
        {t("detail.delete.text")}
      </p>
      {deleteErrors ? <ErrorList errors={deleteErrors} /> : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <ButtonLink to={closeTo} replace variant="outline">
          {t("detail.delete.cancel")}
        </ButtonLink>
        <Form method="post">
          <input type="hidden" name="intent" value="delete-voice" />
          <SubmitButton variant="danger" className="sm:w-auto">
            {t("detail.delete.confirm")}
          </SubmitButton>
        </Form>
      </div>
    </Modal>
  );
}

function ReportForm({ intent, commentId, lastResult }: { intent: "report" | "report-comment"; commentId?: string; lastResult: Result }) {
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm(intent, specs.VoiceDetailSchema, lastResult);
  const category = fields.category as { errors?: string[] };
  const description = fields.description as Parameters<typeof getTextareaProps>[0];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="report-form">
      <input type="hidden" name="intent" value={intent} />
      {commentId ? <input type="hidden" name="comment_id" value={commentId} /> : null}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("detail.report.category")}</legend>
        <div className="mt-2 space-y-2">
          {REPORT_CATEGORIES.map((code) => (
            <label key={code} className="flex items-start gap-2 text-sm">
              <input type="radio" name="category" value={code} className="mt-1 accent-brand-600" required />
              {t(`detail.report.categories.${code}`)}
            </label>
          ))}
        </div>
        <ErrorList errors={category.errors} />
      </fieldset>
      <div>
        <label htmlFor={`${intent}-description`} className="block text-sm font-medium text-slate-800">
          {t("detail.report.description")}
        </label>
        <textarea
          {...getTextareaProps(description)}
          id={`${intent}-description`}
          rows={3}
          maxLength={REPORT_DESCRIPTION_MAX}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
        <p className="mt-1 text-xs text-slate-500">{t("detail.report.descriptionHelp", { max: REPORT_DESCRIPTION_MAX })}</p>
        <ErrorList errors={description.errors} />
      </div>
      <ErrorList errors={form.errors} />
      <SubmitButton>{t("detail.report.submit")}</SubmitButton>
    </Form>
  );
}
