import { getFormProps } from "~/components/form-props";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { type Quote } from "~/lib/billing";
import { Modal } from "~/components/shell/Modal";
import { Consent, QuoteLines } from "./parts";
import * as specs from "~/lib/form-specs/billing";

/** Overseas purchase or upgrade through PayPal: one month, no renewal (spec sections 1 and 4). */
export function PaypalDialog({
  closeTo,
  lastResult,
  plan,
  flow,
  quote,
  price,
}: {
  closeTo: string;
  lastResult: LastResult;
  plan: string;
  flow: "save" | "upgrade";
  quote: Quote | null;
  price: string | null;
}) {
  const { t } = useTranslation("billing");
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("paypal", specs.PaypalSchema, lastResult);
  return (
    <Modal name="purchase" title={t(flow === "save" ? "purchase.title" : "change.upTitle", { plan })} closeTo={closeTo}>
      <Form method="post" action={selfAction} {...getFormProps(form)} className="space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="paypal" />
        <input type="hidden" name="plan" value={plan} />
        <input type="hidden" name="flow" value={flow} />
        {quote ? (
          <QuoteLines quote={quote} />
        ) : price ? (
          <p className="rounded-xl bg-slate-50 p-4 text-sm font-semibold" data-testid="quote-amount">
            {t("paypal.price", { price })}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">{t("paypal.note")}</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t("purchase.consents")}</legend>
          <Consent field={fields.agree_once} errors={fields.agree_once.errors} label={t("paypal.agreeOnce")} />
          <Consent
            field={fields.agree_refund}
            errors={fields.agree_refund.errors}
            label={t("purchase.agreeRefund")}
            after={
              <Link to="/terms/service" target="_blank" className="text-brand-700 underline">
                {t("purchase.terms")}
              </Link>
            }
          />
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
        <SubmitButton>{t("paypal.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}
