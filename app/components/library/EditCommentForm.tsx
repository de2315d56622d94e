import { getFormProps, getTextareaProps } from "~/components/form-props";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import * as specs from "~/lib/form-specs/library";
import { COMMENT_MAX } from "#contracts/voice-feedback";

/**
 * Editing one's comment on a voice's page (`?edit=<id>`), shown in place of the comment: loaded when first shown
 * (`EditCommentForm` in ./on-use, docs/decisions/0050).
 */
export function EditCommentForm({
  id,
  text: value,
  lastResult,
  cancelHref,
}: {
  id: string;
  text: string;
  lastResult: Parameters<typeof useSchemaForm>[2];
  cancelHref: string;
}) {
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm(`edit-${id}`, specs.VoiceDetailSchema, lastResult, { defaultValue: { text: value } });
  const text = fields.text as Parameters<typeof getTextareaProps>[0];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="edit-comment" />
      <input type="hidden" name="comment_id" value={id} />
      <label htmlFor={`edit-text-${id}`} className="sr-only">
        {t("detail.comments.label")}
      </label>
      <textarea
        {...getTextareaProps(text)}
        id={`edit-text-${id}`}
        rows={3}
        maxLength={COMMENT_MAX}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
      />
      <ErrorList errors={text.errors} />
      <ErrorList errors={form.errors} />
      <div className="flex gap-2">
        <SubmitButton className="w-auto">{t("detail.comments.save")}</SubmitButton>
        <ButtonLink to={cancelHref} variant="outline" preventScrollReset>
          {t("detail.comments.cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}
