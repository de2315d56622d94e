// Real pictures for upload tests (the api decodes what it accepts), and the header alone that must be refused.
import { encode as encodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";

/** A colour gradient, so the encoders have something to compress. */
function pixels(width: number, height: number) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4);
  return data;
}

export const png = (width: number, height: number) => encodePng({ width, height, data: pixels(width, height), channels: 4 });

export const jpeg = (width: number, height: number) => Uint8Array.from(encodeJpeg({ width, height, data: pixels(width, height) }, 85).data);

// libwebp's encodings of a plain 240x240 and 640x640 picture (no WebP encoder runs in workerd), lossy (VP8) and lossless (VP8L).
const WEBP: Record<string, string> = {
  "240 lossless": "UklGRiQAAABXRUJQVlA4TBgAAAAv78A7AAdQvCIXpf8BAEX6/58i+p/6/wM=",
  "240 lossy":
    "UklGRrQAAABXRUJQVlA4IKgAAADQDwCdASrwAPAAPm02mUmkIyKhICgAgA2JaW7hdrEe3AfgAAAT2Ae+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+sAAA/vuo///zYFc1z9Lf//5Ka/xtyAFYX+gKAAAAAAAAAAA=",
  "640 lossless": "UklGRjQAAABXRUJQVlA4TCgAAAAvf8KfAAdQvCIXpf8BAUnS//9kRP8z/vOf//znP//5z3/+85///F8B",
};
export const webp = (side: 240 | 640, kind: "lossy" | "lossless" = "lossless") =>
  Uint8Array.from(atob(WEBP[`${side} ${kind}`]!), (c) => c.charCodeAt(0));

/** A PNG's signature and IHDR chunk with no picture after them: 33 bytes that declare any size. */
export function pngHeader(width: number, height: number) {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}
