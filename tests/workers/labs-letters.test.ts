// Video letters through the api (routes/labs.ts letterRoutes and shareLetterRoutes,
// domain/labs/letters.ts, contracts/webm.ts; docs/decisions/0041): a real WebM from Chromium's MediaRecorder
// (fixtures/video/letter-vp8-opus.webm: a 180x320 canvas and an oscillator, VP8 + Opus, 2 s, recorded
// with the suite's Chromium) accepted; hostile files refused by content (audio only, a renamed PNG,
// cut short, a Segment whose size lies, too long, too big a picture, deep nesting); owner-only access
// (owner, another member, visitor), the share page's video and poster until the share is revoked, the
// work history's video column.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { checkWebm } from "#contracts/webm";
import letterUrl from "./fixtures/video/letter-vp8-opus.webm?inline";
import audioOnlyUrl from "./fixtures/audio/tones.webm?inline";
import { signedUp, worker, type Answer } from "./helpers";
import { png } from "./images";
import { voice, wavOf } from "./voice-recordings";
import { cat, el, seekable, str, uintEl } from "./ebml";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));
const LETTER = bytesOf(letterUrl);
const PNG = png(180, 320);

const f64 = (v: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  return b;
};
function webm(o: { durationMs?: number; width?: number; height?: number; video?: string | null; nest?: number } = {}) {
  const track = (n: number, type: number, codec: string, extra: Uint8Array | number[] = []) =>
    el([0xae], uintEl([0xd7], n), uintEl([0x83], type), el([0x86], str(codec)), extra);
  const block = (n: number, rel: number) => el([0xa3], [0x80 | n, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]);
  let group = el([0xa1], [0x81, 0, 0, 0x80, 9]);
  for (let i = 0; i < (o.nest ?? 0); i++) group = el([0xa0], group);
  return cat(
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], str("webm"))),
    el(
      [0x18, 0x53, 0x80, 0x67],
      el([0x15, 0x49, 0xa9, 0x66], uintEl([0x2a, 0xd7, 0xb1], 1_000_000), ...(o.durationMs ? [el([0x44, 0x89], f64(o.durationMs))] : [])),
      el(
        [0x16, 0x54, 0xae, 0x6b],
        ...(o.video === null
          ? []
          : [track(1, 1, o.video ?? "V_VP8", el([0xe0], uintEl([0xb0], o.width ?? 360), uintEl([0xba], o.height ?? 640)))]),
        track(2, 2, "A_OPUS"),
      ),
      el([0x1f, 0x43, 0xb6, 0x75], uintEl([0xe7], 0), block(1, 0), block(2, 0), block(1, 1000), ...(o.nest ? [group] : [])),
    ),
  );
}

describe("WebM check by content (contracts/webm.ts)", () => {
  it("accepts a real MediaRecorder letter and reads its picture and length from the blocks", () => {
    const checked = checkWebm(LETTER);
    expect(checked).toMatchObject({ ok: true, info: { width: 180, height: 320, video: "V_VP8", audio: "A_OPUS" } });
    const ms = checked.ok ? checked.info.durationMs : 0;
    expect(ms).toBeGreaterThan(1500);
    expect(ms).toBeLessThan(2600);
    expect(checkWebm(webm())).toMatchObject({ ok: true, info: { durationMs: 1000, width: 360, height: 640 } });
    expect(checkWebm(webm({ video: "V_VP9", durationMs: 4000 }))).toMatchObject({ ok: true, info: { durationMs: 4000 } });
  });

  it("refuses audio only, a renamed PNG, a cut file, lying sizes, other codecs, huge pictures, deep nesting and 5+ minutes", () => {
    const segmentAt = LETTER.findIndex(
      (_, i) => LETTER[i] === 0x18 && LETTER[i + 1] === 0x53 && LETTER[i + 2] === 0x80 && LETTER[i + 3] === 0x67,
    );
    const lyingSegment = LETTER.slice();
    lyingSegment.set([0x01, 0, 0x10, 0, 0, 0, 0, 0], segmentAt + 4);
    const cases: Record<string, [Uint8Array, "invalid" | "too-long"]> = {
      "audio only (a WebM/Opus recording)": [bytesOf(audioOnlyUrl), "invalid"],
      "a renamed PNG": [PNG, "invalid"],
      empty: [new Uint8Array(0), "invalid"],
      "cut in the middle of a block": [LETTER.subarray(0, LETTER.length - 7), "invalid"],
      "a Segment longer than the file": [lyingSegment, "invalid"],
      "no video track": [webm({ video: null }), "invalid"],
      "H.264 video": [webm({ video: "V_MPEG4/ISO/AVC" }), "invalid"],
      "a 4000 px picture": [webm({ width: 4000 }), "invalid"],
      "nested 12 levels": [webm({ nest: 12 }), "invalid"],
      "a declared length over 5 minutes": [webm({ durationMs: 400_000 }), "too-long"],
    };
    for (const [name, [bytes, reason]] of Object.entries(cases)) {
      const checked = checkWebm(bytes);
      expect(checked.ok, name).toBe(false);
      expect(!checked.ok && checked.reason, name).toBe(reason);
    }
  });
});

type Init = { method?: string; form?: FormData; body?: unknown; lang?: string; headers?: Record<string, string> };
async function call(token: string | null, path: string, init: Init = {}) {
  return worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form || init.body ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}), ...init.headers },
    body: init.form,
  });
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });
const letterForm = (video: Uint8Array, poster?: Uint8Array) => {
  const form = new FormData();
  form.set("file", new File([video as Uint8Array<ArrayBuffer>], "letter.webm"));
  if (poster) form.set("poster", new File([poster as Uint8Array<ArrayBuffer>], "poster.png"));
  return form;
};

/** A conversion of the member's (the one-call STS API through the engine's stand-in). */
async function result(token: string) {
  const form = new FormData();
  form.set("file", new File([wavOf(voice(2, 140)) as Uint8Array<ArrayBuffer>], "hello.wav"));
  form.set("voice_id", "ko-minjun");
  const made = await json(await call(token, "/studio/sts", { form }));
  expect(made.code).toBe(Code.OK);
  return made.data!.inference_id as string;
}

describe("video letters: /studio/inferences/:id/video and the share page", () => {
  it("a result deleted from the work history takes its letter's files with it when it is purged", async () => {
    const owner = await signedUp("letters-purged@example.com");
    const id = await result(owner.token!);
    expect((await json(await call(owner.token!, `/studio/inferences/${id}/video`, { form: letterForm(LETTER, PNG) }))).code).toBe(Code.OK);
    const keys = await env.DB.prepare("SELECT video_key, poster_key FROM video_letters WHERE inference_id = ?")
      .bind(id)
      .first<{ video_key: string; poster_key: string }>();
    expect(await env.MEDIA.head(keys!.video_key)).not.toBeNull();
    expect(await env.MEDIA.head(keys!.poster_key)).not.toBeNull();
    const deleted = await worker.fetch("http://localhost/api/v1/studio/delHistory", {
      method: "POST",
      headers: { lang: "en", "api-key": owner.token!, "content-type": "application/json" },
      body: JSON.stringify({ inference_id: id }),
    });
    expect((await json(deleted)).code).toBe(Code.OK);
    // Within the undo time the files stay (the result can come back).
    const scope = { db: drizzle(env.DB, { schema }), env };
    expect(await purgeDeletedResults(scope, Date.now())).toBe(0);
    expect(await env.MEDIA.head(keys!.video_key)).not.toBeNull();
    // Purged: the row, the letter's row (cascade) and both files.
    expect(await purgeDeletedResults(scope, Date.now() + RESULT_UNDO_MS + 1000)).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("SELECT 1 FROM video_letters WHERE inference_id = ?").bind(id).first()).toBeNull();
    expect(await env.MEDIA.head(keys!.video_key)).toBeNull();
    expect(await env.MEDIA.head(keys!.poster_key)).toBeNull();
  });

  it("the owner uploads; the share page plays it with its poster until revoked; nobody else reaches it", async () => {
    const owner = await signedUp("letters-owner@example.com");
    const other = await signedUp("letters-other@example.com");
    const id = await result(owner.token!);

    const stored = await json(await call(owner.token!, `/studio/inferences/${id}/video`, { form: letterForm(LETTER, PNG) }));
    expect(stored.code).toBe(Code.OK);
    expect(stored.data).toMatchObject({
      videoURL: `/api/v1/studio/inferences/${id}/video`,
      posterURL: `/api/v1/studio/inferences/${id}/poster`,
      width: 180,
      height: 320,
    });
    const own = await call(owner.token!, `/studio/inferences/${id}/video`);
    expect([own.status, own.headers.get("content-type"), own.headers.get("cache-control")]).toEqual([
      200,
      "video/webm",
      "private, max-age=3600",
    ]);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(seekable(LETTER));
    const part = await call(owner.token!, `/studio/inferences/${id}/video`, { headers: { range: "bytes=0-3" } });
    expect(part.status).toBe(206);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    // The work history's video column.
    const history = await json(await call(owner.token!, "/studio/history"));
    const item = (history.data!.items as { inference_id: string; videoURL: string | null }[]).find((i) => i.inference_id === id);
    expect(item!.videoURL).toBe(`/api/v1/studio/inferences/${id}/video`);

    // Another member and a visitor: nothing.
    for (const [token, status, code] of [
      [other.token!, 404, Code.NOT_FOUND],
      [null, 401, Code.LOGIN_REQUIRED],
    ] as const) {
      expect((await json(await call(token, `/studio/inferences/${id}/video`, { form: letterForm(LETTER) }))).code).toBe(code);
      for (const path of [`/studio/inferences/${id}/video`, `/studio/inferences/${id}/poster`]) {
        const res = await json(await call(token, path));
        expect([res.status, res.code], path).toEqual([status, code]);
      }
      expect((await json(await call(token, `/studio/inferences/${id}/video`, { method: "DELETE" }))).code).toBe(code);
    }

    // Shared: the page's data names the letter, and anyone with the link gets the video and the poster.
    const share = await json(await call(owner.token!, `/studio/inferences/${id}/share`, { method: "POST" }));
    const shareId = share.data!.share_id as string;
    const page = await json(await call(null, `/share/${shareId}`));
    expect(page.data!.video).toMatchObject({
      videoURL: `/api/v1/share/${shareId}/video`,
      posterURL: `/api/v1/share/${shareId}/poster`,
      width: 180,
    });
    const shared = await call(null, `/share/${shareId}/video`);
    expect([shared.status, shared.headers.get("content-type"), shared.headers.get("cache-control")]).toEqual([
      200,
      "video/webm",
      "public, max-age=300",
    ]);
    expect(new Uint8Array(await shared.arrayBuffer())).toEqual(seekable(LETTER));
    const poster = await call(null, `/share/${shareId}/poster`);
    expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/png"]);
    await poster.arrayBuffer();
    // Revoked: gone from the share page.
    await call(owner.token!, `/studio/inferences/${id}/share`, { method: "DELETE" });
    expect((await call(null, `/share/${shareId}/video`)).status).toBe(404);
    expect((await call(null, `/share/${shareId}/poster`)).status).toBe(404);
    expect((await call(null, "/share/not-a-share-id-at-all!/video")).status).toBe(404);

    // The owner deletes the letter: files and row go.
    const files = await env.DB.prepare("SELECT video_key, poster_key FROM video_letters WHERE inference_id = ?")
      .bind(id)
      .first<{ video_key: string; poster_key: string }>();
    expect(await env.MEDIA.head(files!.video_key)).not.toBeNull();
    expect((await json(await call(owner.token!, `/studio/inferences/${id}/video`, { method: "DELETE" }))).data).toEqual({ deleted: true });
    expect(await env.MEDIA.head(files!.video_key)).toBeNull();
    expect(await env.MEDIA.head(files!.poster_key)).toBeNull();
    expect((await call(owner.token!, `/studio/inferences/${id}/video`)).status).toBe(404);
  });

  it("refuses what is not a letter, in ko and en, storing nothing", async () => {
    const s = await signedUp("letters-refuse@example.com");
    const id = await result(s.token!);
    const audioOnly = await json(await call(s.token!, `/studio/inferences/${id}/video`, { form: letterForm(bytesOf(audioOnlyUrl)) }));
    expect([audioOnly.status, audioOnly.code]).toEqual([415, Code.VIDEO_INVALID]);
    expect(audioOnly.message).toContain("WebM video made on this page");
    const ko = await json(await call(s.token!, `/studio/inferences/${id}/video`, { form: letterForm(PNG), lang: "kr" }));
    expect(ko.message).toContain("영상 편지는 이 페이지에서 만든 WebM 영상");
    const long = await json(await call(s.token!, `/studio/inferences/${id}/video`, { form: letterForm(webm({ durationMs: 400_000 })) }));
    expect([long.status, long.code]).toEqual([400, Code.VIDEO_TOO_LONG]);
    const badPoster = await json(
      await call(s.token!, `/studio/inferences/${id}/video`, { form: letterForm(LETTER, new TextEncoder().encode("<svg/>")) }),
    );
    expect([badPoster.status, badPoster.code]).toEqual([415, Code.POSTER_INVALID]);
    const big = await json(await call(s.token!, `/studio/inferences/${id}/video`, { form: letterForm(new Uint8Array(27 * 1024 * 1024)) }));
    expect([big.status, big.code]).toEqual([413, Code.VIDEO_TOO_LARGE]);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM video_letters WHERE inference_id = ?").bind(id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});
