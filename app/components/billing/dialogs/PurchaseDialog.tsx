import { getFormProps } from "~/components/form-props";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { cardBrand, formatMoney, type Card, type Quote } from "~/lib/billing";
import { Modal } from "~/components/shell/Modal";
import { Consent, QuoteLines } from "./parts";
import * as specs from "~/lib/form-specs/billing";

/** Card purchase (spec sections 2, 4 and 5): the server's quote, the four consents, one charge per merchant_uid. */
export function PurchaseDialog({
  closeTo,
  lastResult,
  plan,
  quote,
  merchantUid,
  card,
  cardTo,
}: {
  closeTo: string;
  lastResult: LastResult;
  plan: string;
  quote: Quote | null;
  merchantUid: string;
  card: Card | null;
  cardTo: string;
}) {
  const { t, i18n } = useTranslation("billing");
  const selfAction = useSelfAction();
  const { t: tc } = useTranslation("common");
  const [form, fields] = useSchemaForm("purchase", specs.PurchaseSchema, lastResult);
  return (
    <Modal name="purchase" title={t("purchase.title", { plan })} closeTo={closeTo}>
      {quote ? (
        <Form method="post" action={selfAction} {...getFormProps(form)} className="space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="purchase" />
          <input type="hidden" name="plan" value={plan} />
          <input type="hidden" name="amount" value={quote.amount} />
          <input type="hidden" name="merchant_uid" value={merchantUid} />
          <input type="hidden" name="discounted" value={quote.discounted ? "1" : "0"} />
          <QuoteLines quote={quote} />
          {card ? (
            <p className="text-sm text-slate-600">
              {t("purchase.card", { card: `${cardBrand(card.card_name, i18n.language)} ${card.card_number}` })}{" "}
              <Link to={cardTo} replace preventScrollReset className="text-brand-700 underline">
                {t("purchase.changeCard")}
              </Link>
            </p>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("purchase.consents")}</legend>
            <Consent field={fields.agree_billing} errors={fields.agree_billing.errors} label={t("purchase.agreeBilling")} />
            <Consent field={fields.agree_change} errors={fields.agree_change.errors} label={t("purchase.agreeChange")} />
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
            {quote.discounted ? (
              <Consent
                field={fields.agree_regular_price}
                errors={fields.agree_regular_price.errors}
                label={t("purchase.agreeRegular", { price: formatMoney(quote.list_price, quote.currency, i18n.language) })}
              />
            ) : null}
          </fieldset>
          <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
          {form.errors?.length ? (
            // Spec section 8: a failed payment offers the 1:1 inquiry, its category chosen.
            <Link to="/dashboard/help?category=payment" className="block text-sm text-brand-700 underline" data-testid="payment-inquiry">
              {tc("helpNav.inquiry")}
            </Link>
          ) : null}
          <SubmitButton>{t("purchase.submit", { amount: formatMoney(quote.amount, quote.currency, i18n.language) })}</SubmitButton>
        </Form>
      ) : (
        <p role="alert" className="text-sm text-red-600">
          {t("errors.quote")}
        </p>
      )}
    </Modal>
  );
}
