/**
 * Video letters checked by their content (docs/decisions/0041): a WebM (EBML DocType "webm") with
 * one VP8, VP9 or AV1 video track and one Opus audio track, what the browser's MediaRecorder writes from a
 * canvas and an audio stream. Its length comes from the blocks' timecodes (MediaRecorder writes no
 * Duration; a Duration that is written is read too, must be finite and not negative, and the longer of the
 * two counts), its picture size from the video track. The walk reads each element's header against the
 * bytes around it (a size past its parent is a refusal), nests at most 8 levels, follows Clusters of unknown
 * size (a live recording) to the next Segment child, and only counts: nothing is allocated per block.
 */
import { VIDEO_LIMITS } from "#contracts/labs";

export type WebmInfo = { durationMs: number; width: number; height: number; video: string; audio: string };
export type WebmCheck = { ok: true; info: WebmInfo } | { ok: false; reason: "invalid"; why: string } | { ok: false; reason: "too-long" };

const ID = {
  Header: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;
const SEGMENT_CHILDREN = new Set([0x1f43b675, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, 0x114d9b74, 0x1549a966, 0x1654ae6b]);
const VIDEO_CODECS = new Set(["V_VP8", "V_VP9", "V_AV1"]);
const MAX_DEPTH = 8;

class Invalid extends Error {}

export function checkWebm(b: Uint8Array): WebmCheck {
  try {
    return walk(b);
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, reason: "invalid", why: err.message };
    throw err;
  }
}

function walk(b: Uint8Array): WebmCheck {
  const byte = (at: number) => {
    if (at >= b.length) throw new Invalid(`cut short at byte ${at}`);
    return b[at]!;
  };
  const vint = (at: number, keepMarker: boolean) => {
    const first = byte(at);
    let length = 1;
    while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
    if (length > 8) throw new Invalid(`bad EBML number at byte ${at}`);
    let value = keepMarker ? first : first & (0xff >> length);
    let allOnes = value === 0xff >> length;
    for (let i = 1; i < length; i++) {
      const next = byte(at + i);
      value = value * 256 + next;
      allOnes &&= next === 0xff;
    }
    return { value, length, unknown: !keepMarker && allOnes };
  };
  const element = (at: number, parentEnd: number) => {
    const id = vint(at, true);
    const size = vint(at + id.length, false);
    const body = at + id.length + size.length;
    if (size.unknown) return { id: id.value, body, end: parentEnd, unknown: true };
    const end = body + size.value;
    if (end > parentEnd) throw new Invalid(`element 0x${id.value.toString(16)} at byte ${at} runs past its parent`);
    return { id: id.value, body, end, unknown: false };
  };
  const uint = (at: number, end: number) => {
    if (end - at > 8) throw new Invalid("integer longer than 8 bytes");
    let v = 0;
    for (let i = at; i < end; i++) v = v * 256 + byte(i);
    return v;
  };
  const float = (at: number, end: number) => {
    const view = new DataView(b.buffer, b.byteOffset + at, end - at);
    if (end - at === 4) return view.getFloat32(0);
    if (end - at === 8) return view.getFloat64(0);
    throw new Invalid("bad float");
  };
  const ascii = (at: number, end: number) => String.fromCharCode(...b.subarray(at, Math.min(end, at + 64))).replace(/\0+$/, "");

  if (b.length < 4 || uint(0, 4) !== ID.Header) return { ok: false, reason: "invalid", why: "no EBML header" };
  const header = element(0, b.length);
  let docType = "";
  for (let at = header.body; at < header.end;) {
    const e = element(at, header.end);
    if (e.id === ID.DocType) docType = ascii(e.body, e.end);
    at = e.end;
  }
  if (docType !== "webm") return { ok: false, reason: "invalid", why: `document type ${docType || "missing"}` };

  let segment: { body: number; end: number } | null = null;
  for (let at = header.end; at < b.length;) {
    const e = element(at, b.length);
    if (e.id === ID.Segment) {
      segment = e;
      break;
    }
    if (e.unknown) break;
    at = e.end;
  }
  if (!segment) return { ok: false, reason: "invalid", why: "no Segment" };

  let scaleNs = 1_000_000;
  let declaredMs = 0;
  const tracks: { number: number; type: number; codec: string; width: number; height: number }[] = [];
  let clusterMs = 0;
  let lastMs = 0;
  let blocks = 0;
  const block = (at: number) => {
    const t = vint(at, false).length; // the track number, then a 16-bit relative timecode
    const relative = (((byte(at + t) << 8) | byte(at + t + 1)) << 16) >> 16;
    lastMs = Math.max(lastMs, clusterMs + (relative * scaleNs) / 1e6);
    if (++blocks > VIDEO_LIMITS.maxBlocks) throw new Invalid(`more than ${VIDEO_LIMITS.maxBlocks} blocks`);
  };
  const visit = (start: number, end: number, depth: number) => {
    if (depth > MAX_DEPTH) throw new Invalid(`nested deeper than ${MAX_DEPTH} levels`);
    for (let at = start; at < end;) {
      const e = element(at, end);
      if (e.unknown && e.id !== ID.Cluster) throw new Invalid(`element 0x${e.id.toString(16)} of unknown size`);
      switch (e.id) {
        case ID.Info:
        case ID.Tracks:
        case ID.BlockGroup:
          visit(e.body, e.end, depth + 1);
          break;
        case ID.TimecodeScale:
          scaleNs = uint(e.body, e.end) || 1_000_000;
          break;
        case ID.Duration:
          declaredMs = float(e.body, e.end);
          // NaN would pass every comparison below and leave the letter without a length (the audit's NaN Duration).
          if (!Number.isFinite(declaredMs) || declaredMs < 0) throw new Invalid(`Duration ${declaredMs}`);
          break;
        case ID.TrackEntry: {
          const t = { number: 0, type: 0, codec: "", width: 0, height: 0 };
          for (let p = e.body; p < e.end;) {
            const c = element(p, e.end);
            if (c.id === ID.TrackNumber) t.number = uint(c.body, c.end);
            else if (c.id === ID.TrackType) t.type = uint(c.body, c.end);
            else if (c.id === ID.CodecID) t.codec = ascii(c.body, c.end);
            else if (c.id === ID.Video)
              for (let q = c.body; q < c.end;) {
                const v = element(q, c.end);
                if (v.id === ID.PixelWidth) t.width = uint(v.body, v.end);
                else if (v.id === ID.PixelHeight) t.height = uint(v.body, v.end);
                q = v.end;
              }
            p = c.end;
          }
          if (tracks.length >= 8) throw new Invalid("more than 8 tracks");
          tracks.push(t);
          break;
        }
        case ID.Cluster: {
          if (!e.unknown) {
            visit(e.body, e.end, depth + 1);
            break;
          }
          let p = e.body;
          while (p < e.end && !SEGMENT_CHILDREN.has(vint(p, true).value)) {
            const c = element(p, e.end);
            visit(p, c.end, depth + 1);
            p = c.end;
          }
          at = p;
          continue;
        }
        case ID.Timecode:
          clusterMs = (uint(e.body, e.end) * scaleNs) / 1e6;
          break;
        case ID.SimpleBlock:
        case ID.Block:
          block(e.body);
          break;
      }
      at = e.end;
    }
  };
  visit(segment.body, segment.end, 0);

  const video = tracks.filter((t) => t.type === 1);
  const audio = tracks.filter((t) => t.type === 2);
  if (video.length !== 1 || !VIDEO_CODECS.has(video[0]!.codec))
    return { ok: false, reason: "invalid", why: "no VP8, VP9 or AV1 video track" };
  if (audio.length !== 1 || audio[0]!.codec !== "A_OPUS") return { ok: false, reason: "invalid", why: "no Opus audio track" };
  const { width, height } = video[0]!;
  if (!width || !height || width > VIDEO_LIMITS.maxSide || height > VIDEO_LIMITS.maxSide)
    return { ok: false, reason: "invalid", why: `picture ${width}x${height}` };
  if (blocks === 0) return { ok: false, reason: "invalid", why: "no frames" };
  const durationMs = Math.round(Math.max(lastMs, (declaredMs * scaleNs) / 1e6));
  if (durationMs > VIDEO_LIMITS.maxSeconds * 1000) return { ok: false, reason: "too-long" };
  return { ok: true, info: { durationMs, width, height, video: video[0]!.codec, audio: "A_OPUS" } };
}
