import { describe, expect, it } from "vitest";
import { contractViolations, findCycles, importSpecifiers, resolveSpecifier, routeViolations } from "../../scripts/check-imports.mjs";

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("check-imports: cycles", () => {
  it("finds none in a DAG", () => {
    expect(findCycles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("finds a two-file cycle once, starting at its smallest name", () => {
    expect(findCycles(graph({ b: ["a"], a: ["b"], c: ["a"] }))).toEqual([["a", "b", "a"]]);
  });

  it("finds a self-import and a longer cycle, each as a path through its component", () => {
    expect(findCycles(graph({ s: ["s"], x: ["y"], y: ["z"], z: ["x", "w"], w: [] }))).toEqual([
      ["s", "s"],
      ["x", "y", "z", "x"],
    ]);
  });

  it("reports two separate cycles separately", () => {
    expect(findCycles(graph({ a: ["b"], b: ["a", "c"], c: ["d"], d: ["c"] }))).toEqual([
      ["a", "b", "a"],
      ["c", "d", "c"],
    ]);
  });
});

describe("check-imports: route rules", () => {
  it("allows the mount module and forbids route-to-route and below-route imports", () => {
    const r = "workers/api/src/routes/";
    expect(
      routeViolations(
        graph({
          "workers/api/src/app.ts": [`${r}voices.ts`],
          [`${r}studio.ts`]: [`${r}voices.ts`, "workers/api/src/lib/results.ts"],
          "workers/api/src/speech/generate.ts": [`${r}voices.ts`],
          "app/utils/plans.server.ts": [`${r}utils.ts`],
        }),
      ),
    ).toEqual([
      `imports a route from outside routes/: app/utils/plans.server.ts -> ${r}utils.ts`,
      `imports a route from outside routes/: workers/api/src/speech/generate.ts -> ${r}voices.ts`,
      `route imports another route: ${r}studio.ts -> ${r}voices.ts`,
    ]);
  });
});

describe("check-imports: contracts rule", () => {
  it("lets contracts/ import only contracts/: no package, no app or worker module", () => {
    expect(
      contractViolations(
        new Map([
          ["contracts/billing.ts", [{ spec: "./codes", to: "contracts/codes.ts" }]],
          [
            "contracts/jobs.ts",
            [
              { spec: "zod", to: null },
              { spec: "../workers/api/src/lib/clock", to: "workers/api/src/lib/clock.ts" },
            ],
          ],
          ["app/root.tsx", [{ spec: "react", to: null }]],
        ]),
      ),
    ).toEqual([
      "contracts import a package or unknown module: contracts/jobs.ts -> zod",
      "contracts import outside contracts/: contracts/jobs.ts -> workers/api/src/lib/clock.ts",
    ]);
  });
});

describe("check-imports: parsing", () => {
  it("reads static, type-only, multi-line, re-export, side-effect and dynamic imports, not comments", () => {
    const src = [
      `import { a } from "./a";`,
      `import type { B } from "../b";`,
      `import {\n  c,\n  type D,\n} from "~/c";`,
      `export { e } from "./e";`,
      `export type * from "./f";`,
      `import "./g.css";`,
      `const h = await import("./h");`,
      `// import { x } from "./commented";`,
      `/* import { y } from "./block"; */`,
      `import { z } from "zod";`,
    ].join("\n");
    expect(importSpecifiers(src).sort()).toEqual(["../b", "./a", "./e", "./f", "./g.css", "./h", "zod", "~/c"].sort());
  });

  it("resolves relative paths, the ~/ and # aliases, extensions and index files; leaves packages alone", () => {
    const files = new Set(["app/root.tsx", "app/utils/x.ts", "workers/api/src/lib/index.ts", "db/schema/index.ts", "contracts/josa.ts"]);
    const exists = (f: string) => files.has(f);
    expect(resolveSpecifier("~/root", "app/utils/x.ts", exists)).toBe("app/root.tsx");
    expect(resolveSpecifier("./x.js", "app/utils/y.ts", exists)).toBe("app/utils/x.ts");
    expect(resolveSpecifier("../lib", "workers/api/src/routes/a.ts", exists)).toBe("workers/api/src/lib/index.ts");
    expect(resolveSpecifier("#db/schema", "workers/api/src/lib/x.ts", exists)).toBe("db/schema/index.ts");
    expect(resolveSpecifier("#contracts/josa", "app/utils/x.ts", exists)).toBe("contracts/josa.ts");
    expect(resolveSpecifier("hono", "app/utils/x.ts", exists)).toBeNull();
  });
});
