import type { GetModuleInfo, ModuleInfo } from "rollup";
import { describe, expect, it } from "vitest";
import { partsOnUse, staticGraph } from "../../scripts/vite-base-chunk";

/** A module graph: each id's static imports and who imports it dynamically. */
function graph(edges: Record<string, { imports?: string[]; dynamicImporters?: string[] }>): GetModuleInfo {
  return (id) =>
    edges[id]
      ? ({ importedIds: edges[id].imports ?? [], dynamicImporters: edges[id].dynamicImporters ?? [] } as unknown as ModuleInfo)
      : null;
}

// The root imports the header and the shell's on-use module; that module imports the footer statically for the server
// render and loads it dynamically in the browser; the footer imports the logo, which the header imports too.
const shell = graph({
  root: { imports: ["header", "parts"] },
  header: { imports: ["logo"] },
  parts: { imports: ["footer"] },
  footer: { imports: ["logo", "footer-only"], dynamicImporters: ["parts"] },
  logo: {},
  "footer-only": {},
});

describe("the base chunk (docs/decisions/0050)", () => {
  it("takes the roots' static graph but not a part loaded on use, nor what only that part imports", () => {
    expect([...staticGraph(["root"], shell)].sort()).toEqual(["header", "logo", "parts"]);
  });

  it("names the parts loaded on use that the base imports statically, so they get chunks of their own", () => {
    expect([...partsOnUse(["root"], shell)]).toEqual(["footer"]);
  });
});
