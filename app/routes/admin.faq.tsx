import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentEditor } from "~/components/admin/ContentEditor";
import { FaqFormSchema } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.faq.server";

export { action, loader } from "./admin.faq.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

/** The console's FAQ (issue 18): write, change, publish, unpublish entries of Service and Plan (components/admin/ContentEditor.tsx). */
export default function AdminFaq() {
  const { items, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const ko = i18n.language === "ko";
  return (
    <ContentEditor
      kind="faq"
      testId="faq"
      schema={FaqFormSchema}
      lastResult={actionData?.result}
      editingId={editing?.id ?? null}
      help={t("content.bodyHelp")}
      groups={[
        [
          {
            name: "category",
            label: t("faq.category"),
            kind: "select",
            options: (["service", "plan"] as const).map((c) => ({ value: c, label: t(`faq.categories.${c}`) })),
            value: editing?.category,
          },
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
