import { describe, expect, it } from "vitest";
import { formatDuration, formatSeconds } from "~/lib/units";

describe("units in the page's language", () => {
  it("seconds with one decimal: 30.0초 and 30.0 s", () => {
    expect(formatSeconds(30, "ko")).toBe("30.0초");
    expect(formatSeconds(30.04, "en")).toBe("30.0\u00a0s");
    expect(formatSeconds(2.25, "ko", 2)).toBe("2.25초");
    expect(formatSeconds(1234.5, "en")).toBe("1,234.5\u00a0s");
    expect(formatSeconds(Number.NaN, "ko")).toBe("0.0초");
  });

  it("lengths in minutes and seconds", () => {
    expect(formatDuration(150, "ko")).toBe("2분 30초");
    expect(formatDuration(150, "en")).toBe("2\u00a0min 30\u00a0s");
    expect(formatDuration(45.4, "ko")).toBe("45초");
    expect(formatDuration(180, "en")).toBe("3\u00a0min");
    expect(formatDuration(-3, "en")).toBe("0\u00a0s");
  });

  it("never leaves an English unit alone on a line: the number and its unit are joined by a no-break space", () => {
    for (const text of [formatSeconds(2, "en"), formatDuration(150, "en"), formatDuration(180, "en")]) {
      expect(text).not.toMatch(/\d [a-z]/);
      expect(text).toMatch(/\d\u00a0[a-z]/);
    }
  });

  it("a regional tag counts as its language", () => {
    expect(formatSeconds(3, "ko-KR")).toBe("3.0초");
    expect(formatSeconds(3, "en-US")).toBe("3.0\u00a0s");
  });
});
