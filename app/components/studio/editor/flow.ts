// The editor's keys, loaded when a block first takes the focus (they only matter with JavaScript): the script is one
// document, so Enter splits a block, Backspace at its start merges it into the one above, the arrows at a block's
// edge go on to the next, and the shortcuts of the list (shortcut-list.tsx) generate and play.
import { DEFAULTS, PARAGRAPH_FIELDS, type Row } from "./rows";

const BLOCK = "[data-testid=paragraph]";

export type Splice = (at: number, count: number, ...rows: Omit<Row, "key">[]) => void;

/** A block's fields as the form holds them now (the member may have changed its voice or sliders since it loaded). */
function valuesOf(form: HTMLFormElement, at: number) {
  const data = new FormData(form);
  const row: Omit<Row, "key"> = {};
  for (const field of PARAGRAPH_FIELDS) {
    const value = data.get(`paragraphs[${at}].${field}`);
    if (typeof value === "string" && value !== "") row[field] = value;
  }
  return row;
}

/**
 * After React has drawn the rows: the caret into block `at` at `offset`, and the change told to autosave. A splice made
 * outside an event (a key that waited for this module, "+ add" after its import) is drawn in a later task, which may
 * come after the next frame: the block is looked for again, a few frames at most.
 */
function placeCaret(form: HTMLFormElement, at: number, offset: number, frames = 10) {
  requestAnimationFrame(() => {
    const text = form.querySelectorAll<HTMLElement>(BLOCK)[at]?.querySelector("textarea");
    if (!text) {
      if (frames > 0) placeCaret(form, at, offset, frames - 1);
      return;
    }
    text.focus();
    text.setSelectionRange(offset, offset);
    // The form's rows changed without a keystroke in a field: autosave listens for input.
    text.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** "+ add" with JavaScript: a block at the end with the last block's voice and language, and the caret in it. */
export function addBlock(form: HTMLFormElement, splice: Splice) {
  const at = form.querySelectorAll(BLOCK).length;
  const { voice_id, lang } = valuesOf(form, at - 1);
  splice(at, 0, { ...DEFAULTS, voice_id, lang });
  placeCaret(form, at, 0);
}

/** Two texts as one: a space between them unless one already ends or starts with one. */
const joined = (a: string, b: string) => (a && b && !/\s$/.test(a) && !/^\s/.test(b) ? `${a} ${b}` : a + b);

export function editorKeys(e: React.KeyboardEvent<HTMLFormElement>, splice: Splice) {
  const form = e.currentTarget;
  const current = (e.target as HTMLElement).closest<HTMLElement>(BLOCK);
  // A key that finishes an input method's composition (Korean is typed that way) belongs to it.
  if (!current || e.nativeEvent.isComposing || e.keyCode === 229) return;
  const all = [...form.querySelectorAll<HTMLElement>(BLOCK)];
  const at = all.indexOf(current);
  const focus = (to: number, where: "start" | "end") => {
    const text = all[to]?.querySelector("textarea");
    if (!text) return;
    e.preventDefault();
    text.focus();
    const offset = where === "start" ? 0 : text.value.length;
    text.setSelectionRange(offset, offset);
  };
  const mod = e.ctrlKey || e.metaKey;
  if (e.altKey && (e.key === "ArrowDown" || e.key === "ArrowUp")) return focus(at + (e.key === "ArrowDown" ? 1 : -1), "start");
  if (mod && e.key === "Enter") {
    e.preventDefault();
    current.querySelector<HTMLButtonElement>("button[name=generate]")?.click();
    return;
  }
  if (e.altKey && (e.key === "k" || e.key === "K" || e.code === "KeyK")) {
    e.preventDefault();
    // The audio element itself, whether or not the waveform has drawn yet: the waveform follows its play and pause
    // events, so its button never disagrees with what plays.
    const audio = current.querySelector<HTMLAudioElement>("[data-testid=paragraph-audio] audio");
    if (audio) void (audio.paused ? audio.play() : audio.pause());
    return;
  }
  const text = e.target;
  if (!(text instanceof HTMLTextAreaElement) || e.altKey || mod) return;
  const { selectionStart: from, selectionEnd: to, value } = text;
  const collapsed = from === to;
  if (e.key === "Enter" && !e.shiftKey) {
    // The block's text before the caret stays with it (and its id, so its audio and takes); the rest starts a block
    // with the same voice and settings. A selection is replaced, as Enter replaces it in any text.
    e.preventDefault();
    const row = valuesOf(form, at);
    const { id: _id, ...settings } = row;
    splice(at, 1, { ...row, text: value.slice(0, from).trimEnd() }, { ...settings, text: value.slice(to).trimStart() });
    placeCaret(form, at + 1, 0);
  } else if (e.key === "Backspace" && collapsed && from === 0 && at > 0) {
    // Into the block above, which keeps its id, voice and settings; the caret where the two texts meet.
    e.preventDefault();
    const above = valuesOf(form, at - 1);
    const before = String(above.text ?? "");
    const both = joined(before, value);
    splice(at - 1, 2, { ...above, text: both });
    placeCaret(form, at - 1, both.length - value.length);
  } else if ((e.key === "ArrowUp" || e.key === "ArrowLeft") && collapsed && from === 0 && at > 0) focus(at - 1, "end");
  else if ((e.key === "ArrowDown" || e.key === "ArrowRight") && collapsed && to === value.length && at < all.length - 1)
    focus(at + 1, "start");
}
