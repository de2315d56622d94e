// English text as it is spoken, before eSpeak NG reads it: numbers in words (42 -> forty-two), ordinals
// (21st -> twenty-first), years (1990 -> nineteen ninety), money ($5.99 -> five dollars ninety-nine cents),
// percentages, decimals, times (3:05 -> three oh five), dates (2024-03-05 -> March fifth, twenty twenty-four),
// phone numbers digit by digit, ranges and symbols. eSpeak reads many of these itself, but not $, dates, times,
// years or decimals the way a narrator does.

// prettier-ignore
const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = ["", "thousand", "million", "billion", "trillion"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`);
  if (rest) parts.push(rest < 20 ? ONES[rest]! : TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${ONES[rest % 10]}` : ""));
  return parts.join(" ");
}

/** A whole number in words: 1234 -> one thousand two hundred thirty-four. */
export function cardinal(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return "zero";
  const groups: string[] = [];
  for (let g = 0; n > 0; g++, n = Math.floor(n / 1000)) {
    const v = n % 1000;
    if (v && g < SCALES.length) groups.unshift(underThousand(v) + (SCALES[g] ? ` ${SCALES[g]}` : ""));
  }
  return groups.join(" ");
}

const ORDINAL_WORDS: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};

/** 21 -> twenty-first. */
export function ordinal(n: number): string {
  const words = cardinal(n);
  const m = /(\w+)$/.exec(words)!;
  const last = m[1]!;
  const said = ORDINAL_WORDS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return words.slice(0, m.index) + said;
}

/** A year as said: 1990 -> nineteen ninety, 2005 -> two thousand five, 2024 -> twenty twenty-four. */
export function year(n: number): string {
  if (n >= 2000 && n < 2010) return cardinal(n);
  const high = Math.floor(n / 100);
  const low = n % 100;
  if (low === 0) return `${cardinal(high)} hundred`;
  return `${cardinal(high)} ${low < 10 ? `oh ${ONES[low]}` : cardinal(low)}`;
}

const digitsSaid = (digits: string) => [...digits].map((d) => ONES[Number(d)]).join(" ");
const whole = (digits: string) => Number(digits.replace(/,/g, ""));
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
// prettier-ignore
const UNITS: Record<string, string> = {
  km: "kilometers", kg: "kilograms", cm: "centimeters", mm: "millimeters", ml: "milliliters", m: "meters", g: "grams",
  "°C": "degrees Celsius", "℃": "degrees Celsius", "°F": "degrees Fahrenheit", GB: "gigabytes", MB: "megabytes", KB: "kilobytes",
  TB: "terabytes", Hz: "hertz", kHz: "kilohertz", mph: "miles per hour", "km/h": "kilometers per hour",
};
const UNIT_ALTERNATION = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/\//g, "\\/"))
  .join("|");

function money(n: string, cents: string | undefined, unit: [string, string], sub: [string, string]): string {
  const w = whole(n);
  let out = `${cardinal(w)} ${w === 1 ? unit[0] : unit[1]}`;
  if (cents && Number(cents.padEnd(2, "0").slice(0, 2))) {
    const c = Number(cents.padEnd(2, "0").slice(0, 2));
    out += ` ${cardinal(c)} ${c === 1 ? sub[0] : sub[1]}`;
  }
  return out;
}

/** A number, its decimals read digit by digit: 3.14 -> three point one four. */
function numberSaid(n: string, fraction?: string): string {
  const w = whole(n);
  if (!Number.isSafeInteger(w)) return digitsSaid(n.replace(/,/g, ""));
  return cardinal(w) + (fraction ? ` point ${digitsSaid(fraction)}` : "");
}

/** English text as it is spoken (see the head of this file). */
export function normalizeEnglish(input: string): string {
  let text = input;
  // Phone numbers: 555-123-4567 -> five five five, one two three, four five six seven.
  text = text.replace(
    /(?<![\d-])(\d{3})-(\d{3,4})-(\d{4})(?![\d-])/g,
    (_, a: string, b: string, c: string) => `${digitsSaid(a)}, ${digitsSaid(b)}, ${digitsSaid(c)}`,
  );
  // Dates: 2024-03-05 -> March fifth, twenty twenty-four.
  text = text.replace(/(?<![\d.])(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g, (m, y: string, mo: string, d: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31
      ? `${MONTHS[Number(mo) - 1]} ${ordinal(Number(d))}, ${year(Number(y))}`
      : m,
  );
  // Times: 3:30 -> three thirty, 3:05 -> three oh five, 3:00 -> three o'clock.
  text = text.replace(/(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])/g, (m, h: string, mi: string) => {
    const hour = Number(h);
    const minute = Number(mi);
    if (hour > 24 || minute > 59) return m;
    return `${cardinal(hour)} ${minute === 0 ? "o'clock" : minute < 10 ? `oh ${ONES[minute]}` : cardinal(minute)}`;
  });
  text = text.replace(/\b([ap])(?:\.m\.|m)(?![a-z])/gi, (_, p: string) => `${p.toUpperCase()} M`);
  // Money.
  text = text.replace(new RegExp(String.raw`\$\s?(${NUMBER})(?:\.(\d+))?`, "g"), (_, n: string, c?: string) =>
    money(n, c, ["dollar", "dollars"], ["cent", "cents"]),
  );
  text = text.replace(new RegExp(String.raw`€\s?(${NUMBER})(?:\.(\d+))?`, "g"), (_, n: string, c?: string) =>
    money(n, c, ["euro", "euros"], ["cent", "cents"]),
  );
  text = text.replace(new RegExp(String.raw`£\s?(${NUMBER})(?:\.(\d+))?`, "g"), (_, n: string, c?: string) =>
    money(n, c, ["pound", "pounds"], ["penny", "pence"]),
  );
  text = text.replace(new RegExp(String.raw`₩\s?(${NUMBER})`, "g"), (_, n: string) => `${cardinal(whole(n))} won`);
  // Ordinals: 1st, 22nd, 103rd.
  text = text.replace(/\b(\d+)(?:st|nd|rd|th)\b/g, (_, n: string) => ordinal(Number(n)));
  // Ranges: 3-5, 10~20 -> three to five.
  text = text.replace(new RegExp(String.raw`(?<![\d.,])(${NUMBER})\s?[-~–]\s?(?=\d)`, "g"), (_, n: string) => `${numberSaid(n)} to `);
  // Percentages, units, decimals, years and other numbers.
  text = text.replace(
    new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?%`, "g"),
    (_, n: string, f?: string) => `${numberSaid(n, f)} percent`,
  );
  text = text.replace(
    new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?(${UNIT_ALTERNATION})(?![A-Za-z])`, "g"),
    (_, n: string, f: string | undefined, u: string) => `${numberSaid(n, f)} ${UNITS[u]}`,
  );
  text = text.replace(new RegExp(String.raw`#(\d+)`, "g"), (_, n: string) => `number ${numberSaid(n)}`);
  text = text.replace(
    new RegExp(String.raw`(?<![\d.])(${NUMBER})(?:\.(\d+))?(s?)(?![\d])`, "g"),
    (_, n: string, f: string | undefined, plural: string) => {
      const w = whole(n);
      if (!f && /^\d{4}$/.test(n) && w >= 1100 && w < 2100) {
        const said = year(w);
        return plural ? (said.endsWith("y") ? `${said.slice(0, -1)}ies` : `${said}s`) : said;
      }
      return numberSaid(n, f) + plural;
    },
  );
  // Symbols.
  text = text
    .replace(/\s?&\s?/g, " and ")
    .replace(/(?<=\S)\s?\+\s?(?=\S)/g, " plus ")
    .replace(/\s=\s/g, " equals ")
    .replace(/(?<=\w)@(?=\w)/g, " at ");
  return text.replace(/ {2,}/g, " ");
}
