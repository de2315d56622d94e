import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiClient } from "~/lib/api-client";

export type JobState = {
  id: string;
  status: "queued" | "generating" | "completed" | "failed";
  total?: number;
  done?: number;
  failed?: number;
  items?: { paragraphId: string; status: string; error?: string }[];
};

export const jobRunning = (job: Pick<JobState, "status"> | null | undefined) => !!job && (job.status === "queued" || job.status === "generating");

/**
 * A generation job's progress (spec section 4: queued, generating n of m, completed, failed): the
 * state from the loader, then, with JavaScript, live from the job's event stream; when it ends the
 * page data is reloaded (new audio). Without JavaScript the page refreshes itself while a job runs
 * (the route's meta). `compact` is the one-line form of the project list.
 */
export function JobProgress({ job, compact = false }: { job: JobState; compact?: boolean }) {
  const { t } = useTranslation("studio");
  const [live, setLive] = useState<JobState>(job);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    setLive(job);
    if (!jobRunning(job)) return;
    const url = `/api/v1/studio/jobs/${job.id}/events`;
    const source = new EventSource(url);
    source.onmessage = (event) => {
      const state = JSON.parse(event.data) as JobState;
      setLive({ ...state, id: job.id });
      if (!jobRunning(state)) {
        source.close();
        revalidate();
      }
    };
    source.onerror = () => {
      apiClient.streamFailed(url, source);
      source.close();
    };
    return () => source.close();
  }, [job, revalidate]);
  const total = live.total ?? 0;
  const done = live.done ?? 0;
  const text = t(`editor.progress.${live.status}`, { done, total, failed: live.failed ?? 0 });
  if (compact) {
    return (
      <span aria-live="polite" className="text-xs text-slate-600" data-testid="job-progress" data-status={live.status}>
        {text}
      </span>
    );
  }
  return (
    <section aria-live="polite" className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="job-progress" data-status={live.status}>
      <p className="font-medium">{text}</p>
      <progress max={Math.max(total, 1)} value={done + (live.failed ?? 0)} className="mt-2 w-full" />
      {live.items?.some((i) => i.error) ? (
        <ul className="mt-2 text-sm text-red-600">
          {live.items
            .filter((i) => i.error)
            .map((i) => (
              <li key={i.paragraphId}>{i.error}</li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Without JavaScript, a page with a running job reloads itself every `seconds` to show progress. The
 * refresh sits in <noscript>: with JavaScript the page follows the job's event stream instead, and a
 * refresh scheduled by a <meta> in the head would fire even after a client-side navigation away.
 */
export function NoScriptRefresh({ seconds = 2 }: { seconds?: number }) {
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}
