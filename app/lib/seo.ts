import type { MetaDescriptor } from "@remix-run/react";

export type SeoInput = {
  title: string;
  description: string;
  siteName: string;
  locale: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the share image. */
  image: string;
};

/** Title, description and the Open Graph and Twitter tags, all from the translation bundle. */
export function seo(s: SeoInput): MetaDescriptor[] {
  return [
    { title: s.title },
    { name: "description", content: s.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: s.siteName },
    { property: "og:title", content: s.title },
    { property: "og:description", content: s.description },
    { property: "og:url", content: s.url },
    { property: "og:image", content: s.image },
    { property: "og:locale", content: s.locale === "ko" ? "ko_KR" : "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: s.title },
    { name: "twitter:description", content: s.description },
    { name: "twitter:image", content: s.image },
    { tagName: "link", rel: "canonical", href: s.url },
  ];
}
