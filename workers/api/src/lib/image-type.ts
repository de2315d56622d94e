/**
 * What an uploaded image is, by its first bytes, never by its name or declared type (docs/decisions/0032):
 * PNG, JPEG, WebP or GIF; anything else (SVG, HTML, a renamed file) is null. Reads at most 12 bytes.
 */
export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

export function imageTypeOf(head: Uint8Array): ImageType | null {
  const b = (i: number) => head[i] ?? -1;
  const ascii = (from: number, text: string) => [...text].every((ch, i) => b(from + i) === ch.charCodeAt(0));
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return "image/png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "image/jpeg";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  return null;
}

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};
