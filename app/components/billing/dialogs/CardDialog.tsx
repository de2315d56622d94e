import { type FieldMetadata } from "@conform-to/react";
import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import * as specs from "~/lib/form-specs/billing";

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
export function CardDialog({ closeTo, corporateTo, lastResult }: { closeTo: string; corporateTo: string; lastResult: LastResult }) {
  const { t } = useTranslation("billing");
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("card", specs.CardSchema, lastResult, {
    validate: "onBlur",
    defaultValue: { card_type: "personal" },
  });
  const corporate = fields.card_type.value === "corporate";
  const groups = [fields.card_number1, fields.card_number2, fields.card_number3, fields.card_number4];
  const numberErrors = unique(...groups.map((g) => g.errors));
  const expiryErrors = unique(fields.expiry_month.errors, fields.expiry_year.errors);
  const type = fields.card_type.value ?? "personal";
  return (
    <Modal name="card" title={t("card.title")} closeTo={closeTo}>
      <Form method="post" action={selfAction} {...getFormProps(form)} className="space-y-5" preventScrollReset>
        <input type="hidden" name="intent" value="card" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t("card.type")}</legend>
          <div className="mt-2 flex gap-2">
            {(["personal", "corporate"] as const).map((v) => (
              <label
                key={v}
                htmlFor={`card-type-${v}`}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`card-type-${v}`}
                  type="radio"
                  name={fields.card_type.name}
                  value={v}
                  defaultChecked={type === v}
                  className="accent-brand-600"
                />
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
                  className={`${inputClass} w-0 min-w-0 max-w-20 flex-1`}
                />
              </Fragment>
            ))}
          </div>
          <ErrorList id="card-number-error" errors={numberErrors} ns="billing" />
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
          <ErrorList id="card-expiry-error" errors={expiryErrors} ns="billing" />
        </fieldset>

        <Field
          label={corporate ? t("card.business") : t("card.birth")}
          help={t("card.birthHelp")}
          inputProps={{ ...getInputProps(fields.birth, { type: "text" }), inputMode: "numeric", autoComplete: "off", maxLength: 12 }}
          errors={corporate ? fields.birth.errors?.map((e) => (e === "errors.birth" ? "errors.business" : e)) : fields.birth.errors}
          ns="billing"
        />
        <Field
          label={t("card.password")}
          inputProps={{
            ...getInputProps(fields.pwd_2digit, { type: "password" }),
            inputMode: "numeric",
            autoComplete: "off",
            maxLength: 2,
            className: "w-20",
          }}
          errors={fields.pwd_2digit.errors}
          ns="billing"
        />
        <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
        <SubmitButton>{t("card.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}
