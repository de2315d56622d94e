import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { replyId, setReply } from "~/routes/labs.avatar.server";
import { seal } from "~/utils/sealed.server";
import { setFlash, setToast, takeFlash, takeToast } from "~/utils/toast.server";

// The cookies an action hands to the next page (the toast, the studio list's flash) and the labs' reply id are sealed
// (docs/decisions/0053): what the app wrote reads back; a changed, forged (plain, as these cookies used to be) or
// foreign-key value reads as nothing, and a read-once cookie is cleared either way.

const SECRET = "read-once-test-secret-0123456789";
const contextWith = (secret = SECRET) =>
  ({ cloudflare: { env: { SESSION_SECRET: secret } }, outgoingCookies: [] as string[] }) as unknown as AppLoadContext;
const URL_ = "http://localhost:8787/studio";
const requestWith = (cookie: string) => new Request(URL_, { headers: { cookie } });
/** The `name=value` an action set, as the browser sends it back. */
const sent = (context: AppLoadContext, name: string) => context.outgoingCookies.find((c) => c.startsWith(`${name}=`))!.split(";")[0]!;
/** The same cookie with one character of its sealed value changed. */
async function tampered(pair: string, name: string) {
  const cookie = createCookie(name);
  const value = (await cookie.parse(pair)) as string;
  const at = Math.floor(value.length / 2);
  const changed = `${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`;
  return (await cookie.serialize(changed)).split(";")[0]!;
}
/** A cookie as the browser could write it itself: the plain (unsealed) value. */
const plain = async (name: string, value: unknown) => (await createCookie(name).serialize(value)).split(";")[0]!;
const cleared = (context: AppLoadContext, name: string) =>
  context.outgoingCookies.some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/i.test(c));

describe("the toast and the flash", () => {
  it("read back what the action set, once, and clear it", async () => {
    const set = contextWith();
    await setToast(requestWith(""), set, { key: "error", params: { message: "거절" } });
    await setFlash(requestWith(""), set, { studioList: { error: "거절", usage: null } });
    expect(set.outgoingCookies.join("\n")).not.toContain("거절");
    const cookie = `${sent(set, "toast")}; ${sent(set, "flash")}`;
    expect(cookie).not.toMatch(/eyJ/); // not base64 JSON the browser could read
    const read = contextWith();
    expect(await takeToast(requestWith(cookie), read)).toMatchObject({ key: "error", params: { message: "거절" } });
    expect(await takeFlash(requestWith(cookie), read)).toEqual({ studioList: { error: "거절", usage: null } });
    expect(cleared(read, "toast") && cleared(read, "flash")).toBe(true);
    // Nothing pending: nothing read, nothing cleared.
    const none = contextWith();
    expect(await takeToast(requestWith("lng=ko"), none)).toBeNull();
    expect(await takeFlash(new Request(URL_), none)).toBeNull();
    expect(none.outgoingCookies).toEqual([]);
  });

  it("read a changed, forged or foreign-key cookie as nothing, and clear it", async () => {
    const set = contextWith();
    await setToast(requestWith(""), set, { key: "saved" });
    await setFlash(requestWith(""), set, { studioList: { error: "x", usage: null } });
    const forged = [
      `${await tampered(sent(set, "toast"), "toast")}; ${await tampered(sent(set, "flash"), "flash")}`,
      `${await plain("toast", { key: "error", params: { message: "피싱 링크" } })}; ${await plain("flash", { studioList: { error: "x" } })}`,
      `toast=${encodeURIComponent("%%%")}; flash=garbage`,
    ];
    for (const cookie of forged) {
      const read = contextWith();
      expect(await takeToast(requestWith(cookie), read), cookie).toBeNull();
      expect(await takeFlash(requestWith(cookie), read), cookie).toBeNull();
      expect(cleared(read, "toast") && cleared(read, "flash")).toBe(true);
    }
    const other = contextWith("another-secret-0123456789abcdef");
    const cookie = `${sent(set, "toast")}; ${sent(set, "flash")}`;
    expect(await takeToast(requestWith(cookie), other)).toBeNull();
    expect(await takeFlash(requestWith(cookie), other)).toBeNull();
  });

  it("checks what it unseals: a toast key the app does not have is nothing", async () => {
    const cookie = (await createCookie("toast").serialize(await seal(SECRET, { key: "noSuchToast" }, { name: "toast" }))).split(";")[0]!;
    expect(await takeToast(requestWith(cookie), contextWith())).toBeNull();
  });
});

describe("the labs' reply cookie", () => {
  const SHARE = "abcdefghijklmnopqrstuv";
  const args = (context: AppLoadContext) => ({ request: new Request("http://localhost:8787/labs/avatar"), context, params: {} }) as never;

  it("keeps the shared letter being answered, sealed; a changed or plain cookie names none", async () => {
    const set = contextWith();
    await setReply(args(set), SHARE);
    const pair = sent(set, "labs_reply");
    expect(pair).not.toContain(SHARE);
    expect(set.outgoingCookies[0]).toMatch(/Path=\/labs/);
    expect(await replyId(requestWith(pair), contextWith())).toBe(SHARE);
    expect(await replyId(requestWith(await tampered(pair, "labs_reply")), contextWith())).toBeNull();
    // The old, plain form (the browser's to write): another member's share id is not taken from it.
    expect(await replyId(requestWith(await plain("labs_reply", SHARE)), contextWith())).toBeNull();
    expect(await replyId(requestWith(pair), contextWith("another-secret-0123456789abcdef"))).toBeNull();
    // Stopping clears it.
    const stop = contextWith();
    await setReply(args(stop), null);
    expect(cleared(stop, "labs_reply")).toBe(true);
  });
});
