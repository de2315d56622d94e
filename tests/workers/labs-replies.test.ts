// the rest (docs/decisions/0047) through the api: a video letter answered with a video letter (the
// reply flow of decision 0038, `reply_to`), the share page listing which replies are letters; who may link a
// reply (owner, another member, visitor); a revoked letter gone from the share data and the files the player
// page plays; and posters checked by their bytes (a still letter's picture, hostile or incomplete images refused).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import letterUrl from "./fixtures/video/letter-vp8-opus.webm?inline";
import { signedUp, worker, type Answer } from "./helpers";
import { jpeg, pngHeader, webp } from "./images";
import { voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const LETTER = bytesOf(letterUrl);

async function call(token: string | null, path: string, init: { method?: string; form?: FormData; lang?: string } = {}) {
  return worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: init.form,
  });
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

/** A conversion of the member's (the one-call STS API through the engine's stand-in). */
async function result(token: string) {
  const form = new FormData();
  form.set("file", new File([wavOf(voice(1.5, 160)) as Uint8Array<ArrayBuffer>], "hello.wav"));
  form.set("voice_id", "ko-minjun");
  const made = await json(await call(token, "/studio/sts", { form }));
  expect(made.code).toBe(Code.OK);
  return made.data!.inference_id as string;
}

async function letter(token: string, id: string, poster?: Uint8Array) {
  const form = new FormData();
  form.set("file", new File([LETTER as Uint8Array<ArrayBuffer>], "letter.webm"));
  if (poster) form.set("poster", new File([poster as Uint8Array<ArrayBuffer>], "poster.png"));
  return json(await call(token, `/studio/inferences/${id}/video`, { form }));
}

async function share(token: string | null, id: string, replyTo?: string) {
  return json(await call(token, `/studio/inferences/${id}/share${replyTo ? `?reply_to=${replyTo}` : ""}`, { method: "POST" }));
}

describe("a video letter answered with a video letter", () => {
  it("links the reply to the original, marks letter replies, and only the reply's owner can link it", async () => {
    const alice = await signedUp("replies-alice@example.com");
    const bob = await signedUp("replies-bob@example.com");
    const carol = await signedUp("replies-carol@example.com");
    const original = await result(alice.token!);
    expect((await letter(alice.token!, original)).code).toBe(Code.OK);
    const originalShare = (await share(alice.token!, original)).data!.share_id as string;

    // Bob answers with a video letter of his own (avatar talk's result made a letter), and Carol with her voice only.
    const videoReply = await result(bob.token!);
    expect((await letter(bob.token!, videoReply)).code).toBe(Code.OK);
    // Another member cannot share Bob's result (as a reply or not), and a visitor cannot share at all.
    expect([(await share(carol.token!, videoReply, originalShare)).status, (await share(carol.token!, videoReply)).code]).toEqual([
      404,
      Code.NOT_FOUND,
    ]);
    expect((await share(null, videoReply, originalShare)).code).toBe(Code.LOGIN_REQUIRED);
    const linked = await share(bob.token!, videoReply, originalShare);
    expect(linked.code).toBe(Code.OK);
    const replyShare = linked.data!.share_id as string;
    const voiceReply = await result(carol.token!);
    const voiceShare = (await share(carol.token!, voiceReply, originalShare)).data!.share_id as string;

    const page = await json(await call(null, `/share/${originalShare}`));
    const replies = page.data!.replies as { share_id: string; video: boolean }[];
    expect(replies.map((r) => [r.share_id, r.video]).sort()).toEqual(
      [
        [replyShare, true],
        [voiceShare, false],
      ].sort(),
    );
    const reply = await json(await call(null, `/share/${replyShare}`));
    expect(reply.data!.replyTo).toMatchObject({ share_id: originalShare, url: `/share/${originalShare}` });
    expect(reply.data!.video).toMatchObject({ videoURL: `/api/v1/share/${replyShare}/video` });
    // Bob's own result says it is a reply.
    expect((await json(await call(bob.token!, `/studio/inferences/${videoReply}`))).data!.isReply).toBe(true);

    // Alice revokes her letter: its share data and the files the player page plays answer 404; the reply stays, unlinked.
    await call(alice.token!, `/studio/inferences/${original}/share`, { method: "DELETE" });
    for (const path of [`/share/${originalShare}`, `/share/${originalShare}/video`, `/share/${originalShare}/poster`])
      expect((await call(null, path)).status, path).toBe(404);
    expect((await json(await call(null, `/share/${replyShare}`))).data!.replyTo).toBeNull();
    // Answering a revoked letter is refused with its own code.
    const late = await result(bob.token!);
    expect((await share(bob.token!, late, originalShare)).code).toBe(Code.REPLY_TARGET_GONE);
  });
});

// Headers alone for the hostile cases: each is refused before anything is decoded.
const png = pngHeader;
const jpegHeader = (w: number, h: number, app = 20) =>
  Uint8Array.from([
    0xff,
    0xd8,
    // An APP1 segment (EXIF-like) before the frame header.
    0xff,
    0xe1,
    (app + 2) >> 8,
    (app + 2) & 0xff,
    ...new Array<number>(app).fill(0x45),
    0xff,
    0xc0,
    0,
    11,
    8,
    h >> 8,
    h & 0xff,
    w >> 8,
    w & 0xff,
    1,
    1,
    0x11,
    0,
  ]);
const webpX = (w: number, h: number) => {
  const b = new Uint8Array(30);
  b.set(
    [..."RIFF"].map((c) => c.charCodeAt(0)),
    0,
  );
  b.set(
    [..."WEBPVP8X"].map((c) => c.charCodeAt(0)),
    8,
  );
  b.set([(w - 1) & 0xff, ((w - 1) >> 8) & 0xff, ((w - 1) >> 16) & 0xff, (h - 1) & 0xff, ((h - 1) >> 8) & 0xff, ((h - 1) >> 16) & 0xff], 24);
  return b;
};
const text = (s: string) => new TextEncoder().encode(s);

describe("a still letter's poster, checked by its bytes", () => {
  it("stores a JPEG or WebP picture as what it is, whatever its name", async () => {
    const s = await signedUp("still-poster@example.com");
    const id = await result(s.token!);
    const picture = jpeg(640, 640);
    const stored = await letter(s.token!, id, picture);
    expect(stored.code).toBe(Code.OK);
    const poster = await call(s.token!, `/studio/inferences/${id}/poster`);
    expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(new Uint8Array(await poster.arrayBuffer())).toEqual(picture);
    const before = await env.DB.prepare("SELECT poster_key FROM video_letters WHERE inference_id = ?")
      .bind(id)
      .first<{ poster_key: string }>();
    expect(before!.poster_key).toMatch(/\.poster\.jpg$/);
    expect(await env.MEDIA.head(before!.poster_key)).not.toBeNull();
    expect((await letter(s.token!, id, webp(640))).code).toBe(Code.OK);
    const replaced = await call(s.token!, `/studio/inferences/${id}/poster`);
    expect(replaced.headers.get("content-type")).toBe("image/webp");
    await replaced.arrayBuffer();
    // The older poster's file went with the replacement.
    expect(await env.MEDIA.head(before!.poster_key)).toBeNull();
  });

  it("refuses hostile pictures in ko and en, storing nothing", async () => {
    const s = await signedUp("still-hostile@example.com");
    const id = await result(s.token!);
    const cases: Record<string, Uint8Array> = {
      "an SVG (script inside)": text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "HTML named poster.png": text("<!doctype html><p>hi"),
      "a GIF": Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      "a PNG header claiming 100000x100000": png(100_000, 100_000),
      "a PNG of 0x0": png(0, 0),
      "a PNG cut before its size": png(640, 640).subarray(0, 20),
      "a JPEG whose segment runs past the end": jpegHeader(640, 640).subarray(0, 12),
      "a JPEG of 4000x3000": jpegHeader(4000, 3000),
      "a PNG header of 640x640 with no picture": png(640, 640),
      "a JPEG header of 640x640 with no picture": jpegHeader(640, 640),
      "a WebP header of 640x640 with no picture": webpX(640, 640),
      "a JPEG cut short": jpeg(640, 640).subarray(0, 2000),
      "a WebP claiming 16384x16384": webpX(16384, 16384),
      "a poster over 1 MB": (() => {
        const big = new Uint8Array(1024 * 1024 + 1);
        big.set(png(640, 640));
        return big;
      })(),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const refused = await letter(s.token!, id, bytes);
      expect([refused.status, refused.code], name).toEqual([415, Code.POSTER_INVALID]);
    }
    const ko = await json(
      await call(s.token!, `/studio/inferences/${id}/video`, {
        form: (() => {
          const f = new FormData();
          f.set("file", new File([LETTER as Uint8Array<ArrayBuffer>], "letter.webm"));
          f.set("poster", new File([png(0, 0) as Uint8Array<ArrayBuffer>], "poster.png"));
          return f;
        })(),
        lang: "kr",
      }),
    );
    expect(ko.code).toBe(Code.POSTER_INVALID);
    expect(ko.message).toMatch(/[가-힣]/);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM video_letters WHERE inference_id = ?").bind(id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});
