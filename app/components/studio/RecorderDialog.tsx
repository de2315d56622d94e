import { NativeDialog } from "~/components/shell/Modal";

/**
 * The recorder's dialogs (its time limit, a microphone refused): shown only after a recording, so loaded on use
 * (`RecorderDialog` in ./on-use, docs/decisions/0050) and the `<dialog>` module with them.
 */
export function RecorderDialog({
  title,
  testId,
  role = "dialog",
  onDismiss,
  children,
}: {
  title: string;
  testId: string;
  role?: "dialog" | "alertdialog";
  /** Escape and the backdrop; none where the member must choose. */
  onDismiss?: () => void;
  children: React.ReactNode;
}) {
  const titleId = `${testId}-title`;
  return (
    <NativeDialog labelledBy={titleId} alert={role === "alertdialog"} onDismiss={onDismiss} testId={testId} className="max-w-md">
      <div className="p-6 text-sm text-slate-700">
        <h2 id={titleId} className="mb-2 text-lg font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </NativeDialog>
  );
}
