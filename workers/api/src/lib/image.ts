/**
 * Profile images checked by their content (docs/decisions/0029): PNG, JPEG or WebP, recognised by their
 * signatures and their dimensions read from the header (PNG IHDR, the JPEG frame header found by a
 * bounded walk over the markers, WebP's VP8, VP8L or VP8X chunk). Nothing is decoded; the browser
 * crops and scales to 240x240 with a canvas before the upload, and the server only checks.
 */
import { OPEN_VOICE_FORM } from "../../../../contracts/open-voices";
import type { ImageType } from "../../../../contracts/images";

// The check itself is shared with the app (a member's still image for a video letter, issue 20).
export { imageInfo, type ImageInfo, type ImageType } from "../../../../contracts/images";

/** What a profile image must be. */
export const PROFILE_IMAGE = OPEN_VOICE_FORM.image;

export const IMAGE_EXTENSION: Record<ImageType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };
