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
