// Audit (h-audit): a video letter whose Segment Info declares its Duration as a NaN float (8 bytes: 7ff8...).
// lib/webm.ts takes Math.max(lastMs, NaN) = NaN as the length, NaN > limit is false, so the file passes the
// check with durationMs NaN. It must be refused (4xx, VIDEO_INVALID) or stored with its blocks' length; it
// must never answer 5xx nor store a letter without a length. Fails today.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../db/seed";
import { checkWebm } from "../../workers/api/src/lib/webm";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

// The EBML writer of labs-letters.test.ts, with the Duration written whatever its value (NaN is falsy there).
const cat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const size8 = (n: number) => [0x01, 0, 0, (n / 2 ** 32) & 0xff, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const el = (id: number[], ...body: (Uint8Array | number[])[]) => {
  const payload = cat(...body);
  return cat(id, size8(payload.length), payload);
};
const uintEl = (id: number[], v: number) => el(id, [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
const str = (s: string) => [...s].map((c) => c.charCodeAt(0));
const f64 = (v: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  return b;
};
function webm(duration: number) {
  const track = (n: number, type: number, codec: string, extra: Uint8Array | number[] = []) =>
    el([0xae], uintEl([0xd7], n), uintEl([0x83], type), el([0x86], str(codec)), extra);
  const block = (n: number, rel: number) => el([0xa3], [0x80 | n, (rel >> 8) & 0xff, rel & 0xff, 0x80, 1, 2, 3]);
  return cat(
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], str("webm"))),
    el(
      [0x18, 0x53, 0x80, 0x67],
      el([0x15, 0x49, 0xa9, 0x66], uintEl([0x2a, 0xd7, 0xb1], 1_000_000), el([0x44, 0x89], f64(duration))),
      el([0x16, 0x54, 0xae, 0x6b], track(1, 1, "V_VP8", el([0xe0], uintEl([0xb0], 360), uintEl([0xba], 640))), track(2, 2, "A_OPUS")),
      el([0x1f, 0x43, 0xb6, 0x75], uintEl([0xe7], 0), block(1, 0), block(2, 0), block(1, 1000)),
    ),
  );
}

describe("a video letter declaring a NaN Duration", () => {
  it("lib/webm.ts does not answer a NaN length as a valid letter", () => {
    const checked = checkWebm(webm(NaN));
    // Either refused, or a finite length (the blocks say 1 s).
    if (checked.ok) expect(Number.isFinite(checked.info.durationMs), `durationMs ${checked.info.durationMs}`).toBe(true);
  });

  it("POST /studio/inferences/:id/video answers 4xx (or stores a finite length), never 5xx", async () => {
    const s = await signedUp(`audit-webm-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const memberId = JSON.parse(atob(s.token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sub as string;
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO inferences (id, member_id, voice_id, method, text, characters, audio_key, duration_ms, created_at)
       VALUES (?1, ?2, 'ko-seoyeon', 'tts', 'hello', 5, ?3, 1000, ?4)`,
    )
      .bind(id, memberId, `results/${memberId}/${id}.wav`, Date.now())
      .run();
    const form = new FormData();
    form.set("file", new File([webm(NaN) as Uint8Array<ArrayBuffer>], "letter.webm"));
    const res = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, {
      method: "POST",
      headers: { lang: "en", "api-key": s.token! },
      body: form,
    });
    const body = await res.json<Answer>();
    const row = await env.DB.prepare("SELECT duration_ms FROM video_letters WHERE inference_id = ?")
      .bind(id)
      .first<{ duration_ms: unknown }>();
    expect(res.status, `${res.status} ${body.code} ${body.message} stored ${JSON.stringify(row)}`).toBeLessThan(500);
    if (body.success) expect(typeof row?.duration_ms === "number" && Number.isFinite(row.duration_ms), JSON.stringify(row)).toBe(true);
  });
});
