// Korean text as it is spoken, before the pronunciation rules: numbers by their counter (3시 -> 세시,
// 5개 -> 다섯개, 6월 -> 유월, 3.5% -> 삼 점 오 퍼센트), dates, times, money, phone numbers, ranges,
// ordinals, Latin acronyms and common English words in Korean (AI -> 에이아이, iPhone -> 아이폰), symbols.
// A number and its counter are written together (다섯개), so the pronunciation rules act across them as in
// speech (다섣깨, 삼십뿐).
import { decimals, digitsByOne, native, sino } from "./numbers";

/** Counters read with native numerals up to 99 (한 개, 스무 살, 세 시). */
// prettier-ignore
export const NATIVE_COUNTERS = [
  "시간", "번째", "시", "개", "살", "명", "마리", "번", "권", "장", "잔", "병", "대", "벌", "채", "척", "켤레", "그루", "송이",
  "통", "곳", "군데", "가지", "달", "사람", "배", "줄", "판", "쌍", "알", "접시", "그릇", "봉지", "상자", "자루", "바퀴", "걸음",
  "방울", "조각", "다발", "공기",
];
/** Counters and units read with Sino-Korean numerals (listed so the longer ones win: 개월 over 개, 시즌 over 시). */
// prettier-ignore
const SINO_COUNTERS = [
  "개월", "개국", "년", "월", "일", "분", "초", "원", "층", "호", "번지", "도", "회", "차", "위", "등", "점", "세", "주년", "주",
  "인분", "인", "학년", "기", "페이지", "쪽", "달러", "엔", "위안", "유로", "파운드", "킬로그램", "킬로미터", "미터",
  "센티미터", "밀리미터", "그램", "리터", "퍼센트", "프로", "시즌", "시리즈", "부", "편", "화", "절", "항", "조", "억", "만", "천",
];
/** Unit symbols after a number and how they are said. */
// prettier-ignore
const UNITS: Record<string, string> = {
  "%": "퍼센트", "km/h": "킬로미터", km: "킬로미터", kg: "킬로그램", cm: "센티미터", mm: "밀리미터", ml: "밀리리터", mL: "밀리리터",
  m: "미터", g: "그램", L: "리터", "°C": "도", "℃": "도", GB: "기가바이트", MB: "메가바이트", KB: "킬로바이트", TB: "테라바이트",
  kHz: "킬로헤르츠", Hz: "헤르츠", kW: "킬로와트", W: "와트", V: "볼트",
};
/** Words after "N번" that make it a label (1번 출구: 일번), not a count (한번). */
const NUMBER_LABELS = /^\s*(?:출구|버스|게이트|트랙|문제|선수|타자|채널|홀|국도|방|플랫폼|승강장|좌석|라인|주자)/;

const COUNTER_ALTERNATION = [...NATIVE_COUNTERS, ...SINO_COUNTERS].sort((a, b) => b.length - a.length).join("|");
const UNIT_ALTERNATION = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(/[/%]/g, "\\$&"))
  .join("|");
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;
const COUNTED = new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?(\s?)(?:(${UNIT_ALTERNATION})(?![A-Za-z])|(${COUNTER_ALTERNATION}))?`, "g");
const RANGE = new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?[~～〜–]\s?(?=\d)`, "g");

const wholeOf = (digits: string) => Number(digits.replace(/,/g, ""));

/** A number said before a counter (or alone: counter ""). */
export function readCounted(digits: string, fraction: string | undefined, counter: string, following = ""): string {
  const n = wholeOf(digits);
  if (fraction !== undefined) return `${sino(n)} 점 ${decimals(fraction)}${counter ? ` ${counter}` : ""}`;
  if (!Number.isSafeInteger(n)) return digitsByOne(digits.replace(/,/g, "")) + counter;
  if (digits.length > 1 && digits.startsWith("0")) return digitsByOne(digits) + counter; // 007, 0123: a code
  if (counter === "월") return (n === 6 ? "유" : n === 10 ? "시" : sino(n)) + "월";
  if (counter === "번째") return (n === 1 ? "첫" : native(n, true)) + "번째";
  if (counter === "번" && NUMBER_LABELS.test(following)) return sino(n) + counter;
  if (NATIVE_COUNTERS.includes(counter) && n >= 1) {
    // Hours past 12 (13시) and decades of age (20대) are said in Sino-Korean numerals.
    if ((counter === "시" && n > 12) || (counter === "대" && n % 10 === 0)) return sino(n) + counter;
    return native(n, true) + counter;
  }
  return sino(n) + counter;
}

/** A range's first number, before 에서 (셋에서 다섯개, 삼에서 오일). */
function rangeStart(digits: string, fraction: string | undefined, counter: string): string {
  const n = wholeOf(digits);
  if (fraction !== undefined) return `${sino(n)} 점 ${decimals(fraction)}`;
  if (NATIVE_COUNTERS.includes(counter) && n >= 1 && n < 100 && !(counter === "시" && n > 12)) return native(n, false);
  return sino(n);
}

/** Latin letters said in Korean (A -> 에이). */
// prettier-ignore
const LETTERS: Record<string, string> = {
  A: "에이", B: "비", C: "씨", D: "디", E: "이", F: "에프", G: "지", H: "에이치", I: "아이", J: "제이", K: "케이", L: "엘", M: "엠",
  N: "엔", O: "오", P: "피", Q: "큐", R: "알", S: "에스", T: "티", U: "유", V: "브이", W: "더블유", X: "엑스", Y: "와이", Z: "제트",
};

/** English words and names as Korean says them (외래어 표기법), matched whole and without regard to case. */
// prettier-ignore
const LOANWORDS: Record<string, string> = {
  ok: "오케이", okay: "오케이", iphone: "아이폰", ipad: "아이패드", google: "구글", youtube: "유튜브", email: "이메일",
  "e-mail": "이메일", app: "앱", wifi: "와이파이", "wi-fi": "와이파이", bluetooth: "블루투스", internet: "인터넷",
  online: "온라인", offline: "오프라인", apple: "애플", samsung: "삼성", netflix: "넷플릭스", instagram: "인스타그램",
  facebook: "페이스북", kakao: "카카오", kakaotalk: "카카오톡", naver: "네이버", chatgpt: "챗지피티", windows: "윈도우",
  android: "안드로이드", galaxy: "갤럭시", zoom: "줌", excel: "엑셀", powerpoint: "파워포인트", microsoft: "마이크로소프트",
  amazon: "아마존", smartphone: "스마트폰", computer: "컴퓨터", voice: "보이스", studio: "스튜디오", mp3: "엠피쓰리",
  "5g": "파이브지", "4k": "포케이", wav: "웨이브", podcast: "팟캐스트", blog: "블로그", video: "비디오", shorts: "쇼츠",
  tiktok: "틱톡", tv: "티비", coffee: "커피", "k-pop": "케이팝", kpop: "케이팝", paypal: "페이팔", chrome: "크롬", safari: "사파리",
};
const LOANWORD = new RegExp(
  String.raw`(?<![A-Za-z])(${Object.keys(LOANWORDS)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-]/g, "\\$&"))
    .join("|")})(?![A-Za-z])`,
  "gi",
);
/** Capital-letter acronyms (AI, PDF, USB, KBS) and single capitals (A형), spelled letter by letter. */
const ACRONYM = /(?<![A-Za-z])[A-Z]{1,6}(?![A-Za-z])/g;

/** Korean text as it is spoken (see the head of this file); text in other scripts stays as it is. */
export function normalizeKorean(input: string): string {
  // English words first, so that MP3 and 5G are not read as numbers.
  let text = input.replace(LOANWORD, (w) => LOANWORDS[w.toLowerCase()] ?? w);
  // Phone numbers: 010-1234-5678 -> 공일공 일이삼사 오육칠팔.
  text = text.replace(
    /(?<![\d-])(0\d{1,2})-(\d{3,4})-(\d{4})(?![\d-])/g,
    (_, a: string, b: string, c: string) => `${digitsByOne(a)} ${digitsByOne(b)} ${digitsByOne(c)}`,
  );
  // Nationwide numbers: 1588-1234 -> 일오팔팔 일이삼사.
  text = text.replace(/(?<![\d-])(1[0-9]{3})-(\d{4})(?![\d-])/g, (_, a: string, b: string) => `${digitsByOne(a)} ${digitsByOne(b)}`);
  // Dates: 2024-03-05, 2024.3.5., 2024/03/05 -> 2024년 3월 5일.
  text = text.replace(/(?<![\d.])(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?(?![\d])/g, (m, y: string, mo: string, d: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 && Number(d) >= 1 && Number(d) <= 31 ? `${y}년 ${Number(mo)}월 ${Number(d)}일` : m,
  );
  // Days named by their date with a middle dot, digit by digit: 6·25 -> 육이오, 3·1절 -> 삼일절, 4·19 -> 사일구.
  text = text.replace(/(?<![\d.])(\d{1,2})[·・‧](\d{1,2})(?![\d])/g, (_, mo: string, d: string) => `${decimals(mo)}${decimals(d)}`);
  // Fractions: 1/2 -> 이분의 일, 3/4 -> 사분의 삼 (not a date, which has a year).
  text = text.replace(/(?<![\d/.])(\d{1,3})\/(\d{1,3})(?![\d/])/g, (m, n: string, d: string) =>
    Number(d) > 1 ? `${sino(Number(d))}분의 ${sino(Number(n))}` : m,
  );
  // Times: 3:30 -> 3시 30분; 15:00 -> 15시; seconds too.
  text = text.replace(/(?<![\d:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])/g, (m, h: string, mi: string, s?: string) => {
    if (Number(h) > 24 || Number(mi) > 59 || (s && Number(s) > 59)) return m;
    return `${Number(h)}시${Number(mi) ? ` ${Number(mi)}분` : ""}${s && Number(s) ? ` ${Number(s)}초` : ""}`;
  });
  // Money written before the amount: $5, ₩1,000, €10.
  const currency: Record<string, string> = { $: "달러", "₩": "원", "€": "유로", "£": "파운드", "¥": "엔" };
  text = text.replace(
    new RegExp(String.raw`([$₩€£¥])\s?(${NUMBER})(?:\.(\d+))?`, "g"),
    (_, sign: string, n: string, f?: string) => `${n}${f ? `.${f}` : ""}${currency[sign]}`,
  );
  // Ranges: 3~5개 -> 셋에서 다섯개; the first number takes the counter of the second.
  text = text.replace(RANGE, (_, n: string, f: string | undefined, offset: number, whole: string) => {
    const rest = whole.slice(offset + _.length);
    const counter = new RegExp(String.raw`^(?:${NUMBER})(?:\.\d+)?\s?(${COUNTER_ALTERNATION})`).exec(rest)?.[1] ?? "";
    return `${rangeStart(n, f, counter)}에서 `;
  });
  // Numbers with their counter or unit, and alone.
  text = text.replace(
    COUNTED,
    (_, n: string, f: string | undefined, space: string, unit?: string, counter?: string, offset?: number, whole?: string) => {
      const following = (whole ?? "").slice((offset ?? 0) + _.length);
      if (unit) return readCounted(n, f, UNITS[unit]!, following);
      if (counter) return readCounted(n, f, counter, following);
      return readCounted(n, f, "", following) + space;
    },
  );
  // Acronyms inside Korean text.
  text = text.replace(ACRONYM, (w) => [...w].map((ch) => LETTERS[ch]).join(""));
  // Symbols.
  text = text
    .replace(/\s?&\s?/g, " 앤드 ")
    .replace(/(?<=\S)\s?\+\s?(?=\S)/g, " 플러스 ")
    .replace(/\s?=\s?/g, " 는 ")
    .replace(/#(?=\S)/g, "샵 ");
  return text.replace(/ {2,}/g, " ");
}
