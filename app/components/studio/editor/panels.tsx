// The TTS editor's panels beside the paragraphs: save state and shortcuts.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ShortcutList } from "../editor-on-use";

export function SaveState({ state, error }: { state: "saving" | "saved" | "failed" | "unsaved"; error: string | null }) {
  const { t } = useTranslation("studio");
  const tone = state === "failed" ? "text-red-700" : state === "saved" ? "text-emerald-700" : "text-slate-600";
  // Autosave starts once the page has hydrated (what the browser tests wait for).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p
      role="status"
      aria-live="polite"
      className={`text-xs font-medium ${tone}`}
      data-testid="save-state"
      data-state={state}
      data-hydrated={hydrated}
    >
      {t(`autosave.${state}`)}
      {error ? <span className="ml-1">{error}</span> : null}
    </p>
  );
}

/**
 * The keys of the editor, which work only with JavaScript: the list is drawn (and its code loaded) when the member
 * opens it.
 */
export function Shortcuts() {
  const { t } = useTranslation("studio");
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2 text-sm text-slate-600" data-testid="shortcuts" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium">{t("keys.title")}</summary>
      {open ? <ShortcutList /> : null}
    </details>
  );
}
