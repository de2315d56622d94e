// Objective measures of the engine's sound ("Cleaner sound"), used by tests/workers/sound.test.ts
// and the STS accuracy test. Test code only: these measure the product's output, they are not part of it.

/** In-place radix-2 complex FFT (re, im of length 2^k). */
export function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const step = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const c = Math.cos(step * k),
          s = Math.sin(step * k);
        const a = start + k,
          b = a + size / 2;
        const tr = re[b]! * c - im[b]! * s,
          ti = re[b]! * s + im[b]! * c;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

const FRAME = 2048;

/**
 * Long-term average power spectrum (Hann frames of 2048, hop 1024) over the frames within 30 dB of the
 * loudest one (speech, not the pauses); bin k is k * rate / 2048 Hz.
 */
export function ltas(samples: Float32Array, rate: number): Float64Array {
  const frames: number[] = [];
  const energies: number[] = [];
  for (let at = 0; at + FRAME <= samples.length; at += FRAME / 2) {
    let e = 0;
    for (let i = 0; i < FRAME; i++) e += samples[at + i]! ** 2;
    frames.push(at);
    energies.push(e);
  }
  const loudest = Math.max(...energies);
  const sum = new Float64Array(FRAME / 2 + 1);
  const re = new Float64Array(FRAME),
    im = new Float64Array(FRAME);
  let count = 0;
  frames.forEach((at, f) => {
    if (energies[f]! < loudest / 1000) return;
    for (let i = 0; i < FRAME; i++) {
      re[i] = samples[at + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME));
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k <= FRAME / 2; k++) sum[k] = sum[k]! + re[k]! ** 2 + im[k]! ** 2;
    count++;
  });
  void rate;
  return sum.map((v) => v / Math.max(1, count));
}

/**
 * The audio band: the highest frequency whose 500 Hz band of the long-term spectrum is within `floorDb`
 * (default 50) of the loudest 500 Hz band. A pitch shift that loses the top of the band shows here as a
 * cliff; speech at 24 kHz reads about 11 kHz.
 */
export function bandwidthHz(samples: Float32Array, rate: number, floorDb = 50): number {
  const spectrum = ltas(samples, rate);
  const binHz = rate / FRAME;
  const width = Math.round(500 / binHz);
  const bands: number[] = [];
  for (let start = 0; start + width <= spectrum.length; start += width) {
    let e = 0;
    for (let k = start; k < start + width; k++) e += spectrum[k]!;
    bands.push(e);
  }
  const peak = Math.max(...bands);
  let top = 0;
  bands.forEach((e, b) => {
    if (10 * Math.log10(e / peak) > -floorDb) top = (b + 1) * width * binHz;
  });
  return top;
}

/**
 * The factor by which the spectral envelope moved between `before` and `after` (same speech): both
 * long-term spectra, smoothed to an envelope (a 300 Hz moving average in dB, which also averages out
 * the harmonics), then the warp k that best matches envelope_after(f) to envelope_before(f / k) over
 * 250-4500 Hz (where the first formants are), searched in 0.5% steps. 1 = unchanged.
 */
export function envelopeWarp(before: Float32Array, after: Float32Array, rate: number): number {
  const binHz = rate / FRAME;
  const envelope = (x: Float32Array) => {
    const s = ltas(x, rate);
    const db = Array.from(s, (v) => 10 * Math.log10(v + 1e-20));
    const half = Math.round(150 / binHz);
    return db.map((_, k) => {
      let sum = 0,
        n = 0;
      for (let j = Math.max(0, k - half); j <= Math.min(db.length - 1, k + half); j++, n++) sum += db[j]!;
      return sum / n;
    });
  };
  const a = envelope(before),
    b = envelope(after);
  const at = (env: number[], hz: number) => {
    const x = hz / binHz;
    const i = Math.floor(x);
    if (i + 1 >= env.length) return env[env.length - 1]!;
    return env[i]! + (env[i + 1]! - env[i]!) * (x - i);
  };
  let best = 1,
    bestScore = -Infinity;
  for (let k = 0.6; k <= 1.6; k *= 1.005) {
    // correlation of the two envelopes (mean removed), so a level difference does not count
    const xs: number[] = [],
      ys: number[] = [];
    for (let hz = 250; hz <= 4500; hz += binHz) {
      xs.push(at(a, hz / k));
      ys.push(at(b, hz));
    }
    const mx = xs.reduce((s, v) => s + v, 0) / xs.length,
      my = ys.reduce((s, v) => s + v, 0) / ys.length;
    let sxy = 0,
      sxx = 0,
      syy = 0;
    xs.forEach((x, i) => {
      sxy += (x - mx) * (ys[i]! - my);
      sxx += (x - mx) ** 2;
      syy += (ys[i]! - my) ** 2;
    });
    const score = sxy / Math.sqrt(sxx * syy);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

/** Level in dBFS (RMS) of each 20 ms frame. */
export function frameLevels(samples: Float32Array, rate: number): number[] {
  const size = Math.round(0.02 * rate);
  const levels: number[] = [];
  for (let at = 0; at + size <= samples.length; at += size) {
    let e = 0;
    for (let i = 0; i < size; i++) e += samples[at + i]! ** 2;
    levels.push(10 * Math.log10(e / size + 1e-30));
  }
  return levels;
}

/**
 * What is heard inside the pauses: the loudest 20 ms frame inside any pause, in dBFS (-Infinity: digital
 * silence). A pause is a run of at least 200 ms of frames each more than 30 dB below the median level of
 * the speech frames (frames within 20 dB of the loudest), not counting the run's first and last 60 ms
 * (the decay of the sound before it and the onset after it).
 */
export function pauseNoiseDb(samples: Float32Array, rate: number): { loudestDb: number; pauses: number } {
  const levels = frameLevels(samples, rate);
  const loudest = Math.max(...levels);
  const speech = levels.filter((l) => l > loudest - 20).sort((a, b) => a - b);
  const threshold = speech[Math.floor(speech.length / 2)]! - 30;
  let loudestDb = -Infinity,
    pauses = 0;
  for (let i = 0; i < levels.length;) {
    if (levels[i]! >= threshold) {
      i++;
      continue;
    }
    let j = i;
    while (j < levels.length && levels[j]! < threshold) j++;
    if (j - i >= 10 && i > 0 && j < levels.length) {
      pauses++;
      for (let k = i + 3; k < j - 3; k++) loudestDb = Math.max(loudestDb, levels[k]!);
    }
    i = j;
  }
  return { loudestDb, pauses };
}

/** Reads a 16-bit PCM mono WAV (the ALSA fixtures). */
export function readWav16(bytes: Uint8Array): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12,
    sampleRate = 0;
  while (at + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") sampleRate = view.getUint32(at + 12, true);
    if (id === "data") {
      const n = Math.floor(Math.min(size, bytes.length - at - 8) / 2);
      const samples = new Float32Array(n);
      for (let i = 0; i < n; i++) samples[i] = view.getInt16(at + 8 + 2 * i, true) / 32768;
      return { samples, sampleRate };
    }
    at += 8 + size + (size & 1);
  }
  throw new Error("no data chunk");
}
