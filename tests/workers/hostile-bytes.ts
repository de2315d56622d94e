// Hostile files built byte by byte (WAV, MP4, Ogg, EBML) or derived from the fixtures, for hostile-files.test.ts.
import { oggCrc } from "../../workers/api/src/speech/decode";

export const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

// ---------------------------------------------------------------------------------------------
// Building bytes

export type Part = Uint8Array | number[];
export const cat = (...parts: Part[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
export const str = (s: string) => [...s].map((c) => c.charCodeAt(0));
export const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
export const u16le = (n: number) => [n & 255, (n >>> 8) & 255];
export const u32le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
/** A speech-level signal (not silent), so a file the checks let through would be stored. */
export const voice = (n: number) =>
  Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 140 * i) / 8000) * (0.6 + 0.4 * Math.sin(i / 700)));

// WAV: a fmt and a data chunk with any field overridden.
export function wav(o: { channels?: number; rate?: number; fmtSize?: number; dataSize?: number; frames?: number } = {}) {
  const channels = o.channels ?? 1;
  const rate = o.rate ?? 16_000;
  const frames = o.frames ?? 16_000;
  const signal = voice(frames);
  const data = new Uint8Array(frames * channels * 2);
  const view = new DataView(data.buffer);
  for (let f = 0; f < frames; f++)
    for (let c = 0; c < channels; c++) view.setInt16((f * channels + c) * 2, Math.round(signal[f]! * 32767), true);
  const fmt = cat(u16le(1), u16le(channels), u32le(rate), u32le(rate * channels * 2), u16le(channels * 2), u16le(16));
  const body = cat(str("WAVE"), str("fmt "), u32le(o.fmtSize ?? 16), fmt, str("data"), u32le(o.dataSize ?? data.length), data);
  return cat(str("RIFF"), u32le(body.length), body);
}

// MP4: boxes, and an M4A whose sample tables can be replaced.
export const box = (type: string, ...body: Part[]) => {
  const b = cat(...body);
  return cat(u32be(8 + b.length), str(type), b);
};
export const full = (type: string, ...body: Part[]) => box(type, [0, 0, 0, 0], ...body);
/** `n` boxes of `type`, each inside the one before, around `inner` (built in one go, not n copies). */
export function nested(type: string, n: number, inner: Uint8Array) {
  const out = new Uint8Array(n * 8 + inner.length);
  for (let i = 0; i < n; i++) out.set([...u32be(out.length - i * 8), ...str(type)], i * 8);
  out.set(inner, n * 8);
  return out;
}
export const esds = full(
  "esds",
  [0x03, 25, 0, 1, 0],
  [0x04, 17, 0x40, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  [0x05, 2, 0x12, 0x08],
  [0x06, 1, 2],
);
export const mp4a = box(
  "mp4a",
  [0, 0, 0, 0, 0, 0, 0, 1],
  [0, 0, 0, 0, 0, 0, 0, 0],
  [0, 1, 0, 16, 0, 0, 0, 0],
  u32be(44_100 * 65_536),
  esds,
);
export const stsd = full("stsd", u32be(1), mp4a);
export function m4a(t: { stts?: Part; stsz?: Part; stsc?: Part; stco?: Part; mdia?: (mdia: Uint8Array) => Uint8Array; extra?: Part } = {}) {
  const stbl = box(
    "stbl",
    stsd,
    t.stts ?? full("stts", u32be(1), u32be(1), u32be(1024)),
    t.stsz ?? full("stsz", u32be(0), u32be(1), u32be(16)),
    t.stsc ?? full("stsc", u32be(1), u32be(1), u32be(1), u32be(1)),
    t.stco ?? full("stco", u32be(1), u32be(0)),
  );
  const mdia = box(
    "mdia",
    full("mdhd", u32be(0), u32be(0), u32be(44_100), u32be(1024), [0, 0, 0, 0]),
    full("hdlr", u32be(0), str("soun"), new Array(13).fill(0)),
    box("minf", stbl),
  );
  const trak = box("trak", full("tkhd", u32be(0), u32be(0), u32be(1), u32be(0), u32be(0)), t.mdia ? t.mdia(mdia) : mdia);
  return cat(box("ftyp", str("M4A "), u32be(0), str("M4A isom")), box("moov", trak, t.extra ?? []), box("mdat", new Array(16).fill(0x21)));
}

// Ogg: pages with their CRC (the decoder's own CRC-32 of RFC 3533; valid fixture files are checked in decode.test.ts).
export function setCrc(page: Uint8Array) {
  page.set(u32le(oggCrc(page)), 22);
  return page;
}
export function oggPage(packets: Part[], o: { flags?: number; granule?: number; seq?: number } = {}) {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let n = p.length; ; n -= 255) {
      lacing.push(Math.min(n, 255));
      if (n < 255) break;
    }
  }
  const g = o.granule ?? 0;
  return setCrc(
    cat(
      str("OggS"),
      [0, o.flags ?? 0],
      u32le(g % 2 ** 32),
      u32le(Math.floor(g / 2 ** 32)),
      u32le(0x5eed),
      u32le(o.seq ?? 0),
      [0, 0, 0, 0],
      [lacing.length],
      lacing,
      ...packets,
    ),
  );
}
export const opusHead = (channels: number) =>
  channels <= 2
    ? cat(str("OpusHead"), [1, channels], u16le(312), u32le(48_000), [0, 0, 0])
    : cat(
        str("OpusHead"),
        [1, channels],
        u16le(312),
        u32le(48_000),
        [0, 0, 255, channels, 0],
        Array.from({ length: channels }, (_, i) => i),
      );
export const opusTags = cat(str("OpusTags"), u32le(4), str("test"), u32le(0));
/** The page starts of an Ogg file. */
export function oggPages(b: Uint8Array) {
  const starts: number[] = [];
  for (let at = 0; at < b.length;) {
    starts.push(at);
    const segments = b[at + 26]!;
    at += 27 + segments + b.subarray(at + 27, at + 27 + segments).reduce((n, v) => n + v, 0);
  }
  return starts;
}

// EBML: elements with a size of 8 bytes (so any size, and "unknown", can be written).
export const vsize = (n: number) => [0x01, ...[6, 5, 4, 3, 2, 1, 0].map((k) => Math.floor(n / 256 ** k) % 256)];
export const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
export const el = (id: number[], ...body: Part[]) => {
  const b = cat(...body);
  return cat(id, vsize(b.length), b);
};
export const ID = {
  header: [0x1a, 0x45, 0xdf, 0xa3],
  docType: [0x42, 0x82],
  segment: [0x18, 0x53, 0x80, 0x67],
  tracks: [0x16, 0x54, 0xae, 0x6b],
  track: [0xae],
  number: [0xd7],
  type: [0x83],
  codec: [0x86],
  private: [0x63, 0xa2],
  cluster: [0x1f, 0x43, 0xb6, 0x75],
  block: [0xa3],
};
export const trackEntry = (channels: number) =>
  el(ID.track, el(ID.number, [1]), el(ID.type, [2]), el(ID.codec, str("A_OPUS")), el(ID.private, opusHead(channels)));
export function webm(o: { tracks?: Uint8Array; channels?: number; blocks?: Part[] } = {}) {
  const tracks = o.tracks ?? el(ID.tracks, trackEntry(o.channels ?? 1));
  const cluster = cat(ID.cluster, UNKNOWN, ...(o.blocks ?? []).map((p) => el(ID.block, [0x81, 0, 0, 0x80], p)));
  return cat(el(ID.header, el(ID.docType, str("webm"))), ID.segment, UNKNOWN, tracks, cluster);
}
/** `n` Tracks elements, each inside the one before (exact sizes, built in one go). */
export function nestedTracks(n: number) {
  const out = new Uint8Array(n * 12);
  for (let i = 0; i < n; i++) out.set([...ID.tracks, ...vsize(out.length - i * 12 - 12)], i * 12);
  return out;
}
