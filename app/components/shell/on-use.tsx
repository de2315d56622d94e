import { lazy, Suspense, type ComponentType } from "react";

/**
 * Issue 19 (docs/decisions/0050): a part of a page that the first paint does not need (a dialog opened on click or
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
  return OnUse;
}
