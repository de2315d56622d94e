// `npm run check:routes` (part of `npm test`, after the build): the JavaScript each page makes the browser
// load, from the Remix manifest of the client build (build/client/assets/manifest-*.js): exactly the files the
// page's HTML names (docs/decisions/0050): Remix's <Scripts> writes a modulepreload link for the entry module,
// each of the entry's imports and each matched route's module and imports (root first), and a module script
// that imports the route modules and then the entry. With `v3_lazyRouteDiscovery` the manifest file itself is
// not loaded: the HTML carries the few routes of the page inline (`window.__remixManifest = ...`, part of the
// document like the loader data) and the browser asks /__manifest for others as links appear. A page whose
// branch opts out of hydration (`handle.hydrate = false`: the landing, the letter player) loads none.
// tests/e2e/route-budget.spec.ts holds these lists to the HTML of real pages. Files counted once, each gzipped at
// level 9; the budget is 100 KB (102,400 bytes) gzip per page.
//
// Code a page loads later, on the member's action (`import()` of a dialog, the waveform, the avatar's 3D stage),
// is not part of the first load and not held to the budget, but it is counted and printed beside it ("on use"):
// every chunk reachable from the page's files through dynamic imports, with its static imports, minus what the
// page has already loaded (build/client-chunks.json, written by scripts/vite-chunk-report.ts on every build).
//
// The budget is not met yet (docs/decisions/0040): the routes over it today are listed in
// scripts/route-budget-known.json with the size each may not exceed (its size when listed, plus
// KNOWN_SLACK). The check fails when a route not listed goes over 100 KB or a listed route over its
// ceiling; it names listed routes that are now within 100 KB, so they can leave the list.
// `--write-known` rewrites that list from the current build. `--json` prints the table as JSON;
// `--top N` lists the N heaviest files of the heaviest route (`--route ID` of that route instead).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const BUDGET_BYTES = 100 * 1024;
/** Room a listed route has above its size when it was listed (page code other branches add meanwhile). */
export const KNOWN_SLACK = 3 * 1024;
const CLIENT = "build/client";
const KNOWN = "scripts/route-budget-known.json";
const CHUNKS = "build/client-chunks.json";

/** The manifest Remix writes for the browser: `window.__remixManifest={...}`, and its own URL. */
export function readManifest(dir = CLIENT) {
  const assets = join(dir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No Remix manifest in ${assets}: run \`npm run build\` first.`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { ...JSON.parse(json), url: `/assets/${file}` };
}

/** The routes from the root down to `routeId`. */
export function routeBranch(manifest, routeId) {
  const branch = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Unknown route ${id}`);
    branch.unshift(route);
  }
  return branch;
}

/**
 * The scripts a page of `routeId` loads, in the order its HTML names them: the entry and its imports, then each
 * route of its branch (root first), module and imports. `hydrates(id)` says whether a route lets the page hydrate;
 * when one of the branch does not, the HTML has no script at all (root.tsx renders no <Scripts>).
 * @param {(id: string) => boolean} [hydrates]
 */
export function routeScripts(manifest, routeId, hydrates = () => true) {
  const branch = routeBranch(manifest, routeId);
  if (!branch.every((r) => hydrates(r.id))) return [];
  const files = new Set([manifest.entry.module, ...manifest.entry.imports].filter(Boolean));
  for (const route of branch) {
    files.add(route.module);
    for (const i of route.imports ?? []) files.add(i);
  }
  return [...files];
}

/** gzip size of every asset, read once. */
export function sizer(dir = CLIENT) {
  const cache = new Map();
  return (src) => {
    let size = cache.get(src);
    if (!size) {
      const body = readFileSync(join(dir, src.replace(/^\//, "")));
      size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      cache.set(src, size);
    }
    return size;
  };
}

/** Whether a route module renders something: its source under app/ has a default export (the root always does). */
function isPage(id) {
  if (id === "root") return true;
  for (const ext of [".tsx", ".ts", ".jsx", ".js"]) {
    const file = join("app", `${id}${ext}`);
    if (existsSync(file)) return /^export default\b|^export \{[^}]*\bdefault\b/m.test(readFileSync(file, "utf8"));
  }
  return true;
}

/** The source of a route module (app/<id>.tsx ...), or undefined for routes defined elsewhere. */
function routeSource(manifest, id) {
  const file = manifest.routes[id]?.file;
  for (const f of [file && join("app", file), ...[".tsx", ".ts", ".jsx", ".js"].map((ext) => join("app", `${id}${ext}`))]) {
    if (f && existsSync(f)) return readFileSync(f, "utf8");
  }
  return undefined;
}

/** Whether a route lets its page hydrate: root.tsx renders no <Scripts> under a `handle` with `hydrate: false`. */
export function hydratesFromSource(source) {
  const start = source?.match(/^export const handle\b[^=]*=\s*\{/m);
  if (!start) return true;
  // The handle's object literal: up to the brace that closes it.
  let depth = 0;
  let end = start.index + start[0].length - 1;
  for (; end < source.length; end++) {
    if (source[end] === "{") depth++;
    else if (source[end] === "}" && --depth === 0) break;
  }
  return !/\bhydrate:\s*false\b/.test(source.slice(start.index, end + 1));
}

/**
 * Chunks a page loads on use: everything reachable from its files through dynamic imports (and, from there, static
 * and dynamic imports), minus the files it already loaded. `graph` maps "/assets/x.js" to { imports, dynamicImports }.
 */
export function onUseScripts(graph, loaded) {
  const have = new Set(loaded);
  const out = new Set();
  const stack = loaded.flatMap((f) => graph[f]?.dynamicImports ?? []);
  while (stack.length > 0) {
    const f = stack.pop();
    if (have.has(f) || out.has(f)) continue;
    out.add(f);
    stack.push(...(graph[f]?.imports ?? []), ...(graph[f]?.dynamicImports ?? []));
  }
  return [...out];
}

/** The client build's chunk graph (scripts/vite-chunk-report.ts); empty when the build predates it. */
export function readChunkGraph(file = CHUNKS) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

/** Every route that renders a page (a default export; resource routes have none), with its JavaScript. */
export function measureRoutes(dir = CLIENT) {
  const manifest = readManifest(dir);
  const graph = readChunkGraph();
  const size = sizer(dir);
  const hydrates = (id) => hydratesFromSource(routeSource(manifest, id));
  const total = (files) => files.reduce((t, f) => ({ raw: t.raw + size(f).raw, gzip: t.gzip + size(f).gzip }), { raw: 0, gzip: 0 });
  const rows = [];
  for (const [id, route] of Object.entries(manifest.routes)) {
    // Resource routes (no component: /logout, /api/country, downloads) are never a page the browser loads.
    if (!route.module || !isPage(id)) continue;
    const files = routeScripts(manifest, id, hydrates);
    const later = onUseScripts(graph, files);
    const { raw, gzip } = total(files);
    rows.push({ id, files: files.length, raw, gzip, ok: gzip <= BUDGET_BYTES, scripts: files, onUse: later, onUseGzip: total(later).gzip });
  }
  return rows.sort((a, b) => b.gzip - a.gzip);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The listed routes and their ceilings (bytes); none when the list does not exist. */
export function readKnown(file = KNOWN) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).ceilings : {};
}

/** Each route's verdict: within the budget, over it but within its listed ceiling, or failing. */
export function judge(rows, known) {
  return rows.map((r) => {
    const ceiling = known[r.id];
    const verdict = r.gzip <= BUDGET_BYTES ? "ok" : ceiling !== undefined && r.gzip <= ceiling ? "known" : "over";
    return { ...r, ceiling, verdict };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureRoutes();
  if (process.argv.includes("--write-known")) {
    const ceilings = Object.fromEntries(rows.filter((r) => r.gzip > BUDGET_BYTES).map((r) => [r.id, r.gzip + KNOWN_SLACK]));
    const note =
      "Routes over the 100 KB gzip budget when listed, with the size (bytes, gzip) each may not exceed. See scripts/route-budget.mjs and docs/decisions/0040.";
    writeFileSync(KNOWN, JSON.stringify({ note, ceilings }, null, 2) + "\n");
    console.log(`${KNOWN}: ${Object.keys(ceilings).length} routes listed.`);
    process.exit(0);
  }
  const judged = judge(rows, readKnown());
  if (process.argv.includes("--json")) {
    console.log(
      JSON.stringify(
        judged.map(({ scripts: _s, onUse: _u, ...r }) => r),
        null,
        2,
      ),
    );
  } else {
    const label = { ok: "ok   ", known: "known", over: "OVER " };
    for (const r of judged) {
      const ceiling = r.ceiling === undefined ? "" : `  (listed, ceiling ${kb(r.ceiling)})`;
      const later = r.onUse.length === 0 ? "" : `  + on use ${kb(r.onUseGzip)} in ${r.onUse.length}`;
      console.log(
        `${label[r.verdict]} ${kb(r.gzip).padStart(9)} gzip ${kb(r.raw).padStart(9)} raw ${String(r.files).padStart(3)} files  ${r.id}${ceiling}${later}`,
      );
    }
    const top = process.argv.indexOf("--top");
    if (top > 0) {
      const size = sizer();
      const n = Number(process.argv[top + 1] ?? 10);
      const at = process.argv.indexOf("--route");
      const row = at > 0 ? rows.find((r) => r.id === process.argv[at + 1]) : rows[0];
      if (!row) throw new Error(`No page route ${process.argv[at + 1]}`);
      for (const [title, list] of [
        [`Heaviest files of ${row.id}`, row.scripts],
        ["Loaded on use", row.onUse],
      ]) {
        if (list.length === 0) continue;
        console.log(`\n${title}:`);
        for (const f of list
          .map((s) => ({ s, ...size(s) }))
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, n)) {
          console.log(`  ${kb(f.gzip).padStart(9)} gzip  ${f.s}`);
        }
      }
    }
  }
  const ok = judged.filter((r) => r.verdict === "ok");
  const known = judged.filter((r) => r.verdict === "known");
  const over = judged.filter((r) => r.verdict === "over");
  console.log(
    `\n${ok.length} of ${judged.length} routes within ${kb(BUDGET_BYTES)} gzip of JavaScript; ${known.length} over it but within their listed ceilings (${KNOWN}).`,
  );
  const leave = ok.filter((r) => r.ceiling !== undefined);
  if (leave.length > 0) console.log(`Now within the budget, can leave the list: ${leave.map((r) => r.id).join(", ")}`);
  if (over.length > 0) {
    console.error(
      `Over the per-route budget: ${over.map((r) => `${r.id} ${kb(r.gzip)}${r.ceiling === undefined ? "" : ` > ceiling ${kb(r.ceiling)}`}`).join(", ")}`,
    );
    process.exit(1);
  }
}
