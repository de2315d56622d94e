// English text as it is spoken, before an engine reads it: numbers in words (42 -> forty-two), ordinals
// (21st -> twenty-first), years (1990 -> nineteen ninety), money with cents and scale words ($5.99, $1.5M), percentages,
// decimals, fractions, times with and without am/pm, dates (2024-03-05, 10/5/2024 as month/day, Jan. 3), phone numbers
// digit by digit, abbreviations by their context (St. as street or saint, Dr. as doctor or drive), Roman numerals after
// names and in titles, feet and inches, negative numbers, ranges, decades, units, e-mail addresses, URLs, hashtags,
// acronyms with digits (MP3, Q3) and symbols. eSpeak reads some of these itself, but not the way a narrator does.
// Each family is a rule below, applied in order; tests/unit/english-corpus.ts holds what each must say.

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
  lbs: "pounds", lb: "pounds", oz: "ounces", ft: "feet", mi: "miles",
};
/** A unit after exactly one: kilometers -> kilometer, feet -> foot, degrees Celsius -> degree Celsius. */
const singular = (unit: string) =>
  /hertz$/.test(unit)
    ? unit
    : unit
        .replace(/^feet/, "foot")
        .replace(/^inches/, "inch")
        .replace(/^(\w+?)s\b/, "$1");
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

const MONTH_ABBREVIATIONS: Record<string, number> = {
  Jan: 1,
  Feb: 2,
  Mar: 3,
  Apr: 4,
  Jun: 6,
  Jul: 7,
  Aug: 8,
  Sep: 9,
  Sept: 9,
  Oct: 10,
  Nov: 11,
  Dec: 12,
};
const WEEKDAYS: Record<string, string> = {
  Mon: "Monday",
  Tue: "Tuesday",
  Tues: "Tuesday",
  Wed: "Wednesday",
  Thu: "Thursday",
  Thurs: "Thursday",
  Fri: "Friday",
  Sat: "Saturday",
  Sun: "Sunday",
};
const WEEKDAY = Object.keys(WEEKDAYS)
  .sort((a, b) => b.length - a.length)
  .join("|");

/** Abbreviations that read one way wherever they stand (their period is theirs, not a sentence's end). */
// prettier-ignore
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bPh\.D\./g, "P H D"], [/\be\.g\./g, "for example"], [/\bi\.e\./g, "that is"], [/\betc\./g, "et cetera"],
  [/\bvs\.?(?=\s)/g, "versus"], [/\bapprox\./g, "approximately"], [/\bMr\./g, "Mister"], [/\bMrs\./g, "Missus"],
  [/\bMs\./g, "Miz"], [/\bProf\./g, "Professor"], [/\bJr\./g, "Junior"], [/\bSr\./g, "Senior"], [/\bMt\./g, "Mount"],
  [/\bFt\.(?=\s+[A-Z])/g, "Fort"], [/\bAve\./g, "Avenue"], [/\bBlvd\./g, "Boulevard"], [/\bRd\./g, "Road"],
  [/\bDept\./g, "Department"], [/\bInc\./g, "Incorporated"], [/\bLtd\./g, "Limited"], [/\bCorp\./g, "Corporation"],
  [/\bVol\.(?=\s*\d)/g, "volume"], [/\bFig\.(?=\s*\d)/g, "figure"], [/\bNos?\.(?=\s*\d)/g, "number"],
];

/** Kings, popes and others numbered after their name (Henry VIII: Henry the Eighth). */
const REGNAL =
  /\b(King|Queen|Pope|Henry|Louis|Elizabeth|George|Edward|Charles|William|Richard|James|John|Mary|Pius|Leo|Benedict|Gregory|Innocent|Philip|Frederick|Peter|Catherine|Alexander|Ramesses|Constantine|Napoleon|Victor|Emmanuel|Ferdinand|Isabella|Alfonso|Juan|Carlos|Olaf|Harald|Haakon|Gustav|Christian|Frederik|Nicholas|Ivan|Paul|Clement|Urban|Boniface|Sixtus|Felipe)\s+([IVXL]{1,7})\b/g;
/** Words after which a Roman numeral is a count (World War II: World War Two). */
const COUNTED =
  /\b(War|Chapter|Part|Volume|Act|Scene|Book|Phase|Stage|Type|Class|Level|Bowl|Episode|Season|Title|Article|Section|Apollo|Gemini|Mark|Rocky|Star Wars Episode|Final Fantasy|Grand Theft Auto)\s+([IVXL]{1,7})\b/g;

/** A Roman numeral's value (I-CCCXCIX), or null when it is not one written the standard way. */
function roman(numeral: string): number | null {
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const v = values[numeral[i]!]!;
    const next = values[numeral[i + 1] ?? ""] ?? 0;
    total += v < next ? -v : v;
  }
  return total > 0 && toRoman(total) === numeral ? total : null;
}
function toRoman(n: number): string {
  const table: [number, string][] = [
    [100, "C"],
    [90, "XC"],
    [50, "L"],
    [40, "XL"],
    [10, "X"],
    [9, "IX"],
    [5, "V"],
    [4, "IV"],
    [1, "I"],
  ];
  let out = "";
  for (const [v, s] of table)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

/** A fraction as said: 1/2 one half, 3/4 three quarters, 2/3 two thirds, 5/8 five eighths. */
function fraction(n: number, d: number): string {
  if (d === 2) return `${cardinal(n)} ${n === 1 ? "half" : "halves"}`;
  if (d === 4) return `${cardinal(n)} ${n === 1 ? "quarter" : "quarters"}`;
  return `${cardinal(n)} ${ordinal(d)}${n === 1 ? "" : "s"}`;
}

/** A clock time as said: 9 -> nine, 9:05 -> nine oh five, 9:30 -> nine thirty. */
const clock = (hour: number, minute: number) =>
  `${cardinal(hour)}${minute === 0 ? "" : minute < 10 ? ` oh ${ONES[minute]}` : ` ${cardinal(minute)}`}`;

/** An address, e-mail or hashtag's characters as said. */
const spelledSymbols = (s: string) =>
  s
    .replace(/\./g, " dot ")
    .replace(/\//g, " slash ")
    .replace(/_/g, " underscore ")
    .replace(/-/g, " dash ")
    .replace(/\d+/g, (d) => ` ${digitsSaid(d)} `)
    .replace(/\s+/g, " ")
    .trim();

/** A date as said: October fifth, twenty twenty-four. */
const dateSaid = (month: number, day: number, y?: number) => `${MONTHS[month - 1]} ${ordinal(day)}${y === undefined ? "" : `, ${year(y)}`}`;

/**
 * What a narrator expands before any number is read: addresses, phone numbers, dates and times in their everyday
 * forms, money with scale words, fractions, measures, Roman numerals and abbreviations.
 */
function everydayForms(input: string): string {
  let text = input;
  // E-mail addresses, then URLs, spelled with their symbols (trailing sentence punctuation is not theirs).
  text = text.replace(
    /\b([\w.+-]+)@([\w-]+(?:\.[\w-]+)+)\b/g,
    (_, user: string, host: string) => `${spelledSymbols(user)} at ${spelledSymbols(host)}`,
  );
  text = text.replace(
    /\b(?:https?:\/\/)?(www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|co|kr|dev|app|ai|edu|gov)(?:\/[\w\-./]*[\w/])?)(?![\w@])/gi,
    (_, www: string | undefined, rest: string) => `${www ? "w w w dot " : ""}${spelledSymbols(rest.replace(/\/$/, ""))}`,
  );
  // Hashtags: #VoiceStudio -> hashtag Voice Studio.
  text = text.replace(
    /#([A-Za-z][A-Za-z0-9_]*)/g,
    (_, tag: string) =>
      `hashtag ${tag
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .replace(/([A-Za-z])(\d)/g, "$1 $2")
        .replace(/_/g, " ")}`,
  );
  // Phone numbers: (555) 123-4567, +1 555 123 4567, and 555-0134 (a range never writes a leading zero; "call" says it too).
  text = text.replace(
    /\+1[\s.-]?\(?(\d{3})\)?[\s.-](\d{3})[\s.-](\d{4})\b/g,
    (_, a: string, b: string, c: string) => `plus one, ${digitsSaid(a)}, ${digitsSaid(b)}, ${digitsSaid(c)}`,
  );
  text = text.replace(
    /\((\d{3})\)\s?(\d{3})[\s.-](\d{4})\b/g,
    (_, a: string, b: string, c: string) => `${digitsSaid(a)}, ${digitsSaid(b)}, ${digitsSaid(c)}`,
  );
  text = text.replace(/(?<![\d-])(\d{3})-(\d{4})(?![\d-])/g, (m, a: string, b: string, offset: number, all: string) =>
    b.startsWith("0") || /\b(?:call|phone|tel|fax|dial|text|contact|number)\b[^.!?]{0,20}$/i.test(all.slice(0, offset))
      ? `${digitsSaid(a)}, ${digitsSaid(b)}`
      : m,
  );
  // 24/7 before any date or fraction.
  text = text.replace(/\b24\/7\b/g, "twenty-four seven");
  // Dates: 10/5/2024 and 10/5/24 as month/day/year (the US convention of English copy).
  text = text.replace(/(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/g, (m, mo: string, d: string, y: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31
      ? dateSaid(Number(mo), Number(d), y.length === 2 ? 2000 + Number(y) : Number(y))
      : m,
  );
  // Months and weekdays: Jan. 3 -> January third, November 3, 2024 -> November third, twenty twenty-four, Mon.-Fri.
  text = text.replace(
    new RegExp(String.raw`\b(${Object.keys(MONTH_ABBREVIATIONS).join("|")})\.?\s(\d{1,2})(?:st|nd|rd|th)?\b(?!:)(?:,\s(\d{4})\b)?`, "g"),
    (m, mo: string, d: string, y?: string) =>
      Number(d) >= 1 && Number(d) <= 31 ? dateSaid(MONTH_ABBREVIATIONS[mo]!, Number(d), y ? Number(y) : undefined) : m,
  );
  text = text.replace(
    new RegExp(String.raw`\b(${MONTHS.join("|")})\s(\d{1,2})(?:st|nd|rd|th)?\b(?![:\d])(?:,\s(\d{4})\b)?`, "g"),
    (m, mo: string, d: string, y?: string) =>
      Number(d) >= 1 && Number(d) <= 31 ? dateSaid(MONTHS.indexOf(mo) + 1, Number(d), y ? Number(y) : undefined) : m,
  );
  text = text.replace(
    new RegExp(String.raw`\b(${WEEKDAY})\.?\s?(?:-|–|to)\s?(${WEEKDAY})\b\.?`, "g"),
    (_, a: string, b: string) => `${WEEKDAYS[a]} to ${WEEKDAYS[b]}`,
  );
  text = text.replace(new RegExp(String.raw`\b(${WEEKDAY})\.`, "g"), (_, a: string) => WEEKDAYS[a]!);
  // Times with am/pm: 9am, 9:30 p.m. -> nine A M, nine thirty P M (a sentence's period after "p.m." stays).
  text = text.replace(
    /(?<![\d:])(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m(\.?)(?![a-z])/gi,
    (m, h: string, mi: string | undefined, p: string, dot: string, at: number, all: string) => {
      const hour = Number(h);
      const minute = Number(mi ?? 0);
      if (hour < 1 || hour > 12 || minute > 59) return m;
      const endsSentence = dot !== "" && /^(?:\s+[A-Z]|\s*$)/.test(all.slice(at + m.length));
      return `${clock(hour, minute)} ${p.toUpperCase()} M${endsSentence ? "." : ""}`;
    },
  );
  // A span of clock times: nine A M-six P M -> nine A M to six P M.
  text = text.replace(/\b([AP]) M\s?[-–~]\s?(?=(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)/g, "$1 M to ");
  // Money with scale words: $1.5M, $250K, $2 billion -> one point five million dollars.
  const scale: Record<string, string> = {
    k: "thousand",
    m: "million",
    b: "billion",
    bn: "billion",
    t: "trillion",
    thousand: "thousand",
    million: "million",
    billion: "billion",
    trillion: "trillion",
  };
  const currency: Record<string, string> = { $: "dollars", "€": "euros", "£": "pounds", "₩": "won" };
  text = text.replace(
    new RegExp(String.raw`([$€£₩])\s?(${NUMBER})(?:\.(\d+))?\s?(thousand|million|billion|trillion|bn|[KkMmBbTt])(?![A-Za-z])`, "g"),
    (_, c: string, n: string, f: string | undefined, s: string) => `${numberSaid(n, f)} ${scale[s.toLowerCase()]} ${currency[c]}`,
  );
  // A month and day after a word that names a date (until 11/30, on 3/15): November thirtieth.
  text = text.replace(
    /\b(on|until|till|by|through|thru|from|before|after|due|since|starting|ends?|expires?)\s(\d{1,2})\/(\d{1,2})(?![\d/])/gi,
    (m, word: string, mo: string, d: string) =>
      Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? `${word} ${dateSaid(Number(mo), Number(d))}` : m,
  );
  // Rates: $9.99/month -> per month.
  text = text.replace(
    /(?<=\S)\/(month|mo|year|yr|day|week|wk|hour|hr|person|user|seat|night|kg|km|lb)\b/g,
    (_, unit: string) =>
      ` per ${({ mo: "month", yr: "year", wk: "week", hr: "hour", kg: "kilogram", km: "kilometer", lb: "pound" } as Record<string, string>)[unit] ?? unit}`,
  );
  // Mixed numbers and fractions: 1 1/2 -> one and one half, 3/4 -> three quarters.
  text = text.replace(/(?<![\d/])(\d+)\s(\d{1,2})\/(\d{1,2})(?![\d/])/g, (m, w: string, n: string, d: string) =>
    Number(d) > 1 && Number(n) < Number(d) ? `${cardinal(Number(w))} and ${fraction(Number(n), Number(d))}` : m,
  );
  text = text.replace(/(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/])/g, (m, n: string, d: string) =>
    Number(d) > 1 ? fraction(Number(n), Number(d)) : m,
  );
  // Feet and inches: 5'10" -> five feet ten inches.
  text = text.replace(
    /(?<!\d)(\d{1,2})['’]\s?(\d{1,2})(?:"|”|''|’’)/g,
    (_, ft: string, inch: string) =>
      `${cardinal(Number(ft))} ${ft === "1" ? "foot" : "feet"} ${cardinal(Number(inch))} ${inch === "1" ? "inch" : "inches"}`,
  );
  text = text.replace(
    /(?<![\d'’])(\d{1,2})['’](?=\s|$|[,.!?])/g,
    (_, ft: string) => `${cardinal(Number(ft))} ${ft === "1" ? "foot" : "feet"}`,
  );
  // Negative numbers: -5 degrees -> minus five degrees (a dash between numbers is a range).
  text = text.replace(/(?<![\w.,\d])[-−](?=\d)/g, "minus ");
  text = text.replace(/(\d)\s?°(?![CF])/g, "$1 degrees");
  // Decades: the '90s -> the nineties.
  text = text.replace(/['’](\d)0s\b/g, (_, d: string) => `${TENS[Number(d)]!.slice(0, -1)}ies`);
  // Roman numerals: Henry VIII -> Henry the Eighth; World War II -> World War Two.
  text = text.replace(REGNAL, (m, name: string, numeral: string) => {
    const n = roman(numeral);
    return n === null ? m : `${name} the ${ordinal(n).replace(/^\w/, (c) => c.toUpperCase())}`;
  });
  text = text.replace(COUNTED, (m, word: string, numeral: string) => {
    const n = roman(numeral);
    return n === null ? m : `${word} ${cardinal(n).replace(/^\w/, (c) => c.toUpperCase())}`;
  });
  // Acronyms with digits, letter by letter: MP3 -> M P three, Q3 -> Q three, 4K -> four K.
  text = text.replace(/\b([A-Z]{1,3})(\d{1,2})\b/g, (_, letters: string, n: string) => `${[...letters].join(" ")} ${cardinal(Number(n))}`);
  text = text.replace(/\b(\d{1,4})([A-Z])\b/g, (_, n: string, letter: string) => `${cardinal(Number(n))} ${letter}`);
  // Street or saint, doctor or drive: after a capitalised name the street's, before one the person's.
  text = text.replace(/(?<=\b[A-Z][a-z]+\s)St\.(?!\s+[A-Z][a-z])/g, "Street");
  text = text.replace(/\bSt\.(?=\s*[A-Z])/g, "Saint");
  text = text.replace(/(?<=\b\d+\s(?:[A-Z][a-z]+\s)+)St\./g, "Street");
  text = text.replace(/\bSt\./g, "Street");
  text = text.replace(/\bDr\.(?=\s+[A-Z])/g, "Doctor");
  text = text.replace(/(?<=\b[A-Z][a-z]+\s)Dr\./g, "Drive");
  text = text.replace(/\bDr\./g, "Doctor");
  for (const [pattern, said] of ABBREVIATIONS) text = text.replace(pattern, said);
  return text;
}

/** English text as it is spoken (see the head of this file). */
export function normalizeEnglish(input: string): string {
  let text = everydayForms(input);
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
  text = text.replace(new RegExp(String.raw`(?<![\d.,])(${NUMBER})\s?[-~–]\s?(?=(\d{4}(?!\d))|\d)`, "g"), (_, n: string, next?: string) =>
    // Two years are a span of years: 2020-2024 -> twenty twenty to twenty twenty-four.
    /^\d{4}$/.test(n) && next !== undefined && whole(n) >= 1100 && whole(n) < 2100 ? `${year(whole(n))} to ` : `${numberSaid(n)} to `,
  );
  // Percentages, units, decimals, years and other numbers.
  text = text.replace(
    new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?%`, "g"),
    (_, n: string, f?: string) => `${numberSaid(n, f)} percent`,
  );
  text = text.replace(
    new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?(${UNIT_ALTERNATION})(?![A-Za-z])`, "g"),
    (_, n: string, f: string | undefined, u: string) => `${numberSaid(n, f)} ${n === "1" && !f ? singular(UNITS[u]!) : UNITS[u]}`,
  );
  text = text.replace(new RegExp(String.raw`#(\d+)`, "g"), (_, n: string) => `number ${numberSaid(n)}`);
  text = text.replace(
    new RegExp(String.raw`(?<![\d.])(${NUMBER})(?:\.(\d+))?(s?)(?![\d])`, "g"),
    (_, n: string, f: string | undefined, plural: string, at: number, all: string) => {
      const w = whole(n);
      // 1100-2099 is a year; 1000-1099 only where a year is named (in 1066, since 1050).
      const namedYear = /\b(?:in|since|by|from|until|of|year|circa)\s$/i.test(all.slice(Math.max(0, at - 7), at));
      if (!f && /^\d{4}$/.test(n) && ((w >= 1100 && w < 2100) || (w > 1000 && w < 1100 && namedYear))) {
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
