import { describe, expect, it } from "vitest";
import { applyDictionary } from "../../workers/api/src/engine/dictionary";

describe("a member's pronunciation dictionary", () => {
  it("replaces Hangul words inside words, so particles follow", () => {
    expect(applyDictionary("카카오뱅크는 좋아요", [{ word: "카카오뱅크", reading: "카카오 뱅크" }])).toBe("카카오 뱅크는 좋아요");
  });

  it("replaces Latin words whole and regardless of case, never inside a longer word", () => {
    const entries = [{ word: "AWS", reading: "아마존 웹 서비스" }];
    expect(applyDictionary("AWS와 aws, AWSOME", entries)).toBe("아마존 웹 서비스와 아마존 웹 서비스, AWSOME");
  });

  it("prefers the longest word and does not replace inside a replacement", () => {
    const entries = [
      { word: "서울", reading: "쎄울" },
      { word: "서울역", reading: "서울력" },
      { word: "쎄", reading: "X" },
    ];
    expect(applyDictionary("서울역과 서울", entries)).toBe("서울력과 쎄울");
  });

  it("treats words literally: pattern characters match only themselves", () => {
    expect(
      applyDictionary("a.c abc (a+)+b", [
        { word: "a.c", reading: "에이닷씨" },
        { word: "(a+)+b", reading: "패턴" },
      ]),
    ).toBe("에이닷씨 abc 패턴");
  });

  it("leaves the member's pause and emphasis marks as they are, and reads the words inside them", () => {
    const entries = [
      { word: "강조", reading: "강쪼" },
      { word: "pause", reading: "포즈" },
      { word: "AI", reading: "에이아이" },
    ];
    expect(applyDictionary("[강조]AI[/강조]를 강조하고 [pause 1s] pause", entries)).toBe(
      "[강조]에이아이[/강조]를 강쪼하고 [pause 1s] 포즈",
    );
  });

  it("keeps text without entries as it is", () => {
    expect(applyDictionary("그대로", [])).toBe("그대로");
  });
});
