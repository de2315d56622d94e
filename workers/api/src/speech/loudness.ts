/**
 * Integrated loudness (ITU-R BS.1770-4 / EBU R 128) of a mono signal, and normalisation to a target
 * with a peak ceiling. K-weighting coefficients are derived for any sample rate (as libebur128 does).
 */
type Biquad = { b: [number, number, number]; a: [number, number] };

function kWeighting(fs: number): [Biquad, Biquad] {
  // Stage 1: the head's high shelf (+4 dB above ~1.7 kHz).
  let K = Math.tan((Math.PI * 1681.974450955533) / fs);
  const Vh = 10 ** (3.999843853973347 / 20);
  const Vb = Vh ** 0.4996667741545416;
  let Q = 0.7071752369554196;
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b: [(Vh + (Vb * K) / Q + K * K) / a0, (2 * (K * K - Vh)) / a0, (Vh - (Vb * K) / Q + K * K) / a0],
    a: [(2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0],
  };
  // Stage 2: the RLB high-pass (~38 Hz).
  K = Math.tan((Math.PI * 38.13547087602444) / fs);
  Q = 0.5003270373238773;
  a0 = 1 + K / Q + K * K;
  const highpass: Biquad = { b: [1, -2, 1], a: [(2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0] };
  return [shelf, highpass];
}

function filter(x: Float32Array, { b, a }: Biquad) {
  const y = new Float32Array(x.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < x.length; i++) {
    const v = b[0] * x[i]! + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
    x2 = x1;
    x1 = x[i]!;
    y2 = y1;
    y1 = v;
    y[i] = v;
  }
  return y;
}

/** LUFS of the whole signal (gated); -Infinity for silence. */
export function integratedLoudness(samples: Float32Array, sampleRate: number) {
  const [shelf, hp] = kWeighting(sampleRate);
  const k = filter(filter(samples, shelf), hp);
  const block = Math.round(0.4 * sampleRate);
  const step = Math.round(0.1 * sampleRate);
  const powers: number[] = [];
  const meanSquare = (from: number, to: number) => {
    let sum = 0;
    for (let i = from; i < to; i++) sum += k[i]! * k[i]!;
    return sum / Math.max(1, to - from);
  };
  if (k.length < block) powers.push(meanSquare(0, k.length));
  else for (let at = 0; at + block <= k.length; at += step) powers.push(meanSquare(at, at + block));
  const lufs = (z: number) => -0.691 + 10 * Math.log10(z);
  const mean = (zs: number[]) => zs.reduce((s, z) => s + z, 0) / zs.length;
  const absolute = powers.filter((z) => z > 0 && lufs(z) > -70);
  if (absolute.length === 0) return -Infinity;
  const relativeGate = lufs(mean(absolute)) - 10;
  const gated = absolute.filter((z) => lufs(z) > relativeGate);
  return lufs(mean(gated));
}

export const peakDbfs = (samples: Float32Array) => {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return peak === 0 ? -Infinity : 20 * Math.log10(peak);
};

/**
 * Scales the signal (in place) to `targetLufs`, then down further if a sample would pass
 * `ceilingDbfs`. Silence is left alone. Answers the gain applied in dB.
 */
export function normalizeLoudness(samples: Float32Array, sampleRate: number, targetLufs = -16, ceilingDbfs = -1) {
  const loudness = integratedLoudness(samples, sampleRate);
  if (!Number.isFinite(loudness)) return 0;
  let gainDb = targetLufs - loudness;
  const peak = peakDbfs(samples);
  if (peak + gainDb > ceilingDbfs) gainDb = ceilingDbfs - peak;
  const gain = 10 ** (gainDb / 20);
  for (let i = 0; i < samples.length; i++) samples[i]! *= gain;
  return gainDb;
}
