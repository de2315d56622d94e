import MagicString from "magic-string";
import type { Plugin } from "vite";

/**
 * docs/decisions/0044: the browser build marks the construction of zod schemas in the app's own modules
 * as pure (`/*#__PURE__*\/`), so Rollup drops the schemas a page does not use, and with them zod (25 KB gzip).
 * Without it, a page that imports one helper from a module that also defines schemas (app/lib/content.ts,
 * app/lib/admin.ts, ...) loads zod: a top-level `z.object(...)` is a call Rollup must assume has side effects.
 *
 * Marked: in the initialisers of module-level constants (`const`/`let`/`var`, exported or not, and `export default`)
 * and in what module-level schema factories return (`const required = (max) => z.string().max(max)`: an arrow's
 * expression body, a function's `return`s, so that `required(40)` at module level is seen as pure too), every call
 * whose callee starts at the module's zod import (`z.string().min(1)`, `z.object({...})`) or at a module-level
 * constant built that way (`Base.extend({...})`). Building a zod schema has no effect outside the schema, so a schema
 * nobody uses can go. Never marked: any other call inside a function or class (it runs later, and a statement such as
 * `XSchema.parse(x)` there is a check whose value nobody uses), calls that run a schema (`parse`, `safeParse`,
 * `decode`, ...: they throw), statements (`z.config(...)` is a real side effect). Only modules that import zod at run
 * time are touched. Server build untouched (docs/decisions/0053).
 */
export function pureSchemas(): Plugin {
  return {
    name: "voice-studio:pure-schemas",
    enforce: "post",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || id.includes("/node_modules/") || !/\.(tsx?|jsx?)$/.test(id.split("?")[0] ?? "")) return null;
      if (!/from\s*["']zod(\/v4)?["']/.test(code)) return null;
      const marks = pureCallStarts(this.parse(code) as unknown as Node);
      if (marks.length === 0) return null;
      const s = new MagicString(code);
      for (const at of marks) s.appendLeft(at, "/*#__PURE__*/ ");
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}

type Node = { type: string; start: number; [key: string]: unknown };

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string";

/** The identifier a callee chain starts at: `z` for `z.string().min`, `Base` for `Base.extend`. */
function rootName(node: Node): { name: string; path: string[] } | null {
  const path: string[] = [];
  let n: Node = node;
  for (;;) {
    if (n.type === "Identifier") return { name: n.name as string, path };
    if (n.type === "MemberExpression") {
      const prop = n.property as Node;
      if (prop.type === "Identifier") path.unshift(prop.name as string);
      n = n.object as Node;
    } else if (n.type === "CallExpression") n = n.callee as Node;
    else if (n.type === "ChainExpression") n = n.expression as Node;
    else return null;
  }
}

/** Nodes whose code runs later, or whose calls are not initialisers: not looked into. */
const LATER = new Set(["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration", "ClassExpression", "ClassDeclaration"]);

/** Methods that run a schema on a value rather than build one (they throw, or their answer is the point). */
const RUNS = /^(safe)?(parse|decode|encode)(Async)?$|^spa$/;

/** What a function returns: an arrow's expression body, or the arguments of the `return`s of its own body. */
function returned(fn: Node): Node[] {
  const body = fn.body as Node;
  if (body.type !== "BlockStatement") return [body];
  const found: Node[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isNode(node) || LATER.has(node.type)) return;
    if (node.type === "ReturnStatement") {
      if (node.argument) found.push(node.argument as Node);
      return;
    }
    for (const [key, value] of Object.entries(node)) if (key !== "type" && typeof value === "object") walk(value);
  };
  walk(body.body);
  return found;
}

const FUNCTION = new Set(["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"]);

/** The initialisers of a module's top-level constants and its `export default`, and what its top-level functions return. */
function initialisers(body: Node[]): Node[] {
  const found: Node[] = [];
  const take = (value: Node) => {
    if (FUNCTION.has(value.type)) found.push(...returned(value));
    else if (!LATER.has(value.type)) found.push(value);
  };
  for (const stmt of body) {
    const decl =
      stmt.type === "ExportNamedDeclaration" || stmt.type === "ExportDefaultDeclaration" ? (stmt.declaration as Node | null) : stmt;
    if (!decl) continue;
    if (decl.type === "VariableDeclaration") {
      for (const d of decl.declarations as Node[]) if (d.init) take(d.init as Node);
    } else if (stmt.type === "ExportDefaultDeclaration" || decl.type === "FunctionDeclaration") take(decl);
  }
  return found;
}

/** Start offsets of the calls to mark in a module's AST (empty when it does not import zod at run time). */
export function pureCallStarts(program: Node): number[] {
  const body = program.body as Node[];
  const schemaRoots = new Set<string>();
  for (const stmt of body) {
    if (stmt.type !== "ImportDeclaration" || !/^zod(\/v4)?$/.test((stmt.source as Node).value as string)) continue;
    if (stmt.importKind === "type") continue;
    for (const spec of stmt.specifiers as Node[]) {
      const local = (spec.local as Node).name as string;
      const imported = spec.type === "ImportSpecifier" ? ((spec.imported as Node).name as string) : "z";
      if (imported === "z" || spec.type === "ImportNamespaceSpecifier") schemaRoots.add(local);
    }
  }
  if (schemaRoots.size === 0) return [];
  // Schemas imported from the app's other modules (by the house naming, `...Schema`): `UploadSchema.extend(...)`.
  for (const stmt of body) {
    if (stmt.type !== "ImportDeclaration" || !/^[.~]/.test((stmt.source as Node).value as string)) continue;
    for (const spec of stmt.specifiers as Node[]) {
      const local = (spec.local as Node).name as string;
      if (spec.type === "ImportSpecifier" && local.endsWith("Schema")) schemaRoots.add(local);
    }
  }
  // Module-level constants built from zod (in source order, so `B = A.extend()` after `A = z.object()` counts).
  for (const stmt of body) {
    const decl = stmt.type === "ExportNamedDeclaration" ? (stmt.declaration as Node | null) : stmt;
    if (!decl || decl.type !== "VariableDeclaration") continue;
    for (const d of decl.declarations as Node[]) {
      const init = d.init as Node | null;
      const id = d.id as Node;
      if (!init || id.type !== "Identifier" || init.type !== "CallExpression") continue;
      const root = rootName(init.callee as Node);
      if (root && schemaRoots.has(root.name) && !RUNS.test(root.path.at(-1) ?? "")) schemaRoots.add(id.name as string);
    }
  }
  const starts = new Set<number>();
  // A mark applies to the outermost call starting there: `Schema.extend({}).parse(x)` must not get one for its inner call.
  const running = new Set<number>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node) || LATER.has(node.type)) return;
    if (node.type === "CallExpression") {
      const root = rootName(node.callee as Node);
      if (root && schemaRoots.has(root.name) && root.path[0] !== "config") {
        (RUNS.test(root.path.at(-1) ?? "") ? running : starts).add(node.start);
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== "type" && typeof value === "object") visit(value);
  };
  visit(initialisers(body));
  return [...starts].filter((at) => !running.has(at)).sort((a, b) => a - b);
}
