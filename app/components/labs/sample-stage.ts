import { cueAt, type ShortTemplate } from "#contracts/labs";
import { drawShortFrame } from "./short-frame";

/** What tests read (tests/e2e/shorts.spec.ts): the subtitle drawn on the canvas now ("" between cues). */
declare global {
  interface Window {
    __shortsCue?: string;
  }
}

/** The backgrounds decoded once per page (the same SVG as the still frame's <img>, so usually cached). */
const backgrounds = new Map<string, Promise<HTMLImageElement>>();
function background(src: string) {
  let image = backgrounds.get(src);
  if (!image) {
    const img = new Image();
    img.src = src;
    image = img.decode().then(() => img);
    backgrounds.set(src, image);
  }
  return image;
}

/**
 * A sample short on /labs/shorts (docs/decisions/0042, amendment "samples that play"): the start page's renderer
 * (`drawShortFrame`: background, title, the cue of the moment) drawn on `canvas` in step with `audio`, the cues
 * scaled to the sample's length. Loaded only when a sample is played. Draws every frame while the audio plays and
 * once more when it pauses or ends; the returned function stops it.
 */
export async function stageSample(
  canvas: HTMLCanvasElement,
  audio: HTMLAudioElement,
  template: ShortTemplate,
  lang: "ko" | "en",
  seconds: number,
) {
  const image = await background(template.background);
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas 2d");
  let frame = 0;
  const draw = () => {
    const cue = audio.ended ? null : cueAt(template, audio.currentTime, seconds);
    drawShortFrame(ctx, image, template, cue, lang);
    window.__shortsCue = cue ? cue[lang] : "";
  };
  const loop = () => {
    draw();
    frame = requestAnimationFrame(loop);
  };
  const start = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(loop);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    draw();
  };
  audio.addEventListener("play", start);
  audio.addEventListener("pause", stop);
  audio.addEventListener("ended", stop);
  audio.addEventListener("seeked", draw);
  if (audio.paused) draw();
  else start();
  return () => {
    cancelAnimationFrame(frame);
    audio.removeEventListener("play", start);
    audio.removeEventListener("pause", stop);
    audio.removeEventListener("ended", stop);
    audio.removeEventListener("seeked", draw);
  };
}
