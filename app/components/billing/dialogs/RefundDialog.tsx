import { getFormProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { formatMoney, type Refundable } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { Modal } from "~/components/shell/Modal";
import { CloseLink, PasswordField } from "./parts";
import * as specs from "~/lib/form-specs/billing";

/** Immediate cancel and refund (spec sections 4 and 9): only within 7 days and unused. */
export function RefundDialog({
  closeTo,
  lastResult,
  isEmail,
  refundable,
}: {
  closeTo: string;
  lastResult: LastResult;
  isEmail: boolean;
  refundable: Refundable | null;
}) {
  const { t, i18n } = useTranslation("billing");
  const clock = useClock();
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("refund", specs.RefundSchema, lastResult);
  const money = (n: number) => formatMoney(n, refundable?.eligible ? refundable.currency : "KRW", i18n.language);
  return (
    <Modal name="refund" title={t("refund.title")} closeTo={closeTo}>
      {refundable?.eligible ? (
        <>
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="refund-figures">
            <dt className="text-slate-600">{t("refund.paid")}</dt>
            <dd className="text-right tabular-nums">{money(refundable.amount)}</dd>
            <dt className="text-slate-600">{t("refund.fee")}</dt>
            <dd className="text-right tabular-nums">-{money(refundable.fee)}</dd>
            <dt className="font-semibold">{t("refund.amount")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="refund-amount">
              {money(refundable.refund_amount)}
            </dd>
          </dl>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t("refund.freeNow")}</li>
            <li>{t("refund.days")}</li>
            {refundable.deadline ? <li>{t("refund.deadline", { date: formatDate(refundable.deadline, clock) })}</li> : null}
          </ul>
          <Form method="post" action={selfAction} {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value="refund" />
            {isEmail ? <PasswordField field={fields.pwd} errors={fields.pwd.errors} label={t("password")} /> : null}
            <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
            <SubmitButton variant="danger">{t("refund.submit")}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="refund-unavailable">
            {t(`refund.not.${refundable?.reason ?? "none"}`)}
          </p>
          <p className="mt-2 text-sm text-slate-500">{t("refund.policy")}</p>
          <div className="mt-5 flex justify-end">
            <CloseLink to={closeTo}>{t("ok")}</CloseLink>
          </div>
        </>
      )}
    </Modal>
  );
}
