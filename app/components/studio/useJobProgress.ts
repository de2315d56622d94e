import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { apiClient } from "~/lib/api-client";
import { jobRunning, type ItemState, type JobState, type JobStatus } from "#contracts/jobs";

/**
 * A job's live state: the loader's `job` at first, then, with JavaScript and while the job runs, each
 * state its event stream sends (GET /api/v1/studio/jobs/:id/events, contracts/jobs.ts). When a state
 * arrives that is no longer running, the stream is closed and the page's data reloaded (new audio, or
 * the STS result); while it runs, the page data is reloaded each time an item finishes. A
 * stream the browser gives up on (an HTTP error, not an event stream) is reported and closed: the page keeps the last state, and without JavaScript it refreshes itself instead
 * (`NoScriptRefresh`). A new `job` from the loader starts over. Generation jobs (`Job`) and custom voice
 * creation (`CustomVoiceJobState` of contracts/custom-voices.ts) stream the same way.
 */
export function useJobProgress<J extends { id: string; status: JobStatus }>(job: J): J {
  const [live, setLive] = useState<J>(job);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    setLive(job);
    if (!jobRunning(job)) return;
    const url = `/api/v1/studio/jobs/${job.id}/events`;
    const source = new EventSource(url);
    let finished = jobCounts(job).done;
    source.onmessage = (event) => {
      const state = JSON.parse(event.data) as Omit<J, "id">;
      setLive({ ...state, id: job.id } as J);
      if (!jobRunning(state)) {
        source.close();
        revalidate();
        return;
      }
      // Each paragraph's audio appears as it finishes, not only when the whole job ends.
      const done = jobCounts(state).done;
      if (done > finished) {
        finished = done;
        revalidate();
      }
    };
    source.onerror = () => {
      apiClient.streamFailed(url, source);
      source.close();
    };
    return () => source.close();
  }, [job, revalidate]);
  return live;
}

/** The counts of a job's state (none while idle, after a failure of the whole job, or for a custom voice's job). */
export function jobCounts(job: JobState | { status: JobStatus }) {
  const counts = job as Partial<{ total: number; done: number; failed: number; items: ItemState[] }>;
  return { total: counts.total ?? 0, done: counts.done ?? 0, failed: counts.failed ?? 0, items: counts.items ?? [] };
}
