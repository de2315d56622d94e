// The shorts' templates (contracts/labs.ts, docs/decisions/0042): data a commit changes, so checked here:
// every background is the committed output of scripts/make-shorts.mjs, small, and 9:16; every script
// reads within 10-30 s with ordered cues in ko and en; the subtitle at a moment follows the converted
// audio's length.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { cueAt, SHORT_SIZE, SHORT_TEMPLATES, shortTemplate } from "#contracts/labs";
import { BACKGROUNDS } from "../../scripts/make-shorts.mjs";

describe("short templates", () => {
  it("each background is the script's output, 9:16 and a few KB", async () => {
    const made = BACKGROUNDS as Record<string, () => string>;
    for (const t of SHORT_TEMPLATES) {
      const name = t.background.match(/^\/labs\/shorts\/([a-z]+)\.svg$/)?.[1];
      expect(name, t.id).toBeTruthy();
      const file = await readFile(`public${t.background}`, "utf8");
      expect(file, t.background).toBe(made[name!]!());
      expect(file).toContain('viewBox="0 0 1080 1920"');
      expect(file.length).toBeLessThan(16 * 1024);
    }
    expect(SHORT_SIZE.width / SHORT_SIZE.height).toBe(9 / 16);
  });

  it("each script reads in 10-30 s, its cues in order, without gaps, in ko and en", () => {
    expect(new Set(SHORT_TEMPLATES.map((t) => t.id)).size).toBe(SHORT_TEMPLATES.length);
    for (const t of SHORT_TEMPLATES) {
      expect(t.seconds).toBeGreaterThanOrEqual(10);
      expect(t.seconds).toBeLessThanOrEqual(30);
      expect(t.cues[0]!.start).toBe(0);
      expect(t.cues.at(-1)!.end).toBe(t.seconds);
      t.cues.forEach((c, i) => {
        expect(c.end, `${t.id} ${i}`).toBeGreaterThan(c.start);
        if (i > 0) expect(c.start).toBe(t.cues[i - 1]!.end);
        expect(c.ko.trim().length && c.en.trim().length).toBeTruthy();
      });
      expect(t.title.ko && t.title.en).toBeTruthy();
    }
    expect(shortTemplate("news")?.id).toBe("news");
    expect(shortTemplate("constructor")).toBeNull();
    expect(shortTemplate(null)).toBeNull();
  });

  it("scales the script's times to the converted audio's length", () => {
    const news = shortTemplate("news")!;
    // Read in 15 s, as timed.
    expect(cueAt(news, 0, 15)?.en).toBe("Breaking news.");
    expect(cueAt(news, 8, 15)?.en).toBe("was elected head of the residents' council.");
    // Read in 7.5 s (twice as fast): 4 s of audio is 8 s of script.
    expect(cueAt(news, 4, 7.5)?.en).toBe("was elected head of the residents' council.");
    // Read in 30 s (twice as slow): 8 s of audio is 4 s of script.
    expect(cueAt(news, 8, 30)?.en).toBe("This morning, a cat in our town");
    // After the end, nothing; an unknown length reads as timed.
    expect(cueAt(news, 16, 15)).toBeNull();
    expect(cueAt(news, 1, 0)?.en).toBe("Breaking news.");
  });
});
