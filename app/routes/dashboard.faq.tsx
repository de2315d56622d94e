import { useLoaderData } from "@remix-run/react";
import { FaqBoard } from "~/components/content/FaqBoard";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./dashboard.faq.server";

export { loader } from "./dashboard.faq.server";

export const handle = { i18n: ["common", "account", "content"] };
export const meta = pageMetaTags;

export default function DashboardFaq() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <main className="max-w-3xl px-6 py-8">
      <FaqBoard list={list} base="/dashboard/faq" />
    </main>
  );
}
