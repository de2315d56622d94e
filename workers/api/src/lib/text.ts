/**
 * Cutting user text (names, sentences) to a length without splitting a character: by code point,
 * so an emoji or a rare CJK character (outside the BMP: two UTF-16 units) is kept whole or left
 * out, never halved into a lone surrogate that a header (encodeURIComponent) or a file name cannot
 * carry.
 */

const isHighSurrogate = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLowSurrogate = (u: number) => u >= 0xdc00 && u <= 0xdfff;
// (Without the u flag a regex sees UTF-16 units, so it can find the halves of a pair.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** At most `max` code points of `s`; whole code points only. Linear in `max`, not in the length of `s`. */
export function cutCodePoints(s: string, max: number): string {
  if (s.length <= max) return s;
  let units = 0;
  for (let n = 0; n < max && units < s.length; n++)
    units += isHighSurrogate(s.charCodeAt(units)) && isLowSurrogate(s.charCodeAt(units + 1)) ? 2 : 1;
  return s.slice(0, units);
}

/** The text with any lone surrogate (already stored, or sent as a JSON escape) replaced by U+FFFD. */
export const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, "\uFFFD");
