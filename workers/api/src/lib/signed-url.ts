import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { timingSafeEqual } from "./crypto";

/**
 * Short-lived signed URLs for private files that a page shows with a plain `<img src>` (inquiry images;
 * docs/decisions/0032): the path carries `exp` (ms) and `sig`, an HMAC-SHA-256 of "purpose:id:exp" under
 * the api's signing secret. Anyone holding the URL may load it until it expires, so it is handed only to
 * the member who owns the file and to operators, and lives minutes.
 */
export const SIGNED_URL_TTL_MS = 10 * 60_000;

async function mac(secret: string, purpose: string, id: string, exp: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  // The purpose keeps these signatures apart from every other use of the secret (tokens, share ids).
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`signed-url:${purpose}:${id}:${exp}`)));
}

/** `?exp=…&sig=…` for `id`, valid `ttl` ms from `now`. */
export async function signQuery(secret: string, purpose: string, id: string, now: number, ttl = SIGNED_URL_TTL_MS) {
  const exp = now + ttl;
  return `exp=${exp}&sig=${encodeBase64urlNoPadding(await mac(secret, purpose, id, exp))}`;
}

/** "ok" for a valid, unexpired signature; "expired" for a valid one past its time; "invalid" for anything else. */
export async function checkSignature(
  secret: string,
  purpose: string,
  id: string,
  exp: string | undefined,
  sig: string | undefined,
  now: number,
): Promise<"ok" | "expired" | "invalid"> {
  if (!exp || !sig || !/^\d{1,16}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
  const expected = encodeBase64urlNoPadding(await mac(secret, purpose, id, Number(exp)));
  const enc = new TextEncoder();
  if (!timingSafeEqual(enc.encode(expected), enc.encode(sig))) return "invalid";
  return Number(exp) < now ? "expired" : "ok";
}

/**
 * The answer for a private file reached by a signed URL: its bytes with their checked type, never sniffed, and
 * cached only by the browser for as long as a link lives (the link is the key; a shared cache must not keep it).
 */
export function privateFile(object: R2ObjectBody, contentType: string, filename?: string) {
  return new Response(object.body, {
    headers: {
      "content-type": contentType,
      "content-length": String(object.size),
      "cache-control": "private, max-age=600",
      "content-disposition": filename ? `inline; filename*=UTF-8''${encodeURIComponent(filename)}` : "inline",
      "x-content-type-options": "nosniff",
    },
  });
}
