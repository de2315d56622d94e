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

/** The sliders' ranges (spec section 9: pitch 48 steps from -24 to 24; the api's limits). */
export const RANGES = {
  pitch: { min: -24, max: 24, step: 1, unit: "" },
  tempo: { min: 0.5, max: 2, step: 0.05, unit: "×" },
  pause_ms: { min: 0, max: 10_000, step: 50, unit: "ms" },
} as const;
/**
 * The paragraphs of the form (docs/decisions/0059): what the action echoed after a page post (without
 * JavaScript: a refused save, "+ add", whose insert the action applied), else the saved ones; from the start again when
 * the form's id changes (`formKey`). With JavaScript, "+ add" and the keys add, split and merge blocks
 * here (`splice`); `setIds` puts the ids a save gave new paragraphs into their rows.
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
  /** Puts `rows` in place of `count` rows from `at` (a block split in two, two blocks merged), each as a new row. */
  const splice = (at: number, count: number, ...rows: Omit<Row, "key">[]) =>
    setState((s) => ({
      ...s,
      added: s.added + rows.length,
      rows: [
        ...s.rows.slice(0, at),
        ...rows.map((row, i) => ({ ...row, key: `${s.formId}-new-${s.added + i}` })),
        ...s.rows.slice(at + count),
      ],
    }));
  return {
    rows: current.rows,
    splice,
    setIds: (ids: string[]) =>
      setState((s) => ({ ...s, rows: s.rows.map((r, i) => (ids[i] && r.id !== ids[i] ? { ...r, id: ids[i] } : r)) })),
  };
}
