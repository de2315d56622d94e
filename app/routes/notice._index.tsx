import { useLoaderData } from "@remix-run/react";
import { NoticeBoard } from "~/components/content/NoticeBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./notice._index.server";

export { loader } from "./notice._index.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

/** Public notices (spec: /notice, with the footer): pinned first, newest first, release notices as their own tab. */
export default function Notices() {
  const { list, category } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <NoticeBoard list={list} category={category} base="/notice" />
    </main>
  );
}
