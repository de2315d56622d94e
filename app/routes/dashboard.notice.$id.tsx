import { useLoaderData } from "@remix-run/react";
import { NoticeArticle } from "~/components/content/NoticeBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./dashboard.notice.$id.server";

export { loader } from "./dashboard.notice.$id.server";

export const handle = { i18n: ["common", "account", "content"] };
export const meta = pageMetaTags;

export default function DashboardNotice() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <main className="max-w-3xl px-6 py-8">
      <NoticeArticle notice={notice} base="/dashboard/notice" />
    </main>
  );
}
