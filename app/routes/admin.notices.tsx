import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContentEditor } from "~/components/admin/ContentEditor";
import { NoticeFormSchema } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.notices.server";

export { action, loader } from "./admin.notices.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

/** The console's notices and release notes (issue 18): write, change, publish, unpublish (components/admin/ContentEditor.tsx). */
export default function AdminNotices() {
  const { items, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const ko = i18n.language === "ko";
  return (
    <ContentEditor
      kind="notices"
      testId="notice"
      schema={NoticeFormSchema}
      lastResult={actionData?.result}
      editingId={editing?.id ?? null}
      help={t("content.bodyHelp")}
      groups={[
        [
          {
            name: "category",
            label: t("notices.category"),
            kind: "select",
            options: (["notice", "release"] as const).map((c) => ({ value: c, label: t(`notices.categories.${c}`) })),
            value: editing?.category,
          },
          { name: "pinned", label: t("notices.pinned"), kind: "checkbox", checked: editing?.pinned },
        ],
        [{ name: "title_ko", label: t("notices.titleKo"), kind: "text", maxLength: 120, value: editing?.titleKo }],
        [{ name: "title_en", label: t("notices.titleEn"), kind: "text", maxLength: 120, value: editing?.titleEn }],
        [{ name: "body_ko", label: t("notices.bodyKo"), kind: "textarea", value: editing?.bodyKo }],
        [{ name: "body_en", label: t("notices.bodyEn"), kind: "textarea", value: editing?.bodyEn }],
      ]}
      rows={items.map((n) => ({
        id: n.id,
        title: `${n.pinned ? "📌 " : ""}${ko ? n.titleKo : n.titleEn}`,
        detail: t(`notices.categories.${n.category}`),
        publishedAt: n.publishedAt,
      }))}
    />
  );
}
