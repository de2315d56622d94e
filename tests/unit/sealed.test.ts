import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CERT_COOKIE_SECONDS, certCookie, joinCookie, oauthStateCookie, recoverCookie } from "~/utils/flows.server";
import { seal, unseal } from "~/utils/sealed.server";

// A sealed cookie's value is bound to the cookie's name and the time it was sealed (docs/decisions/0057's left-over):
// a value sealed for one cookie is nothing as another (the cert cookie's sealed address replayed as a `join` or
// `recover` cookie), and one older than its cookie's maxAge is nothing even when the browser keeps sending it.

const SECRET = "sealed-test-secret-0123456789abcdef";
const contextWith = (secret = SECRET) =>
  ({ cloudflare: { env: { SESSION_SECRET: secret } }, outgoingCookies: [] as string[] }) as unknown as AppLoadContext;
const URL_ = "http://localhost:8787/join";
const requestWith = (cookie: string) => new Request(URL_, { headers: { cookie } });
/** The sealed value of the cookie `name` an action set. */
async function valueOf(context: AppLoadContext, name: string) {
  const set = context.outgoingCookies.find((c) => c.startsWith(`${name}=`))!;
  return (await createCookie(name).parse(set.split(";")[0]!)) as string;
}
/** The cookie `name` carrying `value`, as a browser (or a replaying client) sends it. */
const pair = async (name: string, value: string) => (await createCookie(name).serialize(value)).split(";")[0]!;

afterEach(() => {
  vi.useRealTimers();
});

describe("sealed cookies", () => {
  it("read back what was written", async () => {
    const set = contextWith();
    await joinCookie.write(requestWith(""), set, { type: "email", email: "a@example.com", certified: true, certTicket: "t" });
    const value = await valueOf(set, "join");
    expect(value).not.toContain("a@example.com");
    expect(await joinCookie.read(requestWith(await pair("join", value)), contextWith())).toEqual({
      type: "email",
      email: "a@example.com",
      certified: true,
      certTicket: "t",
    });
  });

  it("refuse a value sealed for another cookie", async () => {
    const set = contextWith();
    await certCookie.write(requestWith(""), set, { email: "a@example.com", purpose: "join", sentAt: Date.now() });
    const cert = await valueOf(set, "cert");
    expect(await certCookie.read(requestWith(await pair("cert", cert)), contextWith())).not.toBeNull();
    expect(await joinCookie.read(requestWith(await pair("join", cert)), contextWith())).toBeNull();
    expect(await recoverCookie.read(requestWith(await pair("recover", cert)), contextWith())).toBeNull();
    expect(await oauthStateCookie.read(requestWith(await pair("oauth", cert)), contextWith())).toBeNull();
    const recover = contextWith();
    await recoverCookie.write(requestWith(""), recover, { email: "a@example.com", certified: true, certTicket: "t" });
    expect(await joinCookie.read(requestWith(await pair("join", await valueOf(recover, "recover"))), contextWith())).toBeNull();
  });

  it("refuse a value older than its cookie's maxAge", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-24T12:00:00Z").getTime();
    vi.setSystemTime(start);
    const set = contextWith();
    await certCookie.write(requestWith(""), set, { email: "a@example.com", purpose: "join", sentAt: start });
    await recoverCookie.write(requestWith(""), set, { email: "a@example.com", certified: true });
    const cookie = `${await pair("cert", await valueOf(set, "cert"))}; ${await pair("recover", await valueOf(set, "recover"))}`;
    vi.setSystemTime(start + (CERT_COOKIE_SECONDS - 1) * 1000);
    expect(await certCookie.read(requestWith(cookie), contextWith())).not.toBeNull();
    vi.setSystemTime(start + (CERT_COOKIE_SECONDS + 1) * 1000);
    expect(await certCookie.read(requestWith(cookie), contextWith())).toBeNull();
    expect(await recoverCookie.read(requestWith(cookie), contextWith())).not.toBeNull();
    vi.setSystemTime(start + (30 * 60 + 1) * 1000);
    expect(await recoverCookie.read(requestWith(cookie), contextWith())).toBeNull();
  });

  it("refuse a changed value, another key and garbage", async () => {
    const set = contextWith();
    await joinCookie.write(requestWith(""), set, { type: "email", email: "a@example.com", certified: false });
    const value = await valueOf(set, "join");
    const at = Math.floor(value.length / 2);
    const changed = `${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`;
    expect(await joinCookie.read(requestWith(await pair("join", changed)), contextWith())).toBeNull();
    expect(await joinCookie.read(requestWith(await pair("join", value)), contextWith("another-secret-0123456789abcdef"))).toBeNull();
    expect(await joinCookie.read(requestWith(await pair("join", "not sealed at all")), contextWith())).toBeNull();
    expect(await joinCookie.read(requestWith("join=%%%"), contextWith())).toBeNull();
    expect(await joinCookie.read(new Request(URL_), contextWith())).toBeNull();
  });
});

/** A value sealed as before this change: the bare JSON value under the same key, no name, no time. */
async function sealedBare(secret: string, value: unknown) {
  const raw = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`sealed-cookie:${secret}`));
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(JSON.stringify(value))));
  return Buffer.concat([iv, sealed]).toString("base64url");
}

describe("seal and unseal", () => {
  it("round-trip for the same name within maxAge; refuse another name, an older value, tampering, another key and garbage", async () => {
    const now = Date.now();
    const value = { a: 1, b: "비밀" };
    const sealed = await seal(SECRET, value, { name: "join", now });
    const read = (text: unknown, { name = "join", at = now, secret = SECRET } = {}) => unseal(secret, text, { name, maxAge: 60, now: at });
    expect(await read(sealed)).toEqual(value);
    expect(await read(sealed, { at: now + 60_000 })).toEqual(value);
    expect(await read(sealed, { at: now + 60_001 })).toBeNull();
    expect(await read(sealed, { name: "recover" })).toBeNull();
    expect(await read(`${sealed.slice(0, 20)}${sealed[20] === "A" ? "B" : "A"}${sealed.slice(21)}`)).toBeNull();
    expect(await read(sealed, { secret: "another-secret-0123456789" })).toBeNull();
    expect(await read("not sealed at all")).toBeNull();
    expect(await read(undefined)).toBeNull();
    // A value sealed before names and times were (still in a browser at deploy) reads as nothing: the flow starts over.
    expect(await read(await sealedBare(SECRET, value))).toBeNull();
  });
});
