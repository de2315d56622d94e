import { decodeBase64IgnorePadding, encodeBase64NoPadding } from "@oslojs/encoding";
import setupWasm from "argon2id/lib/setup.js";
import noSimd from "argon2id/dist/no-simd.wasm";
import simd from "argon2id/dist/simd.wasm";
import { timingSafeEqual } from "./crypto";

/**
 * Password hashing: Argon2id with OWASP's parameters (docs/decisions/0006), through the `argon2id`
 * package's WebAssembly, loaded as modules because workerd forbids compiling wasm from bytes.
 * Stored as the standard string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64).
 */
export const ARGON2 = { memorySize: 19_456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 } as const;
/** Upper bounds for parameters read from a stored hash, so a tampered row cannot demand unbounded work. */
const MAX = { memorySize: 65_536, passes: 4, parallelism: 4 };

type Compute = Awaited<ReturnType<typeof setupWasm>>;
let compute: Promise<Compute> | undefined;
const hasher = () =>
  (compute ??= setupWasm(
    async (imports) => ({ instance: await WebAssembly.instantiate(simd, imports), module: simd }),
    async (imports) => ({ instance: await WebAssembly.instantiate(noSimd, imports), module: noSimd }),
  ));

const utf8 = (text: string) => new TextEncoder().encode(text.normalize("NFC"));

/** The spec's rule is 8 to 15 characters; the library also refuses passwords under 8 bytes. */
export const MIN_PASSWORD_BYTES = 8;

export async function hashPassword(password: string): Promise<string> {
  if (utf8(password).byteLength < MIN_PASSWORD_BYTES) throw new RangeError("password too short to hash");
  const salt = crypto.getRandomValues(new Uint8Array(ARGON2.saltLength));
  const { memorySize, passes, parallelism, tagLength } = ARGON2;
  const hash = (await hasher())({ password: utf8(password), salt, memorySize, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memorySize},t=${passes},p=${parallelism}$${encodeBase64NoPadding(salt)}$${encodeBase64NoPadding(hash)}`;
}

const ENCODED = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** True when `password` matches the stored hash; false for a wrong password or a malformed or out-of-bounds hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const m = ENCODED.exec(encoded);
  if (!m || utf8(password).byteLength < MIN_PASSWORD_BYTES) return false;
  const [memorySize, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (memorySize > MAX.memorySize || passes > MAX.passes || parallelism > MAX.parallelism) return false;
  if (memorySize < 8 * parallelism || passes < 1 || parallelism < 1) return false;
  let salt: Uint8Array;
  let expected: Uint8Array;
  try {
    salt = decodeBase64IgnorePadding(m[4]!);
    expected = decodeBase64IgnorePadding(m[5]!);
  } catch {
    return false;
  }
  if (salt.byteLength < 8 || expected.byteLength < 16) return false;
  const actual = (await hasher())({ password: utf8(password), salt, memorySize, passes, parallelism, tagLength: expected.byteLength });
  return timingSafeEqual(actual, expected);
}

/** The raw function, for known-answer tests (RFC 9106). */
export const argon2idRaw = async (params: Parameters<Compute>[0]) => (await hasher())(params);
