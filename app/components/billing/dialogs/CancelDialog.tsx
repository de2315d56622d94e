import { getFormProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { CANCEL_REASONS } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { Modal } from "~/components/shell/Modal";
import { PasswordField } from "./parts";
import * as specs from "~/lib/form-specs/billing";

/** Cancel subscription with the termination reasons (spec sections 3, 4 and 5). */
export function CancelDialog({
  closeTo,
  lastResult,
  isEmail,
  endDate,
  planName,
}: {
  closeTo: string;
  lastResult: LastResult;
  isEmail: boolean;
  endDate: string | null;
  planName: string;
}) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("cancel", specs.CancelSchema, lastResult);
  const chosen = new Set([fields.reason.initialValue ?? []].flat());
  return (
    <Modal name="cancel" title={t("cancel.title")} closeTo={closeTo}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("cancel.runsUntil", { plan: planName, date: formatDate(endDate, clock) })}</li>
        <li>{t("cancel.afterFree")}</li>
        <li>{t("cancel.resubscribe")}</li>
      </ul>
      <Form method="post" action={selfAction} {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <fieldset aria-describedby={fields.reason.errors ? "cancel-reason-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("cancel.reasons")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {CANCEL_REASONS.map((code) => (
              <label
                key={code}
                htmlFor={`reason-${code}`}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`reason-${code}`}
                  type="checkbox"
                  name={fields.reason.name}
                  value={code}
                  defaultChecked={chosen.has(code)}
                  className="accent-brand-600"
                />
                {t(`cancel.reasonItems.${code}`)}
              </label>
            ))}
          </div>
          <ErrorList id="cancel-reason-error" errors={fields.reason.errors} ns="billing" />
        </fieldset>
        <div>
          <label htmlFor={fields.comment.id} className="block text-sm font-medium text-slate-800">
            {t("cancel.comment")}
          </label>
          <textarea
            id={fields.comment.id}
            name={fields.comment.name}
            defaultValue={fields.comment.initialValue}
            rows={3}
            maxLength={1000}
            aria-invalid={fields.comment.errors ? true : undefined}
            aria-describedby={fields.comment.errors ? "cancel-comment-error" : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm aria-[invalid]:border-red-500"
          />
          <ErrorList id="cancel-comment-error" errors={fields.comment.errors} ns="billing" />
        </div>
        {isEmail ? <PasswordField field={fields.pwd} errors={fields.pwd.errors} label={t("password")} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
        <SubmitButton variant="danger">{t("cancel.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}
