// The sample shorts' audio on /labs/shorts (docs/decisions/0042, amendment "samples that play"): made once by
// scripts/make-short-samples.mjs with our own engine and committed. Checked here: one sample per template and
// language, each committed file is the one the script listed (bytes and SHA-256), small, and decodes (libmpg123)
// to the listed length, with speech inside every cue's time and silence before the first. That the script makes
// these same bytes again is checked in workerd (tests/workers/short-samples.test.ts).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { MPEGDecoder } from "mpg123-decoder";
import { describe, expect, it } from "vitest";
import { SHORT_TEMPLATES } from "#contracts/labs";
import { SHORT_SAMPLES, shortSample } from "../../app/components/labs/short-samples";

async function decode(bytes: Uint8Array) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(bytes);
    return { samples: channelData[0]!.subarray(0, samplesDecoded), sampleRate, errors };
  } finally {
    decoder.free();
  }
}

const rms = (s: Float32Array) => Math.sqrt(s.reduce((n, x) => n + x * x, 0) / Math.max(1, s.length));

describe("sample shorts", () => {
  it("has one sample per template and language, and no other", () => {
    expect(SHORT_SAMPLES).toHaveLength(SHORT_TEMPLATES.length * 2);
    for (const t of SHORT_TEMPLATES)
      for (const lang of ["ko", "en"] as const)
        expect(shortSample(t.id, lang)?.src, `${t.id} ${lang}`).toBe(`/labs/shorts/${t.id}.${lang}.mp3`);
    expect(shortSample("nope", "ko")).toBeNull();
  });

  it("each committed file is the listed one, small, and decodes to its length with speech in every cue", async () => {
    for (const sample of SHORT_SAMPLES) {
      const name = `${sample.template}.${sample.lang}`;
      const template = SHORT_TEMPLATES.find((t) => t.id === sample.template)!;
      const file = new Uint8Array(await readFile(`public${sample.src}`));
      expect(file.length, name).toBe(sample.bytes);
      expect(createHash("sha256").update(file).digest("hex"), name).toBe(sample.sha256);
      // "A few tens of KB": 3 KB a second.
      expect(file.length, name).toBeLessThan(64 * 1024);

      const { samples, sampleRate, errors } = await decode(file);
      expect(errors, name).toEqual([]);
      const seconds = samples.length / sampleRate;
      // The encoder adds at most a frame or two of padding at the ends.
      expect(seconds, name).toBeGreaterThanOrEqual(sample.seconds);
      expect(seconds, name).toBeLessThan(sample.seconds + 0.2);
      // The script's timing: the cues scale by the template's length over the sample's (the page's cueAt).
      expect(sample.seconds, name).toBeGreaterThanOrEqual(template.seconds);
      expect(sample.seconds, name).toBeLessThan(template.seconds * 1.1);
      const scale = sample.seconds / template.seconds;
      const at = (s: number) => Math.round(s * scale * sampleRate);
      expect(rms(samples.subarray(0, at(0.15))), `${name}: silence before the first cue`).toBeLessThan(0.005);
      for (const cue of template.cues)
        expect(rms(samples.subarray(at(cue.start), at(cue.end))), `${name}: ${cue[sample.lang]}`).toBeGreaterThan(0.02);
    }
  });
});
