import { ContentEditor, contentPageHandle, useContentPage } from "~/components/admin/ContentEditor";
import { kstInput, type ContestRow } from "~/lib/admin";
import { pageMetaTags } from "~/utils/seo";
import * as specs from "~/lib/form-specs/admin";

export { action, loader } from "./admin.contests.server";
export const handle = contentPageHandle;
export const meta = pageMetaTags;

/** The console's contest pages: address, texts, period; write, change, publish, unpublish (components/admin/ContentEditor.tsx). */
export default function AdminContests() {
  const { items, editing, t, ko, editor } = useContentPage<ContestRow>();
  const pair = (name: "title" | "summary" | "rules" | "prize", value?: { ko: string; en: string }) =>
    (["ko", "en"] as const).map((l) => ({
      name: `${name}_${l}`,
      label: t(`contests.${name === "title" ? "titleField" : name}`, { language: t(`languages.${l}`) }),
      ...(name === "title"
        ? { kind: "text" as const, maxLength: 120 }
        : { kind: "textarea" as const, rows: name === "rules" ? 8 : name === "summary" ? 3 : 4 }),
      value: value?.[l],
    }));
  const e = editing;
  return (
    <ContentEditor
      kind="contests"
      testId="contest"
      schema={specs.ContestFormSchema}
      {...editor}
      groups={[
        [{ name: "slug", label: t("contests.slug"), kind: "text", maxLength: 60, value: e?.slug, help: t("contests.slugHelp") }],
        [
          { name: "starts_at", label: t("contests.startsAt"), kind: "datetime-local", value: e ? kstInput(e.startsAt) : undefined },
          {
            name: "ends_at",
            label: t("contests.endsAt"),
            kind: "datetime-local",
            value: e ? kstInput(e.endsAt) : undefined,
            help: t("contests.timeHelp"),
          },
        ],
        ...pair("title", e ? { ko: e.titleKo, en: e.titleEn } : undefined).map((f) => [f]),
        ...pair("summary", e ? { ko: e.summaryKo, en: e.summaryEn } : undefined).map((f) => [f]),
        ...pair("rules", e ? { ko: e.rulesKo, en: e.rulesEn } : undefined).map((f) => [f]),
        ...pair("prize", e ? { ko: e.prizeKo, en: e.prizeEn } : undefined).map((f) => [f]),
      ]}
      rows={items.map((c) => ({
        id: c.id,
        title: ko ? c.titleKo : c.titleEn,
        detail: `/contest · ${c.slug} · ${kstInput(c.startsAt).replace("T", " ")} ~ ${kstInput(c.endsAt).replace("T", " ")}`,
        publishedAt: c.publishedAt,
      }))}
    />
  );
}
