import { categoryField, ContentEditor, contentPageHandle, useContentPage } from "~/components/admin/ContentEditor";
import { type FaqRow } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import * as specs from "~/lib/form-specs/admin";

export { action, loader } from "./admin.faq.server";
export const handle = contentPageHandle;
export const meta = pageMetaTags;

/** The console's FAQ: write, change, publish, unpublish entries of Service and Plan (components/admin/ContentEditor.tsx). */
export default function AdminFaq() {
  const { items, editing, t, ko, editor } = useContentPage<FaqRow>();
  return (
    <ContentEditor
      kind="faq"
      testId="faq"
      schema={specs.FaqFormSchema}
      {...editor}
      groups={[
        [
          categoryField(t("faq.category"), ["service", "plan"] as const, (c) => t(`faq.categories.${c}`), editing?.category),
          { name: "position", label: t("faq.position"), kind: "number", min: 0, max: 10_000, value: editing?.position },
        ],
        [{ name: "question_ko", label: t("faq.questionKo"), kind: "text", maxLength: 200, value: editing?.questionKo }],
        [{ name: "question_en", label: t("faq.questionEn"), kind: "text", maxLength: 200, value: editing?.questionEn }],
        [{ name: "answer_ko", label: t("faq.answerKo"), kind: "textarea", value: editing?.answerKo }],
        [{ name: "answer_en", label: t("faq.answerEn"), kind: "textarea", value: editing?.answerEn }],
      ]}
      rows={items.map((n) => ({
        id: n.id,
        title: ko ? n.questionKo : n.questionEn,
        detail: `${t(`faq.categories.${n.category}`)} · ${t("faq.positionShort", { n: n.position })}`,
        publishedAt: n.publishedAt,
      }))}
    />
  );
}
