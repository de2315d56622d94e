import { describe, expect, it } from "vitest";
import { BED, MusicBed, tailSamples, type MusicSource } from "../../workers/api/src/speech/music-bed";

/** The background music bed (workers/api/src/speech/music-bed.ts): loops, fades, ducking under speech, chunking. */

const RATE = 24_000;
const at = (ms: number) => Math.round((ms / 1000) * RATE);

/** A steady tone as the music (amplitude 0.5), `seconds` long, and every range asked of it. */
function tone(seconds: number) {
  const samples = new Float32Array(at(seconds * 1000)).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  const reads: [number, number][] = [];
  const source: MusicSource = {
    samples: samples.length,
    read: async (start, n) => {
      reads.push([start, n]);
      return samples.slice(start, start + n);
    },
  };
  return { samples, source, reads };
}

/** A voice: silence with a spoken stretch (a 180 Hz tone at 0.3) from `fromMs` to `toMs`. */
function voice(totalMs: number, fromMs: number, toMs: number) {
  return new Float32Array(at(totalMs)).map((_, i) =>
    i >= at(fromMs) && i < at(toMs) ? 0.3 * Math.sin((2 * Math.PI * 180 * i) / RATE) : 0,
  );
}

/** RMS of the music's part of the mix (the mix less the voice) over [fromMs, toMs). */
function musicRms(mix: Float32Array, v: Float32Array, fromMs: number, toMs: number) {
  let sum = 0;
  for (let i = at(fromMs); i < at(toMs); i++) sum += (mix[i]! - (v[i] ?? 0)) ** 2;
  return Math.sqrt(sum / (at(toMs) - at(fromMs)));
}

describe("music bed", () => {
  it("is at the member's level in the pauses and ducked under speech, already down before the first word", async () => {
    const v = voice(6000, 3000, 4500);
    const music = tone(10);
    const level = 0.5;
    const bed = new MusicBed(music.source, level, v.length + tailSamples(RATE), RATE);
    const mix = await bed.mix(v, null);
    const full = level * 0.5 * Math.SQRT1_2;
    // Between the fade in and the speech's look-ahead: the music at its level.
    expect(musicRms(mix, v, 1500, 2700) / full).toBeCloseTo(1, 2);
    // Under the speech, after the attack: a quarter (-12 dB).
    expect(musicRms(mix, v, 3300, 4400) / full).toBeCloseTo(BED.duckGain, 1);
    // The first word starts under music already going down.
    expect(musicRms(mix, v, 2980, 3000) / full).toBeLessThan(0.8);
    // Well after the hold and the release, back up.
    expect(musicRms(mix, v, 5800, 6000) / full).toBeGreaterThan(0.9);
  });

  it("fades in from nothing and out to nothing over the tail after the last sentence", async () => {
    const v = voice(2000, 500, 1500);
    const music = tone(10);
    const total = v.length + tailSamples(RATE);
    const bed = new MusicBed(music.source, 1, total, RATE);
    const mix = await bed.mix(v, null);
    const tail = await bed.tail();
    expect(tail.length).toBe(tailSamples(RATE));
    expect(Math.abs(mix[0]!)).toBeLessThan(1e-6);
    expect(musicRms(mix, v, 0, 50)).toBeLessThan(0.01);
    expect(Math.max(...tail.subarray(tail.length - at(20)).map(Math.abs))).toBeLessThan(0.005);
    // The tail still carries the music before its fade out.
    expect(musicRms(tail, new Float32Array(0), 100, 400)).toBeGreaterThan(0.2);
  });

  it("loops a track shorter than the voice", async () => {
    const v = new Float32Array(at(5000));
    const music = tone(2);
    const bed = new MusicBed(music.source, 1, v.length, RATE);
    const mix = await bed.mix(v, null);
    expect(music.reads).toEqual([
      [0, at(2000)],
      [0, at(2000)],
      [0, at(1000)],
    ]);
    // Sample 2.0 s into the mix is the track's first sample again (times the gains, 1 there).
    expect(mix[at(2100)]).toBeCloseTo(music.samples[at(100)]!, 5);
  });

  it("mixes a voice in chunks exactly as in one piece (the gain and hold carry over, the look-ahead reaches the next)", async () => {
    const v = voice(4000, 2010, 3000);
    const whole = await new MusicBed(tone(10).source, 0.4, v.length, RATE).mix(v, null);
    const chunked = new MusicBed(tone(10).source, 0.4, v.length, RATE);
    const cut = at(2000);
    const first = await chunked.mix(v.subarray(0, cut), v.subarray(cut));
    const second = await chunked.mix(v.subarray(cut), null);
    expect([...first, ...second]).toEqual([...whole]);
  });

  it("never lets the sum clip past full scale", async () => {
    const loud = new Float32Array(at(1000)).fill(0.99);
    const mix = await new MusicBed(tone(2).source, 1, loud.length, RATE).mix(loud, null);
    expect(Math.max(...mix)).toBeLessThanOrEqual(1);
    expect(Math.min(...mix)).toBeGreaterThanOrEqual(-1);
  });
});
