/**
 * Download formats of generated speech (spec: downloads of generated files are unlimited and cost
 * nothing): WAV as stored, MP3 through LAME (wasm-media-encoders; its .wasm is imported by wrangler
 * as a compiled module, so nothing is compiled from bytes at run time), several files as a ZIP
 * (fflate, stored without compression: WAV and MP3 barely deflate and storing costs no CPU).
 */
import { Zip, ZipPassThrough } from "fflate";
import { createEncoder } from "wasm-media-encoders";
import mp3Wasm from "wasm-media-encoders/wasm/mp3";
import { encodeWav } from "../engine/dsp";
import { cutCodePoints, wellFormed } from "../lib/text";
import type { MusicBed } from "./music-bed";
import { decodeWav, type Audio } from "./wav";

export const FORMATS = ["wav", "mp3"] as const;
export type Format = (typeof FORMATS)[number];

export const contentType: Record<Format, string> = { wav: "audio/wav", mp3: "audio/mpeg" };

/** LAME's output rates; 24 kHz (our render rate) is one of them. */
const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

/** 64 kb/s CBR mono: clear speech at 24 kHz, about 0.5 MB a minute. */
const MP3_BITRATE = 64;

/**
 * An MP3 stream encoder. Each file gets its own encoder instance (instantiating the compiled module
 * takes well under a millisecond), so concurrent downloads in one isolate never share LAME's state.
 */
export async function mp3Encoder(sampleRate: number) {
  if (!MP3_RATES.includes(sampleRate as Mp3Rate)) throw new Error(`MP3 needs one of ${MP3_RATES.join(", ")} Hz, not ${sampleRate}`);
  const lame = await createEncoder("audio/mpeg", mp3Wasm);
  lame.configure({ channels: 1, sampleRate, bitrate: MP3_BITRATE });
  const CHUNK = 16_384;
  return {
    /** Encoded bytes for these samples (copied: the encoder returns views into its own memory). */
    encode(samples: Float32Array) {
      const out: Uint8Array[] = [];
      for (let at = 0; at < samples.length; at += CHUNK) out.push(lame.encode([samples.subarray(at, at + CHUNK)]).slice());
      return joinBytes(out);
    },
    finish: () => lame.finalize().slice(),
  };
}

export async function encodeMp3({ samples, sampleRate }: Audio): Promise<Uint8Array<ArrayBuffer>> {
  const mp3 = await mp3Encoder(sampleRate);
  return joinBytes([mp3.encode(samples), mp3.finish()]);
}

/** Stored WAV bytes in the requested format. */
export async function convertWav(wav: Uint8Array<ArrayBuffer>, format: Format): Promise<Uint8Array<ArrayBuffer>> {
  return format === "wav" ? wav : encodeMp3(decodeWav(wav));
}

/** Reads one stored recording (null when it is gone). */
export type Source = () => Promise<Uint8Array | null>;

/**
 * Joins paragraph recordings (each already ends with its own pause) into one file, as a stream: a recording and the
 * next one are in memory at a time, so a long project does not hit the worker's memory limit. Every stored recording
 * is 16-bit mono PCM at the render rate (see RENDER and encodeWav); the WAV header needs the total length up front,
 * which `dataBytes` gives (the stored sizes minus their headers, and the music's tail when there is a `bed`). With a
 * `bed`, the music is mixed under each recording (it looks ahead into the next one) and plays on after the last.
 */
export function joinedStream(
  sources: Source[],
  format: Format,
  sampleRate: number,
  dataBytes: number,
  bed?: MusicBed,
): ReadableStream<Uint8Array> {
  const load = async (read: Source) => {
    const bytes = await read();
    if (!bytes) throw new Error("a recording is missing");
    const audio = decodeWav(bytes);
    if (audio.sampleRate !== sampleRate) throw new Error("mixed sample rates");
    return audio.samples;
  };
  return produce(async (write) => {
    const mp3 = format === "mp3" ? await mp3Encoder(sampleRate) : null;
    const out = (samples: Float32Array) => write(mp3 ? mp3.encode(samples) : pcm16(samples));
    if (!mp3) await write(wavHeader(dataBytes, sampleRate));
    let next = sources.length > 0 ? await load(sources[0]!) : null;
    for (let i = 0; i < sources.length; i++) {
      const voice = next!;
      next = i + 1 < sources.length ? await load(sources[i + 1]!) : null;
      await out(bed ? await bed.mix(voice, next) : voice);
    }
    if (bed) await out(await bed.tail());
    if (mp3) await write(mp3.finish());
  });
}

/** A ZIP of files, each produced in turn and stored as it comes (no whole archive in memory). */
export function zipStream(files: { name: string; data: () => Promise<Uint8Array> }[]): ReadableStream<Uint8Array> {
  return produce(async (write) => {
    const pending: Uint8Array[] = [];
    const archive = new Zip((error, chunk) => {
      if (error) throw error;
      pending.push(chunk);
    });
    const flush = async () => {
      while (pending.length) await write(pending.shift()!);
    };
    for (const f of files) {
      const entry = new ZipPassThrough(f.name);
      entry.mtime = new Date();
      archive.add(entry);
      entry.push(await f.data(), true);
      await flush();
    }
    archive.end();
    await flush();
  });
}

/** A stream fed by an async producer; a failure aborts the stream (the client sees a broken download, never a wrong file). */
function produce(run: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  run((chunk) => writer.write(chunk))
    .then(() => writer.close())
    .catch((error: unknown) => writer.abort(error));
  return readable;
}

/** The 44-byte header of a 16-bit mono PCM WAV whose data is `dataBytes` long. */
export function wavHeader(dataBytes: number, sampleRate: number) {
  const header = encodeWav(new Float32Array(0), sampleRate);
  const view = new DataView(header.buffer);
  view.setUint32(4, 36 + dataBytes, true);
  view.setUint32(40, dataBytes, true);
  return header;
}

/** 16-bit PCM data of samples (what encodeWav writes after its header). */
const pcm16 = (samples: Float32Array) => encodeWav(samples, 1).subarray(44);

/**
 * A file name from user text: no path separators, control or reserved characters, at most 60
 * characters (code points: an emoji at the cut is kept whole or left out); Korean stays (ZIP names
 * are UTF-8 and fflate sets the UTF-8 flag). A lone surrogate (a name stored before names were cut
 * by code point) becomes U+FFFD, so the name always encodes.
 */
export function fileName(base: string, ext: string, taken?: Set<string>) {
  const clean =
    cutCodePoints(
      wellFormed(base)
        // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
        .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, " ")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/^\.+/, ""),
      60,
    ).trim() || "audio";
  let name = `${clean}.${ext}`;
  for (let n = 2; taken?.has(name); n++) name = `${clean} (${n}).${ext}`;
  taken?.add(name);
  return name;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function disposition(kind: "inline" | "attachment", raw: string) {
  const name = wellFormed(raw); // encodeURIComponent throws on a lone surrogate
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function joinBytes(chunks: Uint8Array[]) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
