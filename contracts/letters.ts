/**
 * Video letters from a plain STS result (docs/decisions/0047): a still image drawn on a canvas with
 * the audio's level, recorded to WebM in the browser and uploaded through the letter endpoint. The stills
 * shipped with the product, and what a member's own image may be (checked by content before the browser
 * decodes it; the api checks the poster made from it the same way). No runtime dependencies.
 */
import { imageInfo, type ImageInfo } from "./images";

/** The stills shipped with the product (public/labs/stills/, their source and licence in SOURCE.md there). */
export const STILLS = [
  { id: "dawn", name: { ko: "새벽", en: "Dawn" }, url: "/labs/stills/dawn.svg" },
  { id: "night", name: { ko: "밤하늘", en: "Night sky" }, url: "/labs/stills/night.svg" },
  { id: "paper", name: { ko: "편지지", en: "Letter paper" }, url: "/labs/stills/paper.svg" },
] as const;

/** A member's own still image: PNG, JPEG or WebP (by its bytes, never its name), within these limits. */
export const STILL_IMAGE = {
  maxBytes: 10 * 1024 * 1024,
  /** Width and height, pixels. */
  maxSide: 8192,
  /** Width times height: a 4:3 photo of 24 megapixels; a decoded picture of at most ~100 MB. */
  maxPixels: 24_000_000,
  accept: "image/png,image/jpeg,image/webp",
} as const;

/** The canvas a still letter is drawn and recorded on (square, like the avatar stage). */
export const STILL_CANVAS = { width: 640, height: 640 } as const;

export type StillCheck = { ok: true; info: ImageInfo } | { ok: false; reason: "type" | "bytes" | "pixels" };

/** Whether `bytes` (a file of `size` bytes) may be used as a still: its signature, size and pixels. */
export function checkStillImage(bytes: Uint8Array, size = bytes.length): StillCheck {
  if (size > STILL_IMAGE.maxBytes) return { ok: false, reason: "bytes" };
  const info = imageInfo(bytes);
  if (!info) return { ok: false, reason: "type" };
  const { width, height } = info;
  if (width < 1 || height < 1 || width > STILL_IMAGE.maxSide || height > STILL_IMAGE.maxSide || width * height > STILL_IMAGE.maxPixels)
    return { ok: false, reason: "pixels" };
  return { ok: true, info };
}
