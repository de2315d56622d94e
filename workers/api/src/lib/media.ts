import { inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { inferences, paragraphs, paragraphTakes, stsSources } from "#db/schema";

/**
 * Deletes stored recordings no row refers to any more. One R2 object can have several owners: a
 * paragraph's audio is also its history entry's, and a conversion's original is its checked source's
 * (and every later conversion's of the same source), so deleting one row keeps the file for the others.
 */
export async function releaseAudio(db: DrizzleD1Database<Record<string, unknown>>, media: R2Bucket, keys: (string | null | undefined)[]) {
  const candidates = [...new Set(keys.filter((k): k is string => !!k))];
  if (candidates.length === 0) return;
  const used = new Set<string>();
  for (let i = 0; i < candidates.length; i += 25) {
    const chunk = candidates.slice(i, i + 25);
    const found = await Promise.all([
      db.select({ key: inferences.audioKey }).from(inferences).where(inArray(inferences.audioKey, chunk)),
      db.select({ key: inferences.sourceKey }).from(inferences).where(inArray(inferences.sourceKey, chunk)),
      db.select({ key: paragraphs.audioKey }).from(paragraphs).where(inArray(paragraphs.audioKey, chunk)),
      db.select({ key: paragraphTakes.audioKey }).from(paragraphTakes).where(inArray(paragraphTakes.audioKey, chunk)),
      db.select({ key: stsSources.audioKey }).from(stsSources).where(inArray(stsSources.audioKey, chunk)),
    ]);
    for (const r of found.flat()) if (r.key) used.add(r.key);
  }
  const unused = candidates.filter((k) => !used.has(k));
  if (unused.length > 0) await media.delete(unused);
}
