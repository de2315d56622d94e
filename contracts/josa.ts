// Korean particles chosen by the word before them (docs/decisions/0054): 서연이 / 2초가, 카카오로 /
// 서울로 / 3분으로. es-hangul's `josa` does this for Hangul words and is the oracle of tests/unit/josa.test.ts;
// this module also reads what a Korean reader reads at the end of a value that is not Hangul (digits as
// Sino-Korean numbers, Latin letters by their names), and weighs about a quarter of es-hangul's josa in the
// browser's first load (it is part of the translator). The app's copy uses it as `{{time, 이/가}}` (i18next's
// format syntax; app/i18n/translator.ts and i18n.server.ts), the api's messages as `{provider|으로/로}`.

/** The particle pairs, written as es-hangul writes them: the form after a final consonant first, except 와/과. */
export const PARTICLES = ["이/가", "을/를", "은/는", "와/과", "으로/로", "이에요/예요", "이나/나", "이라/라", "이랑/랑", "아/야"] as const;

export type Particle = (typeof PARTICLES)[number];

export const isParticle = (name: string): name is Particle => (PARTICLES as readonly string[]).includes(name);

/**
 * How the word ends as read: 0 without a final consonant, 1 in ㄹ, 2 in another final consonant. The last Hangul
 * syllable, digit or Latin letter decides; anything else (closing quotes and brackets, punctuation, spaces) is looked
 * past; nothing readable counts as 0. A digit as the last digit of a Sino-Korean number reads (일 칠 팔 end in ㄹ; 삼 육
 * and every 0, which ends 영, 십, 백, 천 or 만, in another consonant); a Latin letter by its Korean name (엘, 알; 엠,
 * 엔: PNG is 피엔지), and a written word's -ng as in 핑.
 */
function ending(word: string): number {
  for (let i = word.length - 1; i >= 0; i--) {
    const ch = word[i] as string;
    const syllable = ch.charCodeAt(0) - 0xac00;
    if (syllable >= 0 && syllable < 11172) return syllable % 28 === 0 ? 0 : syllable % 28 === 8 ? 1 : 2;
    if (ch >= "0" && ch <= "9") return Number("2102002110"[Number(ch)]);
    const lower = ch.toLowerCase();
    if (lower >= "a" && lower <= "z") {
      return lower === "l" || lower === "r" ? 1 : lower === "m" || lower === "n" || (ch === "g" && word[i - 1] === "n") ? 2 : 0;
    }
  }
  return 0;
}

/** `word` followed by the form of `particle` its last sound takes: josa("서연", "이/가") is "서연이". */
export function josa(word: string, particle: Particle): string {
  const [first, second] = particle.split("/") as [string, string];
  const end = ending(word);
  // ㄹ takes 로 as a vowel does (서울로); for the other particles it is a final consonant (서울이).
  const consonant = end === 2 || (end === 1 && particle !== "으로/로");
  return word + (particle === "와/과" ? (consonant ? second : first) : consonant ? first : second);
}
