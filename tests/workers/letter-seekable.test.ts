// Video letters and shorts are stored seekable (contracts/webm.ts `seekableWebm`, docs/decisions/0078): a file as
// MediaRecorder writes it (no Duration, no Cues, Segment and Clusters of unknown size), built here or recorded by
// Chromium (fixtures/video/letter-vp8-opus.webm), comes back from the api with a Duration within one frame of its
// length, a SeekHead naming Info, Tracks and Cues, and a cue on each cluster's keyframe; every frame's bytes as they
// were. Hostile files (cut anywhere, sizes past the file, clusters without end, deep nesting) are refused with the
// clear VIDEO_INVALID in both languages. The file is read back here by a reader of its own, not the api's walker.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { checkWebm, seekableWebm } from "#contracts/webm";
import { Code } from "../../workers/api/src/lib/codes";
import letterUrl from "./fixtures/video/letter-vp8-opus.webm?inline";
import { memberWithResult, worker, type Answer } from "./helpers";
import { cat, el, recorderWebm, UNKNOWN_SIZE, uintEl } from "./ebml";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const LETTER = Uint8Array.from(atob(letterUrl.slice(letterUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

type Node = { id: number; start: number; body: number; end: number; unknown: boolean };
/** One EBML element's header at `at` (an unknown size runs to `limit`). */
function node(b: Uint8Array, at: number, limit: number): Node {
  const vint = (p: number, marker: boolean) => {
    let length = 1;
    while (!(b[p]! & (0x80 >> (length - 1)))) length++;
    let v = marker ? b[p]! : b[p]! & (0xff >> length);
    let ones = v === 0xff >> length;
    for (let i = 1; i < length; i++) {
      v = v * 256 + b[p + i]!;
      ones &&= b[p + i] === 0xff;
    }
    return { v, length, ones };
  };
  const id = vint(at, true);
  const size = vint(at + id.length, false);
  const body = at + id.length + size.length;
  return { id: id.v, start: at, body, end: size.ones ? limit : body + size.v, unknown: size.ones };
}
function children(b: Uint8Array, start: number, end: number) {
  const out: Node[] = [];
  for (let at = start; at < end;) {
    const n = node(b, at, end);
    out.push(n);
    at = n.end;
  }
  return out;
}
const uint = (b: Uint8Array, n: Node) => b.subarray(n.body, n.end).reduce((v, x) => v * 256 + x, 0);
const child = (b: Uint8Array, parent: Node, id: number) => children(b, parent.body, parent.end).find((c) => c.id === id);

/** What a player reads of a stored file: its Segment's parts, Duration, SeekHead, Cues, clusters and their blocks. */
function readStored(b: Uint8Array) {
  const header = node(b, 0, b.length);
  const segment = node(b, header.end, b.length);
  expect(segment.id).toBe(0x18538067);
  expect(segment.unknown, "the Segment's size is known").toBe(false);
  expect(segment.end).toBe(b.length);
  const top = children(b, segment.body, segment.end);
  const info = top.find((n) => n.id === 0x1549a966)!;
  const scale = uint(b, child(b, info, 0x2ad7b1)!);
  const d = child(b, info, 0x4489)!;
  const durationMs = (new DataView(b.buffer, b.byteOffset + d.body, 8).getFloat64(0) * scale) / 1e6;
  const seeks = children(b, top[0]!.body, top[0]!.end).map((s) => ({
    id: uint(b, child(b, s, 0x53ab)!),
    at: segment.body + uint(b, child(b, s, 0x53ac)!),
  }));
  const cues = top.find((n) => n.id === 0x1c53bb6b);
  const points = cues
    ? children(b, cues.body, cues.end).map((p) => {
        const positions = child(b, p, 0xb7)!;
        return {
          time: uint(b, child(b, p, 0xb3)!),
          track: uint(b, child(b, positions, 0xf7)!),
          at: segment.body + uint(b, child(b, positions, 0xf1)!),
        };
      })
    : [];
  const clusters = top
    .filter((n) => n.id === 0x1f43b675)
    .map((c) => {
      const kids = children(b, c.body, c.end);
      const timecode = uint(
        b,
        kids.find((k) => k.id === 0xe7)!,
      );
      const blocks = kids
        .filter((k) => k.id === 0xa3 || k.id === 0xa0)
        .map((k) => {
          // A BlockGroup's frame is a keyframe when it refers to no other (no ReferenceBlock).
          const group = k.id === 0xa0 ? children(b, k.body, k.end) : null;
          const at = group ? group.find((g) => g.id === 0xa1)!.body : k.body;
          return {
            track: b[at]! & 0x7f,
            time: timecode + ((((b[at + 1]! << 8) | b[at + 2]!) << 16) >> 16),
            key: group ? !group.some((g) => g.id === 0xfb) : (b[at + 3]! & 0x80) !== 0,
            bytes: b.subarray(k.start, k.end),
          };
        });
      return { start: c.start, unknown: c.unknown, timecode, blocks };
    });
  return { top: top.map((n) => n.id), durationMs, seeks, points, clusters, scale };
}

/** Every SimpleBlock of a file as MediaRecorder wrote it (unknown-size clusters run to the next Segment child). */
function recordedBlocks(b: Uint8Array) {
  const out: Uint8Array[] = [];
  const header = node(b, 0, b.length);
  const segment = node(b, header.end, b.length);
  for (let at = segment.body; at < segment.end;) {
    const n = node(b, at, segment.end);
    if (n.id !== 0x1f43b675) {
      at = n.end;
      continue;
    }
    let p = n.body;
    while (p < segment.end) {
      const k = node(b, p, segment.end);
      if (k.id === 0x1f43b675 || k.id === 0x1c53bb6b) break;
      if (k.id === 0xa3 || k.id === 0xa0) out.push(b.subarray(k.start, k.end));
      p = k.end;
    }
    at = n.unknown ? p : n.end;
  }
  return out;
}

function checkSeekable(input: Uint8Array, stored: Uint8Array, frameMs: number, lengthMs: number) {
  const s = readStored(stored);
  // Seek entries for Info, Tracks and Cues, each landing on that element.
  expect(s.seeks.map((e) => e.id)).toEqual([0x1549a966, 0x1654ae6b, 0x1c53bb6b]);
  for (const e of s.seeks) expect(node(stored, e.at, stored.length).id).toBe(e.id);
  // The Duration: the recording's length, within one frame.
  expect(Math.abs(s.durationMs - lengthMs)).toBeLessThanOrEqual(frameMs);
  // Every cluster has a known size and a cue on its keyframe, at the cluster's start.
  expect(s.clusters.every((c) => !c.unknown)).toBe(true);
  const keyed = s.clusters.filter((c) => c.blocks.some((x) => x.track === s.points[0]?.track && x.key));
  expect(s.points.length).toBe(keyed.length);
  expect(s.points.length).toBeGreaterThan(0);
  for (const [i, p] of s.points.entries()) {
    const c = keyed[i]!;
    expect(p.at).toBe(c.start);
    expect(p.time).toBe(c.blocks.find((x) => x.track === p.track && x.key)!.time);
  }
  // The frames: the same blocks, byte for byte, in the same order.
  const before = recordedBlocks(input);
  const after = s.clusters.flatMap((c) => c.blocks.map((x) => x.bytes));
  expect(after.length).toBe(before.length);
  expect(after.every((x, i) => x.length === before[i]!.length && x.every((v, j) => v === before[i]![j]))).toBe(true);
  return s;
}

/** How long a built recording plays: to the end of its last Opus packet (60 ms) or its last frame, whichever is later. */
const playsMs = (seconds: number, fps = 30) => {
  const lastPacket = Math.floor((seconds * 1000 - 1) / 60) * 60;
  const lastFrame = Math.floor(((seconds * 1000 - 1) * fps) / 1000);
  return Math.max(lastPacket + 60, ((lastFrame + 1) * 1000) / fps);
};

const seekable = (b: Uint8Array) => {
  const checked = checkWebm(b);
  if (!checked.ok) throw new Error(JSON.stringify(checked));
  return { out: seekableWebm(b, checked.info, checked.layout), checked };
};

describe("seekableWebm: a MediaRecorder file gets a Duration, Cues and a SeekHead, frames untouched", () => {
  it("a 9:16 short at 30 fps, 12.5 s, a cluster a second, a keyframe a second: Duration within a frame, a cue on each", () => {
    const input = recorderWebm({ seconds: 12.5, keyEveryMs: 1000 });
    const { out, checked } = seekable(input);
    const s = checkSeekable(input, out, 1000 / 30, playsMs(12.5));
    expect(s.points.length).toBe(13);
    expect(s.points.every((p) => p.track === 2)).toBe(true);
    expect(checked.ok && checked.info.durationMs).toBe(Math.round(s.durationMs));
    // Written once more, it is the same file; and it grows by a fixed few bytes a cluster, no more.
    expect(seekable(out).out).toEqual(out);
    expect(out.length - input.length).toBeLessThanOrEqual(200 + 76 * s.clusters.length);
  });

  it("Chromium's default, one keyframe at the start: one cue, on the first cluster; the other clusters are sized all the same", () => {
    const input = recorderWebm({ seconds: 4 });
    const s = checkSeekable(input, seekable(input).out, 1000 / 30, playsMs(4));
    expect(s.points).toEqual([{ time: 0, track: 2, at: s.clusters[0]!.start }]);
    expect(s.clusters.length).toBe(4);
  });

  it("the letter Chromium recorded (VP8 + Opus, 2 s, clusters of unknown size)", () => {
    const before = readStoredOrNull(LETTER);
    expect(before, "MediaRecorder's own file has no Duration").toBeNull();
    const { out, checked } = seekable(LETTER);
    const blocks = recordedBlocks(LETTER).length;
    expect(blocks).toBeGreaterThan(50);
    const ms = checked.ok ? checked.info.durationMs : 0;
    const s = checkSeekable(LETTER, out, 40, ms);
    // Its length is its last block's start and that block's own length (an Opus packet: 60 ms), read here from the blocks.
    const lastStart = Math.max(...s.clusters.flatMap((c) => c.blocks.map((x) => (x.time * s.scale) / 1e6)));
    expect(s.durationMs - lastStart).toBeGreaterThanOrEqual(0);
    expect(s.durationMs - lastStart).toBeLessThanOrEqual(60);
    expect(ms).toBeGreaterThan(1500);
    expect(ms).toBeLessThan(2600);
  });

  it("5 s clusters, 25 fps, a keyframe each 2 s: a cue on each cluster's first keyframe, not on its start time", () => {
    const input = recorderWebm({ seconds: 21, fps: 25, clusterMs: 5000, keyEveryMs: 2000 });
    const s = checkSeekable(input, seekable(input).out, 40, playsMs(21, 25));
    expect(s.points.map((p) => p.time)).toEqual([0, 6000, 10000, 16000, 20000]);
  });
});

/** A file's Duration as a player would read it, or null when it has none (MediaRecorder's). */
function readStoredOrNull(b: Uint8Array) {
  const header = node(b, 0, b.length);
  const segment = node(b, header.end, b.length);
  const info = children(b, segment.body, Math.min(segment.end, segment.body + 4096)).find((n) => n.id === 0x1549a966);
  return info && child(b, info, 0x4489) ? info : null;
}

describe("hostile files are refused before anything is written", () => {
  const short = recorderWebm({ seconds: 2.5 });
  it("cut anywhere, sizes past the file, a cluster inside a cluster, unknown-size Info, too many clusters: invalid, and quick", () => {
    const started = Date.now();
    // Cut at every byte past the header and Tracks: refused or (cut exactly between two elements) a shorter valid file.
    for (let n = 0; n < short.length; n += 7) {
      const checked = checkWebm(short.subarray(0, n));
      if (checked.ok) expect(seekableWebm(short.subarray(0, n), checked.info, checked.layout).length).toBeGreaterThan(n);
      else expect(checked.reason, `cut at ${n}`).toBe("invalid");
    }
    const hugeBlock = cat(short, [0xa3, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0, 0x82, 0, 0, 0x80]);
    const nestedCluster = cat(
      short,
      el([0x1f, 0x43, 0xb6, 0x75], uintEl([0xe7], 3000), el([0x1f, 0x43, 0xb6, 0x75], uintEl([0xe7], 3000))),
    );
    const unknownInfo = cat(short, [0x15, 0x49, 0xa9, 0x66, ...UNKNOWN_SIZE]);
    // 70,000 empty clusters of unknown size: 12 bytes each, and each would be a cue's worth of work.
    const emptyClusters = cat(short, ...Array.from({ length: 70_000 }, () => [0x1f, 0x43, 0xb6, 0x75, 0xff]));
    let deep: Uint8Array = el([0xa1], [0x82, 0, 0, 0x80, 9]);
    for (let i = 0; i < 200; i++) deep = el([0xa0], deep);
    const deepNesting = cat(short, [0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE], uintEl([0xe7], 3000), deep);
    for (const [name, bytes] of Object.entries({ hugeBlock, nestedCluster, unknownInfo, emptyClusters, deepNesting }))
      expect(checkWebm(bytes), name).toMatchObject({ ok: false, reason: "invalid" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("through the api: the stored letter is the seekable file with its length; a hostile one gets VIDEO_INVALID in ko and en", async () => {
    const { s, id } = await memberWithResult("letter-seekable");
    const upload = async (bytes: Uint8Array, lang = "en", template?: string) => {
      const form = new FormData();
      form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "short.webm"));
      if (template) form.set("template", template);
      const res = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, {
        method: "POST",
        headers: { lang, "api-key": s.token! },
        body: form,
      });
      return { status: res.status, ...(await res.json<Answer>()) };
    };
    const input = recorderWebm({ seconds: 6 });
    const saved = await upload(input, "en", "birthday");
    expect(saved.code).toBe(Code.OK);
    expect(saved.data!.duration).toBeCloseTo(6, 1);
    const res = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, { headers: { "api-key": s.token! } });
    const stored = new Uint8Array(await res.arrayBuffer());
    const read = checkSeekable(input, stored, 1000 / 30, playsMs(6));
    expect(read.durationMs / 1000).toBeCloseTo(saved.data!.duration as number, 3);
    const row = await env.DB.prepare("SELECT bytes, duration_ms FROM video_letters WHERE inference_id = ?")
      .bind(id)
      .first<{ bytes: number; duration_ms: number }>();
    expect(row).toEqual({ bytes: stored.length, duration_ms: Math.round(read.durationMs) });

    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (const lang of ["en", "ko"]) {
      const expected = await upload(png, lang);
      expect(expected).toMatchObject({ status: 415, code: Code.VIDEO_INVALID });
      const cut = await upload(input.subarray(0, input.length - 5), lang);
      expect({ status: cut.status, code: cut.code, message: cut.message }).toEqual({
        status: expected.status,
        code: expected.code,
        message: expected.message,
      });
    }
    // The stored letter is the earlier one still.
    const again = await worker.fetch(`http://localhost/api/v1/studio/inferences/${id}/video`, { headers: { "api-key": s.token! } });
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(stored);
  });
});
