import { useLoaderData } from "@remix-run/react";
import { NoticeBoard } from "~/components/content/NoticeBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./dashboard.notice._index.server";

export { loader } from "./dashboard.notice._index.server";

export const handle = { i18n: ["common", "account", "content"] };
export const meta = pageMetaTags;

export default function DashboardNotices() {
  const { list, category } = useLoaderData<typeof loader>();
  return (
    <main className="max-w-4xl px-6 py-8">
      <NoticeBoard list={list} category={category} base="/dashboard/notice" />
    </main>
  );
}
