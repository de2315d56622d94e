// Korean text -> its standard pronunciation (표준 발음법), written in Hangul: 사람입니다 -> 사라밈니다,
// 목요일 -> 모교일, 맑고 -> 말꼬, 할 수 있다 -> 할 쑤 읻따. eSpeak NG reads Hangul letter by letter, so the
// engine gives it this respelling (docs/decisions/0024-korean-reading.md).
//
// Each word (a run of syllables between spaces) is read boundary by boundary, from left to right: ㄴ-insertion where
// the lexicon says so, liaison (with ㅎ-deletion and palatalization), aspiration, the final neutralised (clusters
// simplified by stem), tensification, nasalization and lateralization. Two words said as one phrase (phrases.ts)
// are joined first and read as one word.
import { join, split, type Syllable } from "./jamo";
import {
  AFTER_L_PLAIN,
  N_INSERTION,
  NN_WORDS,
  NOT_TENSED,
  REAL_MORPHEME_LIAISON,
  STATION,
  TENSED,
  TENSED_ENDINGS,
  TENSING_STEMS,
  UI_NOUNS,
  type Mark,
} from "./lexicon";
import { linkOf } from "./phrases";

/** The sound of a final before a consonant or at the end of a word (제8-11항). */
// prettier-ignore
const NEUTRAL: Record<string, string> = {
  "": "",
  ㄱ: "ㄱ", ㄲ: "ㄱ", ㅋ: "ㄱ", ㄳ: "ㄱ", ㄺ: "ㄱ",
  ㄴ: "ㄴ", ㄵ: "ㄴ", ㄶ: "ㄴ",
  ㄷ: "ㄷ", ㅅ: "ㄷ", ㅆ: "ㄷ", ㅈ: "ㄷ", ㅊ: "ㄷ", ㅌ: "ㄷ", ㅎ: "ㄷ",
  ㄹ: "ㄹ", ㄼ: "ㄹ", ㄽ: "ㄹ", ㄾ: "ㄹ", ㅀ: "ㄹ",
  ㅁ: "ㅁ", ㄻ: "ㅁ",
  ㅂ: "ㅂ", ㅍ: "ㅂ", ㅄ: "ㅂ", ㄿ: "ㅂ",
  ㅇ: "ㅇ",
};
/** A cluster's two letters: before a vowel the second is carried over (제14항). */
// prettier-ignore
const CLUSTER: Record<string, [string, string]> = {
  ㄳ: ["ㄱ", "ㅅ"], ㄵ: ["ㄴ", "ㅈ"], ㄶ: ["ㄴ", "ㅎ"], ㄺ: ["ㄹ", "ㄱ"], ㄻ: ["ㄹ", "ㅁ"], ㄼ: ["ㄹ", "ㅂ"],
  ㄽ: ["ㄹ", "ㅅ"], ㄾ: ["ㄹ", "ㅌ"], ㄿ: ["ㄹ", "ㅍ"], ㅀ: ["ㄹ", "ㅎ"], ㅄ: ["ㅂ", "ㅅ"],
};
const TENSE: Record<string, string> = { ㄱ: "ㄲ", ㄷ: "ㄸ", ㅂ: "ㅃ", ㅅ: "ㅆ", ㅈ: "ㅉ" };
const ASPIRATED: Record<string, string> = { ㄱ: "ㅋ", ㄷ: "ㅌ", ㅂ: "ㅍ", ㅈ: "ㅊ" };
const Y_VOWELS = new Set(["ㅣ", "ㅑ", "ㅕ", "ㅛ", "ㅠ"]);
/** Verb stems in ㄺ said ㄹ before ㄱ (맑게 [말께], 읽고 [일꼬]; 제11항 다만). */
const LG_STEMS = new Set(["맑", "읽", "늙", "긁", "밝", "붉", "얽", "묽", "굵"]);
/** Particles a station name (…역) may carry. */
const STATION_TAIL = new Set([
  "",
  "은",
  "이",
  "을",
  "에",
  "에서",
  "으로",
  "으로는",
  "까지",
  "부터",
  "도",
  "과",
  "의",
  "이다",
  "입니다",
  "이에요",
  "앞",
  "에는",
]);

/** Boundary marks of the lexicon inside a word: the index of the syllable before the boundary -> its rule. */
function marksOf(word: string, joins: ReadonlyMap<number, Mark>): Map<number, Mark> {
  const marks = new Map<number, Mark>();
  const scan = (entries: readonly string[], mark: Mark) => {
    for (const entry of entries) {
      const plus = entry.indexOf("+");
      const whole = entry.slice(0, plus) + entry.slice(plus + 1);
      for (let at = word.indexOf(whole); at >= 0; at = word.indexOf(whole, at + 1)) marks.set(at + plus - 1, mark);
    }
  };
  scan(NN_WORDS, "nn");
  scan(TENSED, "tense");
  scan(REAL_MORPHEME_LIAISON, "real");
  scan(N_INSERTION, "n");
  // 잎 "leaf" always begins a compound's second element: 꽃잎 [꼰닙], 깻잎 [깬닙], 풀잎 [풀립].
  for (let at = word.indexOf("잎", 1); at > 0; at = word.indexOf("잎", at + 1)) marks.set(at - 1, "n");
  const station = word.lastIndexOf(STATION);
  if (station >= 2 && STATION_TAIL.has(word.slice(station + 1))) marks.set(station - 1, "n");
  for (const [at, mark] of joins) marks.set(at, mark);
  return marks;
}

/** 제26항: ㄹ + ㄷ, ㅅ, ㅈ is tense in Sino-Korean words, not before a particle or an ending (알다, 물도), nor in 서울시. */
function plainAfterL(word: string, i: number): boolean {
  const rest = word.slice(i + 1);
  if (AFTER_L_PLAIN.some((e) => rest.startsWith(e))) return true;
  return rest === "시" && word.length >= 3;
}

/** 제24항: a listed stem in ㄴ, ㅁ followed by a listed ending (안고, 감다, 넘지). */
function stemTensesEnding(word: string, i: number): boolean {
  const stem = word.slice(0, i + 1);
  const ending = word.slice(i + 1);
  return (
    (TENSING_STEMS as readonly string[]).includes(stem) &&
    TENSED_ENDINGS.some((e) => ending.startsWith(e)) &&
    !(NOT_TENSED as readonly string[]).includes(word)
  );
}

/** The causative or passive -기- after a stem (굶기다, 옮겨, 안기고): 기 with an ending after it. */
function causativeGi(word: string, i: number): boolean {
  return word[i + 1] === "기" && /^[다고어었는지게며면세시셨]/.test(word.slice(i + 2));
}

/** Syllables that end an adnominal -ㄹ inside a word (할, 갈, 먹을). */
const ADNOMINAL_L_SYLLABLES = new Set(["할", "갈", "볼", "올", "될", "릴", "킬", "칠", "낼", "질"]);
/** 제27항 붙임: endings that begin with -(으)ㄹ: 할걸 [할껄], 할수록 [할쑤록], 할지라도 [할찌라도], 먹을게 [머글께]. */
const L_ENDINGS = /^(?:걸|게|밖에|세라|수록|지라도|지언정|진대|지)(?:요|도|는|만)?$/;

function adnominalEnding(word: string, i: number): boolean {
  const syllable = word[i]!;
  const adnominal = ADNOMINAL_L_SYLLABLES.has(syllable) || (syllable === "을" && i > 0);
  return adnominal && L_ENDINGS.test(word.slice(i + 1));
}

function isUiNoun(word: string): boolean {
  return (UI_NOUNS as readonly string[]).includes(word) || word.endsWith("주의");
}

/**
 * One word (syllables only) in its standard pronunciation; `joins` marks where words of a phrase were joined (the
 * index of the syllable before the join).
 */
export function pronounceWord(word: string, joins: ReadonlyMap<number, Mark> = new Map()): string {
  const syl: Syllable[] = [...word].map(split);
  const n = syl.length;
  const marks = marksOf(word, joins);

  for (let j = 0; j < n; j++) {
    const s = syl[j]!;
    // 제5항: 의 after a consonant is 이 (희망 [히망]); inside a word 이 (주의사항), at its end the particle 에 (우리의).
    if (s.vowel === "ㅢ") {
      if (s.initial !== "ㅇ") s.vowel = "ㅣ";
      else if (j > 0) s.vowel = j === n - 1 && !isUiNoun(word) ? "ㅔ" : "ㅣ";
    }
    // 제5항: 져, 쪄, 쳐 are said 저, 쩌, 처.
    if (s.vowel === "ㅕ" && (s.initial === "ㅈ" || s.initial === "ㅉ" || s.initial === "ㅊ")) s.vowel = "ㅓ";
  }

  for (let i = 0; i < n - 1; i++) {
    const a = syl[i]!;
    const b = syl[i + 1]!;
    const C = a.final;
    const mark = marks.get(i);
    if (C === "") {
      if (mark === "tense" && TENSE[b.initial]) b.initial = TENSE[b.initial]!;
      continue;
    }
    // 제29항: ㄴ-insertion (after ㄹ said ㄹ), only where the lexicon marks a compound boundary.
    if (mark === "n" && b.initial === "ㅇ" && Y_VOWELS.has(b.vowel)) b.initial = NEUTRAL[C] === "ㄹ" ? "ㄹ" : "ㄴ";

    if (b.initial === "ㅇ") {
      if (C === "ㅇ") continue;
      if (mark === "real") {
        // 제15항: 맛없다 [마덥따], 겉옷 [거돋].
        a.final = "";
        b.initial = NEUTRAL[C]!;
        continue;
      }
      if (C === "ㅎ") {
        a.final = ""; // 제12항 4: 좋아 [조아]
        continue;
      }
      const cluster = CLUSTER[C];
      if (cluster) {
        const [keep, move] = cluster;
        if (move === "ㅎ") {
          a.final = "";
          b.initial = keep; // 않아 [아나], 싫어 [시러]
        } else {
          a.final = keep;
          b.initial = move === "ㅅ" ? "ㅆ" : move === "ㅌ" && b.vowel === "ㅣ" ? "ㅊ" : move; // 없어 [업써], 핥이다 [할치다]
        }
        continue;
      }
      a.final = "";
      // 제17항: ㄷ, ㅌ before 이 become ㅈ, ㅊ (굳이 [구지], 같이 [가치]).
      b.initial = b.vowel === "ㅣ" && (C === "ㄷ" || C === "ㅌ") ? (C === "ㄷ" ? "ㅈ" : "ㅊ") : C;
      continue;
    }

    if (b.initial === "ㅎ") {
      // 제12항 1: ㄱ, ㄷ, ㅂ, ㅈ + ㅎ -> ㅋ, ㅌ, ㅍ, ㅊ (국화 [구콰], 입학 [이팍], 밝히다 [발키다], 앉히다 [안치다]).
      if (C === "ㄺ" || C === "ㄼ" || C === "ㄵ") {
        a.final = CLUSTER[C]![0];
        b.initial = C === "ㄺ" ? "ㅋ" : C === "ㄼ" ? "ㅍ" : "ㅊ";
        continue;
      }
      const N = NEUTRAL[C]!;
      if (N === "ㄱ" || N === "ㅂ") {
        a.final = "";
        b.initial = ASPIRATED[N]!;
      } else if (N === "ㄷ" && C !== "ㅎ") {
        a.final = "";
        // 닫히다 [다치다] (제17항 붙임), 꽂히다 [꼬치다], 꽂혀 [꼬처]; otherwise ㄷ's ㅌ: 맏형 [마텽], 못하다 [모타다],
        // 낮 한때 [나탄때] (제12항 붙임 2).
        const suffix = b.vowel === "ㅣ" || b.vowel === "ㅕ";
        b.initial = (C === "ㄷ" || C === "ㅌ") && b.vowel === "ㅣ" ? "ㅊ" : (C === "ㅈ" || C === "ㅊ") && suffix ? "ㅊ" : "ㅌ";
      } else {
        a.final = N === "ㄷ" ? "" : N; // 은행, 전화, 결혼: ㅎ kept after ㄴ, ㄹ, ㅁ, ㅇ
      }
      continue;
    }

    if (C === "ㅎ" || C === "ㄶ" || C === "ㅀ") {
      const keep = C === "ㅎ" ? "" : C === "ㄶ" ? "ㄴ" : "ㄹ";
      if (b.initial === "ㄱ" || b.initial === "ㄷ" || b.initial === "ㅈ") {
        a.final = keep;
        b.initial = ASPIRATED[b.initial]!; // 좋고 [조코], 않던 [안턴], 싫지 [실치]
      } else if (b.initial === "ㅅ") {
        a.final = keep;
        b.initial = "ㅆ"; // 좋소 [조쏘], 않습니다 [안씀니다]
      } else if (b.initial === "ㄴ") {
        if (C === "ㅀ") {
          a.final = "ㄹ";
          b.initial = "ㄹ"; // 뚫는 [뚤른]
        } else a.final = "ㄴ"; // 놓는 [논는], 않네 [안네]
      } else a.final = keep === "" ? "ㄷ" : keep;
      continue;
    }

    let N = NEUTRAL[C]!;
    const here = join(a);
    if (C === "ㄺ" && b.initial === "ㄱ" && LG_STEMS.has(here)) N = "ㄹ";
    if (C === "ㄼ" && (here === "밟" || (here === "넓" && /^[죽둥적]/.test(word.slice(i + 1))))) N = "ㅂ";
    let I = b.initial;
    let tense = mark === "tense";
    if ((N === "ㄱ" || N === "ㄷ" || N === "ㅂ") && TENSE[I]) tense = true; // 제23항: 국밥 [국빱]
    // 제24-25항: 앉고, 젊지, 넓게, 핥다, 맑게; not the causative or passive -기- (굶기다 [굼기다], 제24항 다만).
    if ((C === "ㄵ" || C === "ㄻ" || C === "ㄼ" || C === "ㄾ" || C === "ㄺ") && "ㄱㄷㅅㅈ".includes(I) && !causativeGi(word, i))
      tense = true;
    if ((C === "ㄴ" || C === "ㅁ") && "ㄱㄷㅅㅈ".includes(I) && stemTensesEnding(word, i)) tense = true;
    // 제26항, except where one Sino-Korean syllable is repeated (허허실실, 절절하다).
    if (C === "ㄹ" && "ㄷㅅㅈ".includes(I) && !plainAfterL(word, i) && word[i] !== word[i + 1]) tense = true;
    if (C === "ㄹ" && TENSE[I] && adnominalEnding(word, i)) tense = true;

    if (I === "ㄹ") {
      if (N === "ㄴ") {
        if (mark === "nn")
          I = "ㄴ"; // 생산량 [생산냥]
        else N = "ㄹ"; // 제20항: 신라 [실라]
      } else if (N !== "ㄹ") I = "ㄴ"; // 제19항: 침략 [침냑], 막론 [망논]
    }
    if (I === "ㄴ" || I === "ㅁ") {
      // 제18항: 국물 [궁물], 닫는 [단는], 입니다 [임니다]; 제20항: 칼날 [칼랄]
      if (N === "ㄱ") N = "ㅇ";
      else if (N === "ㄷ") N = "ㄴ";
      else if (N === "ㅂ") N = "ㅁ";
      else if (N === "ㄹ" && I === "ㄴ") I = "ㄹ";
    }
    if (tense && TENSE[I]) I = TENSE[I]!;
    a.final = N;
    b.initial = I;
  }
  const last = syl[n - 1];
  if (last) last.final = NEUTRAL[last.final] ?? last.final;
  return syl.map(join).join("");
}

const HANGUL_RUN = /[\uAC00-\uD7A3]+(?:[ \t]+[\uAC00-\uD7A3]+)*/g;

/** A run of words between spaces, with the words said as one phrase joined and read as one word. */
function pronounceRun(run: string): string {
  const parts = run.split(/([ \t]+)/);
  let out = "";
  let word = parts[0]!;
  let joins = new Map<number, Mark>();
  for (let k = 2; k < parts.length; k += 2) {
    const next = parts[k]!;
    const link = linkOf(parts[k - 2]!, next);
    if (link) {
      if (link !== "join") joins.set(word.length - 1, link);
      word += next;
      continue;
    }
    out += pronounceWord(word, joins) + parts[k - 1];
    word = next;
    joins = new Map();
  }
  return out + pronounceWord(word, joins);
}

/**
 * The names of Hangul letters before a vowel (표준 발음법 제16항): their final links as ㅅ, ㄱ or ㅂ, not as written
 * (디귿이 [디그시], 키읔을 [키으글], 피읖이 [피으비]); the name is respelled with that final and the rules do the rest.
 */
const LETTER_NAMES: Record<string, string> = {
  디귿: "디긋",
  지읒: "지읏",
  치읓: "치읏",
  키읔: "키윽",
  티읕: "티읏",
  피읖: "피읍",
  히읗: "히읏",
};
const LETTER_NAME = new RegExp(`(${Object.keys(LETTER_NAMES).join("|")})(?=[이을은에으와의])`, "g");

/** Every Hangul run of a text in its standard pronunciation; everything else stays as it is. */
export function pronounceKorean(input: string): string {
  const text = input.replace(LETTER_NAME, (name) => LETTER_NAMES[name]!);
  return text.replace(HANGUL_RUN, pronounceRun);
}
