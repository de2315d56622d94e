import { onUse } from "~/components/shell/on-use";
import { GenerateStep as GenerateStepNow } from "./CustomGenerateStep";
import { DoneStep as DoneStepNow, ProfileStep as ProfileStepNow } from "./CustomProfileSteps";
import { ProfileStep as OpenProfileStepNow } from "./OpenProfileStep";
import { RecordingStep as RecordingStepNow } from "./OpenRecordingStep";

/**
 * docs/decisions/0050: the voice wizards' steps after the first (custom voice: the
 * files and the creation, the profile, done; the open voice: the recording, the profile), loaded when first shown
 * (`onUse`): the server renders the step in place, the browser loads its code (with the recorder) only on a page
 * that shows it. The first step (the tags, `TagsForm` in Wizard.tsx) stays in the first load. Import these from
 * here, never from their own modules.
 */

/** Custom voice, step 2: the files, the consents, the creation's progress and its failure dialog. */
export const CustomGenerateStep = /*#__PURE__*/ onUse(
  () => import("./CustomGenerateStep").then((m) => m.GenerateStep),
  import.meta.env.SSR && GenerateStepNow,
);

/** Custom voice, step 3: the profile. */
export const CustomProfileStep = /*#__PURE__*/ onUse(
  () => import("./CustomProfileSteps").then((m) => m.ProfileStep),
  import.meta.env.SSR && ProfileStepNow,
);

/** Custom voice, step 4: done. */
export const CustomDoneStep = /*#__PURE__*/ onUse(
  () => import("./CustomProfileSteps").then((m) => m.DoneStep),
  import.meta.env.SSR && DoneStepNow,
);

/** The open voice, step 2: the recording and its check. */
export const OpenRecordingStep = /*#__PURE__*/ onUse(
  () => import("./OpenRecordingStep").then((m) => m.RecordingStep),
  import.meta.env.SSR && RecordingStepNow,
);

/** The open voice, step 3: the profile. */
export const OpenProfileStep = /*#__PURE__*/ onUse(
  () => import("./OpenProfileStep").then((m) => m.ProfileStep),
  import.meta.env.SSR && OpenProfileStepNow,
);
