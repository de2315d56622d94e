// The TTS editor's panels beside the paragraphs: save state and shortcuts.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

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

export function Shortcuts() {
  const { t } = useTranslation("studio");
  return (
    <details className="mt-2 text-sm text-slate-600" data-testid="shortcuts">
      <summary className="cursor-pointer font-medium">{t("keys.title")}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>
          <kbd>Alt</kbd>+<kbd>↓</kbd> / <kbd>Alt</kbd>+<kbd>↑</kbd>
        </dt>
        <dd>{t("keys.move")}</dd>
        <dt>
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </dt>
        <dd>{t("keys.generate")}</dd>
        <dt>
          <kbd>Alt</kbd>+<kbd>K</kbd>
        </dt>
        <dd>{t("keys.play")}</dd>
      </dl>
    </details>
  );
}
