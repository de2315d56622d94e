/**
 * The TTS text rules (spec sections 5 and 9): at most 500 characters a generation; the punctuation
 * . , ... ! ? is read; a newline adds a pause, and so do 5 or more consecutive spaces.
 *
 * Besides letters of any script and digits, the words themselves may carry an apostrophe (don't),
 * a hyphen (well-known) and a percent sign (50%): English needs them, and they are part of words,
 * not punctuation to read. The signs the engine's normaliser reads aloud are allowed too (issue 15:
 * money $ ₩ € £ ¥, times and dates : /, ranges ~, & + =, degrees ° ℃). Anything else is refused with the
 * characters named, rather than dropped without a word.
 */
export const MAX_CHARACTERS_PER_GENERATION = 500;
/** The pause a line break adds. */
export const NEWLINE_PAUSE_MS = 500;
/** 5 or more spaces add a pause of this much per space (5 spaces: 500 ms), at most MAX_SPACE_PAUSE_MS. */
export const SPACE_PAUSE_MS_PER_SPACE = 100;
export const MAX_SPACE_PAUSE_MS = 3000;

export type Segment = { text: string } | { pauseMs: number };

const ALLOWED = /[\p{L}\p{M}\p{N}\s.,!?'’%\-$₩€£¥:/~～〜&+=°℃]/u;
const PAUSE = /\r?\n| {5,}/g;

/** The characters that cannot be read, each once, in order of appearance. */
export function invalidCharacters(text: string) {
  return [...new Set([...text].filter((ch) => !ALLOWED.test(ch)))];
}

/** The text to speak and the pauses between, in order; empty pieces are dropped and adjacent pauses add up. */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  const push = (s: Segment) => {
    const prev = out[out.length - 1];
    if ("pauseMs" in s && prev && "pauseMs" in prev) prev.pauseMs += s.pauseMs;
    else out.push(s);
  };
  for (const m of text.matchAll(PAUSE)) {
    const piece = text.slice(last, m.index).trim();
    if (piece) push({ text: piece });
    const pauseMs = m[0].includes("\n") ? NEWLINE_PAUSE_MS : Math.min(m[0].length * SPACE_PAUSE_MS_PER_SPACE, MAX_SPACE_PAUSE_MS);
    if (out.length > 0) push({ pauseMs });
    last = m.index + m[0].length;
  }
  const tail = text.slice(last).trim();
  if (tail) push({ text: tail });
  // A pause at the very end adds nothing to the speech.
  if (out.length > 0 && "pauseMs" in out[out.length - 1]!) out.pop();
  return out;
}

/** The characters a generation costs: every character that is read (pauses and surrounding spaces are free). */
export function characterCount(text: string) {
  return segments(text).reduce((n, s) => n + ("text" in s ? [...s.text].length : 0), 0);
}

export type TextProblem = { code: "empty" } | { code: "too-long"; max: number } | { code: "invalid"; chars: string[] };

/** The first rule the text breaks, or null when it can be generated. */
export function checkText(text: string): TextProblem | null {
  const bad = invalidCharacters(text);
  if (bad.length > 0) return { code: "invalid", chars: bad };
  const count = characterCount(text);
  if (count === 0) return { code: "empty" };
  if (count > MAX_CHARACTERS_PER_GENERATION) return { code: "too-long", max: MAX_CHARACTERS_PER_GENERATION };
  return null;
}
