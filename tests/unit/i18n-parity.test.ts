import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

/** Every leaf path of a bundle: "meta.titles.home", "nav.0.link", ... */
function keys(value: unknown, prefix = ""): string[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

/** Every text of a bundle with its path. */
function strings(value: unknown, prefix = ""): [string, string][] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  }
  return typeof value === "string" ? [[prefix, value]] : [];
}

function emptyValues(value: unknown, prefix = ""): string[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => emptyValues(v, prefix ? `${prefix}.${k}` : k));
  }
  return typeof value === "string" && value.trim() === "" ? [prefix] : [];
}

describe("translation bundles", () => {
  const namespaces = Object.keys(resources.ko) as (keyof typeof resources.ko)[];

  it("have the same namespaces in ko and en", () => {
    expect(Object.keys(resources.en).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)("%s: every ko key exists in en and the reverse", (ns) => {
    const ko = keys(resources.ko[ns]).sort();
    const en = keys(resources.en[ns]).sort();
    expect(
      en.filter((k) => !ko.includes(k)),
      "keys only in en",
    ).toEqual([]);
    expect(
      ko.filter((k) => !en.includes(k)),
      "keys only in ko",
    ).toEqual([]);
  });

  it.each(namespaces)("%s: Korean text names the product in Korean (보이스 스튜디오), except the copyright", (ns) => {
    const english = strings(resources.ko[ns]).filter(([key, text]) => text.includes("Voice Studio") && !key.endsWith("copyright"));
    expect(english.map(([key]) => key)).toEqual([]);
  });

  it.each(namespaces)("%s: no value is empty, except BETA tags of untagged links", (ns) => {
    for (const lng of ["ko", "en"] as const) {
      const empty = emptyValues(resources[lng][ns]).filter((k) => !/^nav\.\d+\.beta$/.test(k));
      expect(empty, `${lng}/${ns}`).toEqual([]);
    }
  });

  it("the key walker sees a missing key (guards the test itself)", () => {
    const ko = keys({ a: { b: "x", c: ["y"] } });
    expect(ko).toEqual(["a.b", "a.c.0"]);
    expect(keys({ a: { b: "x" } })).not.toEqual(ko);
  });

  // A particle is chosen for the word it follows (a fixed noun after a placeholder), never left to the reader.
  it.each(namespaces)("%s: no Korean string leaves the particle open, as (으)로 or 을(를)", (ns) => {
    const open = /\(으\)|을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)|과\(와\)|와\(과\)|\(이\)/;
    const values = (v: unknown, path = ""): [string, string][] =>
      v !== null && typeof v === "object"
        ? Object.entries(v).flatMap(([k, x]) => values(x, path ? `${path}.${k}` : k))
        : typeof v === "string"
          ? [[path, v]]
          : [];
    expect(values(resources.ko[ns]).filter(([, text]) => open.test(text))).toEqual([]);
  });

  // "1 stars", "1 new answers", "Saved …, 1 paragraphs" and "1 filters" were read by members;
  // a count before an English plural noun takes `_one`/`_other` forms (README: never "(s)").
  it.each(namespaces)("%s: an English count before a plural noun has a singular form", (ns) => {
    const unpaired = strings(resources.en[ns]).filter(
      ([path, text]) => !/_(one|other)$/.test(path) && /\{\{count\}\} (?:[a-z]+ )?(?!this\b)[a-z]+s\b/.test(text),
    );
    expect(unpaired).toEqual([]);
  });
});
