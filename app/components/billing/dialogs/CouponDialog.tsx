import { getFormProps, getInputProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult, useSelfAction } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import * as specs from "~/lib/form-specs/billing";

/** A coupon number (spec section 4). */
export function CouponDialog({ closeTo, lastResult }: { closeTo: string; lastResult: LastResult }) {
  const { t } = useTranslation("billing");
  const selfAction = useSelfAction();
  const [form, fields] = useSchemaForm("coupon", specs.CouponSchema, lastResult);
  return (
    <Modal name="coupon" title={t("coupon.title")} closeTo={closeTo}>
      <p className="text-sm text-slate-600">{t("coupon.text")}</p>
      <Form method="post" action={selfAction} {...getFormProps(form)} className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="coupon" />
        <Field
          label={t("coupon.number")}
          inputProps={{ ...getInputProps(fields.num, { type: "text" }), autoComplete: "off", autoCapitalize: "characters" }}
          errors={fields.num.errors}
          ns="billing"
        />
        <ErrorList id={form.errorId} errors={form.errors} ns="billing" />
        <SubmitButton>{t("coupon.submit")}</SubmitButton>
      </Form>
    </Modal>
  );
}
