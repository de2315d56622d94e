/** A small EBML writer for the WebM files the tests need and a browser would not write (labs-letters, letter-video-duration). */
import { checkWebm, seekableWebm } from "#contracts/webm";
export const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
/** An 8-byte element size. */
export const size8 = (n: number) => [0x01, 0, 0, (n / 2 ** 32) & 0xff, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
export const el = (id: number[], ...body: (Uint8Array | number[])[]) => {
  const payload = cat(...body);
  return cat(id, size8(payload.length), payload);
};
export const uintEl = (id: number[], v: number) => el(id, [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
export const str = (s: string) => [...s].map((c) => c.charCodeAt(0));
/** What the api stores for an upload that passes the check: the same frames, with a Duration and Cues (contracts/webm.ts). */
export function seekable(bytes: Uint8Array) {
  const checked = checkWebm(bytes);
  if (!checked.ok) throw new Error(`not a letter: ${JSON.stringify(checked)}`);
  return seekableWebm(bytes, checked.info, checked.layout);
}
/** The size MediaRecorder writes for a Segment or Cluster it is still writing: unknown. */
export const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
/**
 * A WebM as Chromium's MediaRecorder writes it from a canvas and an audio graph (audio track 1, video track 2): Segment
 * and Clusters of unknown size, no Duration, no Cues, no SeekHead; a cluster every `clusterMs` whatever the frames;
 * Opus packets of 60 ms as SimpleBlocks; each video frame a BlockGroup (the Block, the alpha plane in BlockAdditions, a
 * ReferenceBlock unless it is a keyframe), a keyframe every `keyEveryMs` (Chromium's default: the first only), each
 * frame's bytes its own (from its index), so a test can tell them apart.
 */
export function recorderWebm(o: { seconds: number; fps?: number; clusterMs?: number; keyEveryMs?: number; frameBytes?: number }) {
  const fps = o.fps ?? 30;
  const clusterMs = o.clusterMs ?? 1000;
  const keyEvery = o.keyEveryMs ?? Infinity;
  const track = (n: number, type: number, codec: string, extra: Uint8Array | number[]) =>
    el([0xae], uintEl([0xd7], n), uintEl([0x83], type), el([0x86], str(codec)), extra);
  const parts: (Uint8Array | number[])[] = [
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], str("webm"))),
    [0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE],
    el([0x15, 0x49, 0xa9, 0x66], uintEl([0x2a, 0xd7, 0xb1], 1_000_000), el([0x4d, 0x80], str("Chrome")), el([0x57, 0x41], str("Chrome"))),
    el([0x16, 0x54, 0xae, 0x6b], track(1, 2, "A_OPUS", []), track(2, 1, "V_VP9", el([0xe0], uintEl([0xb0], 720), uintEl([0xba], 1280)))),
  ];
  const totalMs = o.seconds * 1000;
  let nextKey = 0;
  let lastFrame = 0;
  for (let start = 0; start < totalMs; start += clusterMs) {
    parts.push([0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE], uintEl([0xe7], start));
    const end = Math.min(start + clusterMs, totalMs);
    const events: [number, number][] = [];
    for (let t = Math.ceil(start / 60) * 60; t < end; t += 60) events.push([t, 1]);
    for (let f = Math.ceil((start * fps) / 1000); (f * 1000) / fps < end; f++) events.push([f, 2]);
    events.sort((a, b) => (a[1] === 1 ? a[0] : (a[0] * 1000) / fps) - (b[1] === 1 ? b[0] : (b[0] * 1000) / fps) || a[1] - b[1]);
    for (const [v, n] of events) {
      if (n === 1) {
        const rel = v - start;
        parts.push(el([0xa3], [0x81, (rel >> 8) & 0xff, rel & 0xff, 0x80, 0xfc, 0xff, 0xfe]));
        continue;
      }
      const t = (v * 1000) / fps;
      const rel = Math.round(t) - start;
      const key = t >= nextKey;
      if (key) nextKey += keyEvery;
      const payload = Array.from({ length: o.frameBytes ?? 16 }, (_, i) => (v * 7 + i) & 0xff);
      const back = Math.round(t) - lastFrame;
      lastFrame = Math.round(t);
      parts.push(
        el(
          [0xa0],
          el([0xa1], [0x82, (rel >> 8) & 0xff, rel & 0xff, 0], payload),
          el([0x75, 0xa1], el([0xa6], uintEl([0xee], 1), el([0xa5], [v & 0xff, 0x42]))),
          key ? [] : el([0xfb], [(-back >> 8) & 0xff, -back & 0xff]),
        ),
      );
    }
  }
  return cat(...parts);
}
