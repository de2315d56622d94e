import { onUse } from "~/components/shell/on-use";
import { ResultStep as ResultStepNow } from "~/components/studio/StsResult";

/**
 * Issue 19 (docs/decisions/0050, thirteenth session): the STS studio's result (audio, downloads, the still-image
 * letter, sharing, the review), loaded when first shown (`onUse`), like the steps in ./sts-on-use (which it imports,
 * so it has a module of its own). Import it from here, never from StsResult.tsx.
 */
export const StsResult = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsResult").then((m) => m.ResultStep),
  import.meta.env.SSR && ResultStepNow,
);
