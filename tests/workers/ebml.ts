/** A small EBML writer for the WebM files the tests need and a browser would not write (labs-letters, letter-video-duration). */
export const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
/** An 8-byte element size. */
export const size8 = (n: number) => [0x01, 0, 0, (n / 2 ** 32) & 0xff, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
export const el = (id: number[], ...body: (Uint8Array | number[])[]) => {
  const payload = cat(...body);
  return cat(id, size8(payload.length), payload);
};
export const uintEl = (id: number[], v: number) => el(id, [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
export const str = (s: string) => [...s].map((c) => c.charCodeAt(0));
