import { onUse } from "~/components/shell/on-use";
import { AvatarResult as AvatarResultNow } from "./AvatarResult";
import { DeleteAvatarDialog as DeleteAvatarDialogNow } from "./DeleteAvatarDialog";

/**
 * docs/decisions/0050: avatar talk's parts the first paint does not need, loaded when first
 * shown (`onUse`): the server renders them in place; import them from here, never from their own modules.
 */

/** The result step (the avatar speaking, the video letter). */
export const AvatarResult = /*#__PURE__*/ onUse(
  () => import("./AvatarResult").then((m) => m.AvatarResult),
  import.meta.env.SSR && AvatarResultNow,
);

/** Asking before one's own avatar is deleted (`?delete=`). */
export const DeleteAvatarDialog = /*#__PURE__*/ onUse(
  () => import("./DeleteAvatarDialog").then((m) => m.DeleteAvatarDialog),
  import.meta.env.SSR && DeleteAvatarDialogNow,
);
