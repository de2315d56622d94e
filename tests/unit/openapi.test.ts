// The public API's OpenAPI document (workers/api/src/lib/openapi.ts) is a valid OpenAPI 3.1
// document, checked against the specification's schema by swagger-parser; tests/workers/openapi.test.ts
// checks it against the app's routes and real answers.
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { Code } from "#contracts/codes";
import { httpStatus } from "../../workers/api/src/lib/codes";
import { openApiDocument, PUBLIC_OPERATIONS } from "../../workers/api/src/lib/openapi";

describe("the public API's OpenAPI document", () => {
  it("validates against the OpenAPI 3.1 schema, with its references resolved", async () => {
    const doc = structuredClone(openApiDocument());
    const api = await SwaggerParser.validate(doc as never);
    expect(api.info.title).toBe("Voice Studio public API");
    expect(Object.keys(api.paths ?? {}).sort()).toEqual([
      "/member/usage",
      "/studio/inferences/{id}/audio",
      "/studio/sts",
      "/studio/tts",
      "/voices",
      "/voices/{id}",
    ]);
  });

  it("fails validation when the document is broken (the check can fail)", async () => {
    const doc = structuredClone(openApiDocument()) as Record<string, unknown>;
    (doc.paths as Record<string, Record<string, Record<string, unknown>>>)["/studio/tts"]!.post!.responses = "none";
    await expect(SwaggerParser.validate(doc as never)).rejects.toThrow();
  });

  it("lists for each operation only real codes, each under its HTTP status", () => {
    const known = new Set<number>(Object.values(Code));
    const doc = openApiDocument();
    for (const op of PUBLIC_OPERATIONS) {
      const entry = doc.paths[op.path]![op.method] as { responses: Record<string, { description: string }>; "x-result-codes": number[] };
      for (const code of entry["x-result-codes"]) {
        expect(known.has(code), `${op.operationId}: ${code}`).toBe(true);
        const status = String(httpStatus[code as Code]);
        expect(entry.responses[status]?.description, `${op.operationId}: ${code} under ${status}`).toContain(`${code}:`);
      }
    }
  });
});
