/**
 * Without JavaScript, a page with a running job reloads itself every `seconds` to show progress. The
 * refresh sits in <noscript>: with JavaScript the page follows the job's event stream instead, and a
 * refresh scheduled by a <meta> in the head would fire even after a client-side navigation away.
 * (Its own module: pages import it without loading JobProgress, which loads on use: docs/decisions/0050.)
 */
export function NoScriptRefresh({ seconds = 2 }: { seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
