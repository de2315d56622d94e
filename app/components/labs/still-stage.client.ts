import { STILL_CANVAS } from "#contracts/letters";
import { audioGraph, runStage, stageAudio, type Stage } from "./media-stage";

/**
 * A still letter's stage (docs/decisions/0047): a still image drawn on a 2D canvas with the audio's
 * level (the picture breathes with the voice, level bars along the bottom), and the same `Stage` as the avatar
 * stage (media-stage.ts), so one `MakeVideoLetter` records either. Loaded with `import()` only when a result offers a letter.
 * No three here: a 2D canvas is enough for a picture.
 */

/** What tests read (tests/e2e/letters.spec.ts): the level drawn now (0..1) and how many frames were drawn. */
declare global {
  interface Window {
    __letterLevel?: number;
    __letterFrames?: number;
  }
}

export type StillPicture = { source: CanvasImageSource; width: number; height: number };

const BARS = 24;

export async function createStillStage(canvas: HTMLCanvasElement, picture: StillPicture, audioUrl: string): Promise<Stage> {
  const started = performance.now();
  canvas.width = STILL_CANVAS.width;
  canvas.height = STILL_CANVAS.height;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("canvas");
  const audio = stageAudio(audioUrl);
  const graph = audioGraph(audio, { fftSize: 512, smoothing: 0.5 });
  const { analyser } = graph;
  const wave = new Float32Array(analyser.fftSize);
  const spectrum = new Uint8Array(analyser.frequencyBinCount);

  const { width: W, height: H } = canvas;
  // The picture covers the canvas (cropped to it, centred).
  const cover = Math.max(W / picture.width, H / picture.height);
  let level = 0;

  const draw = () => {
    analyser.getFloatTimeDomainData(wave);
    analyser.getByteFrequencyData(spectrum);
    let sum = 0;
    for (const v of wave) sum += v * v;
    const db = 10 * Math.log10(sum / wave.length + 1e-12);
    const target = audio.paused ? 0 : Math.min(1, Math.max(0, (db + 50) / 40));
    // A fast attack and a slower release, like the avatar's mouth (decision 0041).
    level += (target - level) * (target > level ? 0.5 : 0.15);

    const scale = cover * (1 + 0.06 * level);
    const w = picture.width * scale;
    const h = picture.height * scale;
    g.fillStyle = "#000";
    g.fillRect(0, 0, W, H);
    g.drawImage(picture.source, (W - w) / 2, (H - h) / 2, w, h);
    const shade = g.createLinearGradient(0, H - 170, 0, H);
    shade.addColorStop(0, "rgba(0,0,0,0)");
    shade.addColorStop(1, "rgba(0,0,0,0.55)");
    g.fillStyle = shade;
    g.fillRect(0, H - 170, W, 170);
    // Level bars: the spectrum's lower bins (speech), each scaled by the overall level.
    const bar = 12;
    const gap = 8;
    const left = (W - BARS * bar - (BARS - 1) * gap) / 2;
    g.fillStyle = "rgba(255,255,255,0.9)";
    for (let i = 0; i < BARS; i++) {
      const bin = spectrum[Math.floor((i * spectrum.length) / (BARS * 3))] ?? 0;
      const height = 6 + (bin / 255) * 90 * (0.35 + level);
      g.fillRect(left + i * (bar + gap), H - 30 - height, bar, height);
    }
  };

  return runStage({
    canvas,
    audio,
    graph,
    started,
    draw,
    report: ({ frames }) => {
      window.__letterLevel = level;
      window.__letterFrames = frames;
    },
    // JPEG: a photo's frame as PNG could pass the poster's 1 MB (contracts/labs.ts VIDEO_LIMITS).
    poster: { type: "image/jpeg", quality: 0.85 },
  });
}
