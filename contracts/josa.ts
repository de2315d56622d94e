// Korean particles chosen by the word before them (issue 19; docs/decisions/0054): 서연이 / 2초가, 카카오로 /
// 서울로 / 3분으로. es-hangul's `josa` does this for Hangul words and is the oracle of tests/unit/josa.test.ts;
// this module also reads what a Korean reader reads at the end of a value that is not Hangul (digits as
// Sino-Korean numbers, Latin letters by their names), and weighs about a third of es-hangul's josa in the
// browser's first load (it is part of the translator). The app's copy uses it as `{{time, 이/가}}` (i18next's
// format syntax; app/i18n/translator.ts and i18n.server.ts), the api's messages as `{provider|으로/로}`.

/** The particle pairs, written as es-hangul writes them: the form after a final consonant first, except 와/과. */
export const PARTICLES = {
  "이/가": ["이", "가"],
  "을/를": ["을", "를"],
  "은/는": ["은", "는"],
  "와/과": ["과", "와"],
  "으로/로": ["으로", "로"],
  "이에요/예요": ["이에요", "예요"],
  "이나/나": ["이나", "나"],
  "이라/라": ["이라", "라"],
  "이랑/랑": ["이랑", "랑"],
  "아/야": ["아", "야"],
} as const satisfies Record<string, readonly [string, string]>;

export type Particle = keyof typeof PARTICLES;

export const isParticle = (name: string): name is Particle => Object.hasOwn(PARTICLES, name);

/** What ends the word as read: no final consonant, ㄹ, or another final consonant; undefined when nothing is readable. */
type Ending = "vowel" | "rieul" | "consonant";

// The last digit as a Sino-Korean number reads it: 일 칠 팔 end in ㄹ; 삼 육 in another consonant (0 is handled apart).
const DIGIT: Record<string, Ending> = {
  1: "rieul",
  2: "vowel",
  3: "consonant",
  4: "vowel",
  5: "vowel",
  6: "consonant",
  7: "rieul",
  8: "rieul",
  9: "vowel",
};

function ending(word: string): Ending | undefined {
  // Look past what is not read: closing quotes and brackets, punctuation, spaces.
  let i = word.length - 1;
  while (i >= 0 && !/[\p{L}\p{N}]/u.test(word[i] as string)) i--;
  if (i < 0) return undefined;
  const ch = word[i] as string;
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 ? "vowel" : final === 8 ? "rieul" : "consonant";
  }
  if (ch >= "0" && ch <= "9") {
    // 0 ends 영, 십, 백, 천 or 만: always a final consonant other than ㄹ.
    return ch === "0" ? "consonant" : DIGIT[ch];
  }
  const lower = ch.toLowerCase();
  if (lower >= "a" && lower <= "z") {
    // Latin letters by their Korean names (엘, 알; 엠, 엔: PNG is 피엔지), and a written word's -ng as in 핑.
    if (lower === "l" || lower === "r") return "rieul";
    if (lower === "m" || lower === "n" || (ch === "g" && word[i - 1] === "n")) return "consonant";
    return "vowel";
  }
  return undefined;
}

/** `word` followed by the form of `particle` its last sound takes: josa("서연", "이/가") is "서연이". */
export function josa(word: string, particle: Particle): string {
  const [afterConsonant, afterVowel] = PARTICLES[particle];
  const end = ending(word);
  // ㄹ takes 로 as a vowel does (서울로); for the other particles it is a final consonant (서울이).
  const consonant = end === "consonant" || (end === "rieul" && particle !== "으로/로");
  return `${word}${consonant ? afterConsonant : afterVowel}`;
}
