/**
 * Images recognised by their content (docs/decisions/0029, 0047): PNG, JPEG or WebP by their signatures, with
 * the dimensions read from the header (PNG IHDR, the JPEG frame header found by a bounded walk over the markers,
 * WebP's VP8, VP8L or VP8X chunk). Nothing is decoded. The api checks profile images and letter posters with it;
 * the app checks a member's own still image with it before the browser decodes it. Pure, no imports.
 */

export type ImageType = "image/png" | "image/jpeg" | "image/webp";
export type ImageInfo = { type: ImageType; width: number; height: number };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/**
 * The image's type by its signature alone (its first 12 bytes), or null when it is none of the three (SVG, HTML, GIF,
 * a renamed file): what a file claims to be before its header is read.
 */
export function imageTypeOf(b: Uint8Array): ImageType | null {
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** The image's type and size, or null when the bytes are not a PNG, JPEG or WebP whose header can be read. */
export function imageInfo(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === "PNG" && ascii(b, 12, 4) === "IHDR")
    return { type: "image/png", width: u32be(b, 16), height: u32be(b, 20) };
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") {
    const chunk = ascii(b, 12, 4);
    if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
      return { type: "image/webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (chunk === "VP8L" && b[20] === 0x2f) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { type: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === "VP8X") return { type: "image/webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Markers after SOI: each segment's length is checked against the bytes before it is skipped, and
    // the walk ends at the first frame header (SOF0-SOF15 but DHT, JPG and DAC) or the start of scan.
    let at = 2;
    for (let n = 0; n < 1000 && at + 4 <= b.length; n++) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1]!;
      if (marker === 0xff) {
        at++;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2;
        continue;
      }
      const length = u16be(b, at + 2);
      if (length < 2 || at + 2 + length > b.length) return null;
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        if (length < 7) return null;
        return { type: "image/jpeg", height: u16be(b, at + 5), width: u16be(b, at + 7) };
      }
      if (marker === 0xda || marker === 0xd9) return null;
      at += 2 + length;
    }
  }
  return null;
}
