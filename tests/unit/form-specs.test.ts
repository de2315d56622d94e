import { getZodConstraint } from "@conform-to/zod/v4";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORM_SCHEMAS, renderFormSpecs, specsFile } from "../../scripts/form-specs";

// docs/decisions/0049: the browser renders a form's constraints from app/lib/form-specs/*.ts and loads
// its schema on use; both must be the schema's own, or server and browser HTML (and validation) would differ.
// The first test imports every form-schema module through Vite's transform and formats about 55 files with Prettier:
// about 1.3 s alone, past Vitest's 5 s default when the unit files share a loaded 2-core machine. The timeout is a
// guard against a hang, not a speed target.
describe("form specs", { timeout: 30_000 }, () => {
  it("the generated files are what the schemas give now (run `npm run forms:specs` after changing a schema)", async () => {
    for (const [file, text] of await renderFormSpecs()) expect(readFileSync(file, "utf8"), file).toBe(text);
  });

  it("every spec's constraints are getZodConstraint of the schema its load() returns, which is the module's own", async () => {
    for (const [path, names] of Object.entries(FORM_SCHEMAS)) {
      const specs = (await import(/* @vite-ignore */ `../../${specsFile(path)}`)) as Record<
        string,
        { constraint: unknown; load: () => Promise<unknown> }
      >;
      const mod = (await import(/* @vite-ignore */ `~/${path}`)) as Record<string, Parameters<typeof getZodConstraint>[0]>;
      for (const name of names) {
        const schema = await specs[name]!.load();
        expect(schema, name).toBe(mod[name]);
        expect(specs[name]!.constraint, name).toEqual(getZodConstraint(mod[name]!));
      }
    }
  });
});
