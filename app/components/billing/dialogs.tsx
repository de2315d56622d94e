import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import {
  CANCEL_REASONS,
  CancelSchema,
  CardSchema,
  CouponSchema,
  formatDate,
  formatMoney,
  PaypalSchema,
  PurchaseSchema,
  RefundSchema,
  type Card,
  type Quote,
  type Refundable,
} from "~/lib/billing";
import { Modal, useErrorText } from "./Modal";

type Result = SubmissionResult<string[]> | undefined;

const unique = (...lists: (string[] | undefined)[]) => {
  const all = lists.flatMap((l) => l ?? []);
  return all.length ? [...new Set(all)] : undefined;
};

const inputClass =
  "block rounded-lg border border-slate-300 px-3 py-2 text-center text-base tabular-nums shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-500";

/** An input from conform's props, without the `key` React must not get through a spread. */
function TextInput({ field, ...rest }: { field: FieldMetadata<string> } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { key, ...props } = getInputProps(field, { type: "text" });
  return <input key={key} {...props} {...rest} />;
}

/** Moves to the next box once this one is full (an enhancement: typing on works without it). */
function advanceTo(nextId: string | null, size: number) {
  return (e: React.FormEvent<HTMLInputElement>) => {
    if (nextId && e.currentTarget.value.length >= size) document.getElementById(nextId)?.focus();
  };
}

/** Card registration (spec sections 3, 4 and 5). */
export function CardDialog({ closeTo, corporateTo, lastResult }: { closeTo: string; corporateTo: string; lastResult: Result }) {
  const { t } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "card",
    lastResult,
    constraint: getZodConstraint(CardSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CardSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { card_type: "personal" },
  });
  const corporate = fields.card_type.value === "corporate";
  const groups = [fields.card_number1, fields.card_number2, fields.card_number3, fields.card_number4];
  const numberErrors = unique(...groups.map((g) => g.errors));
  const expiryErrors = unique(fields.expiry_month.errors, fields.expiry_year.errors);
  const type = fields.card_type.value ?? "personal";
  return (
    <Modal name="card" title={t("card.title")} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-5" preventScrollReset>
        <input type="hidden" name="intent" value="card" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("card.type")}</legend>
          <div className="mt-2 flex gap-2">
            {(["personal", "corporate"] as const).map((v) => (
              <label key={v} htmlFor={`card-type-${v}`} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input id={`card-type-${v}`} type="radio" name={fields.card_type.name} value={v} defaultChecked={type === v} className="accent-brand-600" />
                {t(`card.types.${v}`)}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500">
            {t("card.corporateNote")}{" "}
            <Link to={corporateTo} replace preventScrollReset className="text-brand-700 underline">
              {t("card.corporateGuide")}
            </Link>
          </p>
        </fieldset>

        <fieldset aria-describedby={numberErrors ? "card-number-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("card.number")}</legend>
          <div className="mt-1 flex items-center gap-1.5">
            {groups.map((g, i) => (
              <Fragment key={g.name}>
                {i > 0 ? (
                  <span aria-hidden="true" className="text-slate-400">
                    {" - "}
                  </span>
                ) : null}
                <TextInput
                  field={g}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={4}
                  size={4}
                  aria-label={t("card.group", { n: i + 1 })}
                  aria-invalid={numberErrors ? true : undefined}
                  onInput={advanceTo(groups[i + 1]?.id ?? fields.expiry_month.id, 4)}
                  className={`${inputClass} w-20`}
                />
              </Fragment>
            ))}
          </div>
          <ErrorList id="card-number-error" errors={errText(numberErrors)} />
        </fieldset>

        <fieldset aria-describedby={expiryErrors ? "card-expiry-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("card.expiry")}</legend>
          <div className="mt-1 flex items-center gap-1.5">
            <TextInput
              field={fields.expiry_month}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={2}
              size={2}
              placeholder="MM"
              aria-label={t("card.month")}
              aria-invalid={expiryErrors ? true : undefined}
              onInput={advanceTo(fields.expiry_year.id, 2)}
              className={`${inputClass} w-16`}
            />
            <span aria-hidden="true" className="text-slate-400">
              {" / "}
            </span>
            <TextInput
              field={fields.expiry_year}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={2}
              size={2}
              placeholder="YY"
              aria-label={t("card.year")}
              aria-invalid={expiryErrors ? true : undefined}
              className={`${inputClass} w-16`}
            />
          </div>
          <ErrorList id="card-expiry-error" errors={errText(expiryErrors)} />
        </fieldset>

        <Field
          label={corporate ? t("card.business") : t("card.birth")}
          help={t("card.birthHelp")}
          inputProps={{ ...getInputProps(fields.birth, { type: "text" }), inputMode: "numeric", autoComplete: "off", maxLength: 12 }}
          errors={errText(corporate ? fields.birth.errors?.map((e) => (e === "errors.birth" ? "errors.business" : e)) : fields.birth.errors)}
        />
        <Field
          label={t("card.password")}
          inputProps={{ ...getInputProps(fields.pwd_2digit, { type: "password" }), inputMode: "numeric", autoComplete: "off", maxLength: 2, className: "w-20" }}
          errors={errText(fields.pwd_2digit.errors)}
        />
        <ErrorList id={form.errorId} errors={errText(form.errors)} />
        <SubmitButton>{t("card.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}

/** Corporate cards only for Production and Max (spec section 5): from the card dialog and after CORPORATE_CARD_PLAN. */
export function CorporateDialog({ closeTo, cardTo }: { closeTo: string; cardTo: string | null }) {
  const { t } = useTranslation("billing");
  return (
    <Modal name="corporate" title={t("corporate.title")} closeTo={closeTo} alert describedBy="corporate-text">
      <p id="corporate-text" className="text-sm text-slate-700">
        {t("corporate.text")}
      </p>
      <div className="mt-5 flex justify-end gap-3 text-sm font-semibold">
        {cardTo ? (
          <Link to={cardTo} replace preventScrollReset className="rounded-lg px-4 py-2 ring-1 ring-slate-300">
            {t("corporate.toCard")}
          </Link>
        ) : null}
        <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-brand-600 px-4 py-2 text-white">
          {t("ok")}
        </Link>
      </div>
    </Modal>
  );
}

export function CouponDialog({ closeTo, lastResult }: { closeTo: string; lastResult: Result }) {
  const { t } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "coupon",
    lastResult,
    constraint: getZodConstraint(CouponSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CouponSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Modal name="coupon" title={t("coupon.title")} closeTo={closeTo}>
      <p className="text-sm text-slate-600">{t("coupon.text")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="coupon" />
        <Field label={t("coupon.number")} inputProps={{ ...getInputProps(fields.num, { type: "text" }), autoComplete: "off", autoCapitalize: "characters" }} errors={errText(fields.num.errors)} />
        <ErrorList id={form.errorId} errors={errText(form.errors)} />
        <SubmitButton>{t("coupon.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}

/** While a coupon period runs, plan changes are blocked (spec section 4). */
export function CouponPeriodDialog({ closeTo, endDate }: { closeTo: string; endDate: string | null }) {
  const { t, i18n } = useTranslation("billing");
  return (
    <Modal name="couponPeriod" title={t("couponPeriod.title")} closeTo={closeTo} alert describedBy="couponPeriod-text">
      <p id="couponPeriod-text" className="text-sm text-slate-700">
        {endDate ? t("couponPeriod.textUntil", { date: formatDate(endDate, i18n.language) }) : t("couponPeriod.text")}
      </p>
      <div className="mt-5 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          {t("ok")}
        </Link>
      </div>
    </Modal>
  );
}

function PasswordField({ field, errText, label }: { field: FieldMetadata<string | undefined>; errText: ReturnType<typeof useErrorText>; label: string }) {
  return <Field label={label} inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete: "current-password" }} errors={errText(field.errors)} />;
}

/** Cancel subscription with the termination reasons (spec sections 3, 4 and 5). */
export function CancelDialog({ closeTo, lastResult, isEmail, endDate, planName }: { closeTo: string; lastResult: Result; isEmail: boolean; endDate: string | null; planName: string }) {
  const { t, i18n } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "cancel",
    lastResult,
    constraint: getZodConstraint(CancelSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelSchema }),
    shouldValidate: "onSubmit",
  });
  const chosen = new Set([fields.reason.initialValue ?? []].flat());
  return (
    <Modal name="cancel" title={t("cancel.title")} closeTo={closeTo}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>{t("cancel.runsUntil", { plan: planName, date: formatDate(endDate, i18n.language) })}</li>
        <li>{t("cancel.afterFree")}</li>
        <li>{t("cancel.resubscribe")}</li>
      </ul>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <fieldset aria-describedby={fields.reason.errors ? "cancel-reason-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("cancel.reasons")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {CANCEL_REASONS.map((code) => (
              <label key={code} htmlFor={`reason-${code}`} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input id={`reason-${code}`} type="checkbox" name={fields.reason.name} value={code} defaultChecked={chosen.has(code)} className="accent-brand-600" />
                {t(`cancel.reasonItems.${code}`)}
              </label>
            ))}
          </div>
          <ErrorList id="cancel-reason-error" errors={errText(fields.reason.errors)} />
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
          <ErrorList id="cancel-comment-error" errors={errText(fields.comment.errors)} />
        </div>
        {isEmail ? <PasswordField field={fields.pwd} errText={errText} label={t("password")} /> : null}
        <ErrorList id={form.errorId} errors={errText(form.errors)} />
        <SubmitButton variant="danger">{t("cancel.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}

/** Immediate cancel and refund (spec sections 4 and 9): only within 7 days and unused. */
export function RefundDialog({ closeTo, lastResult, isEmail, refundable }: { closeTo: string; lastResult: Result; isEmail: boolean; refundable: Refundable | null }) {
  const { t, i18n } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "refund",
    lastResult,
    constraint: getZodConstraint(RefundSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RefundSchema }),
    shouldValidate: "onSubmit",
  });
  const money = (n: number) => formatMoney(n, refundable?.currency ?? "KRW", i18n.language);
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
            {refundable.deadline ? <li>{t("refund.deadline", { date: formatDate(refundable.deadline, i18n.language) })}</li> : null}
          </ul>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
            <input type="hidden" name="intent" value="refund" />
            {isEmail ? <PasswordField field={fields.pwd} errText={errText} label={t("password")} /> : null}
            <ErrorList id={form.errorId} errors={errText(form.errors)} />
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
            <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
              {t("ok")}
            </Link>
          </div>
        </>
      )}
    </Modal>
  );
}

export function ReceiptDialog({ closeTo, message }: { closeTo: string; message: string }) {
  const { t } = useTranslation("billing");
  return (
    <Modal name="receipt" title={t("receipt.title")} closeTo={closeTo} alert describedBy="receipt-text">
      <p id="receipt-text" className="text-sm text-slate-700">
        {message}
      </p>
      <div className="mt-5 flex justify-end">
        <Link to={closeTo} replace preventScrollReset className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
          {t("ok")}
        </Link>
      </div>
    </Modal>
  );
}

/** The price lines of a quote: list price, first-month discount, what is charged now. */
function QuoteLines({ quote }: { quote: Quote }) {
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

function Consent({ field, label, after }: { field: FieldMetadata<string | undefined>; label: string; after?: React.ReactNode }) {
  const errText = useErrorText();
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div>
      <div className="flex items-start gap-2">
        <input key={key} {...props} className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600" />
        <label htmlFor={props.id} className="text-sm text-slate-800">
          {label} {after}
        </label>
      </div>
      <ErrorList id={field.errorId} errors={errText(field.errors)} />
    </div>
  );
}

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
  lastResult: Result;
  plan: string;
  quote: Quote | null;
  merchantUid: string;
  card: Card | null;
  cardTo: string;
}) {
  const { t, i18n } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "purchase",
    lastResult,
    constraint: getZodConstraint(PurchaseSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PurchaseSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Modal name="purchase" title={t("purchase.title", { plan })} closeTo={closeTo}>
      {quote ? (
        <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
          <input type="hidden" name="intent" value="purchase" />
          <input type="hidden" name="plan" value={plan} />
          <input type="hidden" name="amount" value={quote.amount} />
          <input type="hidden" name="merchant_uid" value={merchantUid} />
          <input type="hidden" name="discounted" value={quote.discounted ? "1" : "0"} />
          <QuoteLines quote={quote} />
          {card ? (
            <p className="text-sm text-slate-600">
              {t("purchase.card", { card: `${card.card_name} ${card.card_number}` })}{" "}
              <Link to={cardTo} replace preventScrollReset className="text-brand-700 underline">
                {t("purchase.changeCard")}
              </Link>
            </p>
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("purchase.consents")}</legend>
            <Consent field={fields.agree_billing} label={t("purchase.agreeBilling")} />
            <Consent field={fields.agree_change} label={t("purchase.agreeChange")} />
            <Consent
              field={fields.agree_refund}
              label={t("purchase.agreeRefund")}
              after={
                <Link to="/terms/service" target="_blank" className="text-brand-700 underline">
                  {t("purchase.terms")}
                </Link>
              }
            />
            {quote.discounted ? <Consent field={fields.agree_regular_price} label={t("purchase.agreeRegular", { price: formatMoney(quote.list_price, quote.currency, i18n.language) })} /> : null}
          </fieldset>
          <ErrorList id={form.errorId} errors={errText(form.errors)} />
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
  lastResult: Result;
  plan: string;
  flow: "save" | "upgrade";
  quote: Quote | null;
  price: string | null;
}) {
  const { t } = useTranslation("billing");
  const errText = useErrorText();
  const [form, fields] = useForm({
    id: "paypal",
    lastResult,
    constraint: getZodConstraint(PaypalSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PaypalSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Modal name="purchase" title={t(flow === "save" ? "purchase.title" : "change.upTitle", { plan })} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
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
          <Consent field={fields.agree_once} label={t("paypal.agreeOnce")} />
          <Consent
            field={fields.agree_refund}
            label={t("purchase.agreeRefund")}
            after={
              <Link to="/terms/service" target="_blank" className="text-brand-700 underline">
                {t("purchase.terms")}
              </Link>
            }
          />
        </fieldset>
        <ErrorList id={form.errorId} errors={errText(form.errors)} />
        <SubmitButton>{t("paypal.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}

/** Plan change (spec section 4): an upgrade applies now and restarts the period; a downgrade waits for the next payment date. */
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
  const { t, i18n } = useTranslation("billing");
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
            <li>{t("change.downNext", { date: formatDate(renewalDate, i18n.language) || t("change.nextPayment") })}</li>
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
      <Form method="post" className="mt-4 space-y-3" preventScrollReset>
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
