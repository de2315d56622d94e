/**
 * Guards a video letter whose declared Duration is NaN, infinite or negative: refused as not a valid video (VIDEO_INVALID),
 * earlier letter kept; and a replacement whose row cannot be written, which keeps the earlier letter and its file too.
 */
// Found by the audit (h-audit): the WebM check took Math.max(lastMs, NaN) = NaN as the length and NaN > limit is
// false, so such a file passed the check with durationMs NaN; POST /studio/inferences/:id/video then wrote R2,
// failed the D1 insert (duration_ms NOT NULL) with a 500, and had already overwritten the result's earlier letter.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { checkWebm } from "#contracts/webm";
import { memberWithResult, worker, type Answer } from "./helpers";
import { cat, el, seekable, str, uintEl } from "./ebml";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

// The Duration written whatever its value (NaN is falsy in labs-letters.test.ts), as 8 or 4 bytes.
const float = (v: number, bytes: 4 | 8) => {
  const b = new Uint8Array(bytes);
  if (bytes === 8) new DataView(b.buffer).setFloat64(0, v);
  else new DataView(b.buffer).setFloat32(0, v);
  return b;
};
function webm(duration: number, bytes: 4 | 8 = 8) {
  const track = (n: number, type: number, codec: string, extra: Uint8Array | number[] = []) =>
    el([0xae], uintEl([0xd7], n), uintEl([0x83], type), el([0x86], str(codec)), extra);
  const block = (n: number, rel: number) => el([0xa3], [0x80 | n, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]);
  return cat(
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], str("webm"))),
    el(
      [0x18, 0x53, 0x80, 0x67],
      el([0x15, 0x49, 0xa9, 0x66], uintEl([0x2a, 0xd7, 0xb1], 1_000_000), el([0x44, 0x89], float(duration, bytes))),
      el([0x16, 0x54, 0xae, 0x6b], track(1, 1, "V_VP8", el([0xe0], uintEl([0xb0], 360), uintEl([0xba], 640))), track(2, 2, "A_OPUS")),
      el([0x1f, 0x43, 0xb6, 0x75], uintEl([0xe7], 0), block(1, 0), block(2, 0), block(1, 1000)),
    ),
  );
}

const BAD: Record<string, Uint8Array> = {
  "NaN (8 bytes)": webm(NaN),
  "NaN (4 bytes)": webm(NaN, 4),
  Infinity: webm(Infinity),
  "-Infinity": webm(-Infinity),
  negative: webm(-2000),
};

describe("a video letter declaring a Duration that is not a finite, non-negative number", () => {
  it("contracts/webm.ts refuses it as invalid; 0 and a finite length still pass", () => {
    for (const [name, bytes] of Object.entries(BAD)) expect(checkWebm(bytes), name).toMatchObject({ ok: false, reason: "invalid" });
    expect(checkWebm(webm(0))).toMatchObject({ ok: true, info: { durationMs: 1000 } });
    expect(checkWebm(webm(2500))).toMatchObject({ ok: true, info: { durationMs: 2500 } });
    expect(checkWebm(webm(2500, 4))).toMatchObject({ ok: true, info: { durationMs: 2500 } });
  });

  it("POST /studio/inferences/:id/video answers VIDEO_INVALID and leaves the result's earlier letter and its file as they were", async () => {
    const { s, memberId, id } = await memberWithResult("letter-duration");
    const upload = async (bytes: Uint8Array, lang = "en") => {
      const form = new FormData();
      form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "letter.webm"));
      const res = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, {
        method: "POST",
        headers: { lang, "api-key": s.token! },
        body: form,
      });
      return { status: res.status, ...(await res.json<Answer>()) };
    };
    const letter = () =>
      env.DB.prepare("SELECT video_key, duration_ms, bytes FROM video_letters WHERE inference_id = ?")
        .bind(id)
        .first<{ video_key: string; duration_ms: number; bytes: number }>();

    const earlier = webm(2500);
    expect((await upload(earlier)).code).toBe(Code.OK);
    const before = await letter();
    expect(before).toMatchObject({ duration_ms: 2500, bytes: seekable(earlier).length });

    // The answer a renamed PNG gets: the same code, status and message, in English and Korean.
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const expected = { en: await upload(png, "en"), ko: await upload(png, "ko") };
    expect(expected.en).toMatchObject({ status: 415, code: Code.VIDEO_INVALID });
    for (const [name, bytes] of Object.entries(BAD))
      for (const lang of ["en", "ko"] as const) {
        const a = await upload(bytes, lang);
        expect({ status: a.status, code: a.code, message: a.message }, `${name} ${lang}`).toEqual({
          status: expected[lang].status,
          code: expected[lang].code,
          message: expected[lang].message,
        });
      }

    expect(await letter()).toEqual(before);
    const stored = await env.MEDIA.get(before!.video_key);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(seekable(earlier));

    // A valid replacement whose row cannot be written (the database failing, made here by a trigger) leaves the
    // earlier letter whole, and no file of its own behind: each upload has files of its own, and the replaced ones go
    // only once the new row names the new ones.
    const files = async () => (await env.MEDIA.list({ prefix: `labs/letters/${memberId}/` })).objects.map((o) => o.key).sort();
    expect(await files()).toEqual([before!.video_key]);
    // Only this member's letters fail: test files may share the database while the trigger stands.
    await env.DB.prepare(
      `CREATE TRIGGER letters_fail BEFORE UPDATE ON video_letters WHEN OLD.member_id = '${memberId}' BEGIN SELECT RAISE(ABORT, 'down'); END`,
    ).run();
    try {
      expect((await upload(webm(3000))).status).toBeGreaterThanOrEqual(500);
    } finally {
      await env.DB.prepare("DROP TRIGGER letters_fail").run();
    }
    expect(await letter()).toEqual(before);
    expect(await files()).toEqual([before!.video_key]);
    const kept = await env.MEDIA.get(before!.video_key);
    expect(new Uint8Array(await kept!.arrayBuffer())).toEqual(seekable(earlier));
    // Written: the new files only.
    const later = webm(3000);
    expect((await upload(later)).code).toBe(Code.OK);
    const after = await letter();
    expect(after).toMatchObject({ duration_ms: 3000, bytes: seekable(later).length });
    expect(await files()).toEqual([after!.video_key]);
  });
});
