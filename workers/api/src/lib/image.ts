/**
 * Uploaded images checked by their content (docs/decisions/0029): PNG, JPEG or WebP, recognised by their
 * signatures and their dimensions read from the header (PNG IHDR, the JPEG frame header found by a bounded walk
 * over the markers, WebP's VP8, VP8L or VP8X chunk); then, once the dimensions are within the caller's limits,
 * decoded whole, so a header alone or a file cut short is refused. The browser crops and scales; the server only
 * checks, and stores the bytes as uploaded.
 */
import webpWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import createWebpModule from "@jsquash/webp/codec/dec/webp_dec.js";
import { decode as decodePng } from "fast-png";
import decodeJpeg from "jpeg-js/lib/decoder.js";
import { VIDEO_LIMITS } from "#contracts/labs";
import { OPEN_VOICE_FORM } from "#contracts/open-voices";
import type { ImageInfo, ImageType } from "#contracts/images";

// The check itself is shared with the app (a member's still image for a video letter).
export { imageInfo, imageTypeOf, type ImageInfo, type ImageType } from "#contracts/images";

/** What a profile image must be. */
export const PROFILE_IMAGE = OPEN_VOICE_FORM.image;

export const IMAGE_EXTENSION: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/**
 * The largest picture the api decodes: a poster's 1920x1920, whose RGBA is 14.7 MB. Callers check their own
 * (smaller or equal) limits on the header first; this bound holds whatever a caller forgets, because a decode
 * allocates by the declared size and an isolate has 128 MB.
 */
export const MAX_DECODED_PIXELS = VIDEO_LIMITS.maxSide * VIDEO_LIMITS.maxSide;

type WebpModule = { decode(data: BufferSource): { width: number; height: number } | null };

/**
 * A WebP decoder of its own for each image: its WebAssembly memory grows to the picture's size and can never
 * shrink, so an instance kept per isolate would hold the largest poster's pixels for the isolate's life.
 * Instantiating the compiled module costs about 1-3 ms.
 */
function webpModule(): Promise<WebpModule> {
  return createWebpModule({
    noInitialRun: true,
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(webpWasm, imports);
      receive(instance);
      return instance.exports;
    },
    print: () => {},
    printErr: () => {},
  }) as Promise<WebpModule>;
}

/** Decodes the image whose header gave `info`; its size, or null when it does not decode. */
async function decodedSize(bytes: Uint8Array, type: ImageType): Promise<{ width: number; height: number } | null> {
  switch (type) {
    case "image/png":
      return decodePng(bytes, { checkCrc: true });
    case "image/jpeg":
      // Strict: jpeg-js's tolerant mode turns a file cut short into a picture with grey blocks.
      return decodeJpeg(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        tolerantDecoding: false,
        maxResolutionInMP: MAX_DECODED_PIXELS / 1e6,
        maxMemoryUsageInMB: 64,
      });
    case "image/webp":
      return (await webpModule()).decode(bytes as Uint8Array<ArrayBuffer>);
  }
}

/**
 * Whether the image decodes whole to the dimensions its header (`info`, from imageInfo) declares. Call it after
 * checking those dimensions against the product's limits; anything over MAX_DECODED_PIXELS is refused unread.
 */
export async function decodes(bytes: Uint8Array, info: ImageInfo): Promise<boolean> {
  if (info.width < 1 || info.height < 1 || info.width * info.height > MAX_DECODED_PIXELS) return false;
  try {
    const size = await decodedSize(bytes, info.type);
    return size !== null && size.width === info.width && size.height === info.height;
  } catch {
    return false;
  }
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** Every PNG chunk whole with its CRC, image data present, and IEND reached. */
function pngComplete(b: Uint8Array): boolean {
  let at = 8;
  let data = false;
  for (let first = true; at + 12 <= b.length; first = false) {
    const length = u32be(b, at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    const end = at + 8 + length;
    if (length > b.length || end + 4 > b.length) return false;
    if ((type === "IHDR") !== first) return false;
    if (crc32(b, at + 4, end) !== u32be(b, end)) return false;
    if (type === "IDAT") data ||= length > 0;
    if (type === "IEND") return data;
    at = end + 4;
  }
  return false;
}

/**
 * Segments whole from SOI, a frame header before the first scan, every scan's entropy-coded bytes present,
 * and EOI reached. The scan data is walked byte by byte to its next marker (stuffed 0xFF00 and restarts stay
 * inside it), so a progressive file's later tables and scans are checked too.
 */
function jpegComplete(b: Uint8Array): boolean {
  let at = 2;
  let frame = false;
  let scans = 0;
  while (at + 2 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) return frame && scans > 0;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) return false;
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2 || at + 2 + length > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frame = true;
    at += 2 + length;
    if (marker !== 0xda) continue;
    if (!frame) return false;
    const start = at;
    while (at + 1 < b.length && !(b[at] === 0xff && b[at + 1] !== 0 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7))) at++;
    if (at + 1 >= b.length || at === start) return false;
    scans++;
  }
  return false;
}

/**
 * The RIFF container as long as it says, every chunk inside it, and the bitstream's own first-partition
 * length (lossy) within its chunk.
 */
function webpComplete(b: Uint8Array): boolean {
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return false;
  let at = 12;
  let bitstream = false;
  while (at + 8 <= riffEnd) {
    const type = String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
    const size = u32le(b, at + 4);
    if (size > riffEnd - at - 8) return false;
    if (type === "VP8 ") {
      if (size < 10) return false;
      const partition = (b[at + 8]! | (b[at + 9]! << 8) | (b[at + 10]! << 16)) >>> 5;
      if (partition === 0 || partition > size - 10) return false;
      bitstream = true;
    } else if (type === "VP8L") bitstream ||= size > 5;
    at += 8 + size + (size & 1);
  }
  return bitstream && at >= riffEnd - 1;
}

/**
 * Whether the image's container is whole: a PNG's chunks with their CRCs up to IEND, a JPEG's segments and scans
 * up to EOI, a WebP's RIFF chunks as long as they say. It reads the bytes once and allocates nothing, so it
 * suits images too large or too many to decode (an avatar's textures): a header alone or a file cut short is
 * refused. Pixel data that is whole but wrong is only found by decoding it.
 */
export function imageComplete(bytes: Uint8Array, info: ImageInfo): boolean {
  switch (info.type) {
    case "image/png":
      return pngComplete(bytes);
    case "image/jpeg":
      return jpegComplete(bytes);
    case "image/webp":
      return webpComplete(bytes);
  }
}
