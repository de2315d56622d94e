import { categoryField, ContentEditor, contentPageHandle, useContentPage } from "~/components/admin/ContentEditor";
import { type NoticeRow } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import * as specs from "~/lib/form-specs/admin";

export { action, loader } from "./admin.notices.server";
export const handle = contentPageHandle;
export const meta = pageMetaTags;

/** The console's notices and release notes: write, change, publish, unpublish (components/admin/ContentEditor.tsx). */
export default function AdminNotices() {
  const { items, editing, t, ko, editor } = useContentPage<NoticeRow>();
  return (
    <ContentEditor
      kind="notices"
      testId="notice"
      schema={specs.NoticeFormSchema}
      {...editor}
      groups={[
        [
          categoryField(t("notices.category"), ["notice", "release"] as const, (c) => t(`notices.categories.${c}`), editing?.category),
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
