/**
 * A sentence with emphasised stretches, as an engine that can stress words is given it: each stretch read on its own
 * (the reading rules run on the words, never on the markup) and wrapped in that engine's own tags.
 */
export type EmphasisRange = [start: number, end: number];

export function withEmphasis(
  text: string,
  ranges: readonly EmphasisRange[] | undefined,
  read: (text: string) => string,
  [open, close]: readonly [string, string],
): string {
  if (!ranges || ranges.length === 0) return read(text);
  let out = "";
  // Words apart stay apart; a stretch that ends inside a word (a Korean particle after it) stays joined to it.
  let space = false;
  const piece = (from: number, to: number, wrap: boolean) => {
    const raw = text.slice(from, to);
    if (raw.trim()) {
      const said = read(raw.trim());
      out += (out && (space || /^\s/.test(raw)) ? " " : "") + (wrap ? `${open}${said}${close}` : said);
      space = /\s$/.test(raw);
    } else if (raw) space = true;
  };
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    piece(at, start, false);
    piece(start, end, true);
    at = end;
  }
  piece(at, text.length, false);
  return out;
}
