import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/home/Landing";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./_index.server";

export { loader } from "./_index.server";

/**
 * The landing is complete without JavaScript and is the first page of many visitors on low-end
 * phones, so it ships none (docs/decisions/0004); links from it are ordinary page loads.
 */
export const handle = { i18n: ["common", "home"], hydrate: false };

export const meta = pageMetaTags;

/**
 * Public and the same for every anonymous visitor of a language and country: shareable for a minute. A signed-in
 * member's page (its first-month price depends on the member) keeps the loader's private header.
 */
export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "public, max-age=0, s-maxage=60",
  Vary: "Accept-Language, Cookie",
});

export default function Index() {
  const { plans, firstMonth, voices } = useLoaderData<typeof loader>();
  return <Landing plans={plans} firstMonth={firstMonth} voices={voices} />;
}
