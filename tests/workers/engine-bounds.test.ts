// What the voice engine keeps per isolate stays bounded however many voices it serves: the profiles measured for
// speech-to-speech and the shifted eSpeak variants (each custom or open voice has parameters of its own).
import { describe, expect, it } from "vitest";
import { PROFILES_KEPT, profilesKept, voiceProfile } from "../../workers/api/src/engine/convert";
import { espeakSynthesize, shiftedVariant, VARIANTS_KEPT, variantsKept } from "../../workers/api/src/engine/espeak";

describe("the engine's per-isolate state is bounded", () => {
  it("keeps at most VARIANTS_KEPT shifted variants; one dropped is written again when wanted", async () => {
    const first = await shiftedVariant("f2", 0.01, 1);
    for (let i = 2; i <= VARIANTS_KEPT + 20; i++) await shiftedVariant("f2", i / 100, 1);
    expect(await variantsKept()).toBe(VARIANTS_KEPT);
    // The first was dropped; asked for again, it speaks.
    expect(await shiftedVariant("f2", 0.01, 1)).toBe(first);
    expect(await variantsKept()).toBe(VARIANTS_KEPT);
    const speech = await espeakSynthesize("안녕하세요", { voice: `ko+${first}`, rate: 175, pitch: 50, range: 50 });
    expect(speech.samples.length).toBeGreaterThan(1000);
  });

  it("keeps at most PROFILES_KEPT voice profiles, the most recently used", async () => {
    const voice = (rate: number) => ({ rate });
    const kept = await voiceProfile(voice(100), "en");
    for (let rate = 101; rate < 101 + PROFILES_KEPT + 10; rate++) {
      await voiceProfile(voice(rate), "en");
      // Used again now and then, the first stays among the most recent.
      if (rate % 100 === 0) expect(await voiceProfile(voice(100), "en")).toBe(kept);
    }
    expect(profilesKept()).toBe(PROFILES_KEPT);
  }, 120_000);
});
