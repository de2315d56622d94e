import { describe, expect, it } from "vitest";
import { fitCue, placeCues, srt, timestamp, vtt, wrap } from "../../workers/api/src/speech/subtitles";

describe("subtitles: SRT and WebVTT from spoken sentences", () => {
  it("writes times as HH:MM:SS,mmm (SRT) and HH:MM:SS.mmm (WebVTT)", () => {
    expect(timestamp(0, ",")).toBe("00:00:00,000");
    expect(timestamp(1_234.4, ".")).toBe("00:00:01.234");
    expect(timestamp(3_723_005, ",")).toBe("01:02:03,005");
    expect(timestamp(59_999.6, ".")).toBe("00:01:00.000");
    expect(timestamp(100 * 3_600_000, ",")).toBe("100:00:00,000");
    expect(timestamp(-3, ",")).toBe("00:00:00,000");
  });

  it("wraps words into lines of at most 42 characters, cutting a word longer than a line", () => {
    expect(wrap("짧은 문장입니다.")).toEqual(["짧은 문장입니다."]);
    const words = "The quick brown fox jumps over the lazy dog and keeps running far away";
    const lines = wrap(words);
    expect(lines).toEqual(["The quick brown fox jumps over the lazy", "dog and keeps running far away"]);
    expect(lines.join(" ")).toBe(words);
    expect(wrap(`${"가".repeat(50)} 끝`)).toEqual(["가".repeat(42), `${"가".repeat(8)} 끝`]);
    // Characters, not UTF-16 units: an emoji counts once.
    expect(wrap("😀".repeat(42))).toEqual(["😀".repeat(42)]);
    expect(wrap("  spaced   out \n ")).toEqual(["spaced out"]);
    expect(wrap("")).toEqual([]);
  });

  it("keeps a sentence of two lines in one cue and splits a longer one into cues by its characters", () => {
    expect(fitCue({ startMs: 100, endMs: 900, text: "one line" })).toEqual([{ startMs: 100, endMs: 900, text: "one line" }]);
    const two = "a".repeat(40) + " " + "b".repeat(40);
    expect(fitCue({ startMs: 0, endMs: 1000, text: two })).toEqual([
      { startMs: 0, endMs: 1000, text: `${"a".repeat(40)}\n${"b".repeat(40)}` },
    ]);
    // Five lines of 40, 40, 40, 40 and 20 characters: cues of 80, 80 and 20 characters share 1,800 ms as 800, 800, 200.
    const long = ["a", "b", "c", "d"].map((c) => c.repeat(40)).join(" ") + " " + "e".repeat(20);
    const cues = fitCue({ startMs: 1_000, endMs: 2_800, text: long });
    expect(cues.map((c) => [c.startMs, c.endMs])).toEqual([
      [1_000, 1_800],
      [1_800, 2_600],
      [2_600, 2_800],
    ]);
    expect(cues.map((c) => c.text.split("\n").length)).toEqual([2, 2, 1]);
    expect(fitCue({ startMs: 0, endMs: 10, text: " " })).toEqual([]);
  });

  it("places a paragraph's sentences at its offset, or its whole text up to its trailing pause when none were recorded", () => {
    const sentences = [
      { startMs: 0, endMs: 560, text: "첫 문장." },
      { startMs: 860, endMs: 1_420, text: "둘째." },
    ];
    expect(placeCues(1_000.5, sentences, { text: "unused", audioMs: 2_000, pauseMs: 300 })).toEqual([
      { startMs: 1_001, endMs: 1_561, text: "첫 문장." },
      { startMs: 1_861, endMs: 2_421, text: "둘째." },
    ]);
    expect(placeCues(2_000, null, { text: "첫 문장. 둘째.", audioMs: 1_720, pauseMs: 300 })).toEqual([
      { startMs: 2_000, endMs: 3_420, text: "첫 문장. 둘째." },
    ]);
    // A pause as long as the audio (nothing to go by): the whole audio.
    expect(placeCues(0, null, { text: "x", audioMs: 300, pauseMs: 300 })).toEqual([{ startMs: 0, endMs: 300, text: "x" }]);
  });

  const cues = [
    { startMs: 0, endMs: 560, text: "첫 문장입니다." },
    { startMs: 860, endMs: 3_725_005, text: "Fish & chips <b>now</b>" },
  ];

  it("writes SRT: numbered blocks, comma times, a blank line after each, CRLF throughout", () => {
    expect(srt(cues)).toBe(
      "1\r\n00:00:00,000 --> 00:00:00,560\r\n첫 문장입니다.\r\n\r\n" +
        "2\r\n00:00:00,860 --> 01:02:05,005\r\nFish & chips <b>now</b>\r\n\r\n",
    );
    const twoLines = srt([{ startMs: 0, endMs: 1_000, text: `${"a".repeat(40)} ${"b".repeat(10)}` }]);
    expect(twoLines).toBe(`1\r\n00:00:00,000 --> 00:00:01,000\r\n${"a".repeat(40)}\r\n${"b".repeat(10)}\r\n\r\n`);
    expect(twoLines.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(srt([])).toBe("");
  });

  it("writes WebVTT: the header, dot times, text escaped so it cannot end a cue, LF throughout", () => {
    expect(vtt(cues)).toBe(
      "WEBVTT\n\n" +
        "00:00:00.000 --> 00:00:00.560\n첫 문장입니다.\n\n" +
        "00:00:00.860 --> 01:02:05.005\nFish &amp; chips &lt;b&gt;now&lt;/b&gt;\n\n",
    );
    expect(vtt([{ startMs: 0, endMs: 1, text: "a --> b" }])).toContain("\na --&gt; b\n");
    expect(vtt([])).toBe("WEBVTT\n\n");
    expect(vtt(cues)).not.toContain("\r");
  });
});
