// The voice tags' names have one source (contracts/voices.ts VOICE_TAG_NAMES): the api's labels (what its answers
// name) and the app's library bundles (the filters and the wizards' forms) read it, so the two cannot drift.
import { describe, expect, it } from "vitest";
import en from "~/locales/en/library";
import ko from "~/locales/ko/library";
import { VOICE_AGES, VOICE_CATEGORIES, VOICE_GENDERS, VOICE_MOODS, VOICE_TONES } from "#contracts/voices";
import { AGES, CATEGORIES, FEATURES, GENDERS, label, TONES, type Labels } from "../../workers/api/src/lib/labels";

const kinds = [
  ["tone", VOICE_TONES, TONES],
  ["gender", VOICE_GENDERS, GENDERS],
  ["age", VOICE_AGES, AGES],
  ["mood", VOICE_MOODS, FEATURES],
  ["category", VOICE_CATEGORIES, CATEGORIES],
] as const satisfies readonly (readonly [keyof typeof ko.tags, readonly string[], Labels])[];

describe("voice tag names", () => {
  for (const [kind, codes, labels] of kinds)
    it(`${kind}: every code is named in both languages, the same in the api's answers and the app's bundles`, () => {
      const bundles = { ko: ko.tags[kind] as Record<string, string>, en: en.tags[kind] as Record<string, string> };
      for (const code of codes)
        for (const locale of ["ko", "en"] as const) {
          const name = label(labels, code, locale);
          expect(name, `${kind}.${code} ${locale}`).not.toBe(code);
          expect(name.trim().length).toBeGreaterThan(0);
          expect(bundles[locale][code], `${kind}.${code} ${locale}`).toBe(name);
        }
      // Nothing but the codes and the label: no stale name left in a bundle.
      for (const locale of ["ko", "en"] as const) expect(Object.keys(bundles[locale]).sort()).toEqual(["label", ...codes].sort());
    });

  it("the Korean and English names differ (no language copied into the other)", () => {
    expect(ko.tags.mood.calm).toBe("차분한");
    expect(en.tags.mood.calm).toBe("Calm");
    expect(ko.tags.category.game).toBe("게임·애니메이션");
  });
});
