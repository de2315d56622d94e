import { describe, expect, it } from "vitest";
import { withEmphasis } from "../../workers/api/src/engine/emphasis";

const TAGS = ["<emphasis>", "</emphasis>"] as const;
const upper = (text: string) => text.toUpperCase();

describe("withEmphasis: the stretches read on their own and wrapped in the engine's tags", () => {
  it("reads a sentence without emphasis as a whole", () => {
    expect(withEmphasis("one two", [], upper, TAGS)).toBe("ONE TWO");
    expect(withEmphasis("one two", undefined, upper, TAGS)).toBe("ONE TWO");
  });

  it("keeps words apart where they were apart and joined where a stretch ends inside a word", () => {
    expect(withEmphasis("this is very important", [[8, 12]], upper, TAGS)).toBe("THIS IS <emphasis>VERY</emphasis> IMPORTANT");
    expect(withEmphasis("사과를 주세요", [[0, 2]], (t) => `[${t}]`, TAGS)).toBe("<emphasis>[사과]</emphasis>[를 주세요]");
    expect(withEmphasis("very good", [[0, 9]], upper, ["<strong>", "</strong>"])).toBe("<strong>VERY GOOD</strong>");
  });

  it("never reads markup: the reading rules see the words only", () => {
    const seen: string[] = [];
    withEmphasis("a b c", [[2, 3]], (t) => (seen.push(t), t), TAGS);
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("ignores ranges out of order or outside the text", () => {
    expect(
      withEmphasis(
        "one two",
        [
          [4, 7],
          [0, 3],
          [5, 99],
        ],
        upper,
        TAGS,
      ),
    ).toBe("ONE <emphasis>TWO</emphasis>");
  });
});
