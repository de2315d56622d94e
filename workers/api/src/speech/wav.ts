/**
 * WAV (RIFF) decoding of what a remote engine sends: 16/24/32-bit PCM and 32-bit float, any channel
 * count (mixed down to mono). Encoding is `encodeWav` in ../engine/dsp.ts.
 */
export type Audio = { samples: Float32Array; sampleRate: number };

export class WavError extends Error {}

export function decodeWav(input: ArrayBuffer | Uint8Array): Audio {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new WavError("not a WAV file");
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  let data: { at: number; size: number } | null = null;
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt " && size >= 16) {
      format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (format === 0xfffe && size >= 26) format = view.getUint16(body + 24, true);
    } else if (id === "data") {
      data = { at: body, size: Math.min(size, bytes.byteLength - body) };
      break;
    }
    at = body + size + (size % 2);
  }
  const width = bits / 8;
  const pcm = format === 1 && (bits === 16 || bits === 24 || bits === 32);
  const float = format === 3 && bits === 32;
  if (!data || !channels || !sampleRate || (!pcm && !float)) throw new WavError("unsupported WAV format");
  const frames = Math.floor(data.size / (width * channels));
  const samples = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = data.at + (f * channels + c) * width;
      if (float) sum += view.getFloat32(at, true);
      else if (bits === 16) sum += view.getInt16(at, true) / 0x8000;
      else if (bits === 24)
        sum += (((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) >> 8) / 0x800000;
      else sum += view.getInt32(at, true) / 0x80000000;
    }
    samples[f] = sum / channels;
  }
  return { samples, sampleRate };
}

export const durationMs = ({ samples, sampleRate }: Audio) => Math.round((samples.length / sampleRate) * 1000);
