// Avatar talk's avatars through the api (routes/labs.ts, domain/labs/avatars.ts, lib/vrm.ts;
// docs/decisions/0041): the shipped defaults and VRM 0.x and 1.0 files accepted; hostile files refused by
// content with the spec's "VRM only" message (a GLB without VRM, a renamed PNG, lying header and chunk
// lengths, views and accessors past their bytes, an external buffer, deep JSON, a texture that is a header alone
// or cut short), complexity and size limits;
// private storage and owner-only access (owner, another member, visitor).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AVATAR_LIMITS } from "#contracts/labs";
import { Code } from "../../workers/api/src/lib/codes";
import { checkVrm } from "../../workers/api/src/lib/vrm";
import { AVATARS, avatarIcon, buildAvatar, glb } from "../../scripts/make-avatars.mjs";
import nariUrl from "../../public/labs/avatars/nari.vrm?inline";
import haruUrl from "../../public/labs/avatars/haru.vrm?inline";
import miroUrl from "../../public/labs/avatars/miro.vrm?inline";
import nariIcon from "../../public/labs/avatars/nari.svg?raw";
import haruIcon from "../../public/labs/avatars/haru.svg?raw";
import miroIcon from "../../public/labs/avatars/miro.svg?raw";
import { signedUp, worker, type Answer } from "./helpers";
import { jpeg, png, pngHeader, webp } from "./images";

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

async function call(token: string | null, path: string, init: { method?: string; file?: Uint8Array; name?: string; lang?: string } = {}) {
  let body: FormData | undefined;
  if (init.file) {
    body = new FormData();
    body.set("file", new File([init.file as Uint8Array<ArrayBuffer>], init.name ?? "avatar.vrm"));
  }
  return worker.fetch(`http://localhost/api/v1/labs${path}`, {
    method: init.method ?? (body ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body,
  });
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });
const upload = async (token: string, file: Uint8Array, opts: { name?: string; lang?: string } = {}) =>
  json(await call(token, "/avatars", { file, ...opts }));

/** A GLB's JSON and BIN chunks (of a file this test built). */
function split(bytes: Uint8Array) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = v.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  const binLength = v.getUint32(20 + jsonLength, true);
  return { json, bin: bytes.subarray(28 + jsonLength, 28 + jsonLength + binLength) };
}
/** The default avatar with its JSON changed by `edit`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a glTF document edited freely by each case
function edited(edit: (json: Record<string, any>) => void) {
  const { json, bin } = split(buildAvatar(AVATARS[0]));
  edit(json);
  return glb(json, bin);
}

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0,
]);

describe("VRM check by content (lib/vrm.ts)", () => {
  it("accepts the shipped defaults (VRM 1.0) and a VRM 0.x file", () => {
    for (const url of [nariUrl, haruUrl, miroUrl]) {
      const checked = checkVrm(bytesOf(url));
      expect(checked).toMatchObject({ ok: true, info: { version: "1.0", meshes: 4, textures: 0 } });
    }
    // The committed files are what the script makes (scripts/make-avatars.mjs).
    expect(bytesOf(nariUrl)).toEqual(buildAvatar(AVATARS[0]));
    // Their icons too (pictures, not an emoji a headless browser has no font for).
    expect([nariIcon, haruIcon, miroIcon]).toEqual(AVATARS.map(avatarIcon));
    for (const icon of [nariIcon, haruIcon, miroIcon]) expect(icon).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^]*<\/svg>\n$/);
    expect(checkVrm(buildAvatar(AVATARS[1], { version: "0.x" }))).toMatchObject({ ok: true, info: { version: "0.x", name: "Haru" } });
  });

  it("refuses a GLB without VRM, a renamed PNG, lying lengths and views, external buffers and deep JSON", () => {
    const good = buildAvatar(AVATARS[0]);
    const lying = (at: number, value: number) => {
      const b = good.slice();
      new DataView(b.buffer).setUint32(at, value, true);
      return b;
    };
    const jsonLength = new DataView(good.buffer).getUint32(12, true);
    const deep = glb(JSON.parse(`{"asset":{"version":"2.0"},"extras":${"[".repeat(100_000)}${"]".repeat(100_000)}}`), new Uint8Array(0));
    const hostile: Record<string, Uint8Array> = {
      empty: new Uint8Array(0),
      png: PNG,
      "plain glTF without VRM": edited((j) => {
        delete j.extensions;
        delete j.extensionsUsed;
      }),
      "VRM without a humanoid head": edited((j) => delete j.extensions.VRMC_vrm.humanoid.humanBones.head),
      "VRMC_vrm of another version": edited((j) => (j.extensions.VRMC_vrm.specVersion = "2.0")),
      "header length longer than the file": lying(8, good.length + 4),
      "header length shorter than the file": lying(8, good.length - 4),
      "JSON chunk past the end": lying(12, 0xfffffff0),
      "BIN chunk past the end": lying(20 + jsonLength, 0x7ffffff0),
      "cut short": good.subarray(0, good.length - 100),
      "bytes after the chunks": Uint8Array.from([...good, ...new Uint8Array(64)]),
      "buffer view past the BIN chunk": edited((j) => (j.bufferViews[0].byteLength = 1 << 30)),
      "accessor past its view": edited((j) => (j.accessors[0].count = 1 << 28)),
      "external buffer": edited((j) => (j.buffers[0].uri = "https://example.com/huge.bin")),
      "data: image": edited((j) => (j.images = [{ uri: "data:image/png;base64,AAAA" }])),
      "deep JSON": deep,
      "JSON that is not UTF-8": (() => {
        const b = good.slice();
        b[21] = 0xff;
        return b;
      })(),
    };
    for (const [name, bytes] of Object.entries(hostile)) {
      const checked = checkVrm(bytes);
      expect(checked.ok, name).toBe(false);
      expect(checked.ok === false && checked.reason, name).toBe("not-vrm");
    }
  });

  it("names the limit an avatar is over", () => {
    const meshes = edited((j) => {
      j.meshes = Array.from({ length: AVATAR_LIMITS.maxMeshes + 1 }, () => j.meshes[0]);
    });
    expect(checkVrm(meshes)).toMatchObject({ ok: false, reason: "too-complex", part: "meshes", max: AVATAR_LIMITS.maxMeshes });
    // Vertices over the limit, every byte of them present: one position accessor of 300,001 points.
    const { json, bin } = split(buildAvatar(AVATARS[0]));
    const n = AVATAR_LIMITS.maxVertices + 1;
    const more = new Uint8Array(bin.length + n * 12);
    more.set(bin);
    json.buffers[0].byteLength = more.length;
    json.bufferViews.push({ buffer: 0, byteOffset: bin.length, byteLength: n * 12 });
    json.accessors.push({ bufferView: json.bufferViews.length - 1, componentType: 5126, count: n, type: "VEC3" });
    json.meshes.push({ primitives: [{ attributes: { POSITION: json.accessors.length - 1 } }] });
    expect(checkVrm(glb(json, more))).toMatchObject({ ok: false, reason: "too-complex", part: "vertices" });
    json.accessors.at(-1).count = 1000;
    expect(checkVrm(glb(json, more))).toMatchObject({ ok: true });
    const big = edited((j) => {
      const bv = j.bufferViews.length;
      j.bufferViews.push({ buffer: 0, byteOffset: 0, byteLength: 24 });
      j.images = [{ bufferView: bv, mimeType: "image/png" }];
      j.textures = [{ source: 0 }];
    });
    // The first 24 bytes of the BIN chunk are floats, not a PNG: refused as not VRM (not an image).
    expect(checkVrm(big)).toMatchObject({ ok: false, reason: "not-vrm" });
  });

  /** The default avatar with `image` embedded as its one texture. */
  function withTexture(image: Uint8Array) {
    const { json, bin } = split(buildAvatar(AVATARS[0]));
    const padded = new Uint8Array(bin.length + ((image.length + 3) & ~3));
    padded.set(bin);
    padded.set(image, bin.length);
    json.buffers[0].byteLength = padded.length;
    json.bufferViews.push({ buffer: 0, byteOffset: bin.length, byteLength: image.length });
    json.images = [{ bufferView: json.bufferViews.length - 1, mimeType: "image/png" }];
    json.textures = [{ source: 0 }];
    return glb(json, padded);
  }

  it("reads texture sizes from the embedded image's header", () => {
    expect(checkVrm(withTexture(pngHeader(8192, 8)))).toMatchObject({ ok: false, reason: "too-complex", part: "textureSide" });
    expect(checkVrm(withTexture(png(64, 32)))).toMatchObject({ ok: true, info: { textures: 1 } });
  });

  it("accepts whole PNG, JPEG and WebP textures and refuses a header alone, a file cut short or a damaged chunk", () => {
    for (const image of [png(64, 32), jpeg(48, 40), webp(240, "lossy"), webp(640, "lossless")])
      expect(checkVrm(withTexture(image))).toMatchObject({ ok: true });
    const damaged = png(64, 32);
    damaged[damaged.length - 20]! ^= 0xff; // inside the IDAT chunk: its CRC no longer matches
    const hostile = {
      "PNG header alone": pngHeader(1024, 1024),
      "PNG cut short": png(64, 32).subarray(0, 60),
      "PNG without IEND": png(64, 32).subarray(0, png(64, 32).length - 12),
      "PNG with a damaged chunk": damaged,
      "JPEG cut short": jpeg(48, 40).subarray(0, 300),
      "JPEG without its last marker": jpeg(48, 40).subarray(0, jpeg(48, 40).length - 2),
      "WebP cut short": webp(240, "lossy").subarray(0, 60),
    };
    for (const [name, image] of Object.entries(hostile))
      expect(checkVrm(withTexture(image)), name).toMatchObject({
        ok: false,
        reason: "not-vrm",
        why: expect.stringMatching(/cut short|not PNG/),
      });
  });
});

describe("POST/GET /api/v1/labs/avatars", () => {
  it("lists the defaults; stores an upload privately; only its owner lists, loads or deletes it", async () => {
    const owner = await signedUp("labs-owner@example.com");
    const other = await signedUp("labs-other@example.com");
    const first = await json(await call(owner.token!, "/avatars"));
    expect(first.code).toBe(Code.OK);
    const defaults = (first.data!.avatars as { id: string; url: string; kind: string; bytes: number }[]).map((a) => ({
      id: a.id,
      kind: a.kind,
    }));
    expect(defaults).toEqual([
      { id: "default:nari", kind: "default" },
      { id: "default:haru", kind: "default" },
      { id: "default:miro", kind: "default" },
    ]);
    // The listed sizes are the committed files' sizes.
    expect((first.data!.avatars as { bytes: number }[]).map((a) => a.bytes)).toEqual(
      [nariUrl, haruUrl, miroUrl].map((u) => bytesOf(u).length),
    );

    const file = buildAvatar(AVATARS[2], { version: "0.x" });
    const stored = await upload(owner.token!, file, { name: "my\u202e avatar.vrm" });
    expect(stored.code).toBe(Code.OK);
    const id = stored.data!.id as string;
    expect(stored.data).toMatchObject({
      kind: "own",
      name: "Miro",
      version: "0.x",
      bytes: file.length,
      url: `/api/v1/labs/avatars/${id}/file`,
    });
    const row = await env.DB.prepare("SELECT file_key, member_id FROM labs_avatars WHERE id = ?")
      .bind(id)
      .first<{ file_key: string; member_id: string }>();
    expect(row!.file_key).toBe(`labs/avatars/${row!.member_id}/${id}.vrm`);
    expect(new Uint8Array(await (await env.MEDIA.get(row!.file_key))!.arrayBuffer())).toEqual(file);

    // The owner: listed, loaded byte for byte, privately cached.
    const listed = await json(await call(owner.token!, "/avatars"));
    expect((listed.data!.avatars as { id: string }[]).map((a) => a.id)).toContain(id);
    const served = await call(owner.token!, `/avatars/${id}/file`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(file);
    expect((await json(await call(owner.token!, `/avatars/${id}`))).data).toMatchObject({ id, kind: "own" });
    expect((await json(await call(owner.token!, "/avatars/default:haru"))).data).toMatchObject({ kind: "default" });

    // Another member: not listed, 404 for the avatar, its file and its deletion.
    const theirs = await json(await call(other.token!, "/avatars"));
    expect((theirs.data!.avatars as { id: string }[]).map((a) => a.id)).not.toContain(id);
    for (const [path, method] of [
      [`/avatars/${id}`, "GET"],
      [`/avatars/${id}/file`, "GET"],
      [`/avatars/${id}`, "DELETE"],
    ] as const) {
      const res = await json(await call(other.token!, path, { method }));
      expect([res.status, res.code], `${method} ${path}`).toEqual([404, Code.NOT_FOUND]);
    }
    // A visitor: login required everywhere.
    for (const [path, method] of [
      ["/avatars", "GET"],
      [`/avatars/${id}/file`, "GET"],
      [`/avatars/${id}`, "DELETE"],
    ] as const) {
      const res = await json(await call(null, path, { method }));
      expect([res.status, res.code], `visitor ${method} ${path}`).toEqual([401, Code.LOGIN_REQUIRED]);
    }
    expect((await json(await call(null, "/avatars", { file }))).code).toBe(Code.LOGIN_REQUIRED);

    // The owner deletes it: row and file go.
    expect((await json(await call(owner.token!, `/avatars/${id}`, { method: "DELETE" }))).data).toEqual({ deleted: true });
    expect(await env.MEDIA.get(row!.file_key)).toBeNull();
    expect((await call(owner.token!, `/avatars/${id}/file`)).status).toBe(404);
  });

  it("refuses anything but VRM with the spec's message in ko and en, storing nothing", async () => {
    const s = await signedUp("labs-refuse@example.com");
    const noVrm = edited((j) => {
      delete j.extensions;
      delete j.extensionsUsed;
    });
    for (const [file, name] of [
      [noVrm, "plain.glb"],
      [PNG, "avatar.vrm"],
      [new TextEncoder().encode("glTF but not really"), "x.vrm"],
    ] as const) {
      const en = await upload(s.token!, file, { name });
      expect([en.status, en.code]).toEqual([415, Code.AVATAR_NOT_VRM]);
      expect(en.message).toContain("Only VRM avatars");
      const ko = await upload(s.token!, file, { name, lang: "kr" });
      expect(ko.message).toContain("VRM 아바타 파일만");
    }
    const complex = await upload(
      s.token!,
      edited((j) => (j.meshes = Array.from({ length: 65 }, () => j.meshes[0]))),
    );
    expect([complex.status, complex.code, complex.message]).toEqual([
      400,
      Code.AVATAR_TOO_COMPLEX,
      "The avatar is too complex: at most 64 meshes are allowed.",
    ]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM labs_avatars WHERE member_id = (SELECT id FROM members WHERE email = ?)")
      .bind("labs-refuse@example.com")
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
    // No file part.
    const bare = await worker.fetch("http://localhost/api/v1/labs/avatars", {
      method: "POST",
      headers: { "api-key": s.token!, lang: "en" },
      body: new FormData(),
    });
    expect((await bare.json<Answer>()).code).toBe(Code.BAD_REQUEST);
  });

  it("refuses a file over 30 MB while it streams in, and an 11th avatar", async () => {
    const s = await signedUp("labs-limits@example.com");
    const big = await upload(s.token!, new Uint8Array(AVATAR_LIMITS.maxBytes + 1024 * 1024));
    expect([big.status, big.code, big.message]).toEqual([413, Code.AVATAR_TOO_LARGE, "An avatar file can be at most 30 MB."]);
    const file = buildAvatar(AVATARS[0]);
    for (let i = 0; i < AVATAR_LIMITS.perMember; i++) expect((await upload(s.token!, file)).code).toBe(Code.OK);
    const over = await upload(s.token!, file);
    expect([over.status, over.code]).toEqual([409, Code.AVATAR_LIMIT]);
  });
});
