/**
 * Background music under a project's joined voice track, as a podcast or video editor lays it: the track loops for as
 * long as the voice lasts, fades in at the start, is ducked while a voice speaks (and rises again in the pauses), plays
 * on for a short tail after the last sentence and fades out. It is mixed chunk by chunk (a paragraph at a time) so the
 * joined download stays a stream: the gain's state is carried from one chunk to the next, and a chunk is given the head
 * of the next one so the music is already down when the next paragraph's first word starts.
 */

export const BED = {
  /** The music's fade in at the start and its fade out at the very end. */
  fadeInMs: 1000,
  fadeOutMs: 2500,
  /** How long the music plays on after the last sentence (the fade out ends with it). */
  tailMs: 3000,
  /** How far the music goes down under speech: -12 dB, a quarter of its level. */
  duckGain: 0.25,
  /** A frame whose RMS is above this (-40 dBFS) has a voice in it; the voices' pauses are digital silence. */
  speechRms: 0.01,
  frameMs: 10,
  /** The music starts down this long before a word, and stays down this long after the last one of a phrase. */
  lookAheadMs: 120,
  holdMs: 250,
  /** Time constants of the gain going down (fast, so the first syllable is clear) and coming back up. */
  attackMs: 60,
  releaseMs: 450,
} as const;

/** Reads `n` samples of the music from sample `start` (within its length). */
export type MusicSource = { samples: number; read: (start: number, n: number) => Promise<Float32Array> };

/** Length of the tail after the voice, in samples at `sampleRate`. */
export const tailSamples = (sampleRate: number) => Math.round((BED.tailMs / 1000) * sampleRate);

export class MusicBed {
  private readonly frame: number;
  private readonly lookAhead: number;
  private readonly hold: number;
  private readonly attack: number;
  private readonly release: number;
  /** Samples written so far (the music's position and the fades' clock). */
  private at = 0;
  private gain = 1;
  /** Frames still held down after the last speech. */
  private held = 0;

  /**
   * `level`: the music's gain (0..1) relative to the stored track; `total`: the length of the whole mix (voice and tail)
   * in samples, for the fade out.
   */
  constructor(
    private readonly music: MusicSource,
    private readonly level: number,
    private readonly total: number,
    private readonly sampleRate: number,
  ) {
    const ms = (v: number) => Math.max(1, Math.round((v / 1000) * sampleRate));
    this.frame = ms(BED.frameMs);
    this.lookAhead = Math.ceil(BED.lookAheadMs / BED.frameMs);
    this.hold = Math.ceil(BED.holdMs / BED.frameMs);
    this.attack = 1 - Math.exp(-1 / ms(BED.attackMs));
    this.release = 1 - Math.exp(-1 / ms(BED.releaseMs));
  }

  /** The voice with the music under it; `next` is the following chunk's voice (or null at the end), for the look-ahead. */
  async mix(voice: Float32Array, next: Float32Array | null): Promise<Float32Array> {
    const speaking = this.speechFrames(voice, next);
    const music = await this.loop(voice.length);
    const out = new Float32Array(voice.length);
    for (let i = 0; i < voice.length; i++) {
      const target = speaking[Math.floor(i / this.frame)] ? BED.duckGain : 1;
      this.gain += (target - this.gain) * (target < this.gain ? this.attack : this.release);
      const v = voice[i]! + music[i]! * this.level * this.gain * this.fade(this.at + i);
      out[i] = v > 1 ? 1 : v < -1 ? -1 : v;
    }
    this.at += voice.length;
    return out;
  }

  /** The music's tail after the last chunk: the rest of `total`, fading out. */
  async tail(): Promise<Float32Array> {
    return this.mix(new Float32Array(Math.max(0, this.total - this.at)), null);
  }

  /**
   * Whether the music is down in each frame of `voice`: a frame is down when a voice speaks in it or within the look-ahead
   * after it (reaching into `next`), or within the hold after speech. The hold carries over to the next chunk.
   */
  private speechFrames(voice: Float32Array, next: Float32Array | null) {
    const frames = Math.ceil(voice.length / this.frame);
    const ahead = next ? Math.min(this.lookAhead, Math.ceil(next.length / this.frame)) : 0;
    const loud = new Uint8Array(frames + ahead);
    for (let f = 0; f < frames + ahead; f++) {
      const source = f < frames ? voice : next!;
      const start = (f < frames ? f : f - frames) * this.frame;
      const end = Math.min(source.length, start + this.frame);
      let sum = 0;
      for (let i = start; i < end; i++) sum += source[i]! * source[i]!;
      loud[f] = end > start && Math.sqrt(sum / (end - start)) > BED.speechRms ? 1 : 0;
    }
    const down = new Uint8Array(frames);
    let nextLoud = Infinity;
    for (let f = frames + ahead - 1; f >= 0; f--) {
      if (loud[f]) nextLoud = f;
      if (f < frames && nextLoud - f <= this.lookAhead) down[f] = 1;
    }
    for (let f = 0; f < frames; f++) {
      if (loud[f]) this.held = this.hold;
      else if (this.held > 0) this.held--;
      else continue;
      down[f] = 1;
    }
    return down;
  }

  /** `n` samples of the music from where the mix is, looping over its end. */
  private async loop(n: number) {
    const out = new Float32Array(n);
    let filled = 0;
    while (filled < n && this.music.samples > 0) {
      const start = (this.at + filled) % this.music.samples;
      const take = Math.min(n - filled, this.music.samples - start);
      out.set((await this.music.read(start, take)).subarray(0, take), filled);
      filled += take;
    }
    return out;
  }

  /** The fade in and fade out envelope at sample `t` of the mix (a raised cosine: no click, no audible corner). */
  private fade(t: number) {
    const inLen = (BED.fadeInMs / 1000) * this.sampleRate;
    const outLen = (BED.fadeOutMs / 1000) * this.sampleRate;
    const left = this.total - t;
    const x = Math.min(1, t / inLen, left / outLen);
    return x <= 0 ? 0 : 0.5 - 0.5 * Math.cos(Math.PI * x);
  }
}
