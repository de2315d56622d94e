const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
const utf8 = (text: string) => new TextEncoder().encode(text);

/** SHA-256 of a UTF-8 string, as 64 lower-case hex characters (code, token and report fingerprints). */
export async function sha256Hex(text: string) {
  return hex(await crypto.subtle.digest("SHA-256", utf8(text)));
}

/** HMAC-SHA-256 of a UTF-8 string under a secret key, as hex (a salted hash that cannot be brute-forced without the key). */
export async function hmacSha256Hex(key: string, text: string) {
  const k = await crypto.subtle.importKey("raw", utf8(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", k, utf8(text)));
}

/** workerd's constant-time comparison (the DOM typings the app shares do not declare it). */
export const timingSafeEqual = (a: Uint8Array, b: Uint8Array) =>
  a.byteLength === b.byteLength &&
  (crypto.subtle as unknown as { timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean }).timingSafeEqual(a, b);
