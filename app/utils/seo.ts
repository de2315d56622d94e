import type { MetaArgs, MetaDescriptor } from "@remix-run/react";
import { seo } from "~/lib/seo";
import { rootDataFrom } from "~/utils/root-data";

type PageMeta = { meta?: { title: string; description: string } };

/**
 * The meta function every public route uses: its loader returns `meta: {title, description}`
 * from the bundle; the root supplies the locale, origin and site name.
 */
export function pageMetaTags({ data, matches, location }: MetaArgs): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const page = (data as PageMeta | undefined)?.meta;
  if (!root || !page) return [{ title: "Voice Studio" }];
  return seo({
    title: page.title,
    description: page.description,
    siteName: root.siteName,
    locale: root.locale,
    url: `${root.origin}${location.pathname}`,
    image: `${root.origin}/og-image.png`,
  });
}
