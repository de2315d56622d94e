import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NativeDialog } from "~/components/shell/Modal";
import { ConfirmDeleteDialog } from "~/components/studio/ConfirmDelete";

/**
 * The TTS editor's dialogs: its confirmations and "leave without saving?". Loaded when first shown (docs/decisions/0050:
 * import them from components/studio/editor-on-use.tsx, never from here), with the `<dialog>` module.
 */

export { UndoBar } from "~/components/studio/ConfirmDelete";

/** A confirmation of the editor (a paragraph, a version): the dialog is rendered from the URL, so it is a real page without JavaScript. */
export function ConfirmDialog({
  name,
  title,
  text,
  closeTo,
  fields,
}: {
  name: string;
  title: string;
  text: string;
  closeTo: string;
  fields: Record<string, string>;
}) {
  return (
    <ConfirmDeleteDialog
      name={name}
      title={title}
      describedBy={`${name}-text`}
      closeTo={closeTo}
      action={closeTo}
      fields={Object.entries(fields)}
    >
      <p id={`${name}-text`} className="line-clamp-4 break-words text-sm text-slate-700">
        {text}
      </p>
    </ConfirmDeleteDialog>
  );
}

/** "Leave without saving?" in the app's native dialog (Escape and the backdrop stay; the focus starts on "stay"). */
export function LeaveDialog({ stay, go }: { stay: () => void; go: () => void }) {
  const { t } = useTranslation("studio");
  // showModal() focuses the first control ("leave"); this effect runs after the dialog's own and moves it to "stay".
  const stayButton = useRef<HTMLButtonElement>(null);
  useEffect(() => stayButton.current?.focus(), []);
  return (
    <NativeDialog alert labelledBy="leave-title" describedBy="leave-text" onDismiss={stay} testId="leave-dialog" className="max-w-md">
      <div className="p-6">
        <h2 id="leave-title" className="text-lg font-bold">
          {t("autosave.leaveTitle")}
        </h2>
        <p id="leave-text" className="mt-3 text-sm text-slate-700">
          {t("autosave.leave")}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={go} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
            {t("autosave.leaveGo")}
          </button>
          <button
            type="button"
            onClick={stay}
            ref={stayButton}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white"
          >
            {t("autosave.leaveStay")}
          </button>
        </div>
      </div>
    </NativeDialog>
  );
}
