// docs/decisions/0047: the one page other sites may frame is a shared video letter's player; its
// frame-ancestors name the social sites and the configured origins (only well-formed origins), every other
// page keeps 'none' and X-Frame-Options DENY. A member's own still image is checked by its bytes.
import { describe, expect, it } from "vitest";
import { checkStillImage, STILL_IMAGE } from "#contracts/letters";
import { isBarePath } from "~/lib/shell";
import { frameAncestorsFor, SOCIAL_FRAME_ANCESTORS, withSecurityHeaders } from "../../server/security-headers";

const ID = "AbCdEfGhIjKlMnOpQrStUv";
const directive = (csp: string | null, name: string) =>
  (csp ?? "")
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("the video letter player's framing (server/security-headers.ts)", () => {
  it("opens frame-ancestors on /share/:id/player alone, without X-Frame-Options there", () => {
    const player = withSecurityHeaders(new Response("x"), new URL(`https://vs.example/share/${ID}/player`), {
      nonce: "n",
      playerFrameAncestors: "https://embed.example",
    });
    expect(directive(player.headers.get("content-security-policy"), "frame-ancestors")).toEqual([
      "'self'",
      ...SOCIAL_FRAME_ANCESTORS,
      "https://embed.example",
    ]);
    expect(player.headers.get("x-frame-options")).toBeNull();
    for (const path of [`/share/${ID}`, `/share/${ID}/player/more`, "/share/short/player", "/labs/avatar", "/", `/x/share/${ID}/player`]) {
      const page = withSecurityHeaders(new Response("x"), new URL(`https://vs.example${path}`), {
        nonce: "n",
        playerFrameAncestors: "https://embed.example",
      });
      expect(directive(page.headers.get("content-security-policy"), "frame-ancestors"), path).toEqual(["'none'"]);
      expect(page.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("takes only well-formed origins from PLAYER_FRAME_ANCESTORS (nothing that could add a directive)", () => {
    const url = new URL(`http://localhost:8787/share/${ID}/player`);
    expect(frameAncestorsFor(url, "http://localhost:9000 http://localhost:*  https://*.embed.example\thttps://a.example:8443")).toEqual([
      "'self'",
      ...SOCIAL_FRAME_ANCESTORS,
      "http://localhost:9000",
      "http://localhost:*",
      "https://*.embed.example",
      "https://a.example:8443",
    ]);
    const hostile = frameAncestorsFor(
      url,
      "https://a.example; script-src * 'unsafe-inline' * data: https://b.example/path javascript:x 'none'",
    );
    expect(hostile).toEqual(["'self'", ...SOCIAL_FRAME_ANCESTORS]);
    expect(frameAncestorsFor(url, null)).toEqual(["'self'", ...SOCIAL_FRAME_ANCESTORS]);
  });

  it("shows the player bare (no header, footer or toasts)", () => {
    expect(isBarePath(`/share/${ID}/player`)).toBe(true);
    expect(isBarePath(`/share/${ID}`)).toBe(false);
    expect(isBarePath("/labs/avatar")).toBe(false);
  });
});

describe("a member's own still image (contracts/letters.ts)", () => {
  const png = (w: number, h: number) => {
    const b = new Uint8Array(33);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(b.buffer).setUint32(16, w);
    new DataView(b.buffer).setUint32(20, h);
    return b;
  };

  it("accepts PNG, JPEG and WebP by their bytes within the limits", () => {
    expect(checkStillImage(png(4000, 3000))).toEqual({ ok: true, info: { type: "image/png", width: 4000, height: 3000 } });
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x02, 0x80, 0x01, 0xe0, 1, 1, 0x11, 0]);
    expect(checkStillImage(jpeg)).toEqual({ ok: true, info: { type: "image/jpeg", width: 480, height: 640 } });
  });

  it("refuses other types, renamed files, lying pixel counts and files over the size", () => {
    expect(checkStillImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({ ok: false, reason: "type" });
    expect(checkStillImage(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]))).toEqual({ ok: false, reason: "type" });
    expect(checkStillImage(png(100_000, 100_000))).toEqual({ ok: false, reason: "pixels" });
    expect(checkStillImage(png(6000, 6000))).toEqual({ ok: false, reason: "pixels" });
    expect(checkStillImage(png(0, 10))).toEqual({ ok: false, reason: "pixels" });
    expect(checkStillImage(png(640, 640), STILL_IMAGE.maxBytes + 1)).toEqual({ ok: false, reason: "bytes" });
  });
});
