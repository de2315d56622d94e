// The sample shorts' audio (docs/decisions/0042, amendment "samples that play"): the committed files under
// public/labs/shorts/ are what scripts/make-short-samples.mjs makes. The script runs scripts/shorts/sample.ts in
// workerd with the embedded engine; here the same code runs in the same runtime and must give the same bytes as
// the list the script wrote (app/components/labs/short-samples.ts; tests/unit/short-samples.test.ts checks the
// files against that list).
import { describe, expect, it } from "vitest";
import { SHORT_TEMPLATES } from "#contracts/labs";
import { SHORT_SAMPLES } from "../../app/components/labs/short-samples";
import { sampleMp3 } from "../../scripts/shorts/sample";

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

describe("sample shorts", () => {
  it("the script's code makes the committed samples again, byte for byte", async () => {
    for (const sample of SHORT_SAMPLES) {
      const template = SHORT_TEMPLATES.find((t) => t.id === sample.template)!;
      const { mp3, seconds } = await sampleMp3(template, sample.lang);
      expect({
        name: `${sample.template}.${sample.lang}`,
        seconds,
        bytes: mp3.length,
        sha256: hex(await crypto.subtle.digest("SHA-256", mp3)),
      }).toEqual({
        name: `${sample.template}.${sample.lang}`,
        seconds: sample.seconds,
        bytes: sample.bytes,
        sha256: sample.sha256,
      });
    }
  }, 60_000);
});
