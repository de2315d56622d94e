import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { cookieSecurity } from "./cookies.server";

/**
 * Short-lived, httpOnly cookies whose JSON value is sealed with AES-GCM under SESSION_SECRET: the
 * browser can neither read nor change them. They carry the state of multi-step forms (sign-up,
 * password recovery) between posts, so every step works without JavaScript and nothing secret
 * goes into the page.
 */

const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(`sealed-cookie:${secret}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keys.set(secret, key);
  }
  return key;
}

/**
 * What is sealed: the value with the name of the cookie it is for and the time it was sealed (ms), so a value sealed for
 * one cookie is nothing as another (a `cert` value replayed as `join`) and one kept past its cookie's maxAge is nothing
 * (docs/decisions/0057).
 */
type Envelope = { n: string; t: number; v: unknown };

export async function seal(secret: string, value: unknown, { name, now = Date.now() }: { name: string; now?: number }) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify({ n: name, t: now, v: value } satisfies Envelope));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyFor(secret), data));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return encodeBase64urlNoPadding(out);
}

/**
 * The sealed value, or null when it is missing, tampered with, sealed under another key, sealed for another cookie
 * than `name`, or sealed more than `maxAge` seconds ago.
 */
export async function unseal<T>(
  secret: string,
  text: unknown,
  { name, maxAge, now = Date.now() }: { name: string; maxAge: number; now?: number },
): Promise<T | null> {
  if (typeof text !== "string" || text.length < 20) return null;
  let envelope: Partial<Envelope> | null;
  try {
    const bytes = decodeBase64urlIgnorePadding(text);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await keyFor(secret), bytes.slice(12));
    envelope = JSON.parse(new TextDecoder().decode(plain)) as Partial<Envelope> | null;
  } catch {
    return null;
  }
  if (!envelope || typeof envelope !== "object" || envelope.n !== name || typeof envelope.t !== "number") return null;
  if (!(now - envelope.t <= maxAge * 1000)) return null;
  return (envelope.v ?? null) as T | null;
}

/** A sealed cookie of one flow: read, write (pushed to the response) and clear. */
export function sealedCookie<T>(name: string, options: { path: string; maxAge: number }) {
  const cookie = createCookie(name, { path: options.path, sameSite: "lax", httpOnly: true, maxAge: options.maxAge });
  return {
    async read(request: Request, context: AppLoadContext): Promise<T | null> {
      const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
      return unseal<T>(context.cloudflare.env.SESSION_SECRET, raw, { name, maxAge: options.maxAge });
    },
    async write(request: Request, context: AppLoadContext, value: T) {
      const sealed = await seal(context.cloudflare.env.SESSION_SECRET, value, { name });
      context.outgoingCookies.push(await cookie.serialize(sealed, cookieSecurity(request)));
    },
    async clear(request: Request, context: AppLoadContext) {
      context.outgoingCookies.push(await cookie.serialize("", { ...cookieSecurity(request), maxAge: 0, expires: new Date(0) }));
    },
  };
}
