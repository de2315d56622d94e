/**
 * Subtitles of generated speech (the project download's `srt` and `vtt`): a cue per spoken sentence, timed from where
 * the render put it (render.ts `renderPassage`), its words wrapped into lines a player can show.
 */
import type { SpokenSentence } from "#db/schema/types";

export const SUBTITLE_FORMATS = ["srt", "vtt"] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

export const subtitleType: Record<SubtitleFormat, string> = { srt: "application/x-subrip", vtt: "text/vtt; charset=utf-8" };

export type Cue = SpokenSentence;

/** The usual broadcast rule: lines of at most 42 characters, at most two lines a cue. */
export const LINE_CHARS = 42;
export const LINES_PER_CUE = 2;

const length = (text: string) => [...text].length;

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT); hours go past 99 rather than wrap. */
export function timestamp(ms: number, separator: "," | ".") {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const hours = Math.floor(t / 3_600_000);
  const minutes = Math.floor(t / 60_000) % 60;
  const seconds = Math.floor(t / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(t % 1000, 3)}`;
}

/** Words into lines of at most `width` characters; a word longer than a line is cut. */
export function wrap(text: string, width = LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = [...word];
    while (rest.length > width) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, width).join(""));
      rest = rest.slice(width);
      line = "";
    }
    const piece = rest.join("");
    if (!piece) continue;
    if (!line) line = piece;
    else if (length(line) + 1 + rest.length <= width) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A sentence as cues: its lines two by two; a sentence of more than two lines becomes consecutive cues, its time
 * shared in proportion to their characters (each cue ends where the next begins). The text of a cue is its lines
 * joined by "\n".
 */
export function fitCue(cue: Cue): Cue[] {
  const lines = wrap(cue.text);
  if (lines.length === 0) return [];
  if (lines.length <= LINES_PER_CUE) return [{ ...cue, text: lines.join("\n") }];
  const groups: string[][] = [];
  for (let i = 0; i < lines.length; i += LINES_PER_CUE) groups.push(lines.slice(i, i + LINES_PER_CUE));
  const chars = groups.map((g) => g.reduce((n, line) => n + length(line), 0));
  const total = chars.reduce((n, c) => n + c, 0);
  const span = cue.endMs - cue.startMs;
  let before = 0;
  return groups.map((g, i) => {
    const startMs = cue.startMs + Math.round((span * before) / total);
    before += chars[i]!;
    const endMs = i === groups.length - 1 ? cue.endMs : cue.startMs + Math.round((span * before) / total);
    return { startMs, endMs, text: g.join("\n") };
  });
}

/**
 * Cues of a paragraph in a file that starts its audio at `offsetMs` (fractional: a joined file's paragraphs start on a
 * sample, 1/24 ms at the render rate). Audio made before its sentences were recorded is one cue of its whole text,
 * from its start to where its trailing pause begins.
 */
export function placeCues(
  offsetMs: number,
  sentences: SpokenSentence[] | null,
  fallback: { text: string; audioMs: number; pauseMs: number },
): Cue[] {
  const own = sentences ?? [
    { startMs: 0, endMs: Math.max(0, fallback.audioMs - fallback.pauseMs) || fallback.audioMs, text: fallback.text },
  ];
  return own.map((s) => ({ startMs: Math.round(offsetMs + s.startMs), endMs: Math.round(offsetMs + s.endMs), text: s.text }));
}

/** SubRip: a numbered block per cue, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each; CRLF throughout. */
export function srt(cues: Cue[]) {
  return cues
    .flatMap(fitCue)
    .map((c, i) => `${i + 1}\r\n${timestamp(c.startMs, ",")} --> ${timestamp(c.endMs, ",")}\r\n${c.text.replace(/\n/g, "\r\n")}\r\n\r\n`)
    .join("");
}

/** Cue text as WebVTT reads it: `&`, `<` and `>` escaped (so no text can close a cue with `-->` either). */
const vttText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** WebVTT: the `WEBVTT` header, then a block per cue with `HH:MM:SS.mmm` times; LF throughout. */
export function vtt(cues: Cue[]) {
  return `WEBVTT\n\n${cues
    .flatMap(fitCue)
    .map((c) => `${timestamp(c.startMs, ".")} --> ${timestamp(c.endMs, ".")}\n${vttText(c.text)}\n\n`)
    .join("")}`;
}

export const subtitles = (format: SubtitleFormat, cues: Cue[]) => (format === "srt" ? srt(cues) : vtt(cues));
