// A form naming a huge list index (`x[99999999]=1`) made conform build an array that long
// and the failed form's reply send it back, until the worker ran out of memory.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { ECHO_MAX, hasHugeIndex, MAX_FORM_INDEX, parseWithZod, readForm } from "~/utils/parse-form.server";

const form = (pairs: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of pairs) data.append(k, v);
  return data;
};

describe("parseWithZod (app/utils/parse-form.server.ts)", () => {
  const schema = z.object({ email: z.string().email(), items: z.array(z.string()).optional() });

  it("parses ordinary forms and lists up to the longest the product has", () => {
    const ok = parseWithZod(
      form([
        ["email", "a@b.co"],
        ["items[0]", "x"],
        [`items[${MAX_FORM_INDEX}]`, "y"],
      ]),
      { schema },
    );
    expect(ok.status).toBe("error"); // the gaps of a sparse list are not strings: refused by the schema, not by size
    expect(
      parseWithZod(
        form([
          ["email", "a@b.co"],
          ["items[0]", "x"],
        ]),
        { schema },
      ).status,
    ).toBe("success");
  });

  it("refuses a list index above the limit before conform builds the array, with 400", () => {
    for (const name of ["x[99999999]", "items[1000]", "a[0].b[5000000].c", "x[0][1000]"]) {
      let thrown: unknown;
      try {
        parseWithZod(
          form([
            ["email", "a@b.co"],
            [name, "1"],
          ]),
          { schema },
        );
      } catch (err) {
        thrown = err;
      }
      expect(thrown instanceof Response && thrown.status, name).toBe(400);
    }
    expect(hasHugeIndex("paragraphs[199].text")).toBe(false);
    expect(hasHugeIndex("x[0099]")).toBe(false);
  });

  it("is what every action parses and reads with (no conform parseWithZod or request.formData() of their own)", () => {
    const dirs = ["app/routes", "app/utils"];
    const direct = dirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".server.ts") && f !== "parse-form.server.ts")
        .filter((f) => {
          const text = readFileSync(join(dir, f), "utf8");
          // logout reads its form with its own catch (a failed read still logs out).
          return text.includes('from "@conform-to/zod/v4"') || (f !== "logout.server.ts" && text.includes(".formData()"));
        })
        .map((f) => join(dir, f)),
    );
    expect(direct).toEqual([]);
  });

  it("readForm answers 400 for a body that cannot be read as a form (a multipart body cut short)", async () => {
    const cut = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body: '--b\r\ncontent-disposition: form-data; name="a"\r\n\r\nvalue',
    });
    let thrown: unknown;
    try {
      await readForm(cut);
    } catch (err) {
      thrown = err;
    }
    expect(thrown instanceof Response && thrown.status).toBe(400);
    const ok = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect((await readForm(ok)).get("a")).toBe("1");
  });
});

// docs/decisions/0057's left-over: a failed form's reply sends its values back to the page (to fill the form again), and
// sent a 5 MB e-mail field back whole. It now echoes no value longer than the form's own maximum for its field, and
// nothing of a field the form does not have.
describe("a failed form's reply", () => {
  const schema = z.object({
    email: z.string().trim().email().max(254),
    note: z.string().max(10).optional(),
    code: z.string().regex(/^\d{6}$/),
    rows: z.array(z.object({ text: z.string().max(5) })).optional(),
    tags: z.array(z.string().max(3)).optional(),
    nick: z.string().max(4).nullable().optional(),
  });
  const reply = (pairs: [string, string][], options?: { hideFields?: string[]; resetForm?: boolean }) => {
    const submission = parseWithZod(form(pairs), { schema });
    expect(submission.status).toBe("error");
    return submission.reply(options);
  };
  const size = (value: unknown) => JSON.stringify(value).length;

  it("echoes values within the form's maximum as they were", () => {
    const result = reply([
      ["email", "not an e-mail"],
      ["note", "short"],
      ["code", "12x"],
      ["rows[0].text", "abc"],
      ["tags", "a"],
      ["tags", "bc"],
    ]);
    expect(result.initialValue).toEqual({ email: "not an e-mail", note: "short", code: "12x", rows: [{ text: "abc" }], tags: ["a", "bc"] });
    expect(result.fields).toEqual(["email", "note", "code", "rows[0].text", "tags"]);
    expect(result.error).toHaveProperty("email");
  });

  it("echoes a value past its field's maximum whole up to ECHO_MAX (nothing typed is lost), and cuts it there", () => {
    const huge = "x".repeat(5_000_000);
    const result = reply([
      ["email", `${huge}@example.com`],
      ["note", "0123456789ABC"],
      ["code", huge],
      ["rows[0].text", "abcdefgh"],
      ["tags", "abcd"],
      ["nick", "abcdefg"],
    ]);
    expect(result.initialValue).toEqual({
      email: "x".repeat(ECHO_MAX),
      note: "0123456789ABC",
      code: "x".repeat(ECHO_MAX),
      rows: [{ text: "abcdefgh" }],
      tags: "abcd", // one value of a list comes as a string (conform)
      nick: "abcdefg",
    });
    expect(size(result)).toBeLessThan(3 * ECHO_MAX);
    // A cut never leaves half of a character written as two UTF-16 units.
    const emoji = reply([["note", `${"1".repeat(ECHO_MAX - 1)}${"😀".repeat(3)}`]]);
    expect((emoji.initialValue as { note: string }).note).toBe("1".repeat(ECHO_MAX - 1));
  });

  it("echoes nothing of a field the form does not have, nor many values for a field of one", () => {
    const many = Array.from({ length: 5000 }, (): [string, string] => ["email", "a@b"]);
    const result = reply([
      ["email", "bad"],
      ["x".repeat(100_000), "1"],
      ["junk", "y".repeat(1_000_000)],
      ["rows[0].junk", "z".repeat(1_000_000)],
      ...many,
    ]);
    expect(result.initialValue).toEqual({});
    expect(result.fields).toEqual(["email"]);
    expect(size(result)).toBeLessThan(2_000);
    // A list keeps at most MAX_FORM_INDEX + 1 values, as an indexed list may hold.
    const tags = reply([["email", "bad"], ...Array.from({ length: 5000 }, (): [string, string] => ["tags", "a"])]);
    expect((tags.initialValue as { tags: string[] }).tags).toHaveLength(MAX_FORM_INDEX + 1);
  });

  it("still hides the fields an action hides, and a reset reply has no values", () => {
    expect(
      reply(
        [
          ["email", "bad"],
          ["note", "secret"],
        ],
        { hideFields: ["note"] },
      ).initialValue,
    ).toEqual({ email: "bad" });
    expect(reply([["email", "bad"]], { resetForm: true }).initialValue).toBeNull();
  });
});
