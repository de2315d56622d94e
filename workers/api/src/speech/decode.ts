/**
 * Decoding and checking of uploaded audio (speech-to-speech input), inside workerd.
 *
 * The format is found from the content, never from a file name or Content-Type: RIFF/WAVE, MPEG audio
 * (an ID3v2 tag or two consecutive MPEG frame headers), Ogg whose first stream is Opus (OpusHead),
 * EBML (WebM/Matroska) with an A_OPUS track, and ISO BMFF (`ftyp`) with an AAC or ALAC track (M4A,
 * MP4, also the fragmented MP4 that Safari's MediaRecorder writes). Everything is decoded to one mono
 * Float32Array (channels averaged) at the stream's own rate (Opus: 48 kHz).
 *
 * Decoders (WebAssembly, each file's own instance): libmpg123 (mpg123-decoder), libopus (opus-decoder;
 * Ogg and WebM are demuxed here) and FAAD2/ALAC (@audio/decode-aac; MP4 is demuxed here). Their .wasm
 * is extracted at install time by scripts/decoders-data.mjs and imported as compiled modules: workerd
 * cannot compile WebAssembly from bytes at run time (docs/decisions/0009-voice-engine.md).
 *
 * Checks, cheapest first, so a bad upload costs little:
 *   empty      0 bytes, or a well-formed file without a single sample
 *   too-large  more than opts.maxBytes (before anything else is read)
 *   not-audio  no known audio signature (a renamed text file, an image, a video without sound)
 *   unsupported a known audio container or codec without a decoder here (FLAC, Ogg Vorbis, AIFF,
 *             raw AAC/ADTS, 8-bit or ADPCM WAV, ...)
 *   corrupt    the structure is broken or cut short, or the decoder reports an error. A truncated file
 *             is corrupt, not "what is there": the bytes end inside a frame, page, block or box, or
 *             fall short of the length the file itself declares (WAV data size, the MP3 Xing/Info or
 *             VBRI frame count, MP4 sample tables, Ogg CRCs). An aborted upload is then re-sent rather
 *             than half a recording converted in silence. (A file cut exactly between two frames and
 *             without any declared length is indistinguishable from a shorter file, and decodes.)
 *   too-long   longer than opts.maxSeconds: estimated from the container before decoding (WAV header,
 *             the MP3 frames, the Ogg granule position, the Opus packets' TOC bytes, MP4 sample
 *             durations) with 0.5 s of slack for estimates, decoding stops at maxSeconds + 1 s (so
 *             memory stays bounded even when the headers lie), and the decoded length is compared
 *             exactly (to the millisecond) at the end
 *   silent     sample peak below -60 dBFS (0.001), or BS.1770 integrated loudness below -60 LUFS
 *             (`integratedLoudness` of ../engine/dsp.ts: gated, so a short sound in a long silence is
 *             not silent; streaming, so it makes no copy of the signal)
 *
 * Declared sizes are never trusted (decision 0016): every count or length read from the file is checked
 * against the bytes that must hold it before anything is looped over or allocated, nesting is shallow,
 * and absurd channel counts and rates are refused before decoding (DECLARED below).
 *
 * Memory: the decoded mono signal (4 bytes a sample; 5 minutes at 48 kHz = 57.6 MB) is allocated once
 * from the estimate (capped by what the file's samples can hold) and never copied; decoders are fed in small chunks or packet by packet, and their
 * per-chunk output is mixed down at once. The caller holds the upload bytes too, so choose maxBytes
 * with the isolate's 128 MB in mind (a 48 kHz stereo 16-bit WAV is 11.5 MB a minute).
 */
import { integratedLoudness } from "../engine/dsp";
import { decoder as aacDecoder, gapless as aacGapless, type Gapless } from "./generated/decode-aac.js";
import MPEGDecoder from "./generated/mpg123-decoder.js";
import OpusDecoder from "./generated/opus-decoder.js";
import { decodeWav, WavError, type Audio } from "./wav";

export type UploadFormat = "wav" | "mp3" | "ogg-opus" | "webm-opus" | "m4a";
export type DecodeFailure = "empty" | "too-large" | "not-audio" | "unsupported" | "corrupt" | "too-long" | "silent";
export type DecodeOptions = { maxBytes: number; maxSeconds: number };
export type DecodeResult =
  | { ok: true; audio: Audio; format: UploadFormat; durationMs: number }
  /** `detail` is for logs (English, technical); show users a message per `reason`. */
  | { ok: false; reason: DecodeFailure; format?: UploadFormat; detail?: string };

/** Below either threshold an upload is "silent". */
export const SILENCE = { peak: 0.001, lufs: -60 } as const;

class Reject extends Error {
  constructor(
    readonly reason: DecodeFailure,
    detail: string,
  ) {
    super(detail);
  }
}
const corrupt = (detail: string) => new Reject("corrupt", detail);

export async function decodeAudio(bytes: Uint8Array, opts: DecodeOptions): Promise<DecodeResult> {
  if (bytes.byteLength === 0) return { ok: false, reason: "empty", detail: "0 bytes" };
  if (bytes.byteLength > opts.maxBytes) return { ok: false, reason: "too-large", detail: `${bytes.byteLength} bytes > ${opts.maxBytes}` };
  const kind = sniff(bytes);
  if (kind.format === null) return { ok: false, reason: kind.reason, detail: kind.detail };
  const format = kind.format;
  const limits = { maxMs: opts.maxSeconds * 1000 };
  let audio: Audio;
  try {
    audio = await DECODERS[format](new Bytes(bytes), limits);
  } catch (e) {
    // (A container that turns out to hold no audio, or a codec without a decoder here, names no format.)
    if (e instanceof Reject)
      return e.reason === "not-audio" || e.reason === "unsupported"
        ? { ok: false, reason: e.reason, detail: e.message }
        : { ok: false, reason: e.reason, format, detail: e.message };
    // A DataView read past the end is a structure that promised more bytes than there are.
    if (e instanceof RangeError) return { ok: false, reason: "corrupt", format, detail: `truncated (${e.message})` };
    if (e instanceof WavError) return { ok: false, reason: "corrupt", format, detail: e.message };
    return { ok: false, reason: "corrupt", format, detail: e instanceof Error ? e.message : String(e) };
  }
  if (audio.samples.length === 0) return { ok: false, reason: "empty", format, detail: "no samples" };
  const durationMs = Math.round((audio.samples.length / audio.sampleRate) * 1000);
  if (durationMs > limits.maxMs) return { ok: false, reason: "too-long", format, detail: `${durationMs} ms > ${limits.maxMs} ms` };
  let peak = 0;
  for (const v of audio.samples) peak = Math.max(peak, Math.abs(v));
  if (peak < SILENCE.peak) return { ok: false, reason: "silent", format, detail: `peak ${(20 * Math.log10(peak)).toFixed(1)} dBFS` };
  const lufs = integratedLoudness(audio.samples, audio.sampleRate);
  if (!(lufs >= SILENCE.lufs)) return { ok: false, reason: "silent", format, detail: `${lufs.toFixed(1)} LUFS` };
  return { ok: true, audio, format, durationMs };
}

// ---------------------------------------------------------------------------------------------
// Recognising the content

type Sniffed = { format: UploadFormat } | { format: null; reason: "not-audio" | "unsupported"; detail: string };

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** The upload format by content (the first few KB are enough), or why it is not one we decode: used before storing (custom voices). */
export const sniffFormat = (head: Uint8Array) => sniff(head);

function sniff(b: Uint8Array): Sniffed {
  const unsupported = (detail: string): Sniffed => ({ format: null, reason: "unsupported", detail });
  const head4 = ascii(b, 0, 4);
  if (head4 === "RIFF" && ascii(b, 8, 4) === "WAVE") return { format: "wav" };
  if (head4 === "RF64" || head4 === "FORM" || head4 === "fLaC" || head4 === "#!AM" || head4 === "MThd")
    return unsupported(`${head4.trim()} file`);
  if (head4 === "OggS") {
    // The first page's first packet names the codec of the first (usually only) stream.
    const segments = b[26] ?? 0;
    const packet = ascii(b, 27 + segments, 8);
    if (packet === "OpusHead") return { format: "ogg-opus" };
    if (packet.startsWith("\x01vorbis")) return unsupported("Ogg Vorbis");
    if (packet.startsWith("\x7fFLAC")) return unsupported("Ogg FLAC");
    if (packet.startsWith("Speex")) return unsupported("Ogg Speex");
    return b.byteLength < 27 + segments + 8
      ? { format: "ogg-opus" }
      : { format: null, reason: "not-audio", detail: "Ogg without an audio stream" };
  }
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { format: "webm-opus" }; // the codec is checked when demuxing
  if (ascii(b, 4, 4) === "ftyp") return { format: "m4a" }; // the track is checked when demuxing
  let at = 0;
  if (head4.startsWith("ID3")) {
    at = id3End(b, 0);
    if (ascii(b, at, 4) === "fLaC") return unsupported("FLAC with ID3");
    if (isAdts(b, at)) return unsupported("AAC (ADTS)");
    return { format: "mp3" }; // an ID3v2 tag is an MP3's; whatever follows is checked by the frame walk
  }
  if (isAdts(b, 0)) return unsupported("AAC (ADTS)");
  const first = mpegFrame(b, 0);
  if (first && (first.length >= b.byteLength || mpegFrame(b, first.length))) return { format: "mp3" };
  return { format: null, reason: "not-audio", detail: "unknown signature" };
}

const id3End = (b: Uint8Array, at: number) =>
  at +
  10 +
  (((b[at + 6]! & 0x7f) << 21) | ((b[at + 7]! & 0x7f) << 14) | ((b[at + 8]! & 0x7f) << 7) | (b[at + 9]! & 0x7f)) +
  (b[at + 5]! & 0x10 ? 10 : 0);
const isAdts = (b: Uint8Array, at: number) => b[at] === 0xff && ((b[at + 1] ?? 0) & 0xf6) === 0xf0;

// ---------------------------------------------------------------------------------------------
// Shared pieces

type Limits = { maxMs: number };

/**
 * Bounds on what a file may declare, checked before anything is allocated or looped over: no
 * table, count or length read from a file is trusted beyond what its own bytes can hold (a count
 * is checked against the bytes left in its box, page or element), nesting is shallow, and channel
 * counts and rates outside these are refused as unsupported (no recording has 2,000 channels or
 * 1 Hz). Packet and sample counts are capped by what `maxSeconds` + 1 s could hold at the shortest
 * frame of the codec (Opus 2.5 ms; AAC 480 samples at 96 kHz): more is "too-long" at once, never a
 * list built first.
 */
export const DECLARED = { maxChannels: 8, minRate: 4000, maxRate: 384_000, maxDepth: 8 } as const;
const opusPacketCap = (limits: Limits) => Math.ceil((limits.maxMs + 1000) / 2.5);
const mp4SampleCap = (limits: Limits) => Math.ceil(((limits.maxMs + 1000) / 1000) * (96_000 / 480));

function checkFormat(channels: number, rate: number) {
  if (channels > DECLARED.maxChannels) throw new Reject("unsupported", `${channels} channels`);
  if (rate < DECLARED.minRate || rate > DECLARED.maxRate) throw new Reject("unsupported", `a sample rate of ${rate} Hz`);
}

/** Bounds-checked big/little-endian reads (a read past the end throws RangeError, reported as corrupt). */
class Bytes {
  readonly view: DataView;
  constructor(readonly u8: Uint8Array) {
    this.view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  }
  get length() {
    return this.u8.byteLength;
  }
  u8at = (at: number) => this.view.getUint8(at);
  u16 = (at: number) => this.view.getUint16(at);
  u32 = (at: number) => this.view.getUint32(at);
  u64 = (at: number) => this.view.getUint32(at) * 2 ** 32 + this.view.getUint32(at + 4);
  u16le = (at: number) => this.view.getUint16(at, true);
  i16le = (at: number) => this.view.getInt16(at, true);
  u32le = (at: number) => this.view.getUint32(at, true);
  type = (at: number) => ascii(this.u8, at, 4);
  slice = (at: number, end: number) => {
    if (end > this.length || at > end) throw new RangeError(`bytes ${at}..${end} of ${this.length}`);
    return this.u8.subarray(at, end);
  };
}

/** Refuses early when the container's own length says the audio is too long (with slack for estimates). */
function checkEstimate(ms: number, limits: Limits) {
  if (ms > limits.maxMs + 500) throw new Reject("too-long", `about ${Math.round(ms)} ms > ${limits.maxMs} ms (from the headers)`);
}

/**
 * The decoded mono signal: allocated once from the container's estimate, mixed into as the decoder
 * produces, and never beyond maxSeconds + 1 s (then "too-long": headers may lie).
 */
class MonoSink {
  private buffer = new Float32Array(0);
  length = 0;
  sampleRate = 0;
  private limit = 0;
  /** `maxSamples`: what the file's bytes can hold at most (the first allocation never passes it; headers may lie). */
  constructor(
    private readonly estimateMs: number,
    private readonly limits: Limits,
    private readonly maxSamples = Infinity,
  ) {}

  push(channels: Float32Array[], count: number, sampleRate: number) {
    if (!count || !channels.length) return;
    if (!this.sampleRate) {
      checkFormat(channels.length, sampleRate);
      this.sampleRate = sampleRate;
      this.limit = Math.ceil(((this.limits.maxMs + 1000) / 1000) * sampleRate);
      this.buffer = new Float32Array(
        Math.max(count, Math.min(this.limit, this.maxSamples, Math.ceil(((this.estimateMs + 250) / 1000) * sampleRate))),
      );
    } else if (sampleRate !== this.sampleRate) {
      throw corrupt(`the sample rate changes from ${this.sampleRate} to ${sampleRate} Hz`);
    }
    if (this.length + count > this.buffer.length) {
      if (this.length + count > this.limit) throw new Reject("too-long", `decoding passed ${this.limits.maxMs + 1000} ms`);
      const grown = new Float32Array(Math.min(this.limit, Math.max(this.length + count, Math.ceil(this.buffer.length * 1.5))));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    const out = this.buffer.subarray(this.length, this.length + count);
    const scale = 1 / channels.length;
    for (const channel of channels) for (let i = 0; i < count; i++) out[i]! += channel[i]! * scale;
    this.length += count;
  }

  /** The signal, optionally cut to `keep` samples (a container's exact length). */
  audio(keep = Infinity): Audio {
    const n = Math.max(0, Math.min(this.length, Math.round(keep)));
    return { samples: this.buffer.subarray(0, n), sampleRate: this.sampleRate || 48000 };
  }
}

// ---------------------------------------------------------------------------------------------
// WAV (decoded by ./wav.ts, after its header is checked here)

async function decodeWavUpload(b: Bytes, limits: Limits): Promise<Audio> {
  let fmt: { format: number; channels: number; rate: number; bits: number; align: number } | null = null;
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.type(at);
    const size = b.u32le(at + 4);
    if (id === "fmt ") {
      if (size < 16) throw corrupt("short fmt chunk");
      let format = b.u16le(at + 8);
      if (format === 0xfffe && size >= 26) format = b.u16le(at + 32);
      fmt = { format, channels: b.u16le(at + 10), rate: b.u32le(at + 12), bits: b.u16le(at + 22), align: b.u16le(at + 20) };
    } else if (id === "data") {
      if (!fmt) throw corrupt("data before fmt");
      const pcm = fmt.format === 1 && [16, 24, 32].includes(fmt.bits);
      const float = fmt.format === 3 && fmt.bits === 32;
      if (!pcm && !float) throw new Reject("unsupported", `WAV format ${fmt.format}, ${fmt.bits}-bit`);
      if (!fmt.channels || !fmt.rate || fmt.align !== (fmt.channels * fmt.bits) / 8) throw corrupt("inconsistent fmt chunk");
      checkFormat(fmt.channels, fmt.rate);
      // 0xFFFFFFFF: written while streaming, the length was never filled in; the data runs to the end.
      const present = b.length - at - 8;
      if (size !== 0xffffffff && size > present) throw corrupt(`data chunk declares ${size} bytes, ${present} present`);
      checkEstimate((Math.min(size, present) / fmt.align / fmt.rate) * 1000, limits);
      const audio = decodeWav(b.u8);
      if (audio.samples.length > ((limits.maxMs + 1000) / 1000) * audio.sampleRate) throw new Reject("too-long", "WAV longer than allowed");
      return audio;
    }
    at += 8 + size + (size % 2);
  }
  throw corrupt(fmt ? "no data chunk" : "no fmt chunk");
}

// ---------------------------------------------------------------------------------------------
// MPEG audio (MP3; layers I and II decode too)

const MPEG_BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_RATES = [44100, 48000, 32000];

type MpegFrame = { length: number; samples: number; rate: number; mono: boolean; v1: boolean };

/** The MPEG audio frame header at `at`, or null (free-format bit rates are not accepted). */
function mpegFrame(b: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > b.byteLength || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3; // 0: 2.5, 2: 2, 3: 1
  const layer = (b[at + 1]! >> 1) & 3; // 1: III, 2: II, 3: I
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const v1 = version === 3;
  const table = v1
    ? layer === 3
      ? MPEG_BITRATES.v1l1
      : layer === 2
        ? MPEG_BITRATES.v1l2
        : MPEG_BITRATES.v1l3
    : layer === 3
      ? MPEG_BITRATES.v2l1
      : MPEG_BITRATES.v2l23;
  const bitrate = table[bitrateIndex]! * 1000;
  const rate = MPEG_RATES[rateIndex]! / (v1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b[at + 2]! >> 1) & 1;
  const mono = b[at + 3]! >> 6 === 3;
  if (layer === 3) return { length: (Math.floor((12 * bitrate) / rate) + padding) * 4, samples: 384, rate, mono, v1 };
  const samples = layer === 1 && !v1 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * bitrate) / rate) + padding, samples, rate, mono, v1 };
}

/**
 * Walks the frames: the duration before decoding, the channel count, and truncation (the last frame
 * cut, or fewer frames than the Xing/Info or VBRI header counts). A header is trusted when the next
 * one follows it; bytes that are no frame (between frames) count as garbage, trailing tags do not.
 */
function walkMpeg(b: Uint8Array): { ms: number; mono: boolean } {
  let at = 0;
  while (ascii(b, at, 3) === "ID3") at = id3End(b, at);
  let frames = 0;
  let samples = 0;
  let rate = 0;
  let mono = false;
  let garbage = 0;
  const maxGarbage = Math.max(2048, Math.round(b.byteLength * 0.05));
  let adjacent = false; // this position directly follows a frame
  let declaredFrames: number | null = null;
  let tagSeen = false;
  while (at < b.byteLength) {
    const frame = mpegFrame(b, at);
    const next = frame ? at + frame.length : 0;
    if (frame && next > b.byteLength && adjacent)
      throw corrupt(`the last MPEG frame is cut (${b.byteLength - at} of ${frame.length} bytes)`);
    const trusted = frame && next <= b.byteLength && (adjacent || next >= b.byteLength - 4 || mpegFrame(b, next));
    if (!frame || !trusted) {
      const tail = ascii(b, at, 8);
      if (adjacent && (tail.startsWith("TAG") || tail === "APETAGEX" || tail.startsWith("LYRICS") || tail.startsWith("ID3"))) break;
      at++;
      if (++garbage > maxGarbage) throw corrupt(`more than ${maxGarbage} bytes between MPEG frames are not audio`);
      adjacent = false;
      continue;
    }
    adjacent = true;
    if (!tagSeen && frames === 0) {
      tagSeen = true;
      // Xing/Info (LAME) or VBRI header in the first frame: the frame count of the whole stream.
      const side = frame.v1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
      const tag = ascii(b, at + 4 + side, 4);
      if ((tag === "Xing" || tag === "Info") && (b[at + 4 + side + 7] ?? 0) & 1) declaredFrames = new Bytes(b).u32(at + 4 + side + 8);
      else if (ascii(b, at + 36, 4) === "VBRI") declaredFrames = new Bytes(b).u32(at + 36 + 14);
      if (declaredFrames !== null) {
        at = next; // that frame holds no audio
        continue;
      }
    }
    if (rate && frame.rate !== rate) throw corrupt("the sample rate changes between MPEG frames");
    rate = frame.rate;
    mono = frame.mono;
    frames++;
    samples += frame.samples;
    at = next;
  }
  if (frames === 0) throw corrupt("no MPEG audio frames");
  if (declaredFrames !== null && frames < declaredFrames)
    throw corrupt(`${frames} MPEG frames of the ${declaredFrames} the header declares`);
  return { ms: (samples / rate) * 1000, mono };
}

async function decodeMp3(b: Bytes, limits: Limits): Promise<Audio> {
  const { ms, mono } = walkMpeg(b.u8);
  checkEstimate(ms, limits);
  const sink = new MonoSink(ms, limits);
  const mpeg = new MPEGDecoder();
  await mpeg.ready;
  try {
    const CHUNK = 16 * 1024; // about 4 s of 32 kb/s audio, so each decoded piece stays small
    for (let at = 0; at < b.length; at += CHUNK) {
      const out = mpeg.decode(b.u8.subarray(at, at + CHUNK));
      if (out.errors.length) throw corrupt(`mpg123: ${out.errors[0]!.message}`);
      // mpg123 always gives two channels; a mono stream's second one is a copy (or empty).
      sink.push(mono ? out.channelData.slice(0, 1) : out.channelData, out.samplesDecoded, out.sampleRate);
    }
  } finally {
    mpeg.free();
  }
  return sink.audio();
}

// ---------------------------------------------------------------------------------------------
// Opus (in Ogg and in WebM), decoded packet by packet at 48 kHz

type OpusHead = {
  channels: number;
  preSkip: number;
  gainDb: number;
  streamCount?: number;
  coupledStreamCount?: number;
  mapping?: number[];
};

function parseOpusHead(p: Uint8Array): OpusHead {
  const b = new Bytes(p);
  if (ascii(p, 0, 8) !== "OpusHead" || (p[8]! & 0xf0) !== 0) throw corrupt("bad OpusHead");
  const channels = b.u8at(9);
  const family = b.u8at(18);
  const head: OpusHead = { channels, preSkip: b.u16le(10), gainDb: b.i16le(16) / 256 };
  if (!channels) throw corrupt("OpusHead with 0 channels");
  if (channels > DECLARED.maxChannels) throw new Reject("unsupported", `Opus with ${channels} channels`);
  if (family !== 0)
    Object.assign(head, { streamCount: b.u8at(19), coupledStreamCount: b.u8at(20), mapping: [...b.slice(21, 21 + channels)] });
  else if (channels > 2) throw corrupt("OpusHead: more than 2 channels need a mapping table");
  return head;
}

/** Samples (at 48 kHz) in an Opus packet, from its TOC byte (RFC 6716 section 3.1). */
function opusPacketSamples(p: Uint8Array): number {
  if (!p.byteLength) return 0;
  const config = p[0]! >> 3;
  const frameMs = config < 12 ? [10, 20, 40, 60][config & 3]! : config < 16 ? [10, 20][config & 1]! : [2.5, 5, 10, 20][config & 3]!;
  const code = p[0]! & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (p[1] ?? 0) & 0x3f;
  // RFC 6716 3.2.5: a packet holds at most 120 ms (63 frames of 60 ms would be 3.8 s in 2 bytes).
  if (frames * frameMs > 120) throw corrupt(`an Opus packet of ${frames * frameMs} ms`);
  return frames * frameMs * 48;
}

/** Decodes Opus packets into mono at 48 kHz; `total` (when known) is the exact length after pre-skip. */
async function decodeOpus(packets: Uint8Array[], head: OpusHead, total: number | null, limits: Limits): Promise<Audio> {
  const estimate = total ?? packets.reduce((n, p) => n + opusPacketSamples(p), 0) - head.preSkip;
  checkEstimate((estimate / 48000) * 1000, limits);
  const sink = new MonoSink((estimate / 48000) * 1000, limits);
  const opus = new OpusDecoder({
    sampleRate: 48000,
    channels: head.channels,
    streamCount: head.streamCount,
    coupledStreamCount: head.coupledStreamCount,
    channelMappingTable: head.mapping,
    preSkip: head.preSkip,
  });
  await opus.ready;
  try {
    for (const packet of packets) {
      const out = opus.decodeFrame(packet);
      if (out.errors.length) throw corrupt(out.errors[0]!.message);
      sink.push(out.channelData, out.samplesDecoded, 48000);
      if (total !== null && sink.length >= total) break;
    }
  } finally {
    opus.free();
  }
  const audio = sink.audio(total ?? Infinity);
  if (head.gainDb) {
    const gain = 10 ** (head.gainDb / 20);
    for (let i = 0; i < audio.samples.length; i++) audio.samples[i]! *= gain;
  }
  return audio;
}

// Ogg (RFC 3533) with Opus (RFC 7845): pages checked by CRC, packets reassembled from the lacing.

const OGG_CRC = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** The CRC of an Ogg page (its CRC field counted as zeros); the tests build pages with it. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.byteLength; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!; // the CRC field itself counts as zeros
    crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

async function decodeOggOpus(b: Bytes, limits: Limits): Promise<Audio> {
  const cap = opusPacketCap(limits) + 2; // (and OpusHead, OpusTags)
  let serial: number | null = null;
  const packets: Uint8Array[] = [];
  let pending: Uint8Array[] = [];
  let lastGranule = -1;
  for (let at = 0; at < b.length;) {
    if (b.type(at) !== "OggS" || b.u8at(at + 4) !== 0) throw corrupt(`no Ogg page at byte ${at}`);
    const segments = b.u8at(at + 26);
    const lacing = b.slice(at + 27, at + 27 + segments);
    const bodyLength = lacing.reduce((n, v) => n + v, 0);
    const end = at + 27 + segments + bodyLength;
    if (end > b.length) throw corrupt(`the last Ogg page is cut (${b.length - at} of ${end - at} bytes)`);
    const page = b.slice(at, end);
    if (oggCrc(page) !== b.u32le(at + 22)) throw corrupt(`Ogg page at byte ${at} fails its CRC`);
    const flags = b.u8at(at + 5);
    const pageSerial = b.u32le(at + 14);
    serial ??= pageSerial; // the first stream (checked to be Opus by the sniffer); others are skipped
    if (pageSerial === serial) {
      if (!(flags & 1)) pending = []; // not a continuation: a packet left open by the last page was lost
      let body = at + 27 + segments;
      let part = body;
      for (const v of lacing) {
        body += v;
        if (v < 255) {
          if (packets.length >= cap) throw new Reject("too-long", `more than ${cap} Ogg packets`);
          pending.push(b.slice(part, body));
          packets.push(pending.length === 1 ? pending[0]! : joinBytes(pending));
          pending = [];
          part = body;
        }
      }
      if (part < body) pending.push(b.slice(part, body));
      // Granule position: 64-bit, -1 when no packet ends on this page.
      const granule = b.view.getUint32(at + 6, true) + b.view.getInt32(at + 10, true) * 2 ** 32;
      if (granule >= 0) lastGranule = granule;
    }
    at = end;
  }
  if (packets.length < 2 || ascii(packets[1]!, 0, 8) !== "OpusTags") throw corrupt("Ogg Opus without OpusHead and OpusTags");
  const head = parseOpusHead(packets[0]!);
  const audio = packets.slice(2);
  const total = lastGranule >= 0 ? Math.max(0, lastGranule - head.preSkip) : null;
  // The granule position may end the stream early (trimming), never after what its packets hold.
  const held = audio.reduce((n, p) => n + opusPacketSamples(p), 0) - head.preSkip;
  if (total !== null && total > held) throw corrupt(`the Ogg granule position declares ${total} samples, the packets hold ${held}`);
  return await decodeOpus(audio, head, total, limits);
}

function joinBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

// WebM / Matroska: a small EBML walker that keeps the Opus track's blocks (browsers' MediaRecorder
// writes a Segment and Clusters of unknown size, SimpleBlocks, no Duration and no Cues).

const EBML = {
  Header: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DiscardPadding: 0x75a2,
} as const;
/** Elements that end a Cluster of unknown size (its siblings in the Segment). */
const SEGMENT_CHILDREN = new Set([0x1f43b675, 0x1c53bb6b, 0x1254c367, 0x1043a770, 0x1941a469, 0x114d9b74, 0x1549a966, 0x1654ae6b]);

/** An EBML variable-length integer: the value (marker kept for IDs), its length, and whether all value bits are set (unknown size). */
function vint(b: Bytes, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = b.u8at(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw corrupt(`bad EBML number at byte ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b.u8at(at + i);
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

type Element = { id: number; body: number; end: number; unknown: boolean };

function element(b: Bytes, at: number, parentEnd: number): Element {
  const id = vint(b, at, true);
  const size = vint(b, at + id.length, false);
  const body = at + id.length + size.length;
  if (size.unknown) return { id: id.value, body, end: parentEnd, unknown: true };
  const end = body + size.value;
  if (end > parentEnd)
    throw corrupt(`EBML element 0x${id.value.toString(16)} at byte ${at} is cut (${parentEnd - body} of ${size.value} bytes)`);
  return { id: id.value, body, end, unknown: false };
}

function uint(b: Bytes, at: number, end: number): number {
  let v = 0;
  for (let i = at; i < end; i++) v = v * 256 + b.u8at(i);
  return v;
}

function sint(b: Bytes, at: number, end: number): number {
  const v = uint(b, at, end);
  const bits = 8 * (end - at);
  return end > at && b.u8at(at) & 0x80 ? v - 2 ** bits : v;
}

async function decodeWebm(b: Bytes, limits: Limits): Promise<Audio> {
  const header = element(b, 0, b.length);
  let docType = "matroska";
  for (let at = header.body; at < header.end;) {
    const e = element(b, at, header.end);
    if (e.id === EBML.DocType) docType = ascii(b.u8, e.body, e.end - e.body).replace(/\0+$/, "");
    at = e.end;
  }
  if (docType !== "webm" && docType !== "matroska") throw new Reject("not-audio", `EBML document type ${docType}`);

  const tracks: { number: number; type: number; codec: string; private?: Uint8Array; delayNs: number }[] = [];
  const blocks: { track: number; frames: Uint8Array[]; discardNs: number }[] = [];
  const cap = opusPacketCap(limits);
  let frameCount = 0;
  let segment: Element | null = null;
  for (let at = header.end; at < b.length;) {
    const e = element(b, at, b.length);
    if (e.id === EBML.Segment) {
      segment = e;
      break;
    }
    at = e.end;
  }
  if (!segment) throw corrupt("no Segment");

  const readBlock = (at: number, end: number, discardNs: number) => {
    const track = vint(b, at, false);
    let p = at + track.length + 3; // track, 16-bit relative timecode, flags
    const lacing = (b.u8at(at + track.length + 2) >> 1) & 3;
    let frames: Uint8Array[];
    if (lacing === 0) frames = [b.slice(p, end)];
    else {
      const count = b.u8at(p++) + 1;
      const sizes: number[] = [];
      if (lacing === 2) {
        const each = (end - p) / count; // fixed-size lacing
        if (!Number.isInteger(each)) throw corrupt("bad fixed lacing");
        for (let i = 0; i < count; i++) sizes.push(each);
      } else {
        for (let i = 0; i < count - 1; i++) {
          if (lacing === 1) {
            let size = 0; // Xiph lacing: 255, 255, ..., < 255
            let v;
            do size += v = b.u8at(p++);
            while (v === 255);
            sizes.push(size);
          } else {
            const n = vint(b, p, false); // EBML lacing: the first size, then signed differences
            p += n.length;
            sizes.push(i === 0 ? n.value : sizes[i - 1]! + n.value - (2 ** (7 * n.length - 1) - 1));
          }
        }
        sizes.push(end - p - sizes.reduce((s, v) => s + v, 0));
      }
      frames = sizes.map((size) => {
        if (size < 0) throw corrupt("bad block lacing");
        return b.slice(p, (p += size));
      });
    }
    frameCount += frames.length;
    if (frameCount > cap) throw new Reject("too-long", `more than ${cap} WebM frames`);
    blocks.push({ track: track.value, frames, discardNs });
  };

  const walk = (start: number, end: number, depth: number) => {
    if (depth > DECLARED.maxDepth) throw corrupt(`EBML nested deeper than ${DECLARED.maxDepth} levels`);
    for (let at = start; at < end;) {
      const e = element(b, at, end);
      if (e.unknown && e.id !== EBML.Cluster) throw corrupt(`EBML element 0x${e.id.toString(16)} of unknown size`);
      switch (e.id) {
        case EBML.Tracks:
          walk(e.body, e.end, depth + 1);
          break;
        case EBML.Cluster:
          at = cluster(e, depth + 1);
          continue;
        case EBML.TrackEntry: {
          const t = { number: 0, type: 0, codec: "", private: undefined as Uint8Array | undefined, delayNs: 0 };
          for (let p = e.body; p < e.end;) {
            const c = element(b, p, e.end);
            if (c.id === EBML.TrackNumber) t.number = uint(b, c.body, c.end);
            else if (c.id === EBML.TrackType) t.type = uint(b, c.body, c.end);
            else if (c.id === EBML.CodecID) t.codec = ascii(b.u8, c.body, c.end - c.body).replace(/\0+$/, "");
            else if (c.id === EBML.CodecPrivate) t.private = b.slice(c.body, c.end);
            else if (c.id === EBML.CodecDelay) t.delayNs = uint(b, c.body, c.end);
            p = c.end;
          }
          tracks.push(t);
          break;
        }
        case EBML.SimpleBlock:
          readBlock(e.body, e.end, 0);
          break;
        case EBML.BlockGroup: {
          let block: Element | null = null;
          let discardNs = 0;
          for (let p = e.body; p < e.end;) {
            const c = element(b, p, e.end);
            if (c.id === EBML.Block) block = c;
            else if (c.id === EBML.DiscardPadding) discardNs = sint(b, c.body, c.end);
            p = c.end;
          }
          if (block) readBlock(block.body, block.end, discardNs);
          break;
        }
      }
      at = e.end;
    }
  };
  /** Walks a Cluster and returns where it ends: one of unknown size (a live recording) runs until the next Segment child. */
  const cluster = (e: Element, depth: number): number => {
    if (!e.unknown) {
      walk(e.body, e.end, depth);
      return e.end;
    }
    let p = e.body;
    while (p < e.end && !SEGMENT_CHILDREN.has(vint(b, p, true).value)) {
      const c = element(b, p, e.end);
      walk(p, c.end, depth);
      p = c.end;
    }
    return p;
  };
  walk(segment.body, segment.end, 0);

  const audio = tracks.find((t) => t.type === 2);
  if (!audio) throw new Reject("not-audio", "WebM without an audio track");
  if (audio.codec !== "A_OPUS") throw new Reject("unsupported", `WebM audio codec ${audio.codec}`);
  const head = audio.private
    ? parseOpusHead(audio.private)
    : { channels: 1, preSkip: Math.round((audio.delayNs / 1e9) * 48000), gainDb: 0 }; // (CodecPrivate is mandatory for A_OPUS)
  const packets = blocks.filter((k) => k.track === audio.number).flatMap((k) => k.frames);
  if (!packets.length) return { samples: new Float32Array(0), sampleRate: 48000 };
  const discard = blocks.filter((k) => k.track === audio.number).reduce((n, k) => n + Math.max(0, k.discardNs), 0);
  const total = packets.reduce((n, p) => n + opusPacketSamples(p), 0) - head.preSkip - Math.round((discard / 1e9) * 48000);
  return await decodeOpus(packets, head, Math.max(0, total), limits);
}

// ---------------------------------------------------------------------------------------------
// MP4 / M4A (ISO/IEC 14496-12), with the sample tables of a plain file or the fragments (moof/trun)
// of a fragmented one; AAC (FAAD2) or ALAC through @audio/decode-aac's raw-frame decoder.

type Mp4Track = {
  id: number;
  handler: string;
  timescale: number;
  codec: string;
  asc?: Uint8Array;
  alac?: Uint8Array;
  boxes: { mdhd?: Uint8Array; elst?: Uint8Array; stts?: Uint8Array };
  sizes: number[];
  /** From stts: the samples it times and their total duration (kept as sums, never one entry a sample). */
  timed: number;
  ticks: number;
  chunkOffsets: number[];
  samplesPerChunk: { first: number; count: number }[];
  trex?: { duration: number; size: number };
};

function boxes(b: Bytes, start: number, end: number, visit: (type: string, body: number, end: number, at: number) => void) {
  for (let at = start; at + 8 <= end;) {
    let size = b.u32(at);
    const type = b.type(at + 4);
    let body = at + 8;
    if (size === 1) {
      size = b.u64(at + 8);
      body += 8;
    } else if (size === 0) size = end - at; // to the end of the file
    if (size < body - at) throw corrupt(`bad ${type} box size at byte ${at}`);
    if (at + size > end) {
      // mdat may be cut (caught by the sample offsets); anything else cut is a broken file.
      if (type !== "mdat") throw corrupt(`the ${type} box at byte ${at} is cut (${end - at} of ${size} bytes)`);
    }
    visit(type, body, Math.min(at + size, end), at);
    at += size;
  }
}

/** The AudioSpecificConfig in an esds box (ISO/IEC 14496-1 descriptors), and the object type. */
function parseEsds(b: Bytes, at: number, end: number): { objectType: number; asc?: Uint8Array } {
  let objectType = 0;
  let p = at + 4; // version and flags
  while (p < end) {
    const tag = b.u8at(p++);
    let length = 0;
    for (let i = 0; i < 4; i++) {
      const v = b.u8at(p++);
      length = (length << 7) | (v & 0x7f);
      if (!(v & 0x80)) break;
    }
    if (tag === 0x03) {
      const flags = b.u8at(p + 2);
      p += 3 + (flags & 0x80 ? 2 : 0) + (flags & 0x40 ? 1 + b.u8at(p + 3 + (flags & 0x80 ? 2 : 0)) : 0) + (flags & 0x20 ? 2 : 0);
    } else if (tag === 0x04) {
      objectType = b.u8at(p);
      p += 13;
    } else if (tag === 0x05) return { objectType, asc: b.slice(p, p + length) };
    else p += length;
  }
  return { objectType };
}

/** A table of `count` entries of `entry` bytes from `at` must lie inside its box (`end`). */
function tableFits(type: string, at: number, count: number, entry: number, end: number) {
  if (count * entry > end - at)
    throw corrupt(
      `the ${type} box declares ${count} entries, its ${Math.max(0, end - at)} bytes hold ${Math.floor(Math.max(0, end - at) / entry)}`,
    );
}

function parseMp4(b: Bytes, limits: Limits) {
  const cap = mp4SampleCap(limits);
  const tooMany = (n: number) => new Reject("too-long", `${n} MP4 samples, more than ${cap}`);
  const tracks: Mp4Track[] = [];
  const fragments = new Map<number, { offset: number; size: number; duration: number }[]>();
  let mvhd: Uint8Array | undefined;
  let ilst: Uint8Array | undefined;
  let sawMoov = false;
  const trexes = new Map<number, { duration: number; size: number }>();
  let fragmentSamples = 0;

  const sampleEntry = (t: Mp4Track, type: string, body: number, end: number) => {
    t.codec = type;
    const version = b.u16(body + 8); // QuickTime sound description versions 1 and 2 are longer
    const children = body + 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
    const inner = (start: number, stop: number, depth = 0) =>
      boxes(b, start, stop, (child, cb, ce) => {
        if (depth > DECLARED.maxDepth) throw corrupt(`MP4 boxes nested deeper than ${DECLARED.maxDepth} levels`);
        if (child === "esds") {
          const esds = parseEsds(b, cb, ce);
          if ([0x40, 0x66, 0x67, 0x68].includes(esds.objectType)) t.asc = esds.asc;
          else t.codec = `mp4a/0x${esds.objectType.toString(16)}`;
        } else if (child === "alac") t.alac = b.slice(cb, ce);
        else if (child === "wave") inner(cb, ce, depth + 1);
      });
    inner(children, end);
  };

  const trak = (start: number, end: number) => {
    const t: Mp4Track = {
      id: 0,
      handler: "",
      timescale: 0,
      codec: "",
      boxes: {},
      sizes: [],
      timed: 0,
      ticks: 0,
      chunkOffsets: [],
      samplesPerChunk: [],
    };
    const walk = (s: number, e: number, depth: number) =>
      boxes(b, s, e, (type, body, boxEnd) => {
        if (depth > DECLARED.maxDepth) throw corrupt(`MP4 boxes nested deeper than ${DECLARED.maxDepth} levels`);
        switch (type) {
          case "mdia":
          case "minf":
          case "stbl":
          case "edts":
            return walk(body, boxEnd, depth + 1);
          case "tkhd":
            t.id = b.u32(body + (b.u8at(body) === 1 ? 20 : 12));
            return;
          case "mdhd":
            t.timescale = b.u32(body + (b.u8at(body) === 1 ? 20 : 12));
            t.boxes.mdhd = b.slice(body, boxEnd);
            return;
          case "hdlr":
            t.handler = b.type(body + 8);
            return;
          case "elst":
            t.boxes.elst = b.slice(body, boxEnd);
            return;
          case "stsd":
            if (t.handler !== "soun") return; // (hdlr comes before minf) other tracks' entries are laid out differently
            return boxes(b, body + 8, boxEnd, (entry, eb, ee) => {
              if (!t.codec) sampleEntry(t, entry, eb, ee);
            });
          case "stts": {
            if (t.handler !== "soun") return;
            t.boxes.stts = b.slice(body, boxEnd);
            const n = b.u32(body + 4);
            tableFits(type, body + 8, n, 8, boxEnd);
            for (let i = 0; i < n; i++) {
              const count = b.u32(body + 8 + i * 8);
              t.timed += count;
              t.ticks += count * b.u32(body + 12 + i * 8);
            }
            return;
          }
          case "stsz": {
            if (t.handler !== "soun") return;
            const fixed = b.u32(body + 4);
            const n = b.u32(body + 8);
            // Every sample lies in the file: n samples of a fixed size need n times its bytes.
            if (fixed) {
              if (n * fixed > b.length) throw corrupt(`stsz declares ${n} samples of ${fixed} bytes in a file of ${b.length}`);
            } else tableFits(type, body + 12, n, 4, boxEnd);
            if (t.sizes.length + n > cap) throw tooMany(t.sizes.length + n);
            for (let i = 0; i < n; i++) t.sizes.push(fixed || b.u32(body + 12 + i * 4));
            return;
          }
          case "stco":
          case "co64": {
            if (t.handler !== "soun") return;
            const n = b.u32(body + 4);
            tableFits(type, body + 8, n, type === "stco" ? 4 : 8, boxEnd);
            if (t.chunkOffsets.length + n > cap) throw tooMany(t.chunkOffsets.length + n); // (every chunk holds a sample)
            for (let i = 0; i < n; i++) t.chunkOffsets.push(type === "stco" ? b.u32(body + 8 + i * 4) : b.u64(body + 8 + i * 8));
            return;
          }
          case "stsc": {
            if (t.handler !== "soun") return;
            const n = b.u32(body + 4);
            tableFits(type, body + 8, n, 12, boxEnd);
            if (t.samplesPerChunk.length + n > cap) throw tooMany(t.samplesPerChunk.length + n);
            for (let i = 0; i < n; i++) t.samplesPerChunk.push({ first: b.u32(body + 8 + i * 12), count: b.u32(body + 12 + i * 12) });
            return;
          }
        }
      });
    walk(start, end, 0);
    tracks.push(t);
  };

  const moof = (start: number, end: number, moofAt: number) => {
    let nextBase = moofAt;
    boxes(b, start, end, (type, body, trafEnd) => {
      if (type !== "traf") return;
      let trackId = 0;
      let base = nextBase;
      let defaults = { duration: 0, size: 0 };
      let cursor = -1;
      boxes(b, body, trafEnd, (child, cb, ce) => {
        if (child === "tfhd") {
          const flags = b.u32(cb) & 0xffffff;
          trackId = b.u32(cb + 4);
          let p = cb + 8;
          if (flags & 0x1) {
            base = b.u64(p);
            p += 8;
          } else if (flags & 0x20000) base = moofAt;
          if (flags & 0x2) p += 4;
          const trex = trexes.get(trackId) ?? { duration: 0, size: 0 };
          defaults = {
            duration: flags & 0x8 ? b.u32(p) : trex.duration,
            size: flags & 0x10 ? b.u32(p + (flags & 0x8 ? 4 : 0)) : trex.size,
          };
          cursor = base;
        } else if (child === "trun") {
          const flags = b.u32(cb) & 0xffffff;
          const count = b.u32(cb + 4);
          let p = cb + 8;
          if (flags & 0x1) {
            cursor = base + b.view.getInt32(p);
            p += 4;
          }
          if (flags & 0x4) p += 4;
          // Per-sample fields (duration, size, flags, composition offset) must be there for every sample.
          const each = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
          if (each) tableFits("trun", p, count, each, ce);
          if (count && !(flags & 0x200) && (!defaults.size || count * defaults.size > b.length))
            throw corrupt(`trun declares ${count} samples of ${defaults.size} bytes in a file of ${b.length}`);
          const list = fragments.get(trackId) ?? [];
          fragments.set(trackId, list);
          fragmentSamples += count;
          if (fragmentSamples > cap) throw tooMany(fragmentSamples);
          for (let i = 0; i < count; i++) {
            const duration = flags & 0x100 ? b.u32(p) : defaults.duration;
            if (flags & 0x100) p += 4;
            const size = flags & 0x200 ? b.u32(p) : defaults.size;
            if (flags & 0x200) p += 4;
            if (flags & 0x400) p += 4;
            if (flags & 0x800) p += 4;
            list.push({ offset: cursor, size, duration });
            cursor += size;
          }
        }
      });
      nextBase = cursor;
    });
  };

  boxes(b, 0, b.length, (type, body, end, at) => {
    if (type === "moov") {
      sawMoov = true;
      boxes(b, body, end, (child, cb, ce) => {
        if (child === "trak") trak(cb, ce);
        else if (child === "mvhd") mvhd = b.slice(cb, ce);
        else if (child === "mvex")
          boxes(b, cb, ce, (x, xb) => {
            if (x === "trex") trexes.set(b.u32(xb + 4), { duration: b.u32(xb + 12), size: b.u32(xb + 16) });
          });
        else if (child === "udta")
          boxes(b, cb, ce, (x, xb, xe) => {
            // meta is a full box in MP4 and a plain one in QuickTime
            if (x === "meta")
              boxes(b, b.type(xb + 4) === "hdlr" ? xb : xb + 4, xe, (y, yb, ye) => {
                if (y === "ilst") ilst = b.slice(yb, ye);
              });
          });
      });
    } else if (type === "moof") moof(body, end, at);
  });
  if (!sawMoov) throw corrupt("MP4 without a moov box");
  return { tracks, fragments, mvhd, ilst };
}

async function decodeMp4(b: Bytes, limits: Limits): Promise<Audio> {
  const { tracks, fragments, mvhd, ilst } = parseMp4(b, limits);
  const track = tracks.find((t) => t.handler === "soun");
  if (!track) throw new Reject("not-audio", "MP4 without an audio track");
  if (!track.asc && !track.alac) throw new Reject("unsupported", `MP4 audio codec ${track.codec}`);
  if (!track.timescale) throw corrupt("MP4 track without a timescale");

  // The samples in file order: the sample tables, then any fragments.
  const samples: { offset: number; size: number }[] = [];
  let ticks = 0;
  for (let chunk = 0, s = 0, entry = 0; chunk < track.chunkOffsets.length; chunk++) {
    while (entry + 1 < track.samplesPerChunk.length && track.samplesPerChunk[entry + 1]!.first <= chunk + 1) entry++;
    let offset = track.chunkOffsets[chunk]!;
    for (let k = 0, n = track.samplesPerChunk[entry]?.count ?? 0; k < n && s < track.sizes.length; k++, s++) {
      samples.push({ offset, size: track.sizes[s]! });
      offset += track.sizes[s]!;
    }
  }
  if (samples.length !== track.sizes.length) throw corrupt(`the chunk table places ${samples.length} of ${track.sizes.length} samples`);
  if (track.timed > track.sizes.length) throw corrupt(`stts times ${track.timed} samples, stsz has ${track.sizes.length}`);
  ticks += track.ticks;
  for (const f of fragments.get(track.id) ?? []) {
    samples.push(f);
    ticks += f.duration;
  }
  for (const s of samples)
    if (s.offset + s.size > b.length) throw corrupt(`an audio sample at byte ${s.offset} lies past the end of the file`);

  const gap: Gapless | null = aacGapless({ ...track.boxes, mvhd, ilst, asc: track.asc, alac: track.alac });
  const mediaSeconds = ticks / track.timescale;
  const seconds = gap ? (gap.duration ?? Math.max(0, mediaSeconds - gap.start)) : mediaSeconds;
  checkEstimate(seconds * 1000, limits);
  // An AAC frame decodes to at most 2048 samples (HE-AAC), an ALAC frame to its frameLength (4096 as written).
  const sink = new MonoSink(seconds * 1000, limits, samples.length * (track.alac ? 4096 : 2048));
  const aac = await aacDecoder(
    track.alac ? { alac: track.alac, gapless: gap ?? undefined } : { asc: track.asc, gapless: gap ?? undefined },
  );
  try {
    const BATCH = 64; // about 1.5 s of AAC at 44.1 kHz
    for (let i = 0; i < samples.length; i += BATCH) {
      const out = aac.decode(samples.slice(i, i + BATCH).map((s) => b.u8.subarray(s.offset, s.offset + s.size)));
      // FAAD2 gives nothing for the very first frame (its decoder delay), which decode-aac counts as an error.
      const failed = (out.errors ?? 0) - (i === 0 && !track.alac ? 1 : 0);
      if (failed > 0) throw corrupt(`AAC: ${failed} frame(s) failed to decode`);
      sink.push(out.channelData, out.channelData[0]?.length ?? 0, out.sampleRate);
    }
  } finally {
    aac.free();
  }
  return sink.audio();
}

const DECODERS: Record<UploadFormat, (b: Bytes, limits: Limits) => Promise<Audio>> = {
  wav: decodeWavUpload,
  mp3: decodeMp3,
  "ogg-opus": decodeOggOpus,
  "webm-opus": decodeWebm,
  m4a: decodeMp4,
};
