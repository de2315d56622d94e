import { STILL_CANVAS } from "../../../contracts/letters";
import type { Stage } from "./avatar-stage.client";

/**
 * A still letter's stage (issue 20, docs/decisions/0047): a still image drawn on a 2D canvas with the audio's
 * level (the picture breathes with the voice, level bars along the bottom), and the same `Stage` as the avatar
 * stage, so one `MakeVideoLetter` records either. Loaded with `import()` only when a result offers a letter.
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
  const audio = new Audio();
  audio.preload = "auto";
  audio.src = audioUrl;

  // element -> analyser -> speakers, and a stream destination for the recording.
  const context = new AudioContext();
  const sourceNode = context.createMediaElementSource(audio);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  analyser.smoothingTimeConstant = 0.5;
  const toStream = context.createMediaStreamDestination();
  sourceNode.connect(analyser);
  analyser.connect(context.destination);
  sourceNode.connect(toStream);
  const wave = new Float32Array(analyser.fftSize);
  const spectrum = new Uint8Array(analyser.frequencyBinCount);

  const { width: W, height: H } = canvas;
  // The picture covers the canvas (cropped to it, centred).
  const cover = Math.max(W / picture.width, H / picture.height);
  let level = 0;
  let frames = 0;
  let firstFrameMs = 0;
  let fpsFrames = 0;
  let fpsSince = performance.now();
  let fps = 0;
  let raf = 0;

  const frame = () => {
    raf = requestAnimationFrame(frame);
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

    frames++;
    fpsFrames++;
    if (frames === 1) firstFrameMs = performance.now() - started;
    const now = performance.now();
    if (now - fpsSince >= 1000) {
      fps = (fpsFrames * 1000) / (now - fpsSince);
      fpsFrames = 0;
      fpsSince = now;
    }
    window.__letterLevel = level;
    window.__letterFrames = frames;
  };
  frame();

  return {
    audio,
    async play() {
      await context.resume();
      await audio.play();
    },
    pause() {
      audio.pause();
    },
    // JPEG: a photo's frame as PNG could pass the poster's 1 MB (contracts/labs.ts VIDEO_LIMITS).
    poster() {
      return canvas.toDataURL("image/jpeg", 0.85);
    },
    captureStream(rate: number) {
      const stream = canvas.captureStream(rate);
      for (const track of toStream.stream.getAudioTracks()) stream.addTrack(track);
      return stream;
    },
    stats() {
      return { firstFrameMs, frames, fps };
    },
    dispose() {
      cancelAnimationFrame(raf);
      audio.pause();
      void context.close();
    },
  };
}
