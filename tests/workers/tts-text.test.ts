import { describe, expect, it } from "vitest";
import { characterCount, checkText, invalidCharacters, segments } from "../../workers/api/src/lib/tts-text";

describe("TTS text rules (spec sections 5 and 9)", () => {
  it("reads . , ... ! ? and the letters of any script; names the characters it cannot read", () => {
    expect(invalidCharacters("안녕하세요. 반가워요, 정말... 그래요! 왜요? Don't stop, well-known 50%")).toEqual([]);
    // Brackets, ";" and "#" are read or left out; "@" cannot be spoken.
    expect(invalidCharacters("가격은 $5 (세금 포함); 할인 @ 오늘 #특가 $")).toEqual(["@"]);
    // What the normaliser reads aloud is allowed: money, times, dates, ranges, symbols, degrees.
    expect(invalidCharacters("$5, ₩1,000, 3:30, 2024/03/05, 3~5개, R&D, 1+1=2, 36.5℃")).toEqual([]);
    expect(checkText("hello <b>")).toEqual({ code: "invalid", chars: ["<", ">"] });
  });

  it("a newline adds a pause, and so do 5 or more spaces; fewer spaces do not", () => {
    expect(segments("첫 문장입니다.\n둘째 문장입니다.")).toEqual([
      { text: "첫 문장입니다." },
      { pauseMs: 500 },
      { text: "둘째 문장입니다." },
    ]);
    expect(segments("one     two")).toEqual([{ text: "one" }, { pauseMs: 500 }, { text: "two" }]);
    expect(segments("one        two")).toEqual([{ text: "one" }, { pauseMs: 800 }, { text: "two" }]);
    expect(segments("one    two")).toEqual([{ text: "one    two" }]);
    // Two newlines add up; leading and trailing pauses are dropped.
    expect(segments("\n\na\n\nb\n")).toEqual([{ text: "a" }, { pauseMs: 1000 }, { text: "b" }]);
    expect(segments("a" + " ".repeat(100) + "b")).toEqual([{ text: "a" }, { pauseMs: 3000 }, { text: "b" }]);
  });

  it("counts the characters read, at most 500 a generation", () => {
    expect(characterCount("가나다\n라마")).toBe(5);
    expect(characterCount("ab     cd")).toBe(4);
    expect(characterCount("a b")).toBe(3);
    expect(checkText("가".repeat(500))).toBeNull();
    expect(checkText("가".repeat(501))).toEqual({ code: "too-long", max: 500 });
    // Pauses are free: 500 characters with line breaks between them still fit.
    expect(checkText("가".repeat(250) + "\n\n\n" + "나".repeat(250))).toBeNull();
    expect(checkText(" \n \n")).toEqual({ code: "empty" });
  });
});
