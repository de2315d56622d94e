import { onUse } from "~/components/shell/on-use";
import { EditCommentForm as EditCommentFormNow } from "./EditCommentForm";
import { VoiceDetailDialog as VoiceDetailDialogNow } from "./VoiceDetailDialog";

/**
 * docs/decisions/0050: a voice's page's dialogs, loaded when first shown (`onUse`): the server
 * renders an open dialog in place (a page of its own without JavaScript); the browser loads its code only then.
 */
export const VoiceDetailDialog = /*#__PURE__*/ onUse(
  () => import("./VoiceDetailDialog").then((m) => m.VoiceDetailDialog),
  import.meta.env.SSR && VoiceDetailDialogNow,
);

/** Editing one's comment (`?edit=<id>`), in place of the comment. */
export const EditCommentForm = /*#__PURE__*/ onUse(
  () => import("./EditCommentForm").then((m) => m.EditCommentForm),
  import.meta.env.SSR && EditCommentFormNow,
);
