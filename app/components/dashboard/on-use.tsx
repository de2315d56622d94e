import { onUse } from "~/components/shell/on-use";
import { VoiceSlotAlert as VoiceSlotAlertNow } from "./VoiceSlotAlert";

/**
 * The blocking voice-slot alert, loaded on use (docs/decisions/0050): shown only while a plan change left more custom
 * voices than slots, so the frame of every dashboard page does not load it (nor the dialog under it) otherwise.
 */
export const VoiceSlotAlert = /*#__PURE__*/ onUse(
  () => import("./VoiceSlotAlert").then((m) => m.VoiceSlotAlert),
  import.meta.env.SSR && VoiceSlotAlertNow,
);
