import { describe, expect, it } from "vitest";
import { formatDuration, formatSeconds } from "~/lib/units";

describe("units in the page's language (issue 19)", () => {
  it("seconds with one decimal: 30.0초 and 30.0 s", () => {
    expect(formatSeconds(30, "ko")).toBe("30.0초");
    expect(formatSeconds(30.04, "en")).toBe("30.0 s");
    expect(formatSeconds(2.25, "ko", 2)).toBe("2.25초");
    expect(formatSeconds(1234.5, "en")).toBe("1,234.5 s");
    expect(formatSeconds(Number.NaN, "ko")).toBe("0.0초");
  });

  it("lengths in minutes and seconds", () => {
    expect(formatDuration(150, "ko")).toBe("2분 30초");
    expect(formatDuration(150, "en")).toBe("2 min 30 s");
    expect(formatDuration(45.4, "ko")).toBe("45초");
    expect(formatDuration(180, "en")).toBe("3 min");
    expect(formatDuration(-3, "en")).toBe("0 s");
  });

  it("a regional tag counts as its language", () => {
    expect(formatSeconds(3, "ko-KR")).toBe("3.0초");
    expect(formatSeconds(3, "en-US")).toBe("3.0 s");
  });
});
