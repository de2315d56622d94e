import { onUse } from "~/components/shell/on-use";
import { NeedsStarterDialog as NeedsStarterDialogNow, SlotsFullDialog as SlotsFullDialogNow } from "./CustomVoiceDialogs";

/**
 * docs/decisions/0050: the custom voice gates' dialogs (Starter needed, no free slot),
 * loaded when first shown (`onUse`): the server renders an open one in place (a page of its own without JavaScript;
 * React keeps its markup until the code has loaded), so the `<dialog>` module is not in the first load of the pages
 * that may show them (custom voice, the library). Import them from here, never from their own module.
 */

export const NeedsStarterDialog = /*#__PURE__*/ onUse(
  () => import("./CustomVoiceDialogs").then((m) => m.NeedsStarterDialog),
  import.meta.env.SSR && NeedsStarterDialogNow,
);

export const SlotsFullDialog = /*#__PURE__*/ onUse(
  () => import("./CustomVoiceDialogs").then((m) => m.SlotsFullDialog),
  import.meta.env.SSR && SlotsFullDialogNow,
);
