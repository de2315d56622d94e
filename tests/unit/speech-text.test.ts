import { describe, expect, it } from "vitest";
import { markTokens } from "#contracts/speech-marks";
import {
  characterCount,
  checkText,
  EMPHASIS_CLOSE,
  EMPHASIS_OPEN,
  emphasisRanges,
  hasMarks,
  MAX_MARK_PAUSE_MS,
  withoutEmphasis,
  invalidCharacters,
  languageOffer,
  lineLanguage,
  segments,
  sentences,
  speakable,
} from "#contracts/speech-text";

/** Real sentences as members type them: each is read, and what is read is shown. */
const KOREAN: [string, string][] = [
  ["“안녕하세요”라고 말했어요.", "안녕하세요라고 말했어요."],
  ['그는 "괜찮아"라고 했다.', "그는 괜찮아라고 했다."],
  ["‘좋아요’를 눌러 주세요!", "좋아요를 눌러 주세요!"],
  ["회의는 3:30에 시작합니다.", "회의는 3:30에 시작합니다."],
  ["가격(부가세 포함)은 만 원입니다.", "가격, 부가세 포함은 만 원입니다."],
  ["오늘은 정말… 힘들었어요.", "오늘은 정말... 힘들었어요."],
  ["잠깐만요⋯ 생각해 볼게요.", "잠깐만요... 생각해 볼게요."],
  ["생일 축하해요🎉🎂", "생일 축하해요"],
  ["사랑해요 ❤️ 고마워요", "사랑해요  고마워요"],
  ["최고예요👍🏽!", "최고예요!"],
  ["《토지》는 박경리의 소설이다.", "토지는 박경리의 소설이다."],
  ["「오늘의 날씨」를 전해 드립니다。", "오늘의 날씨를 전해 드립니다."],
  ["㈜보이스스튜디오에서 알려 드립니다.", "주식회사 보이스스튜디오에서 알려 드립니다."],
  ["(주)한빛 대표입니다.", "주식회사 한빛 대표입니다."],
  ["3·1절 기념식이 열립니다.", "3 1절 기념식이 열립니다."],
  ["서울·부산·대구에서 공연합니다.", "서울, 부산, 대구에서 공연합니다."],
  ["준비물: 물, 수건; 모자", "준비물: 물, 수건, 모자"],
  ["정답은 — 바로 이것입니다!", "정답은, 바로 이것입니다!"],
  ["★신상품★ 지금 만나보세요♪", "신상품 지금 만나보세요"],
  ["※ 참고: 주말에는 쉽니다.", "참고: 주말에는 쉽니다."],
  ["정말요?!", "정말요?!"],
  ["진짜‼", "진짜!"],
  ["안녕하세요 [웃음] 반갑습니다.", "안녕하세요, 웃음, 반갑습니다."],
  ["3–5명이 참석합니다.", "3~5명이 참석합니다."],
  ["가격은 ₩1,000입니다.", "가격은 ₩1,000입니다."],
];

const ENGLISH: [string, string][] = [
  ["“Hello,” she said.", "Hello, she said."],
  ['He said "fine" and left.', "He said fine and left."],
  ["Don’t stop believing.", "Don’t stop believing."],
  ["The meeting starts at 3:30.", "The meeting starts at 3:30."],
  ["Wait… what?", "Wait... what?"],
  ["Our team (the best one) won.", "Our team, the best one, won."],
  ["Great job 👏👏!", "Great job !"],
  ["I ❤️ Seoul.", "I  Seoul."],
  ["Flags 🇰🇷 and 🇺🇸 wave.", "Flags  and  wave."],
  ["Family 👨‍👩‍👧 photo", "Family  photo"],
  ["Press 1️⃣ to continue.", "Press 1 to continue."],
  ["It was — honestly — perfect.", "It was, honestly, perfect."],
  ["See pages 10–12.", "See pages 10~12."],
  ["**Bold** and #hashtag", "Bold and hashtag"],
  ["Price: $5 [tax included].", "Price: $5, tax included."],
  ["Zero\u200Bwidth\u00A0space", "Zerowidth space"],
  ["Tabs\tare spaces", "Tabs are spaces"],
];

describe("speakable text: quotes, times, brackets, emoji and ellipses are read, not refused", () => {
  it.each(KOREAN)("ko: %s", (typed, read) => {
    expect(speakable(typed)).toBe(read);
    expect(checkText(typed)).toBeNull();
  });

  it.each(ENGLISH)("en: %s", (typed, read) => {
    expect(speakable(typed)).toBe(read);
    expect(checkText(typed)).toBeNull();
  });

  it("refuses only what cannot be spoken, naming each character once", () => {
    expect(invalidCharacters("메일은 help@voice.studio 로 보내 주세요 @")).toEqual(["@"]);
    expect(checkText("hello <b>")).toEqual({ code: "invalid", chars: ["<", ">"] });
    expect(checkText("x^2 \\ y § 1")).toEqual({ code: "invalid", chars: ["^", "\\", "§"] });
    // What the normaliser reads aloud stays allowed.
    expect(invalidCharacters("$5, ₩1,000, 3:30, 2024/03/05, 3~5개, R&D, 1+1=2, 36.5℃, 50%")).toEqual([]);
  });

  it("emoji, quotes and brackets cost no characters; text of emoji alone is empty", () => {
    expect(characterCount("좋아요😀😀😀")).toBe(3);
    expect(characterCount("“가나”")).toBe(2);
    expect(checkText("🎉🎉")).toEqual({ code: "empty" });
    expect(checkText("“ ”")).toEqual({ code: "empty" });
    // 500 characters read, however many emoji around them.
    expect(checkText("가".repeat(500) + "😀".repeat(100))).toBeNull();
    expect(checkText("가".repeat(501))).toEqual({ code: "too-long", max: 500 });
  });

  it("keeps the pauses: line breaks and 5+ spaces; a bracket pause never starts a line", () => {
    expect(segments("(안내)\n오늘은 휴일입니다.")).toEqual([{ text: "안내" }, { pauseMs: 500 }, { text: "오늘은 휴일입니다." }]);
    expect(segments("one     two")).toEqual([{ text: "one" }, { pauseMs: 500 }, { text: "two" }]);
    // A line of only an emoji is no speech and no leading pause.
    expect(segments("🎉\n축하합니다")).toEqual([{ text: "축하합니다" }]);
  });

  it("is linear: a long hostile line is prepared quickly", () => {
    const hostile = "(".repeat(20_000) + ",".repeat(20_000) + " ".repeat(20_000) + "😀".repeat(20_000);
    const start = performance.now();
    speakable(hostile);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe("line language (import)", () => {
  it.each([
    ["안녕하세요, 반갑습니다.", "ko"],
    ["Welcome to Voice Studio.", "en"],
    ["오늘은 YouTube 영상을 봅니다.", "ko"],
    ["I love 김치 so much.", "en"],
    ["AI 음성", "ko"],
    ["Café au lait, s'il vous plaît", "en"],
    ["12345 !!!", null],
  ] as const)("%s -> %s", (line, lang) => {
    expect(lineLanguage(line)).toBe(lang);
  });
});

describe("languageOffer (the editor offers the language a paragraph is written in)", () => {
  it.each([
    ["안녕하세요. 오늘 회의를 시작하겠습니다.", "en", "ko"],
    ["Welcome to the show, everyone.", "ko", "en"],
    ["안녕하세요. 오늘 회의를 시작하겠습니다.", "ko", null],
    ["Welcome to the show, everyone.", "en", null],
    // Too little to tell, mixed, or read in both: no offer.
    ["OK 네", "en", null],
    ["OK 좋아요", "en", "ko"],
    ["네", "en", null],
    ["Apple과 Samsung의 새 스마트폰 발표", "en", null],
    ["Welcome to the show, everyone.", "multi", null],
    ["12345 !!!", "ko", null],
  ] as const)("%s read in %s -> %s", (text, lang, offer) => {
    expect(languageOffer(text, lang)).toBe(offer);
  });
});

describe("sentences (a generation speaks and publishes them one by one)", () => {
  it("splits at . ! ? and their repeats before a new sentence, in Korean and English", () => {
    expect(sentences("안녕하세요. 오늘은 날씨가 좋네요! 정말요? 네.")).toEqual(["안녕하세요.", "오늘은 날씨가 좋네요!", "정말요?", "네."]);
    expect(sentences("Wait... Really?! Yes.")).toEqual(["Wait...", "Really?!", "Yes."]);
    expect(sentences("He sat. Then he left.")).toEqual(["He sat.", "Then he left."]);
    expect(sentences("Prices rose 1.5% in 2024. Next year, more.")).toEqual(["Prices rose 1.5% in 2024.", "Next year, more."]);
  });
  it("keeps abbreviations, initials, decimals and a quote's end inside their sentence", () => {
    expect(sentences("This is Dr. Kim from the U.S. Army! Is it 9 a.m. now? Mt. Everest, No. 5 and Jan. 3 vs. St. Louis.")).toEqual([
      "This is Dr. Kim from the U.S. Army!",
      "Is it 9 a.m. now?",
      "Mt. Everest, No. 5 and Jan. 3 vs. St. Louis.",
    ]);
    expect(sentences('"Go!" she said. Fine.')).toEqual(['"Go!" she said.', "Fine."]);
    expect(sentences("e.g. this one, i.e. that")).toEqual(["e.g. this one, i.e. that"]);
  });
  it("answers the piece whole when there is one sentence, and puts stray punctuation with its neighbour", () => {
    expect(sentences("한 문장")).toEqual(["한 문장"]);
    expect(sentences("Hello. !!")).toEqual(["Hello. !!"]);
    expect(sentences("")).toEqual([]);
  });
});

describe("pause and emphasis marks: shape the reading, never read or counted", () => {
  it("a pause mark is a pause of its length, in seconds or milliseconds, in English or Korean, at most 5 s", () => {
    expect(segments("하나[pause 1.5s]둘")).toEqual([{ text: "하나" }, { pauseMs: 1500 }, { text: "둘" }]);
    expect(segments("one [pause 800ms] two")).toEqual([{ text: "one" }, { pauseMs: 800 }, { text: "two" }]);
    expect(segments("하나 [쉼 2초] 둘")).toEqual([{ text: "하나" }, { pauseMs: 2000 }, { text: "둘" }]);
    expect(segments("one [Pause 2] two")).toEqual([{ text: "one" }, { pauseMs: 2000 }, { text: "two" }]);
    expect(segments("one [pause 90s] two")).toEqual([{ text: "one" }, { pauseMs: MAX_MARK_PAUSE_MS }, { text: "two" }]);
    // After a line break the two pauses add up; a mark at the end adds nothing to the speech.
    expect(segments("one\n[pause 1s]two [pause 3s]")).toEqual([{ text: "one" }, { pauseMs: 1500 }, { text: "two" }]);
    // Not a mark (no length): brackets, read as a pause before their word as always.
    expect(speakable("one [pause] two")).toBe("one, pause, two");
  });

  it("marks cost nothing, and are not refused as characters that cannot be spoken", () => {
    const plain = "오늘은 정말 중요한 날입니다.";
    const marked = "오늘은 [강조]정말[/강조] 중요한[pause 1s] 날입니다.";
    expect(characterCount(marked)).toBe(characterCount(plain) - 1); // the space the mark took is a pause now
    expect(invalidCharacters(marked)).toEqual([]);
    expect(checkText("[pause 1s][em][/em]")).toEqual({ code: "empty" });
    expect(characterCount("I [em]really[/em] mean it.")).toBe(characterCount("I really mean it."));
  });

  it("emphasis comes out as ranges of the sentence it is in, across sentences of a piece too", () => {
    const [first, second] = sentences((segments("This is [em]very important. It[/em] matters.")[0] as { text: string }).text);
    const a = emphasisRanges(first!);
    expect(a).toEqual({ text: "This is very important.", ranges: [[8, 23]], endsOpen: true });
    expect(emphasisRanges(second!, a.endsOpen)).toEqual({ text: "It matters.", ranges: [[0, 2]], endsOpen: false });
    // A close without an open, and empty emphasis, mark nothing.
    expect(emphasisRanges(withoutEmphasis("x") + EMPHASIS_CLOSE + "y" + EMPHASIS_OPEN + EMPHASIS_CLOSE)).toEqual({
      text: "xy",
      ranges: [],
      endsOpen: false,
    });
  });

  it("typed private-use characters are not marks", () => {
    expect(speakable(`a${EMPHASIS_OPEN}b\uE0021000\uE003c`)).toBe("ab1000c");
    expect(segments(`a${EMPHASIS_OPEN}b\uE0021000\uE003c`)).toEqual([{ text: "ab1000c" }]);
  });
});

describe("markTokens: the text as the editor shows it, marks as chips", () => {
  it("splits words, pauses with their length and emphasised words, in order", () => {
    expect(markTokens("오늘은 [강조]정말[/강조] 좋아요[pause 1.5s]그렇죠?")).toEqual([
      { text: "오늘은 " },
      { emphasis: "정말" },
      { text: " 좋아요" },
      { pauseMs: 1500 },
      { text: "그렇죠?" },
    ]);
    expect(markTokens("[em]to the end [pause 90s] x")).toEqual([{ emphasis: "to the end " }, { pauseMs: 5000 }, { text: " x" }]);
    expect(markTokens("no marks [pause] here")).toEqual([{ text: "no marks [pause] here" }]);
    expect([hasMarks("a [쉼 1초] b"), hasMarks("a [em]b[/em]"), hasMarks("a [b] c"), hasMarks("a [pause] b")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
