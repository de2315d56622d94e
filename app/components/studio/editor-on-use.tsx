import { onUse } from "~/components/shell/on-use";
import { ConfirmDialog as ConfirmDialogNow, LeaveDialog as LeaveDialogNow, UndoBar as UndoBarNow } from "./EditorDialogs";
import { BlockBar as BlockBarNow } from "./editor/block-bar";
import { Conflict as ConflictNow } from "./editor/conflict";
import { ParagraphAudio as ParagraphAudioNow, Pronunciation as PronunciationNow } from "./editor/paragraph-parts";
import { LanguageOffer as LanguageOfferNow } from "./editor/language-offer";
import { ShortcutList as ShortcutListNow } from "./editor/shortcut-list";
import { MarkButtons as MarkButtonsNow, MarkChips as MarkChipsNow } from "./editor/marks";
import { ProjectAudio as ProjectAudioNow, Versions as VersionsNow } from "./editor/project-panels";
import { LoadFailed as LoadFailedNow } from "./LoadFailed";

/**
 * docs/decisions/0050: the TTS editor's parts shown only after a click or an answer (a
 * confirmation opened by `?confirm=`, "deleted, undo", "leave without saving?"), loaded when first shown (`onUse`):
 * the server renders an open one in place (a page of its own without JavaScript), so the `<dialog>` module and the
 * delete confirmation are not in the editor's first load. Import them from here, never from their own modules.
 */

/** A confirmation of the editor (a paragraph, a version), rendered from the URL. */
export const ConfirmDialog = /*#__PURE__*/ onUse(
  () => import("./EditorDialogs").then((m) => m.ConfirmDialog),
  import.meta.env.SSR && ConfirmDialogNow,
);

/** "Deleted. Undo", after a delete. */
export const UndoBar = /*#__PURE__*/ onUse(() => import("./EditorDialogs").then((m) => m.UndoBar), import.meta.env.SSR && UndoBarNow);

/** "Leave without saving?" when a link in the app would drop unsaved changes (only with JavaScript). */
export const LeaveDialog = /*#__PURE__*/ onUse(
  () => import("./EditorDialogs").then((m) => m.LeaveDialog),
  import.meta.env.SSR && LeaveDialogNow,
);

/** The version history, below the paragraphs. */
export const Versions = /*#__PURE__*/ onUse(
  () => import("./editor/project-panels").then((m) => m.Versions),
  import.meta.env.SSR && VersionsNow,
);

/** The whole project's player and download form, shown once a sentence has audio. */
export const ProjectAudio = /*#__PURE__*/ onUse(
  () => import("./editor/project-panels").then((m) => m.ProjectAudio),
  import.meta.env.SSR && ProjectAudioNow,
);

/** The offer to switch a paragraph to the language its text is written in. */
export const LanguageOffer = /*#__PURE__*/ onUse(
  () => import("./editor/language-offer").then((m) => m.LanguageOffer),
  import.meta.env.SSR && LanguageOfferNow,
);

/** A paragraph's pause and emphasis marks as chips, once its text has one. */
export const MarkChips = /*#__PURE__*/ onUse(() => import("./editor/marks").then((m) => m.MarkChips), import.meta.env.SSR && MarkChipsNow);

/** The pause and emphasis buttons of a paragraph whose text is being edited. */
export const MarkButtons = /*#__PURE__*/ onUse(
  () => import("./editor/marks").then((m) => m.MarkButtons),
  import.meta.env.SSR && MarkButtonsNow,
);

/** "Saved elsewhere first": reload or overwrite. */
export const Conflict = /*#__PURE__*/ onUse(() => import("./editor/conflict").then((m) => m.Conflict), import.meta.env.SSR && ConflictNow);

/** The editor's keys, once the member opens their list. */
export const ShortcutList = /*#__PURE__*/ onUse(
  () => import("./editor/shortcut-list").then((m) => m.ShortcutList),
  import.meta.env.SSR && ShortcutListNow,
);

/** The bar that sets the voice and settings of the block being edited, once a block has the focus. */
export const BlockBar = /*#__PURE__*/ onUse(() => import("./editor/block-bar").then((m) => m.BlockBar), import.meta.env.SSR && BlockBarNow);

/** A block's player, downloads and takes, once it has audio. */
export const ParagraphAudio = /*#__PURE__*/ onUse(
  () => import("./editor/paragraph-parts").then((m) => m.ParagraphAudio),
  import.meta.env.SSR && ParagraphAudioNow,
);

/** What the engine reads for a block, after "Show pronunciation". */
export const Pronunciation = /*#__PURE__*/ onUse(
  () => import("./editor/paragraph-parts").then((m) => m.Pronunciation),
  import.meta.env.SSR && PronunciationNow,
);

/** A project that cannot be loaded: back to the list, or try again. */
export const LoadFailed = /*#__PURE__*/ onUse(() => import("./LoadFailed").then((m) => m.LoadFailed), import.meta.env.SSR && LoadFailedNow);
