import { type FieldMetadata } from "@conform-to/react";
import { getInputProps } from "~/components/form-props";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, Field } from "~/components/forms";
import { formatMoney, type Quote } from "~/lib/billing";

/**
 * Pieces several plan dialogs share. Their errors are keys of the billing bundle's `errors` group. A
 * piece gets its field's `errors` from the dialog, which reads them while it renders: conform re-renders
 * the component that called `useForm` for the field state read during its render, and a child that
 * alone reads it may miss the update.
 */

/** The button that closes an informative dialog (OK, or the dialog's own words). */
export function CloseLink({
  to,
  children,
  variant = "primary",
}: {
  to: string;
  children: React.ReactNode;
  variant?: "primary" | "outline";
}) {
  return (
    <ButtonLink to={to} replace preventScrollReset variant={variant}>
      {children}
    </ButtonLink>
  );
}

/** The password an e-mail account confirms termination and refund with. */
export function PasswordField({
  field,
  errors,
  label,
}: {
  field: FieldMetadata<string | undefined>;
  errors: string[] | undefined;
  label: string;
}) {
  return (
    <Field
      label={label}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete: "current-password" }}
      errors={errors}
      ns="billing"
    />
  );
}

/** A consent checkbox with its label (and a link after it) and its error. */
export function Consent({
  field,
  errors,
  label,
  after,
}: {
  field: FieldMetadata<string | undefined>;
  errors: string[] | undefined;
  label: string;
  after?: React.ReactNode;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div>
      <div className="flex items-start gap-2">
        <input key={key} {...props} className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600" />
        <label htmlFor={props.id} className="text-sm text-slate-800">
          {label} {after}
        </label>
      </div>
      <ErrorList id={field.errorId} errors={errors} ns="billing" />
    </div>
  );
}

/** The price lines of a quote: list price, first-month discount, what is charged now. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation("billing");
  const money = (n: number) => formatMoney(n, quote.currency, i18n.language);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-xl bg-slate-50 p-4 text-sm" data-testid="quote">
      <dt className="text-slate-600">{t("purchase.listPrice")}</dt>
      <dd className="text-right tabular-nums">{money(quote.list_price)}</dd>
      {quote.discount > 0 ? (
        <>
          <dt className="text-slate-600">{t("purchase.discount")}</dt>
          <dd className="text-right tabular-nums text-brand-700" data-testid="quote-discount">
            -{money(quote.discount)}
          </dd>
        </>
      ) : null}
      <dt className="font-semibold">{t("purchase.total")}</dt>
      <dd className="text-right font-semibold tabular-nums" data-testid="quote-amount">
        {money(quote.amount)}
      </dd>
    </dl>
  );
}
