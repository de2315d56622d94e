import { useTranslation } from "react-i18next";
import { LivePlayback } from "./LivePlayback";
import { jobCounts, useJobProgress } from "./useJobProgress";
import type { Job } from "#contracts/jobs";

/**
 * A generation job's progress (spec section 4: queued, generating n of m, completed, failed): the
 * state from the loader, then, with JavaScript, live from the job's event stream (`useJobProgress`);
 * when it ends the page data is reloaded (new audio). Without JavaScript the page refreshes itself
 * while a job runs (`NoScriptRefresh`). `compact` is the one-line form of the project list.
 */
export function JobProgress({ job, compact = false }: { job: Job; compact?: boolean }) {
  const { t } = useTranslation("studio");
  const live = useJobProgress(job);
  const { total, done, failed, items } = jobCounts(live);
  const text = t(`editor.progress.${live.status}`, { done, total, failed });
  if (compact) {
    return (
      <span aria-live="polite" className="text-xs text-slate-600" data-testid="job-progress" data-status={live.status}>
        {text}
      </span>
    );
  }
  return (
    <section
      aria-live="polite"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="job-progress"
      data-status={live.status}
    >
      <p className="font-medium">{text}</p>
      <progress max={Math.max(total, 1)} value={done + failed} className="mt-2 w-full" />
      {items.length > 0 ? <LivePlayback job={{ ...live, id: job.id }} items={items} /> : null}
      {items.some((i) => i.error) ? (
        <ul className="mt-2 text-sm text-red-600">
          {items
            .filter((i) => i.error)
            .map((i) => (
              <li key={i.paragraphId}>{i.error}</li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}

export { NoScriptRefresh } from "./NoScriptRefresh";
