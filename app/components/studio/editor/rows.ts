// The editor's rows: the paragraphs of the form as it holds them (docs/decisions/0059).
import { useState } from "react";
import type { TtsParagraph } from "~/lib/studio-schemas";

/** A short, stable fingerprint of a string (djb2), for form ids. */
export const shortHash = (text: string) => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
};

/**
 * A paragraph as the form holds it: a saved one, or one the page sent and the action echoed (values as text); `key`
 * names its row for React.
 */
export type Row = { key: string } & Partial<Record<(typeof PARAGRAPH_FIELDS)[number], string | number>>;
export const PARAGRAPH_FIELDS = ["id", "text", "voice_id", "style", "lang", "pitch", "tempo", "pause_ms"] as const;
/** A new paragraph's settings (the schema's defaults); its voice and language are the last paragraph's. */
export const DEFAULTS = { text: "", style: "neutral", pitch: "0", tempo: "1", pause_ms: "300" } as const;

/**
 * The paragraphs of the form (docs/decisions/0059): what the action echoed after a page post (without
 * JavaScript: a refused save, "+ add", whose insert the action applied), else the saved ones; from the start again when
 * the form's id changes (`formKey`). "+ add" with JavaScript appends here; `setIds` puts the ids a save gave new
 * paragraphs into their rows.
 */
export function useRows(formId: string, echoed: unknown, saved: TtsParagraph[]) {
  const start = () =>
    (Array.isArray(echoed) && echoed.length ? (echoed as Row[]) : saved).map((p, i) => {
      const row: Row = { key: `${formId}-${i}` };
      for (const name of PARAGRAPH_FIELDS) if (p[name] != null) row[name] = p[name];
      return row;
    });
  const [state, setState] = useState(() => ({ formId, rows: start(), added: 0 }));
  let current = state;
  if (state.formId !== formId) {
    current = { formId, rows: start(), added: 0 };
    setState(current);
  }
  return {
    rows: current.rows,
    add: (row: Omit<Row, "key">) =>
      setState((s) => ({ ...s, added: s.added + 1, rows: [...s.rows, { ...row, key: `${s.formId}-new-${s.added}` }] })),
    setIds: (ids: string[]) =>
      setState((s) => ({ ...s, rows: s.rows.map((r, i) => (ids[i] && r.id !== ids[i] ? { ...r, id: ids[i] } : r)) })),
  };
}
