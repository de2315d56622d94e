import { describe, expect, it } from "vitest";
import { ARGON2, argon2idRaw, hashPassword, verifyPassword } from "../../workers/api/src/lib/password";

const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");

describe("password hashing (Argon2id)", () => {
  it("matches the RFC 9106 Argon2id test vector through our wasm loader", async () => {
    const tag = await argon2idRaw({
      password: new Uint8Array(32).fill(0x01),
      salt: new Uint8Array(16).fill(0x02),
      secret: new Uint8Array(8).fill(0x03),
      ad: new Uint8Array(12).fill(0x04),
      memorySize: 32,
      passes: 3,
      parallelism: 4,
      tagLength: 32,
    });
    expect(hex(tag)).toBe("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659");
  });

  it("stores OWASP parameters with a random salt and verifies only the right password", async () => {
    const encoded = await hashPassword("Voice!2024");
    expect(encoded).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2.memorySize},t=${ARGON2.passes},p=${ARGON2.parallelism}\\$`));
    expect(await hashPassword("Voice!2024")).not.toBe(encoded);
    expect(await verifyPassword("Voice!2024", encoded)).toBe(true);
    expect(await verifyPassword("Voice!2025", encoded)).toBe(false);
    expect(await verifyPassword("", encoded)).toBe(false);
  });

  it("refuses malformed or out-of-bounds stored hashes instead of doing unbounded work", async () => {
    const pw = "Correct#horse1";
    const encoded = await hashPassword(pw);
    expect(await verifyPassword(pw, encoded)).toBe(true);
    expect(await verifyPassword(pw, encoded.replace("m=19456", "m=1048576"))).toBe(false);
    expect(await verifyPassword(pw, encoded.replace("t=2", "t=100"))).toBe(false);
    expect(await verifyPassword(pw, "$argon2i$v=19$m=19456,t=2,p=1$abc$def")).toBe(false);
    expect(await verifyPassword(pw, "not a hash")).toBe(false);
    expect(await verifyPassword(pw, encoded.slice(0, -10))).toBe(false);
    await expect(hashPassword("short")).rejects.toThrow(RangeError);
  });
});
