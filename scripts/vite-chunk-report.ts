import { mkdirSync, writeFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * `CHUNK_REPORT=1 npm run build`: writes build/chunk-report.json, for each client chunk the modules in it and
 * their rendered (minified, before gzip) size, heaviest first. What to look at when a page's JavaScript grows
 * (scripts/route-budget.mjs names the pages; this names the modules). Off unless asked for.
 *
 * Always (client build): build/client-chunks.json, each chunk's static and dynamic imports ("/assets/x.js"), from
 * which scripts/route-budget.mjs counts what a page loads on use (docs/decisions/0050). It lives beside, not in,
 * build/client: the browser never needs it.
 */
export function chunkReport(): Plugin {
  return {
    name: "voice-studio:chunk-report",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name === "ssr") return;
      const url = (file: string) => `/${file}`;
      const graph = Object.fromEntries(
        Object.values(bundle)
          .filter((c) => c.type === "chunk")
          .map((c) => [url(c.fileName), { imports: c.imports.map(url), dynamicImports: c.dynamicImports.map(url) }]),
      );
      mkdirSync("build", { recursive: true });
      writeFileSync("build/client-chunks.json", JSON.stringify(graph, null, 1));
      if (!process.env.CHUNK_REPORT) return;
      const chunks = Object.values(bundle)
        .filter((c) => c.type === "chunk")
        .map((c) => ({
          file: c.fileName,
          size: c.code.length,
          modules: Object.entries(c.modules)
            .map(([id, m]) => ({ id: id.replace(process.cwd(), "").replace(/^.*node_modules\//, "npm:"), size: m.renderedLength }))
            .filter((m) => m.size > 0)
            .sort((a, b) => b.size - a.size),
        }))
        .sort((a, b) => b.size - a.size);
      writeFileSync("build/chunk-report.json", JSON.stringify(chunks, null, 1));
    },
  };
}
