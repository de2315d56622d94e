import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton, useSelfAction } from "~/components/forms";
import { type Quote } from "~/lib/billing";
import { formatDate, useClock } from "~/lib/time";
import { Modal } from "~/components/shell/Modal";
import { QuoteLines } from "./parts";

/**
 * Plan change (spec section 4): an upgrade applies now and restarts the period; a downgrade waits for
 * the next payment date. No fields: the form sends its intent (the direction) and the target plan.
 */
export function ChangeDialog({
  closeTo,
  current,
  target,
  direction,
  quote,
  renewalDate,
  message,
}: {
  closeTo: string;
  current: string;
  target: string;
  direction: "upgrade" | "downgrade";
  quote: Quote | null;
  renewalDate: string | null;
  message: string | null;
}) {
  const { t } = useTranslation("billing");
  const clock = useClock();
  const selfAction = useSelfAction();
  const up = direction === "upgrade";
  return (
    <Modal name="change" title={t(up ? "change.upTitle" : "change.downTitle", { plan: target })} closeTo={closeTo}>
      <p className="text-sm text-slate-700">{t("change.fromTo", { from: current, to: target })}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {up ? (
          <>
            <li>{t("change.upNow")}</li>
            <li>{t("change.upPeriod")}</li>
            <li>{t("change.upCarry")}</li>
          </>
        ) : (
          <>
            <li>{t("change.downNext", { date: formatDate(renewalDate, clock) || t("change.nextPayment") })}</li>
            <li>{t("change.downKeep", { plan: current })}</li>
            <li>{t("change.downSlots")}</li>
          </>
        )}
      </ul>
      {up && quote ? (
        <div className="mt-4">
          <QuoteLines quote={quote} />
        </div>
      ) : null}
      <Form method="post" action={selfAction} className="mt-4 space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value={direction} />
        <input type="hidden" name="toplan" value={target} />
        {message ? (
          <p role="alert" className="text-sm text-red-600">
            {message}
          </p>
        ) : null}
        <SubmitButton>{t(up ? "change.upSubmit" : "change.downSubmit", { plan: target })}</SubmitButton>
      </Form>
    </Modal>
  );
}
