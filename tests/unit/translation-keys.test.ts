import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

/**
 * The custom voice's failure dialog showed the raw key "failed.file", removed from the
 * bundles while the dialog still asked for it; the typecheck does not see a `t` call's key. This reads every
 * `const { t } = useTranslation("ns")` (or `{ t: name }`) of app/ and each literal `t("a.b")` of that function, and
 * wants the key in the English bundle (a plural key by its `_one`/`_other` forms). Keys built at run time
 * (template strings) and calls with an `ns` option are not read.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function has(ns: string, key: string) {
  let node: unknown = (resources.en as Record<string, unknown>)[ns];
  const parts = key.split(".");
  for (const [i, part] of parts.entries()) {
    if (node === null || typeof node !== "object") return false;
    const o = node as Record<string, unknown>;
    if (i === parts.length - 1) return part in o || `${part}_one` in o || `${part}_other` in o;
    node = o[part];
  }
  return false;
}

describe("translation keys used by the pages", () => {
  it("every literal key a page's t() asks for is in its namespace", () => {
    const missing: string[] = [];
    for (const file of sources("app")) {
      const src = readFileSync(file, "utf8");
      // A function's namespaces in this file (two components may each call theirs `t`): a key may be in any.
      const namespaces = new Map<string, string[]>();
      for (const m of src.matchAll(/const \{ t(?:: (\w+))?[^}]*\} = useTranslation\(\[?"(\w+)"/g)) {
        const fn = m[1] ?? "t";
        namespaces.set(fn, [...new Set([...(namespaces.get(fn) ?? []), m[2]!])]);
      }
      for (const [fn, list] of namespaces) {
        for (const call of src.matchAll(new RegExp(`\\b${fn}\\("([\\w.]+)"(?![^)]*\\bns:)`, "g"))) {
          if (!list.some((ns) => has(ns, call[1]!))) missing.push(`${file}: ${fn}("${call[1]}") in ${list.join(" or ")}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
