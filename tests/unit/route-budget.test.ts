import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, hydratesFromSource, judge, onUseScripts, routeScripts } from "../../scripts/route-budget.mjs";

// Every hydrated page's JavaScript at most 100 KB gzip, checked per route over the Remix manifest.

const manifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js", imports: ["/assets/react.js", "/assets/shell.js"] },
    "routes/dashboard": { id: "routes/dashboard", parentId: "root", module: "/assets/dashboard.js", imports: ["/assets/frame.js"] },
    "routes/dashboard._index": {
      id: "routes/dashboard._index",
      parentId: "routes/dashboard",
      module: "/assets/home.js",
      imports: ["/assets/frame.js", "/assets/forms.js"],
    },
  },
};

describe("per-route JavaScript budget", () => {
  it("counts the entry and every route of the branch from the root, each file once; not the manifest file (inlined)", () => {
    expect(routeScripts(manifest, "routes/dashboard._index")).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/shell.js",
      "/assets/dashboard.js",
      "/assets/frame.js",
      "/assets/home.js",
      "/assets/forms.js",
    ]);
    expect(routeScripts(manifest, "root")).toHaveLength(4);
    expect(() => routeScripts(manifest, "routes/none")).toThrow(/Unknown route/);
  });

  it("counts nothing for a page whose branch opts out of hydration", () => {
    const noDashboard = (id: string) => id !== "routes/dashboard";
    expect(routeScripts(manifest, "routes/dashboard._index", noDashboard)).toEqual([]);
    expect(routeScripts(manifest, "root", noDashboard)).toHaveLength(4);
    expect(hydratesFromSource('export const handle = { i18n: ["common", "home"], hydrate: false };\nexport default function X() {}')).toBe(
      false,
    );
    expect(hydratesFromSource('export const handle = {\n  i18n: ["common"],\n  hydrate: false,\n};')).toBe(false);
    expect(hydratesFromSource('export const handle = { i18n: ["common"] };\nconst hydrate: false = false;')).toBe(true);
    expect(hydratesFromSource(undefined)).toBe(true);
  });

  it("counts code loaded on use: dynamic imports and their imports, not what the page already loaded", () => {
    const graph = {
      "/assets/page.js": { imports: ["/assets/base.js"], dynamicImports: ["/assets/dialog.js"] },
      "/assets/dialog.js": { imports: ["/assets/base.js", "/assets/list.js"], dynamicImports: ["/assets/wave.js"] },
      "/assets/list.js": { imports: [], dynamicImports: [] },
      "/assets/wave.js": { imports: ["/assets/dialog.js"], dynamicImports: [] },
      "/assets/other.js": { imports: [], dynamicImports: [] },
    };
    expect(onUseScripts(graph, ["/assets/base.js", "/assets/page.js"]).sort()).toEqual([
      "/assets/dialog.js",
      "/assets/list.js",
      "/assets/wave.js",
    ]);
    expect(onUseScripts(graph, ["/assets/base.js"])).toEqual([]);
  });

  it("passes routes within 100 KB, listed routes within their ceiling, and fails any other", () => {
    const rows = [
      { id: "a", gzip: BUDGET_BYTES },
      { id: "b", gzip: BUDGET_BYTES + 1 },
      { id: "c", gzip: 150_000 },
      { id: "d", gzip: 150_001 },
      { id: "e", gzip: 90_000 },
    ];
    const verdicts = judge(rows, { c: 150_000, d: 150_000, e: 120_000 }).map((r: { id: string; verdict: string }) => [r.id, r.verdict]);
    expect(verdicts).toEqual([
      ["a", "ok"],
      ["b", "over"],
      ["c", "known"],
      ["d", "over"],
      ["e", "ok"],
    ]);
  });
});
