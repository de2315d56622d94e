import { describe, expect, it } from "vitest";
import { koreanPronunciation } from "../../workers/api/src/engine/korean";
import { CORPUS, type CorpusItem, type Family } from "./korean-corpus";
import { HELD_OUT } from "./korean-held-out";

/** Exact matches per family over the corpus and the held-out check. */
export function scoreCorpus(items: readonly CorpusItem[] = [...CORPUS, ...HELD_OUT]) {
  const families = new Map<Family, { total: number; exact: number; misses: string[] }>();
  for (const [family, text, reading] of items) {
    const f = families.get(family) ?? { total: 0, exact: 0, misses: [] };
    const got = koreanPronunciation(text);
    f.total++;
    if (got === reading) f.exact++;
    else f.misses.push(`${text} -> ${got} (expected ${reading})`);
    families.set(family, f);
  }
  return families;
}

describe("Korean reading corpus", () => {
  const all = [...CORPUS, ...HELD_OUT];

  it("has at least 400 items, each written once", () => {
    expect(all.length).toBeGreaterThanOrEqual(400);
    expect(new Set(all.map(([, text]) => text)).size).toBe(all.length);
  });

  it("reads at least 95% exactly overall and at least 90% in every rule family", () => {
    const families = scoreCorpus();
    const exact = [...families.values()].reduce((n, f) => n + f.exact, 0);
    const misses = [...families.values()].flatMap((f) => f.misses);
    expect(exact / all.length, misses.join("\n")).toBeGreaterThanOrEqual(0.95);
    for (const [family, f] of families) expect(f.exact / f.total, `${family}: ${f.misses.join("; ")}`).toBeGreaterThanOrEqual(0.9);
  });
});
