import { onUse } from "~/components/shell/on-use";
import { LoadFailed as LoadFailedNow } from "~/components/studio/LoadFailed";
import { ResultStep as ResultStepNow } from "~/components/studio/StsResult";

/**
 * docs/decisions/0050: the STS studio's parts that are not its first step, loaded when
 * first shown (`onUse`), like the steps in ./sts-on-use (which StsResult.tsx imports, so these have a module of their
 * own): the result, and the page shown when a project cannot be loaded. Import them from here, never from their own
 * modules.
 */

/** The result: audio, downloads, the still-image letter, sharing, the review. */
export const StsResult = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsResult").then((m) => m.ResultStep),
  import.meta.env.SSR && ResultStepNow,
);

/** Spec section 8: a project (or its recording, job or result) that cannot be loaded (the route's error boundary). */
export const LoadFailed = /*#__PURE__*/ onUse(
  () => import("~/components/studio/LoadFailed").then((m) => m.LoadFailed),
  import.meta.env.SSR && LoadFailedNow,
);
