// Numbers read in Korean: Sino-Korean (일, 이, 삼; 만 이천삼백사십오) and native (한, 두, 세; 스무, 서른다섯)
// numerals, digit by digit (공일공), and decimals (삼 점 오). es-hangul's numberToHangul writes 일만 for 10000
// and has no native modifier forms before counters (한 시, 스무 살), so the few tables live here.

const DIGIT = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
const PLACE = ["", "십", "백", "천"];
const GROUP = ["", "만", "억", "조", "경"];

/** 1 to 9999 without the leading 일 of 십, 백, 천 (천이백삼십사). */
function underTenThousand(n: number): string {
  let out = "";
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) continue;
    out += (d === 1 && place > 0 ? "" : DIGIT[d]!) + PLACE[place]!;
  }
  return out;
}

/** A whole number in Sino-Korean numerals, groups of four digits apart (12345 -> 만 이천삼백사십오). */
export function sino(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return "영";
  const groups: string[] = [];
  for (let g = 0; n > 0 && g < GROUP.length; g++, n = Math.floor(n / 10000)) {
    const v = n % 10000;
    if (v === 0) continue;
    // 만 alone, not 일만; 일억, 일조 keep their 일.
    groups.unshift((v === 1 && g === 1 ? "" : underTenThousand(v)) + GROUP[g]);
  }
  return groups.join(" ");
}

/** Digits one by one, 0 as 공 (phone numbers, codes): 010 -> 공일공. */
export const digitsByOne = (digits: string) => [...digits].map((d) => (d === "0" ? "공" : DIGIT[Number(d)])).join("");

/** Digits after a decimal point, 0 as 영: 3.05 -> 영오. */
export const decimals = (digits: string) => [...digits].map((d) => DIGIT[Number(d)]).join("");

const TENS = ["", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"];
const ONES = ["", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"];
const ONES_BEFORE_COUNTER = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"];

/**
 * A number in native numerals, 1 to 99 (from 100 on, Sino-Korean, as the news reads 백이십 명).
 * Before a counter the modifier forms are used: 한, 두, 세, 네, 스무 (한 시, 스무 살); alone: 하나, 둘, 셋, 스물.
 */
export function native(n: number, beforeCounter: boolean): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`no native numeral for ${n}`);
  if (n >= 100) return sino(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  if (beforeCounter && tens === 2 && ones === 0) return "스무";
  return TENS[tens]! + (beforeCounter ? ONES_BEFORE_COUNTER : ONES)[ones]!;
}
