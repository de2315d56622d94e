import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, parseAst, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { pureCallStarts, pureSchemas } from "../../scripts/vite-pure-schemas";

// Issue 19 (docs/decisions/0044): the browser build marks zod schema construction pure so a page that imports a
// module's helpers, and none of its schemas, does not load zod.

const marked = (code: string) => {
  const starts = pureCallStarts(parseAst(code) as never);
  return starts.map((at) => code.slice(at, code.indexOf("(", at)));
};

describe("pureCallStarts", () => {
  it("marks calls that start at the zod import, at module constants built from it and at imported schemas", () => {
    const code = [
      'import { z } from "zod/v4";',
      'import { UploadSchema } from "./studio-schemas";',
      "const id = z.string().min(1);",
      "export const A = z.object({ id, name: z.string() });",
      "export const B = A.extend({ n: z.number() });",
      'export const C = UploadSchema.extend({ intent: z.literal("upload") });',
      "export const helper = (s) => s.trim();",
      "z.config({});",
    ].join("\n");
    // One mark per start: `z.string().min(1)` and its inner `z.string()` start at the same place.
    expect(marked(code)).toEqual(["z.string", "z.object", "z.string", "A.extend", "z.number", "UploadSchema.extend", "z.literal"]);
  });

  it("leaves modules without a run-time zod import alone", () => {
    // (The transform sees JavaScript after esbuild: type-only imports are gone by then.)
    expect(marked('import { other } from "./x";\nexport const x = other.push(1);')).toEqual([]);
    expect(marked("const z = { a: () => 1 };\nz.a();")).toEqual([]);
  });
});

describe("the browser build with pureSchemas", () => {
  const dir = mkdtempSync(join(tmpdir(), "pure-schemas-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const bundle = async (plugins: ReturnType<typeof pureSchemas>[]) => {
    writeFileSync(
      join(dir, "lib.ts"),
      [
        'import { z } from "zod/v4";',
        "export const Schema = z.object({ name: z.string().trim().min(1).max(40) }).refine((v) => v.name !== 'x');",
        "export const Extended = Schema.and(z.object({ n: z.number() }));",
        "export const helper = (s: string) => s.toUpperCase();",
      ].join("\n"),
    );
    writeFileSync(join(dir, "main.ts"), 'import { helper } from "./lib";\nconsole.log(helper("x"));\n');
    const out = (await build({
      root: dir,
      logLevel: "silent",
      configFile: false,
      plugins,
      resolve: { alias: { zod: join(process.cwd(), "node_modules/zod") } },
      build: { write: false, minify: false, lib: { entry: join(dir, "main.ts"), formats: ["es"] } },
    })) as Rollup.RollupOutput[];
    return out[0]!.output[0].code;
  };

  it("drops the unused schemas, and zod with them; without it zod stays", async () => {
    const withPlugin = await bundle([pureSchemas()]);
    expect(withPlugin).toContain("toUpperCase");
    expect(withPlugin.length).toBeLessThan(500);
    const without = await bundle([]);
    expect(without.length).toBeGreaterThan(50_000);
  }, 60_000);
});
