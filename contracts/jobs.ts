/**
 * A generation or conversion job as the api answers it (GET /studio/jobs/:id) and as its event stream
 * sends it (GET /studio/jobs/:id/events: one `data:` line per change, JSON of `JobState`). Declared once
 * for the api's Durable Object (workers/api/src/durable/job-types.ts re-exports them) and the app's
 * progress views (app/components/studio/useJobProgress.ts). No runtime dependencies.
 */

export type ItemState = {
  paragraphId: string;
  status: "queued" | "generating" | "done" | "failed";
  /** Runs of this item so far that were interrupted (its ledger key's last part). */
  attempt?: number;
  durationMs?: number;
  error?: string;
  /**
   * Sentences of this run ready to hear before the paragraph is done (GET /studio/jobs/:id/parts/:paragraphId/:index,
   * 0 first): consecutive stretches of the paragraph's audio, each a sentence with the pause before it.
   */
  parts?: number;
};

/** The states a generation job passes through (spec section 4: generating, then completed). */
export type JobState =
  | { status: "idle" }
  | { status: "queued"; total: number; done?: number; items?: ItemState[] }
  | { status: "generating"; done: number; total: number; failed?: number; items?: ItemState[] }
  | { status: "completed"; total: number; done?: number; failed?: number; items?: ItemState[]; inferenceId?: string }
  | { status: "failed"; reason: string };

export type JobStatus = JobState["status"];

/** A job's state with its id, as the pages hold it (the id is the page's, the state the api's). */
export type Job = JobState & { id: string };

/** Queued or generating: the job's event stream is still open and will send more. */
export const jobRunning = (job: { status: JobStatus } | null | undefined) =>
  !!job && (job.status === "queued" || job.status === "generating");
