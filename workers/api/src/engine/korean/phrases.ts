// Where 표준 발음법 lets a rule cross a space: two words said as one phrase (제12항 붙임 2, 제15항, 제18항 붙임,
// 제27항, 제29항 붙임 2). The rulebook writes such a phrase as one word (밭 아래 [바다래], 옷 한 벌 [오탄벌], 할 도리
// [할또리], 옷 입다 [온닙따]), and so does the reading: the words are joined and read by the word rules, with the mark
// the rule needs at the join. Whether two words form a phrase is decided from their shapes alone (no parser):
// a bare one-syllable word before a noun of place or a verb, an adnominal -ㄴ/-ㄹ before its noun, a number before its
// counter. Anything else keeps its space, so a sentence is never run together.
import { split } from "./jamo";
import { NATIVE_COUNTERS } from "./normalize";
import { BOUND_NOUNS, type Mark } from "./lexicon";

/** What may follow a bound noun in the same word (수가, 것을, 거예요). */
// prettier-ignore
const AFTER_BOUND = new Set([
  "", "가", "이", "을", "를", "은", "는", "도", "에", "에서", "야", "예요", "이다", "입니다", "만", "까지", "로", "으로", "이에요",
  "이야", "이죠", "죠",
]);

/** Words said tense after an adnominal -ㄹ whose ending is not 을 (할 도리, 만날 사람, 공부할 시간; 제27항). */
// prettier-ignore
const ADNOMINAL_L = new Set([
  "할", "갈", "볼", "올", "될", "쓸", "만날", "드릴", "버릴", "기다릴", "가질", "가르칠", "시킬", "보낼", "지낼", "마실", "나갈",
  "들어갈", "돌아갈", "나올", "들어올", "돌아올", "도울", "부를", "고를", "모를", "다를", "만들", "알",
]);
/** Last syllables that make a word an adnominal -ㄹ: 공부할, 사용될, 말할. */
const ADNOMINAL_L_ENDS = new Set(["할", "될", "릴", "킬", "칠", "낼"]);
/**
 * Stems before 을 that make it the adnominal ending, not the object particle (먹을 것 [머글껃] but 책을 사다 [채글
 * 사다]); a past stem (했을, 갔을) always does.
 */
// prettier-ignore
const STEMS_BEFORE_EUL = new Set([
  "먹", "읽", "있", "없", "받", "찾", "입", "앉", "좋", "같", "많", "싶", "잡", "웃", "씻", "찍", "늦", "맞", "믿", "넣", "놓", "잃",
  "얻", "죽", "작", "높", "넓", "괜찮", "않", "듣", "묻", "걷", "돕",
]);
/** Nouns an adnominal 먹을, 있을 is said tense before, besides the bound nouns (먹을 거리, 있을 자리). */
// prettier-ignore
const HEADS_AFTER_EUL = ["사람", "시간", "생각", "준비", "계획", "자리", "정도", "방법", "기회", "자격", "돈", "집", "게", "곳", "데", "때", "거리", "자신"];

/** Second words of 제29항 across a space: 한 일 [한닐], 옷 입다 [온닙따], 먹은 엿 [머근녇], 3 연대 [삼년대]. */
const N_INSERTED_NEXT = /^(?:일(?:[이을은도]|이에요|입니다)?$|입[다어었고는은을으지게]|입$|엿|여섯|여덟|연대|이불|잎)/;
/** Nouns of place and the like that take 제15항's liaison after a final: 밭 아래 [바다래], 꽃 위 [꼬뒤], 늪 앞 [느밥]. */
const LIAISON_NEXT = /^(?:아래|앞|위|안[에은을의]|없[다어었고는지게]|어치|옷)/;
/** Native numbers before a counter: 한 송이, 두 벌, 몇 명. */
// prettier-ignore
const DETERMINERS = new Set([
  "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "스무", "몇", "열한", "열두", "열세", "열네", "서른", "마흔",
]);
/** Sino-Korean numbers read before 연대 (1 연대 [일련대]). */
const SINO_DIGITS = new Set(["일", "이", "삼", "사", "오", "육", "칠", "팔", "구", "십", "백"]);

const isBoundNounPhrase = (next: string) => BOUND_NOUNS.some((bn) => next.startsWith(bn) && AFTER_BOUND.has(next.slice(bn.length)));
const startsTensable = (word: string) => "ㄱㄷㅂㅅㅈ".includes(split(word[0]!).initial);

function adnominalL(word: string): "any" | "eul" | null {
  const last = word[word.length - 1]!;
  if (split(last).final !== "ㄹ") return null;
  if (ADNOMINAL_L.has(word) || (word.length > 1 && ADNOMINAL_L_ENDS.has(last))) return "any";
  if (last === "을" && word.length > 1) {
    const stem = split(word[word.length - 2]!);
    if (stem.final === "ㅆ" || STEMS_BEFORE_EUL.has(word.slice(0, -1)) || STEMS_BEFORE_EUL.has(word[word.length - 2]!)) return "eul";
  }
  return null;
}

/**
 * How `prev` joins `next` when the two are said as one phrase: the mark the rule needs at the join ("join" when the
 * word rules alone do it: 책 넣는다 [챙넌는다], 옷 한 벌 [오탄벌]), or null when the space stays.
 */
export function linkOf(prev: string, next: string): Mark | "join" | null {
  const last = split(prev[prev.length - 1]!);
  const first = split(next[0]!);
  const final = last.final;
  if (DETERMINERS.has(prev) && NATIVE_COUNTERS.some((c) => next.startsWith(c))) return "join";
  if (final === "") return null;
  // 제29항 붙임 2: ㄴ inserted before 이, 야, 여, 요, 유 (after ㄹ: ㄹ).
  if (prev === "못" && first.initial === "ㅇ" && "ㅣㅑㅕㅛㅠ".includes(first.vowel)) return "n"; // 못 읽어 [몬닐거], 못 잊어
  if (first.initial === "ㅇ" && N_INSERTED_NEXT.test(next)) {
    if (prev.length === 1 || final === "ㄴ" || final === "ㄹ" || SINO_DIGITS.has(prev)) return "n";
  }
  // 제27항: after the adnominal -ㄹ, ㄱ, ㄷ, ㅂ, ㅅ, ㅈ are said tense.
  if (final === "ㄹ" && startsTensable(next)) {
    if (isBoundNounPhrase(next)) return "tense";
    const kind = adnominalL(prev);
    if (kind === "any" || (kind === "eul" && HEADS_AFTER_EUL.some((h) => next.startsWith(h)))) return "tense";
    return null;
  }
  // 제15항: a final before a noun beginning with a vowel is neutralised, then carried over.
  if (first.initial === "ㅇ" && final !== "ㅇ" && final !== "ㅎ" && LIAISON_NEXT.test(next)) return "real";
  // 제12항 붙임 2, 제18항 붙임: a bare one-syllable word before ㅎ, ㄴ or ㅁ (못 해요 [모태요], 밥 먹는다 [밤멍는다]).
  if (prev.length === 1 && "ㅎㄴㅁ".includes(first.initial) && !"ㄴㄹㅁㅇ".includes(final)) return "join";
  return null;
}
