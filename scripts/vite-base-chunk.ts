import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { GetModuleInfo } from "rollup";
import type { Plugin } from "vite";

/**
 * The modules every hydrated page runs: the browser entry and the root route (docs/decisions/0050); and the
 * few-hundred-byte helper of parts loaded on use, which the frame of every signed-in page imports, and the meta function
 * of 52 of the 64 routes (app/utils/seo.ts; 0.2-0.3 KB less on every page that has it). Files of their own
 * would cost more in a file's overhead than they weigh.
 */
const BASE_ROOTS = ["../app/entry.client.tsx", "../app/root.tsx"].map((p) => fileURLToPath(new URL(p, import.meta.url)));
const BASE_EXTRA = ["../app/components/shell/on-use.tsx", "../app/utils/seo.ts"].map((p) => fileURLToPath(new URL(p, import.meta.url)));

/**
 * The form hook and its prop helpers, one file (`form-kit`) instead of two (docs/decisions/0059): every page with the
 * hook uses the helpers (0.2 KB less on each of those 28 pages); the few on-use parts that use the helpers alone (the
 * plan page's dialogs) load both.
 */
const FORM_KIT = ["../app/components/schema-form.ts", "../app/components/form-props.ts"].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);

/**
 * docs/decisions/0050: the browser build puts everything the entry and the root route import statically
 * (React DOM, Remix and its router, the translator, the shell's header, toast, error boundary...) into one
 * chunk, `base`. Every hydrated page loads all of it anyway; left to itself Rollup spreads it over eight files
 * (a vendor chunk named after react-client.ts, then LanguageSwitch, Logo, shell, root-data, GeneralErrorBoundary,
 * api-client, NotFound, the entry's and the root's own code), each gzipped on its own, with its own import and
 * export lists. One file is 2.1 KB gzip smaller on every page. The set is the static import graph of the two
 * roots, so it is closed: `base` imports no other chunk, and nothing a page loads on demand is pulled into it.
 * The entry and root modules themselves stay their own files (Remix's manifest names them). Server build untouched.
 */
export function baseChunk(): Plugin {
  return {
    name: "voice-studio:base-chunk",
    apply: "build",
    config(_config, env) {
      if (env.isSsrBuild) return;
      let base: Set<string> | undefined;
      let onUse: Set<string> | undefined;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo }) {
                base ??= new Set([...staticGraph([...BASE_ROOTS, ...BASE_EXTRA], getModuleInfo), ...BASE_EXTRA]);
                onUse ??= partsOnUse([...BASE_ROOTS, ...BASE_EXTRA], getModuleInfo);
                // A part of the shell loaded on use gets a chunk of its own: Rollup would otherwise pull it into `base`
                // with the module that imports it statically for the server render.
                if (onUse.has(id)) return `shell-${basename(id).replace(/\.\w+$/, "")}`;
                if (FORM_KIT.includes(id)) return "form-kit";
                return base.has(id) && !/\.css($|\?)/.test(id) ? "base" : undefined;
              },
            },
          },
        },
      };
    },
  };
}

/** Every module the roots import statically, directly or through others (the roots themselves excluded). */
export function staticGraph(roots: readonly string[], getModuleInfo: GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const info = getModuleInfo(stack.pop()!);
    for (const id of info?.importedIds ?? []) {
      // A part loaded on use (`onUse`: imported statically only for the server render, and dynamically) is no part of
      // the base, nor is what it alone imports (app/components/shell/parts-on-use.tsx).
      if (seen.has(id) || (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) continue;
      seen.add(id);
      stack.push(id);
    }
  }
  for (const r of roots) seen.delete(r);
  return seen;
}

/** The modules the roots' static graph reaches that are also loaded on demand (the shell's parts loaded on use). */
export function partsOnUse(roots: readonly string[], getModuleInfo: GetModuleInfo): Set<string> {
  const base = staticGraph(roots, getModuleInfo);
  const parts = new Set<string>();
  for (const id of [...roots, ...base]) {
    for (const dep of getModuleInfo(id)?.importedIds ?? []) {
      if (!base.has(dep) && (getModuleInfo(dep)?.dynamicImporters.length ?? 0) > 0) parts.add(dep);
    }
  }
  return parts;
}
