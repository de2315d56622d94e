import { useLoaderData } from "@remix-run/react";
import { NoticeArticle } from "~/components/content/NoticeBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./notice.$id.server";

export { loader } from "./notice.$id.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

export default function NoticePage() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <NoticeArticle notice={notice} base="/notice" />
    </main>
  );
}
