/** SHA-256 of a UTF-8 string, as 64 lower-case hex characters (code, token and report fingerprints). */
export async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** workerd's constant-time comparison (the DOM typings the app shares do not declare it). */
export const timingSafeEqual = (a: Uint8Array, b: Uint8Array) =>
  a.byteLength === b.byteLength &&
  (crypto.subtle as unknown as { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean }).timingSafeEqual(a, b);
