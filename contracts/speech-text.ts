/**
 * The TTS text rules (spec sections 5 and 9,; docs/decisions/0037): the one module the api (saves,
 * imports, generations, counts) and the editor's live count use.
 *
 * At most 500 characters a generation; the punctuation . , ... ! ? is read; a newline adds a pause, and so do
 * 5 or more consecutive spaces. Text as people type it is read rather than refused (`speakable`):
 * - quotes (straight and curly, 「」『』《》〈〉«») are not read; the words inside them are;
 * - "…" and "⋯" (what phones type for "...") become "...", full-width and CJK punctuation its ASCII twin,
 *   ";" and dashes a comma's pause, "‼" "!", "⁉" "?!";
 * - brackets () [ ] { } 【 】 are a pause before their words (and after, unless a particle follows:
 *   "가격(부가세 포함)은" is read "가격, 부가세 포함은"); "(주)" and "㈜" are read 주식회사;
 * - emoji (with their joiners, skin tones, flags and keycaps) and decorations (★ ♪ ※ • * # _ |) are
 *   dropped; invisible format and control characters too; tabs and other spaces are spaces.
 * Besides letters of any script and digits, the words may carry an apostrophe (don't), a hyphen
 * (well-known) and a percent sign (50%), and the signs the engine's normaliser reads aloud (
 * money $ ₩ € £ ¥, times and dates : /, ranges ~, & + =, degrees ° ℃). What is left beyond those cannot be
 * spoken (@ < > ^ \ § and the like) and is refused with the characters named.
 *
 * Two marks shape the reading and are never read or counted: a pause of a given length, `[pause 1.5s]`,
 * `[pause 800ms]` or `[쉼 1.5초]` (at most MAX_MARK_PAUSE_MS; longer is that much), and emphasis, `[em]words[/em]` or
 * `[강조]words[/강조]`, which the engines that can stress words honour (the embedded engine, cloned voices).
 */
export const MAX_CHARACTERS_PER_GENERATION = 500;
/** Largest imported script (a .txt file on the studio's project list). */
export const IMPORT_MAX_BYTES = 256 * 1024;
/** The pause a line break adds. */
export const NEWLINE_PAUSE_MS = 500;
/** 5 or more spaces add a pause of this much per space (5 spaces: 500 ms), at most MAX_SPACE_PAUSE_MS. */
export const SPACE_PAUSE_MS_PER_SPACE = 100;
export const MAX_SPACE_PAUSE_MS = 3000;

/** The longest pause one mark makes. */
export const MAX_MARK_PAUSE_MS = 5000;

export type Segment = { text: string } | { pauseMs: number };

/**
 * Inside `speakable`'s output the marks are characters of the private use area, which nothing typed keeps (typed ones are
 * dropped first): emphasis opens and closes, and a pause mark is its milliseconds between PAUSE_OPEN and PAUSE_CLOSE.
 */
export const EMPHASIS_OPEN = "\uE000";
export const EMPHASIS_CLOSE = "\uE001";
const PAUSE_OPEN = "\uE002";
const PAUSE_CLOSE = "\uE003";
const MARK_CHARS = /[\uE000-\uE003]/g;
/** Bounded digits, so a mark's length is read in constant time whatever is typed. */
export const PAUSE_MARK = /\[ ?(?:pause|쉼) ?(\d{1,5}(?:\.\d{1,3})?) ?(ms|s|초|sec)? ?\]/giu;
export const EMPHASIS_MARK = /\[(\/?)(?:em|강조)\]/giu;

const ALLOWED = /[\p{L}\p{M}\p{N}\s.,!?'’%\-$₩€£¥:/~～〜&+=°℃\uE000-\uE003]/u;
const PAUSE = /\r?\n| {5,}|\uE002(\d+)\uE003/g;

/** A pause mark's length in milliseconds (a bare number is seconds), at most MAX_MARK_PAUSE_MS. */
export function markPauseMs(amount: string, unit: string | undefined) {
  const ms = unit?.toLowerCase() === "ms" ? Number(amount) : Number(amount) * 1000;
  return Math.min(MAX_MARK_PAUSE_MS, Math.round(ms));
}

/** The marks as `speakable` keeps them: typed private-use characters dropped, then each mark as its characters. */
const withMarks = (text: string) =>
  text
    .replace(MARK_CHARS, "")
    .replace(PAUSE_MARK, (_, amount: string, unit?: string) => ` ${PAUSE_OPEN}${markPauseMs(amount, unit)}${PAUSE_CLOSE} `)
    .replace(EMPHASIS_MARK, (_, close: string) => (close ? EMPHASIS_CLOSE : EMPHASIS_OPEN));

/** Whether the text holds a mark the editor shows as a chip. */
export const hasMarks = (text: string) => new RegExp(`${PAUSE_MARK.source}|\\[(?:em|강조)\\]`, "iu").test(text);

/** Text without its emphasis marks (what an engine that cannot stress words is given). */
export const withoutEmphasis = (text: string) => text.replace(/[\uE000\uE001]/g, "");

/**
 * A sentence's text without its emphasis marks and where they were, as [start, end) ranges in it. `open` says the
 * sentence begins inside an emphasis opened in an earlier one; `endsOpen` that it ends inside one.
 */
export function emphasisRanges(sentence: string, open = false) {
  const ranges: [number, number][] = [];
  let text = "";
  let start = open ? 0 : -1;
  for (const ch of sentence) {
    if (ch === EMPHASIS_OPEN) {
      if (start < 0) start = text.length;
    } else if (ch === EMPHASIS_CLOSE) {
      if (start >= 0 && text.length > start) ranges.push([start, text.length]);
      start = -1;
    } else text += ch;
  }
  if (start >= 0 && text.length > start) ranges.push([start, text.length]);
  return { text, ranges, endsOpen: start >= 0 };
}

/** Single characters replaced by what is read in their place. */
const PUNCTUATION: Record<string, string> = {
  "…": "...",
  "⋯": "...",
  "‥": "..",
  "。": ".",
  "．": ".",
  "、": ",",
  "，": ",",
  "！": "!",
  "？": "?",
  "：": ":",
  "；": ",",
  ";": ",",
  "‼": "!",
  "⁉": "?!",
  "‐": "-",
  "‑": "-",
  "％": "%",
};
const PUNCTUATION_RE = new RegExp(`[${Object.keys(PUNCTUATION).join("")}]`, "g");
/** Quotes are not read: what they quote is. ’ stays (an apostrophe: don’t). */
const QUOTES = /["“”„‟‘‚‛«»「」『』《》〈〉＂]/g;
const OPEN_BRACKETS = /[([{【〔（［｛]/g;
const CLOSE_BRACKETS = /[)\]}】〕）］｝]/g;
/** Emoji and what only decorates them: joiners, variation selectors, skin tones, regional indicators (flags), keycaps. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}]|\uFE0E|\uFE0F|\u20E3/gu;
/** Marks that decorate a line rather than say something. */
const DECORATIONS = /[★☆♪♫♬♩※•◦·*#_|■□▲△▼▽◆◇○●◎→←↑↓⇒]/g;

/**
 * Control characters other than line breaks and tabs (NUL, escape, C1) and the bidi controls (U+061C,
 * U+200E-U+200F, U+202A-U+202E, U+2066-U+2069): never read, and in a saved or listed text a NUL can cut it short
 * in another program and a U+202E shows the rest of the line backwards.
 */
const CONTROL_OR_BIDI = /[^\P{Cc}\n\r\t]|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** TTS text as the api keeps it (saved paragraphs, a generation's text): typed text without control and bidi characters. */
export const withoutControls = (text: string): string => text.replace(CONTROL_OR_BIDI, "");

/** The text as it will be read: see the head of this file. Linear in the text's length. */
export function speakable(text: string): string {
  // Every pattern with a run (\s*, +) starts only where that run starts ((?<!...)), so no input makes it quadratic.
  return (
    withMarks(withoutControls(text))
      // Invisible: the other format characters (zero-width joiners and spaces, BOM, tags).
      .replace(/\p{Cf}/gu, "")
      .replace(/[\t\p{Zs}]/gu, " ")
      .replace(PUNCTUATION_RE, (ch) => PUNCTUATION[ch]!)
      .replace(EMOJI, "")
      .replace(/㈜|\(주\)|（주）/g, "주식회사 ")
      // A dash between numbers is a range (3–5); otherwise a pause.
      .replace(/(\d) ?[–—―] ?(?=\d)/g, "$1~")
      .replace(/(?<! ) *[–—―]+ */g, ", ")
      // A middle dot between numbers separates them (3·1절); between words it lists them.
      .replace(/(\d)[·ㆍ・](?=\d)/g, "$1 ")
      .replace(/(?<! ) *[ㆍ・] */g, ", ")
      .replace(/(\p{L})·(?=\p{L})/gu, "$1, ")
      // ‘quoted’ words lose both marks; a lone ’ is an apostrophe (don’t).
      .replace(/‘([^‘’\n]*)’/g, "$1")
      .replace(QUOTES, "")
      .replace(DECORATIONS, "")
      .replace(OPEN_BRACKETS, ", ")
      // A closing bracket right before a letter (a Korean particle) is not a pause.
      .replace(/(?<! ) *[)\]}】〕）］｝](?=\p{L})/gu, "")
      .replace(CLOSE_BRACKETS, ",")
      // Tidy the commas the pauses made: none at the start or end of a line, none twice, none before other punctuation.
      .replace(/(?<! ) +,/g, ",")
      .replace(/,(?:[ ,]*,)?/g, ",")
      .replace(/, *([.!?])/g, "$1")
      .replace(/(^|\n) *, */g, "$1")
      .replace(/,(?=\n)/g, "")
      .replace(/,(?=[^\s\d])/g, ", ")
      .replace(/^\s+|(?<![\s,])[\s,]+$/g, "")
  );
}

/** The characters that cannot be read, each once, in order of appearance (after `speakable`). */
export function invalidCharacters(text: string) {
  return [...new Set([...speakable(text)].filter((ch) => !ALLOWED.test(ch)))];
}

/** The text to speak and the pauses between, in order; empty pieces are dropped and adjacent pauses add up. */
export function segments(input: string): Segment[] {
  const text = speakable(input);
  const out: Segment[] = [];
  let last = 0;
  const push = (s: Segment) => {
    const prev = out[out.length - 1];
    if ("pauseMs" in s && prev && "pauseMs" in prev) prev.pauseMs += s.pauseMs;
    else out.push(s);
  };
  for (const m of text.matchAll(PAUSE)) {
    const piece = text.slice(last, m.index).trim();
    if (piece && /[\p{L}\p{N}]/u.test(piece)) push({ text: piece });
    const pauseMs =
      m[1] !== undefined
        ? Number(m[1])
        : m[0].includes("\n")
          ? NEWLINE_PAUSE_MS
          : Math.min(m[0].length * SPACE_PAUSE_MS_PER_SPACE, MAX_SPACE_PAUSE_MS);
    if (out.length > 0) push({ pauseMs });
    last = m.index + m[0].length;
  }
  const tail = text.slice(last).trim();
  if (tail && /[\p{L}\p{N}]/u.test(tail)) push({ text: tail });
  // A pause at the very end adds nothing to the speech.
  if (out.length > 0 && "pauseMs" in out[out.length - 1]!) out.pop();
  return out;
}

/**
 * Abbreviations whose full stop ends no sentence (as they are written: "He sat." ends one, "Sat." of a date does not),
 * and a single capital (U.S., J. Smith). A stop not split at only makes a longer first part; a wrong split would break a
 * sentence's intonation, so the list errs toward not splitting.
 */
const NO_SENTENCE_END =
  /(?:^|[\s(.])(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Ft|No|Nos|Vol|vs|etc|approx|Inc|Ltd|Co|Corp|Dept|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Mon|Tue|Tues|Wed|Thu|Thurs|Fri|Sat|Sun|e\.g|i\.e|a\.m|p\.m|Ph\.D|[A-Z])\.$/;
/** A sentence's end: . ! ? (repeated, or "...") with closing quotes or brackets, then a space and not a lower-case word. */
const SENTENCE_END = /[.!?]+["'’”)\]]*(?=\s+[^\s\p{Ll}])/gu;

/**
 * A piece of text (a `segments` text, between pauses) in its sentences, in order; their concatenation with single
 * spaces is the piece. A generation speaks and publishes them one by one (the first plays before the rest are made).
 */
export function sentences(piece: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of piece.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (m[0].startsWith(".") && m[0].length === 1 && NO_SENTENCE_END.test(piece.slice(start, end))) continue;
    const sentence = piece.slice(start, end).trim();
    // Something to say: a sentence of punctuation alone joins the next one.
    if (/[\p{L}\p{N}]/u.test(sentence)) {
      out.push(sentence);
      start = end;
    }
  }
  const rest = piece.slice(start).trim();
  if (rest) {
    if (/[\p{L}\p{N}]/u.test(rest) || out.length === 0) out.push(rest);
    else out[out.length - 1] += ` ${rest}`;
  }
  return out;
}

/** The characters a generation costs: every character that is read (pauses, emoji, quotes and surrounding spaces are free). */
export function characterCount(text: string) {
  return segments(text).reduce((n, s) => n + ("text" in s ? [...withoutEmphasis(s.text)].length : 0), 0);
}

/** Whether a paragraph has anything to read: one that holds only emoji, pauses or quotes is generated as an empty one is (not). */
export const hasSpeech = (text: string) => characterCount(text) > 0;

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

/**
 * The language of a line by its letters (import): Korean when Hangul (a syllable counted as two
 * letters) is at least as much as Latin, English when Latin letters outnumber it; null for a line with neither (digits, symbols).
 */
export function lineLanguage(line: string): "ko" | "en" | null {
  const { hangul, latin } = letterWeights(line);
  if (hangul === 0 && latin === 0) return null;
  return hangul >= latin ? "ko" : "en";
}

/** Hangul and Latin letters of a text, a Hangul syllable weighing two Latin letters (it carries about as much). */
function letterWeights(text: string) {
  let hangul = 0;
  let latin = 0;
  for (const ch of text) {
    if (/[\p{Script=Hangul}]/u.test(ch)) hangul += 2;
    else if (/[A-Za-z\u00C0-\u024F]/.test(ch)) latin++;
  }
  return { hangul, latin };
}

/**
 * The language a paragraph's text is written in when that is clearly not the one it is read in (`lang`): the
 * editor offers to switch (docs/reading.md). Clearly: at least 8 letters' weight, with one script at least 70% of
 * it (a Hangul syllable weighs two Latin letters, as in lineLanguage). A paragraph read in both ("multi") gets no offer.
 */
export function languageOffer(text: string, lang: string): "ko" | "en" | null {
  if (lang !== "ko" && lang !== "en") return null;
  const { hangul, latin } = letterWeights(text);
  const total = hangul + latin;
  if (total < 8) return null;
  const written = hangul >= latin ? "ko" : "en";
  if (Math.max(hangul, latin) / total < 0.7 || written === lang) return null;
  return written;
}
