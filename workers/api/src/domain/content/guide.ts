// The user guide (/guide): its sections in order, each with an anchor (its id) and a screenshot
// made from the product (public/guide/, remade by scripts/guide-screenshots.mjs).
import { asc } from "drizzle-orm";
import { guideSections } from "#db/schema";
import type { Locale } from "../../lib/codes";
import type { Db } from "../scope";

export async function listGuide(db: Db, locale: Locale) {
  const rows = await db.select().from(guideSections).orderBy(asc(guideSections.position)).limit(50);
  return {
    sections: rows.map((r) => ({
      id: r.id,
      title: locale === "ko" ? r.titleKo : r.titleEn,
      body: locale === "ko" ? r.bodyKo : r.bodyEn,
      // One screenshot per language: public/guide/{ko,en}/<image>.
      image: r.image ? `/guide/${locale}/${r.image}` : null,
      imageAlt: (locale === "ko" ? r.imageAltKo : r.imageAltEn) ?? "",
    })),
  };
}
