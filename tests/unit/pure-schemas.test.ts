import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, parseAst, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { pureCallStarts, pureSchemas } from "../../scripts/vite-pure-schemas";

// docs/decisions/0044: the browser build marks zod schema construction pure so a page that imports a
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

  it("marks only module-level initialisers and what schema factories return: not other calls in functions, not calls that run a schema, not statements", () => {
    const code = [
      'import { z } from "zod/v4";',
      'import { XSchema } from "./x";',
      "export function check(x) {",
      "  XSchema.parse(x);",
      "  const inner = z.string();",
      "  return inner;",
      "}",
      "const run = (x) => { XSchema.safeParse(x); };",
      "export const Y = z.object({ a: z.string() }).refine((v) => XSchema.parse(v));",
      "export const parsed = XSchema.extend({ b: z.number() }).parse(globalThis.data);",
      "export default z.string().optional();",
      "z.string();",
      "class K { static s = z.string(); }",
      "for (const x of []) XSchema.parse(x);",
      // Schema factories: what they return is built like an initialiser (their calls at module level are pure).
      "const required = (max) => z.string().max(max);",
      "function ranged(n) { if (n < 0) { XSchema.parse(n); } return z.number().max(n); }",
      "const checked = (x) => XSchema.parse(x);",
    ].join("\n");
    expect(marked(code)).toEqual(["z.object", "z.string", "z.number", "z.string", "z.string", "z.number"]);
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

  const bundle = async (
    plugins: ReturnType<typeof pureSchemas>[],
    main = 'import { helper } from "./lib";\nconsole.log(helper("x"));\n',
  ) => {
    writeFileSync(
      join(dir, "lib.ts"),
      [
        'import { z } from "zod/v4";',
        "export const Schema = z.object({ name: z.string().trim().min(1).max(40) }).refine((v) => v.name !== 'x');",
        "export const Extended = Schema.and(z.object({ n: z.number() }));",
        // A schema factory called at module level (app/lib/admin.ts `required`): its call must be seen as pure too.
        "const required = (max: number) => z.string().trim().min(1).max(max);",
        "export const Named = z.object({ name: required(40) });",
        "export const helper = (s: string) => s.toUpperCase();",
      ].join("\n"),
    );
    writeFileSync(join(dir, "main.ts"), main);
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

  it("keeps a check that runs a schema inside a function (its value unused)", async () => {
    writeFileSync(
      join(dir, "check.ts"),
      [
        'import { z } from "zod/v4";',
        "export const XSchema = z.object({ name: z.string() });",
        "export function check(x: unknown) {",
        "  XSchema.parse(x);",
        "  return true;",
        "}",
      ].join("\n"),
    );
    const code = await bundle([pureSchemas()], 'import { check } from "./check";\nconsole.log(check({ name: 1 }));\n');
    expect(code).toMatch(/XSchema\.parse\(x\)/);
  }, 60_000);

  it("drops the unused schemas, and zod with them; without it zod stays", async () => {
    const withPlugin = await bundle([pureSchemas()]);
    expect(withPlugin).toContain("toUpperCase");
    expect(withPlugin.length).toBeLessThan(500);
    const without = await bundle([]);
    expect(without.length).toBeGreaterThan(50_000);
  }, 60_000);
});
