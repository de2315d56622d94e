import { onUse } from "~/components/shell/on-use";
import { BeforeAfter as BeforeAfterNow } from "~/components/studio/BeforeAfter";
import { RecordOrUpload as RecordOrUploadNow } from "~/components/studio/StsSteps";
import { SourceCheck as SourceCheckNow, VoiceChoice as VoiceChoiceNow, VoiceSearch as VoiceSearchNow } from "~/components/studio/StsChoice";
import { ProcessStep as ProcessStepNow } from "~/components/studio/StsProcess";

/**
 * docs/decisions/0050: the STS-shaped wizards' steps after the first (the STS studio, avatar
 * talk, the shorts), loaded when first shown (`onUse`): the server renders the step in place, the browser loads its
 * code only on a page that shows it. The first step (record or upload, StsSteps.tsx) stays in the first load.
 * Import these from here, never from their own modules.
 */

/**
 * Record or upload, where it is not the page's first step (avatar talk, the shorts: after choosing an avatar or a
 * template), with the recorder. The STS studio, whose first step it is, imports it from StsSteps.tsx.
 */
export const RecordOrUploadLater = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsSteps").then((m) => m.RecordOrUpload),
  import.meta.env.SSR && RecordOrUploadNow,
);

/** The file check (step 2). */
export const SourceCheck = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsChoice").then((m) => m.SourceCheck),
  import.meta.env.SSR && SourceCheckNow,
);

/** Choose a voice (step 3), with the voice picker. */
export const VoiceChoice = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsChoice").then((m) => m.VoiceChoice),
  import.meta.env.SSR && VoiceChoiceNow,
);

/** The conversion's progress (step 4). */
export const ProcessStep = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsProcess").then((m) => m.ProcessStep),
  import.meta.env.SSR && ProcessStepNow,
);

/** Before and after (the STS studio's result). */
export const BeforeAfter = /*#__PURE__*/ onUse(
  () => import("~/components/studio/BeforeAfter").then((m) => m.BeforeAfter),
  import.meta.env.SSR && BeforeAfterNow,
);

/** The voice step's search of the library (with the voice picker's module, so not in the first load of the STS studio). */
export const VoiceSearch = /*#__PURE__*/ onUse(
  () => import("~/components/studio/StsChoice").then((m) => m.VoiceSearch),
  import.meta.env.SSR && VoiceSearchNow,
);
