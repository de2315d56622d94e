// The TTS editor's keys (flow.ts `editorKeys`), listed when the member opens the list.
import { useTranslation } from "react-i18next";

export function ShortcutList() {
  const { t } = useTranslation("studio");
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      <dt>
        <kbd>Alt</kbd>+<kbd>↓</kbd> / <kbd>Alt</kbd>+<kbd>↑</kbd>
      </dt>
      <dd>{t("keys.move")}</dd>
      <dt>
        <kbd>Enter</kbd>
      </dt>
      <dd>{t("keys.split")}</dd>
      <dt>
        <kbd>Backspace</kbd>
      </dt>
      <dd>{t("keys.merge")}</dd>
      <dt>
        <kbd>↑</kbd> <kbd>↓</kbd> <kbd>←</kbd> <kbd>→</kbd>
      </dt>
      <dd>{t("keys.edge")}</dd>
      <dt>
        <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
      </dt>
      <dd>{t("keys.generate")}</dd>
      <dt>
        <kbd>Alt</kbd>+<kbd>K</kbd>
      </dt>
      <dd>{t("keys.play")}</dd>
    </dl>
  );
}
