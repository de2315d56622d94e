import { describe, expect, it } from "vitest";
import { BUDGET_BYTES, judge, routeScripts } from "../../scripts/route-budget.mjs";

// Issue 19: every hydrated page's JavaScript at most 100 KB gzip, checked per route over the Remix manifest.

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
  it("counts the manifest, the entry, and every route of the branch from the root, each file once", () => {
    expect(routeScripts(manifest, "routes/dashboard._index")).toEqual([
      "/assets/manifest-1.js",
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/shell.js",
      "/assets/dashboard.js",
      "/assets/frame.js",
      "/assets/home.js",
      "/assets/forms.js",
    ]);
    expect(routeScripts(manifest, "root")).toHaveLength(5);
    expect(() => routeScripts(manifest, "routes/none")).toThrow(/Unknown route/);
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
