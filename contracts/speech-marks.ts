// The member's marks as the editor shows them (app/components/studio/editor/marks.tsx), apart from the text rules so
// that the editor's first load does not carry them: they are drawn only once a paragraph has a mark.
import { EMPHASIS_MARK, markPauseMs, PAUSE_MARK } from "./speech-text";

/** The text as the editor shows it: words, pause marks with their length, emphasised words. */
export type MarkToken = { text: string } | { pauseMs: number } | { emphasis: string };

/** The member's text in words and marks, in order (an emphasis left open runs to the end). Linear in the text. */
export function markTokens(text: string): MarkToken[] {
  const out: MarkToken[] = [];
  let emphasis: string | null = null;
  const words = (piece: string) => {
    if (!piece) return;
    if (emphasis !== null) emphasis += piece;
    else out.push({ text: piece });
  };
  const close = () => {
    if (emphasis) out.push({ emphasis });
    emphasis = null;
  };
  let at = 0;
  for (const m of text.matchAll(new RegExp(`${PAUSE_MARK.source}|${EMPHASIS_MARK.source}`, "giu"))) {
    words(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) {
      close();
      out.push({ pauseMs: markPauseMs(m[1], m[2]) });
    } else if (m[3]) close();
    else if (emphasis === null) emphasis = "";
  }
  words(text.slice(at));
  close();
  return out;
}
