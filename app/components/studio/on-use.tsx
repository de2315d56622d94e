import { onUse } from "~/components/shell/on-use";
import { JobProgress as JobProgressNow } from "~/components/studio/JobProgress";
import { RecorderDialog as RecorderDialogNow } from "~/components/studio/RecorderDialog";
import { UsageDialog as UsageDialogNow } from "~/components/studio/UsageDialog";
import { Waveform as WaveformNow } from "~/components/studio/Waveform";

/**
 * docs/decisions/0050: page parts the first paint does not need, loaded when first rendered (`onUse`):
 * the server renders them in place, the browser loads their code only on a page that shows them. Import them from
 * here (the studio's; the frame's alert: components/dashboard/on-use.tsx) instead of their own modules (a static import of the module would put it back in the page's first load).
 */

/** A usage limit's dialog: only after a refused generation or project. */
export const UsageDialog = /*#__PURE__*/ onUse(
  () => import("~/components/studio/UsageDialog").then((m) => m.UsageDialog),
  import.meta.env.SSR && UsageDialogNow,
);

/** A generation job's live progress: only while a page has a job. */
export const JobProgress = /*#__PURE__*/ onUse(
  () => import("~/components/studio/JobProgress").then((m) => m.JobProgress),
  import.meta.env.SSR && JobProgressNow,
);

/** A player with a waveform: only where there is audio (wavesurfer itself loads when the player scrolls into view). */
export const Waveform = /*#__PURE__*/ onUse(
  () => import("~/components/studio/Waveform").then((m) => m.Waveform),
  import.meta.env.SSR && WaveformNow,
);

/** The recorder's dialogs (its time limit, a refused microphone): only after a recording (the last nine pages). */
export const RecorderDialog = /*#__PURE__*/ onUse(
  () => import("~/components/studio/RecorderDialog").then((m) => m.RecorderDialog),
  import.meta.env.SSR && RecorderDialogNow,
);
