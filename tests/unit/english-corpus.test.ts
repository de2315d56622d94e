import { describe, expect, it } from "vitest";
import { normalizeEnglish } from "../../workers/api/src/engine/english";
import { ENGLISH_CORPUS } from "./english-corpus";

describe("everyday English as a narrator reads it (tests/unit/english-corpus.ts)", () => {
  it("reads every item of every family (per-family table printed)", () => {
    const rows: string[] = [];
    const wrong: string[] = [];
    for (const [family, items] of Object.entries(ENGLISH_CORPUS)) {
      let right = 0;
      for (const [text, spoken] of items) {
        const said = normalizeEnglish(text);
        if (said === spoken) right++;
        else wrong.push(`${family}: ${text} -> ${said} (expected ${spoken})`);
      }
      rows.push(`| ${family} | ${items.length} | ${right} | ${((right / items.length) * 100).toFixed(0)}% |`);
    }
    const total = Object.values(ENGLISH_CORPUS).flat().length;
    console.log(
      ["| family | items | read right | share |", "|---|---|---|---|", ...rows, `| all | ${total} | ${total - wrong.length} | |`].join(
        "\n",
      ),
    );
    expect(wrong).toEqual([]);
  });
});
