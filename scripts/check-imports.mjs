// The import rules of docs/decisions/0020-import-rules.md, checked on the TypeScript sources of app/, server/, workers/,
// db/, contracts/ and the root *.ts files (relative imports, the `~/` alias to app/ and package.json's `#db/*` and
// `#contracts/*`; type-only imports count too):
//   1. no import cycles;
//   2. no file under workers/api/src/routes/ imports another route file;
//   3. nothing outside workers/api/src/routes/ imports a route file, except the one module that mounts them
//      (workers/api/src/app.ts);
//   4. contracts/ (the types and pure rules the app, the api, notify and the tests share) imports nothing but
//      contracts/: no package, no app or worker module (docs/decisions/0021-layers.md).
// Dependency-free on purpose: it runs first in `npm run validate`, in well under a second.
// Exits 1 listing every finding.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ROUTES_DIR = "workers/api/src/routes/";
export const ROUTE_MOUNTS = new Set(["workers/api/src/app.ts"]);
export const CONTRACTS_DIR = "contracts/";
const SOURCE_DIRS = ["app", "server", "workers", "db", "contracts"];
const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".wrangler", "generated"]);
const EXTS = [".ts", ".tsx"];

/** Module specifiers in a source text: static imports and re-exports (type-only too), side-effect and dynamic imports. */
export function importSpecifiers(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const specs = [];
  const patterns = [
    /(?:^|[\s;}])(?:import|export)\s[^"'`;]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[\s;}])import\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) specs.push(m[1]);
  return specs;
}

/** Resolves a specifier of `fromFile` (both repository-relative, `/`-separated) to a source file, or null if external. */
export function resolveSpecifier(spec, fromFile, exists) {
  let base;
  if (spec.startsWith("~/")) base = "app/" + spec.slice(2);
  else if (spec.startsWith("#db/") || spec.startsWith("#contracts/")) base = spec.slice(1);
  else if (spec.startsWith("./") || spec.startsWith("../")) base = join(dirname(fromFile), spec).split(sep).join("/");
  else return null;
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [base, ...EXTS.map((e) => stem + e), ...EXTS.map((e) => `${base}/index${e}`)];
  for (const c of candidates) if (EXTS.some((e) => c.endsWith(e)) && exists(c)) return c;
  return null;
}

/**
 * Every cycle's strongly connected component (Tarjan), each reported as one concrete cycle through it,
 * starting at its smallest file name. `graph` maps a file to the files it imports.
 */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flat()])].sort();
  const edges = (n) => [...new Set(graph.get(n) ?? [])].sort();

  for (const root of nodes) {
    if (index.has(root)) continue;
    // Iterative Tarjan, so a deep graph cannot overflow the call stack.
    const work = [{ node: root, i: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const out = edges(frame.node);
      if (frame.i < out.length) {
        const to = out[frame.i++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const members = [];
        let n;
        do {
          n = stack.pop();
          onStack.delete(n);
          members.push(n);
        } while (n !== frame.node);
        const selfLoop = members.length === 1 && edges(members[0]).includes(members[0]);
        if (members.length > 1 || selfLoop) components.push(members.sort());
      }
    }
  }
  return components.map((members) => cycleThrough(members, edges)).sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest cycle from the component's first member back to itself, staying inside the component (BFS). */
function cycleThrough(members, edges) {
  const inside = new Set(members);
  const start = members[0];
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const n = queue.shift();
    for (const to of edges(n)) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [n];
        while (path[0] !== start) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!prev.has(to)) {
        prev.set(to, n);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** Rule 4: `imports` maps each file to every specifier it names (packages too, resolved or not). */
export function contractViolations(imports) {
  const found = [];
  for (const [from, targets] of imports) {
    if (!from.startsWith(CONTRACTS_DIR)) continue;
    for (const { spec, to } of targets) {
      if (to === null) found.push(`contracts import a package or unknown module: ${from} -> ${spec}`);
      else if (!to.startsWith(CONTRACTS_DIR)) found.push(`contracts import outside contracts/: ${from} -> ${to}`);
    }
  }
  return found.sort();
}

/** The route rules (2 and 3) on a graph of repository-relative files. */
export function routeViolations(graph) {
  const found = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      if (!to.startsWith(ROUTES_DIR) || to === from) continue;
      if (from.startsWith(ROUTES_DIR)) found.push(`route imports another route: ${from} -> ${to}`);
      else if (!ROUTE_MOUNTS.has(from)) found.push(`imports a route from outside routes/: ${from} -> ${to}`);
    }
  }
  return found.sort();
}

function sourceFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      if (SKIP_DIRS.has(name)) continue;
      const rel = `${dir}/${name}`;
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (EXTS.some((e) => name.endsWith(e)) && !name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(dir);
  for (const name of readdirSync(root)) if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(name);
  return out.sort();
}

/** Every file's specifiers with what they resolve to (null: a package or a missing file). */
function readImports(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const exists = (f) => known.has(f);
  const imports = new Map();
  for (const file of files) {
    const specs = importSpecifiers(readFileSync(join(root, file), "utf8"));
    imports.set(
      file,
      specs.map((spec) => ({ spec, to: resolveSpecifier(spec, file, exists) })),
    );
  }
  return imports;
}

/** The import graph of the repository at `root`. */
export function buildGraph(root) {
  const graph = new Map();
  for (const [file, targets] of readImports(root)) {
    graph.set(file, [...new Set(targets.map((t) => t.to).filter((t) => t !== null))]);
  }
  return graph;
}

export function check(root) {
  const graph = buildGraph(root);
  return [
    ...findCycles(graph).map((cycle) => `import cycle: ${cycle.join(" -> ")}`),
    ...routeViolations(graph),
    ...contractViolations(readImports(root)),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const problems = check(root);
  if (problems.length) {
    console.error(`check:imports: ${problems.length} problem(s) (docs/decisions/0020-import-rules.md)`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log(`check:imports: ${buildGraph(root).size} files, no cycles, routes imported only by ${[...ROUTE_MOUNTS].join(", ")}`);
}
