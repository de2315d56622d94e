// A paragraph's pause and emphasis marks shown as chips under its text (contracts/speech-text.ts reads them).
import { useTranslation } from "react-i18next";
import { markTokens } from "#contracts/speech-marks";

/** The text as it will be spoken: pauses as chips with their length, emphasised words highlighted. */
export function MarkChips({ text }: { text: string }) {
  const { t } = useTranslation("studio");
  return (
    <p
      className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 text-sm leading-7 text-slate-700"
      data-testid="mark-chips"
    >
      <span className="sr-only">{t("editor.marks.shown")} </span>
      {markTokens(text).map((token, i) =>
        "pauseMs" in token ? (
          <span
            key={i}
            className="mx-0.5 inline-flex items-center rounded-full bg-sky-100 px-2 align-baseline text-xs font-medium leading-5 text-sky-800"
            data-testid="pause-chip"
          >
            {t("editor.marks.pause", { seconds: token.pauseMs / 1000 })}
          </span>
        ) : "emphasis" in token ? (
          <strong key={i} className="rounded bg-amber-100 px-1 font-semibold text-amber-900" data-testid="emphasis-chip">
            <span className="sr-only">{t("editor.marks.emphasis")} </span>
            {token.emphasis}
          </strong>
        ) : (
          <span key={i}>{token.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * With JavaScript, once the text is being edited: a pause at the cursor, and emphasis around the selected words,
 * written as the marks a member can also type (the hint under the paragraphs says how). The text box stays the form's
 * field, so autosave sees the change.
 */
export function MarkButtons({ textId }: { textId: string }) {
  const { t } = useTranslation("studio");
  const mark = (before: string, after: string) => {
    const box = document.getElementById(textId) as HTMLTextAreaElement | null;
    if (!box) return;
    const { selectionStart: start, selectionEnd: end } = box;
    box.setRangeText(`${before}${box.value.slice(start, end)}${after}`, start, end, "end");
    // Emphasis with nothing selected: the cursor between its two marks, to type the words.
    if (start === end && after) box.setSelectionRange(start + before.length, start + before.length);
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.focus();
  };
  const button = "rounded border border-slate-300 px-1.5 py-0.5 text-slate-700";
  return (
    <span className="flex gap-1.5">
      <button type="button" className={button} onClick={() => mark(t("editor.marks.pauseMark"), "")} data-testid="insert-pause">
        {t("editor.marks.insertPause")}
      </button>
      <button
        type="button"
        className={button}
        onClick={() => mark(t("editor.marks.emphasisOpen"), t("editor.marks.emphasisClose"))}
        data-testid="insert-emphasis"
      >
        {t("editor.marks.insertEmphasis")}
      </button>
    </span>
  );
}
