import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoScriptRefresh } from "./NoScriptRefresh";
import { useJobProgress } from "./useJobProgress";
import { jobRunning, type Job } from "#contracts/jobs";

/**
 * The conversion's progress (STS step 4): live from the job's event stream with JavaScript
 * (`useJobProgress`: the page reloads its data when the job ends, and the loader moves on to the
 * result); without it the page refreshes itself while the job runs.
 */
export function ConversionProgress({ job }: { job: Job }) {
  const { t } = useTranslation("studio");
  const live = useJobProgress(job);
  const running = jobRunning(live);
  return (
    <section
      aria-live="polite"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="job-progress"
      data-status={live.status}
    >
      <p className="font-medium">
        {t(`sts.process.${live.status}`)}
        {live.status === "generating" && live.total && live.total > 1 ? (
          <span className="ml-2 tabular-nums" data-testid="job-percent">
            {Math.round(((live.done ?? 0) / live.total) * 100)}%
          </span>
        ) : null}
      </p>
      {running ? (
        live.status === "generating" && live.total && live.total > 1 ? (
          <progress className="mt-3 w-full" max={live.total} value={live.done ?? 0} />
        ) : (
          <progress className="mt-3 w-full" />
        )
      ) : null}
      {live.status === "failed" && live.reason ? <p className="mt-2 text-sm text-red-600">{live.reason}</p> : null}
      {running ? <p className="mt-3 text-xs text-slate-500">{t("sts.process.background")}</p> : null}
    </section>
  );
}

/**
 * A conversion being made (the STS studio's and avatar talk's process step): its progress, a page that refreshes
 * itself without JavaScript while it runs, and after a failure the way back to try again.
 */
export function ProcessStep({ job, retry }: { job: Job; retry: string }) {
  const { t } = useTranslation("studio");
  return (
    <>
      <ConversionProgress job={job} />
      {jobRunning(job) ? <NoScriptRefresh /> : null}
      {job.status === "failed" ? (
        <Link to={retry} className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
          {t("sts.process.retry")}
        </Link>
      ) : null}
    </>
  );
}
