import { describe, expect, it } from "vitest";
import { cardinal, normalizeEnglish, ordinal, year } from "../../workers/api/src/engine/english";

describe("English text as spoken (numbers, dates and money in English too)", () => {
  it.each([
    ["I have 42 apples.", "I have forty-two apples."],
    ["It costs $5.99.", "It costs five dollars ninety-nine cents."],
    ["$1,000,000", "one million dollars"],
    ["€1", "one euro"],
    ["Meet at 3:30 pm.", "Meet at three thirty P M."],
    ["at 3:05", "at three oh five"],
    ["at 9:00", "at nine o'clock"],
    ["2024-03-05", "March fifth, twenty twenty-four"],
    ["in 1990", "in nineteen ninety"],
    ["in the 1990s", "in the nineteen nineties"],
    ["in 2005", "in two thousand five"],
    ["the 21st century", "the twenty-first century"],
    ["the 3rd and 12th", "the third and twelfth"],
    ["3.5%", "three point five percent"],
    ["pi is 3.14", "pi is three point one four"],
    ["5km", "five kilometers"],
    ["36.6°C", "thirty-six point six degrees Celsius"],
    ["call 555-123-4567", "call five five five, one two three, four five six seven"],
    ["3-5 days", "three to five days"],
    ["R&D", "R and D"],
    ["#1 hit", "number one hit"],
    ["1,234 people", "one thousand two hundred thirty-four people"],
  ])("%s -> %s", (text, spoken) => {
    expect(normalizeEnglish(text)).toBe(spoken);
  });

  it("spells whole numbers, ordinals and years", () => {
    expect(cardinal(0)).toBe("zero");
    expect(cardinal(1_000_001)).toBe("one million one");
    expect(ordinal(40)).toBe("fortieth");
    expect(ordinal(101)).toBe("one hundred first");
    expect(year(1905)).toBe("nineteen oh five");
    expect(year(1900)).toBe("nineteen hundred");
  });

  it("leaves text without numbers or symbols as it is", () => {
    expect(normalizeEnglish("Hello, world.")).toBe("Hello, world.");
  });
});
