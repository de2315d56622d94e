/**
 * Video letters and shorts checked by their content (docs/decisions/0041) and made seekable (0078): a WebM
 * (EBML DocType "webm") with one VP8, VP9 or AV1 video track and one Opus audio track, what the browser's
 * MediaRecorder writes from a canvas and an audio stream. Its length comes from the blocks' timecodes (MediaRecorder
 * writes no Duration; a Duration that is written is read too, must be finite and not negative, and the longer of the
 * two counts), its picture size from the video track. The walk reads each element's header against the bytes around
 * it (a size past its parent is a refusal), nests at most 8 levels, follows Clusters of unknown size (a live
 * recording) to the next Segment child, and only counts: nothing is allocated per block, a few numbers per cluster.
 *
 * `seekableWebm` writes the file again with every size known, a Duration, a Cues index (one cue per cluster that
 * holds a video keyframe) and a SeekHead naming it, so players show the length and seek. It copies the header,
 * Tracks and every cluster's children byte for byte (frames untouched), and its output is at most a fixed few bytes
 * per cluster larger than its input. Shared by the api (every stored letter) and the browser (a short downloaded).
 */
import { VIDEO_LIMITS } from "./labs";

export type WebmInfo = { durationMs: number; width: number; height: number; video: string; audio: string };
/** Where the parts of a checked file are, for `seekableWebm`: offsets into the checked bytes. */
export type WebmLayout = {
  headerEnd: number;
  /** The Info element's children, [start, end). */
  info: [number, number];
  /** Segment children copied as they are (Tracks first, then Tags, Chapters, ...): [start, end) pairs. */
  kept: number[];
  /** Per cluster, four numbers: its children's start and end, its timecode and its first video keyframe's time (-1: none), in ticks. */
  clusters: number[];
  videoTrack: number;
  scaleNs: number;
};
export type WebmCheck =
  { ok: true; info: WebmInfo; layout: WebmLayout } | { ok: false; reason: "invalid"; why: string } | { ok: false; reason: "too-long" };

const ID = {
  Header: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
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
  Position: 0xa7,
  PrevSize: 0xab,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  ReferenceBlock: 0xfb,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Void: 0xec,
} as const;
const SEGMENT_CHILDREN = new Set([0x1f43b675, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, 0x114d9b74, 0x1549a966, 0x1654ae6b]);
const VIDEO_CODECS = new Set(["V_VP8", "V_VP9", "V_AV1"]);
const MAX_DEPTH = 8;
/** A gap longer than this after a track's last block is a pause, not the length of its last frame or packet. */
const MAX_FRAME_MS = 100;

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
  let clusterTicks = 0;
  let blocks = 0;
  // Per track (at most 8): its number, its last block's time and the one before, in ticks.
  const ends: number[] = [];
  const layout: WebmLayout = { headerEnd: header.end, info: [0, 0], kept: [], clusters: [], videoTrack: 0, scaleNs };
  let videoTrack = -1;
  let tracksSeen = false;
  let groupKey = false;
  let keyTicks = -1;
  const block = (at: number, simple: boolean) => {
    const track = vint(at, false);
    const t = track.length; // the track number, then a 16-bit relative timecode and the flags
    const relative = (((byte(at + t) << 8) | byte(at + t + 1)) << 16) >> 16;
    const ticks = clusterTicks + relative;
    let i = 0;
    while (i < ends.length && ends[i] !== track.value) i += 3;
    if (i === ends.length) {
      if (ends.length >= 24) throw new Invalid("blocks of more than 8 tracks");
      ends.push(track.value, ticks, ticks);
    } else if (ticks >= ends[i + 1]!) {
      ends[i + 2] = ends[i + 1]!;
      ends[i + 1] = ticks;
    }
    const key = simple ? (byte(at + t + 2) & 0x80) !== 0 : groupKey;
    if (key && keyTicks < 0 && track.value === videoTrack) keyTicks = ticks;
    if (++blocks + layout.clusters.length / 4 > VIDEO_LIMITS.maxBlocks)
      throw new Invalid(`more than ${VIDEO_LIMITS.maxBlocks} blocks and clusters`);
  };
  const cluster = (start: number, end: number, depth: number) => {
    keyTicks = -1;
    visit(start, end, depth);
    if (blocks + layout.clusters.length / 4 + 1 > VIDEO_LIMITS.maxBlocks)
      throw new Invalid(`more than ${VIDEO_LIMITS.maxBlocks} blocks and clusters`);
    layout.clusters.push(start, end, clusterTicks, keyTicks);
  };
  const visit = (start: number, end: number, depth: number) => {
    if (depth > MAX_DEPTH) throw new Invalid(`nested deeper than ${MAX_DEPTH} levels`);
    for (let at = start; at < end;) {
      const e = element(at, end);
      if (e.unknown && e.id !== ID.Cluster) throw new Invalid(`element 0x${e.id.toString(16)} of unknown size`);
      if (depth === 0 && e.id !== ID.Cluster && e.id !== ID.Info && e.id !== ID.SeekHead && e.id !== ID.Cues && e.id !== ID.Void)
        layout.kept.push(at, e.end);
      switch (e.id) {
        case ID.Info:
          if (depth === 0) layout.info = [e.body, e.end];
          visit(e.body, e.end, depth + 1);
          break;
        case ID.Tracks:
          if (depth === 0) tracksSeen = true;
          visit(e.body, e.end, depth + 1);
          break;
        case ID.BlockGroup: {
          // A Block is a keyframe when its group names no frame it refers to (Chromium writes video this way, with
          // the alpha plane in BlockAdditions); a SimpleBlock says so in its flags.
          groupKey = true;
          for (let p = e.body; p < e.end;) {
            const c = element(p, e.end);
            if (c.id === ID.ReferenceBlock) groupKey = false;
            p = c.end;
          }
          visit(e.body, e.end, depth + 1);
          break;
        }
        case ID.TimecodeScale:
          scaleNs = uint(e.body, e.end) || 1_000_000;
          break;
        case ID.Duration:
          declaredMs = float(e.body, e.end);
          // NaN would pass every comparison below and leave the letter without a length.
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
          if (t.type === 1 && videoTrack < 0) videoTrack = t.number;
          break;
        }
        case ID.Cluster: {
          // Clusters sit in the Segment; one anywhere else would be copied into the index as if it did.
          if (depth !== 0) throw new Invalid(`a Cluster inside another element at byte ${at}`);
          if (!e.unknown) {
            cluster(e.body, e.end, depth + 1);
            break;
          }
          let p = e.body;
          while (p < e.end && !SEGMENT_CHILDREN.has(vint(p, true).value)) p = element(p, e.end).end;
          cluster(e.body, p, depth + 1);
          at = p;
          continue;
        }
        case ID.Timecode:
          clusterTicks = uint(e.body, e.end);
          break;
        case ID.SimpleBlock:
        case ID.Block:
          block(e.body, e.id === ID.SimpleBlock);
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
  if (!tracksSeen) return { ok: false, reason: "invalid", why: "no Tracks in the Segment" };
  // Each track ends one frame (or packet) after its last block starts: as long as the gap before it.
  let endMs = 0;
  for (let i = 0; i < ends.length; i += 3) {
    const lastMs = (ends[i + 1]! * scaleNs) / 1e6;
    const frameMs = ((ends[i + 1]! - ends[i + 2]!) * scaleNs) / 1e6;
    endMs = Math.max(endMs, lastMs + (frameMs <= MAX_FRAME_MS ? frameMs : 0));
  }
  const durationMs = Math.round(Math.max(endMs, (declaredMs * scaleNs) / 1e6));
  if (durationMs > VIDEO_LIMITS.maxSeconds * 1000) return { ok: false, reason: "too-long" };
  layout.videoTrack = videoTrack;
  layout.scaleNs = scaleNs;
  return { ok: true, info: { durationMs, width, height, video: video[0]!.codec, audio: "A_OPUS" }, layout };
}

// Every size is written in 8 bytes (and every position as an 8-byte integer), so each element's header has one
// length and the whole file's offsets are known before a byte is written.
const HEAD = 4 + 8; // a 4-byte ID (the Segment's, a Cluster's, ...) and its size
const idLength = (id: number) => (id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1);
const uintEl = (id: number) => idLength(id) + 8 + 8;
const SEEK = idLength(ID.Seek) + 8 + (idLength(ID.SeekID) + 8 + 4) + uintEl(ID.SeekPosition);
const SEEK_HEAD = HEAD + 3 * SEEK;
const DURATION = idLength(ID.Duration) + 8 + 8;
const CUE_POINT = idLength(ID.CuePoint) + 8 + uintEl(ID.CueTime) + (idLength(ID.CueTrackPositions) + 8 + 2 * uintEl(ID.CueTrack));

/** The checked file with every size known, a Duration, Cues and a SeekHead (see the module's comment). */
export function seekableWebm(b: Uint8Array, info: WebmInfo, layout: WebmLayout): Uint8Array {
  const { headerEnd, kept, clusters } = layout;
  const skip = (id: number) => id === ID.Position || id === ID.PrevSize || id === ID.Duration;
  const keptBytes = kept.reduce((sum, v, i) => sum + (i % 2 ? v : -v), 0);
  const cues = clusters.filter((_, i) => i % 4 === 3 && clusters[i]! >= 0).length;
  // Upper bounds (children dropped from Info and the clusters only make the file shorter); trimmed at the end.
  const infoBody = layout.info[1] - layout.info[0] + DURATION;
  let clusterBytes = 0;
  for (let i = 0; i < clusters.length; i += 4) clusterBytes += HEAD + clusters[i + 1]! - clusters[i]!;
  const cuesBody = cues * CUE_POINT;
  const out = new Uint8Array(headerEnd + HEAD + SEEK_HEAD + HEAD + infoBody + keptBytes + clusterBytes + HEAD + cuesBody);
  let p = 0;
  const put = (id: number) => {
    for (let n = idLength(id) - 1; n >= 0; n--) out[p++] = Math.floor(id / 256 ** n) & 0xff;
  };
  const size = (n: number) => {
    out[p++] = 0x01;
    for (let k = 6; k >= 0; k--) out[p++] = Math.floor(n / 256 ** k) & 0xff;
  };
  const uint = (id: number, v: number) => {
    put(id);
    size(8);
    for (let k = 7; k >= 0; k--) out[p++] = Math.floor(v / 256 ** k) & 0xff;
  };
  /** Opens an element of unknown length: answers where its size goes, written by `close`. */
  const open = (id: number) => {
    put(id);
    p += 8;
    return p;
  };
  const close = (body: number) => {
    const end = p;
    p = body - 8;
    size(end - body);
    p = end;
  };
  // Copies [start, end) of the input, leaving out the children `skip` names (runs between them in one copy).
  const copyChildren = (start: number, end: number) => {
    let run = start;
    for (let at = start; at < end;) {
      const next = childEnd(b, at);
      if (skip(childId(b, at))) {
        out.set(b.subarray(run, at), p);
        p += at - run;
        run = next;
      }
      at = next;
    }
    out.set(b.subarray(run, end), p);
    p += end - run;
  };

  out.set(b.subarray(0, headerEnd), 0);
  p = headerEnd;
  const segment = open(ID.Segment);
  const seekHead = p;
  p += SEEK_HEAD;
  const infoAt = p - segment;
  const infoBodyAt = open(ID.Info);
  copyChildren(layout.info[0], layout.info[1]);
  put(ID.Duration);
  size(8);
  new DataView(out.buffer, p, 8).setFloat64(0, (info.durationMs * 1e6) / layout.scaleNs);
  p += 8;
  close(infoBodyAt);
  let tracksAt = 0;
  for (let i = 0; i < kept.length; i += 2) {
    if (childId(b, kept[i]!) === ID.Tracks && !tracksAt) tracksAt = p - segment;
    out.set(b.subarray(kept[i]!, kept[i + 1]!), p);
    p += kept[i + 1]! - kept[i]!;
  }
  const positions: number[] = [];
  for (let i = 0; i < clusters.length; i += 4) {
    positions.push(p - segment);
    const body = open(ID.Cluster);
    copyChildren(clusters[i]!, clusters[i + 1]!);
    close(body);
  }
  const cuesAt = p - segment;
  const cuesBodyAt = open(ID.Cues);
  for (let i = 0; i < clusters.length; i += 4) {
    if (clusters[i + 3]! < 0) continue;
    const point = open(ID.CuePoint);
    uint(ID.CueTime, clusters[i + 3]!);
    const track = open(ID.CueTrackPositions);
    uint(ID.CueTrack, layout.videoTrack);
    uint(ID.CueClusterPosition, positions[i / 4]!);
    close(track);
    close(point);
  }
  close(cuesBodyAt);
  const end = p;
  p = seekHead;
  const seekBody = open(ID.SeekHead);
  for (const [id, at] of [
    [ID.Info, infoAt],
    [ID.Tracks, tracksAt],
    [ID.Cues, cuesAt],
  ] as const) {
    const seek = open(ID.Seek);
    put(ID.SeekID);
    size(4);
    for (let k = 3; k >= 0; k--) out[p++] = Math.floor(id / 256 ** k) & 0xff;
    uint(ID.SeekPosition, at);
    close(seek);
  }
  close(seekBody);
  p = end;
  close(segment);
  return out.subarray(0, end);
}

// The children of a checked element: their headers were read once by the walk, so they are whole.
function childId(b: Uint8Array, at: number) {
  let length = 1;
  while (!(b[at]! & (0x80 >> (length - 1)))) length++;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + b[at + i]!;
  return id;
}
function childEnd(b: Uint8Array, at: number) {
  let idLen = 1;
  while (!(b[at]! & (0x80 >> (idLen - 1)))) idLen++;
  const s = at + idLen;
  let length = 1;
  while (!(b[s]! & (0x80 >> (length - 1)))) length++;
  let size = b[s]! & (0xff >> length);
  for (let i = 1; i < length; i++) size = size * 256 + b[s + i]!;
  return s + length + size;
}
