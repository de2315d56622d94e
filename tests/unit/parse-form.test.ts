// The app audit (session 15): a form naming a huge list index (`x[99999999]=1`) made conform build an array that long
// and the failed form's reply send it back, until the worker ran out of memory.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { hasHugeIndex, MAX_FORM_INDEX, parseWithZod, readForm } from "~/utils/parse-form.server";

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
