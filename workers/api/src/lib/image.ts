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
import { VIDEO_LIMITS } from "../../../../contracts/labs";
import { OPEN_VOICE_FORM } from "../../../../contracts/open-voices";
import type { ImageInfo, ImageType } from "../../../../contracts/images";

// The check itself is shared with the app (a member's still image for a video letter).
export { imageInfo, type ImageInfo, type ImageType } from "../../../../contracts/images";

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
