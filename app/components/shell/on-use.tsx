import { lazy, memo, Suspense, type ComponentType } from "react";

/**
 * docs/decisions/0050: a part of a page that the first paint does not need (a dialog opened on click or
 * by an answer, a job's progress, a player's waveform) whose code the browser loads only when the part is first
 * rendered. `npm run check:routes` counts that code as "loaded on use" beside the page's budget.
 *
 * ```tsx
 * import { UsageDialog as UsageDialogNow } from "~/components/studio/UsageDialog";
 * const UsageDialog = onUse(() => import("~/components/studio/UsageDialog").then((m) => m.UsageDialog), import.meta.env.SSR && UsageDialogNow);
 * ```
 *
 * - The server renders the part in place (`now`, the statically imported component: the server build keeps it; in
 *   the browser build `import.meta.env.SSR` is false, the static import is unused and Rollup drops it, so the
 *   module lives in its own chunk). Never suspending on the server matters: a part that arrived in a later chunk of
 *   the streamed HTML would need JavaScript to be put in place, and a dialog that is a page without JavaScript
 *   must be in the HTML where it stands.
 * - Both sides wrap it in the same `<Suspense>`, so when the page hydrates with the part in the HTML, React keeps
 *   the server's markup as it is (no mismatch, no flash) until the chunk has loaded, then hydrates it. Rendered
 *   later on the client (a navigation, an answer), it appears once its chunk has loaded (a few hundred bytes to a
 *   few KB).
 * - The part is memoised: a page that re-renders right after hydrating (its leave guard's `useBlocker` sets state in an
 *   effect) would otherwise hand the still-dehydrated boundary new props, and React then throws its server markup away
 *   and renders it again on the client once the code arrives (error #421, a visible redraw of every player of a TTS
 *   project whose chunk was slower than the page). With the same props nothing reaches the boundary; props of plain
 *   data made anew on each render (a dialog's `fields`) count as the same when they hold the same values.
 */
export function onUse<P extends object>(load: () => Promise<ComponentType<P>>, now: ComponentType<P> | false): ComponentType<P> {
  const Part = (now || lazy(() => load().then((component) => ({ default: component })))) as ComponentType<object>;
  function OnUse(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return memo(OnUse, sameProps) as unknown as ComponentType<P>;
}

/** Props that render the same part: each the same value, or plain data (objects, arrays) with the same content. */
export function sameProps(a: object, b: object) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (Object.is(x, y)) return true;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    // Not a React element (its owner is a fiber, which does not serialise).
    const data = (v: object) => Array.isArray(v) || (Object.getPrototypeOf(v) === Object.prototype && !("$$typeof" in v));
    if (!data(x) || !data(y)) return false;
    try {
      return JSON.stringify(x) === JSON.stringify(y);
    } catch {
      return false; // data holding something that does not serialise (an element in a list): a new render
    }
  });
}
