import MagicString from "magic-string";
import type { Plugin, ResolvedConfig } from "vite";

const NAME = "voice-studio:bare-dynamic-imports";
const HELPER_IMPORT = 'import { __vitePreload } from "\0vite/preload-helper.js";';
const OPEN = "__vitePreload(";
const CLOSE = /,__VITE_IS_MODERN__\?__VITE_PRELOAD__:void 0(?:,import\.meta\.url)?\)/g;

/**
 * docs/decisions/0050: the browser build leaves the app's dynamic imports bare, without
 * Vite's preload helper. Vite wraps every `import("...")` of the browser build in `__vitePreload(() => import(...),
 * deps)`, which adds `<link rel=modulepreload>` for the chunk's own imports before loading it, and imports the helper
 * (0.6 KB gzip, its own chunk) plus a `__vite__mapDeps` list into every chunk with a dynamic import; `build.modulePreload:
 * false` empties the lists but keeps the helper and the wrappers. Here the wrapper becomes a call of the function it
 * wraps, `(() => import("..."))()` (terser folds it to `import("...")`; the `async () => { const {a} = await import(...);
 * return {a} }` form Vite uses for a destructured import works the same way), and the helper's import goes, so the
 * helper chunk and the lists are never emitted.
 *
 * What changes: a part loaded on use fetches its chunk, and the browser then fetches the chunk's imports it does not
 * have yet (one round trip more, for the few parts whose chunk imports a chunk the page did not load, e.g. the
 * recorder with a wizard's second step). Nothing else: no chunk loaded on use imports CSS (the one stylesheet is the
 * root's link), and Remix's own route loading is its manifest's, not Vite's helper. Runs after Vite's
 * `vite:build-import-analysis` (moved to the end of the plugin list), on the browser build only; a module whose
 * wrappers do not pair up exactly is left as Vite made it.
 */
export function bareDynamicImports(): Plugin {
  return {
    name: NAME,
    apply: "build",
    configResolved(config: ResolvedConfig) {
      const plugins = config.plugins as Plugin[];
      const at = plugins.findIndex((p) => p.name === NAME);
      if (at >= 0) plugins.push(...plugins.splice(at, 1));
    },
    transform(code, id, options) {
      if (options?.ssr || !code.includes(HELPER_IMPORT)) return null;
      const opens = code.split(OPEN).length - 1;
      const closes = [...code.matchAll(CLOSE)];
      if (opens === 0 || opens !== closes.length || code.includes("const __vitePreload")) {
        this.warn(`${id}: Vite's preload wrappers left in place (${opens} opened, ${closes.length} closed)`);
        return null;
      }
      const s = new MagicString(code);
      const helper = code.indexOf(HELPER_IMPORT);
      s.remove(helper, helper + HELPER_IMPORT.length);
      for (let at = code.indexOf(OPEN); at >= 0; at = code.indexOf(OPEN, at + OPEN.length)) s.overwrite(at, at + OPEN.length, "(");
      for (const m of closes) s.overwrite(m.index, m.index + m[0].length, ")()");
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}
