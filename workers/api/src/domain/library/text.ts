// Member text of the library (comments, report descriptions): line breaks kept, everything else that is a
// control or bidi character removed, lone surrogates made safe, length counted in code points.
import { wellFormed } from "../../lib/text";

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text as stored: CRLF as LF, no controls but line breaks, at most one empty line in a row, trimmed. */
export const memberText = (raw: string) =>
  wellFormed(raw)
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS_BUT_NEWLINE, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** Code points of `s`, counted without building an array. */
export function codePoints(s: string) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
