import { useLoaderData } from "@remix-run/react";
import { FaqBoard } from "~/components/content/FaqBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./faq.server";

export { loader } from "./faq.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

export default function Faq() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <FaqBoard list={list} base="/faq" />
    </main>
  );
}
