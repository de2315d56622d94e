import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SHORT_SIZE, type ShortTemplate } from "#contracts/labs";
import type { ShortSample } from "./short-samples";

type State = "idle" | "loading" | "playing" | "paused" | "failed";

/**
 * One sample short on /labs/shorts (docs/decisions/0042, amendment "samples that play"): the still frame as HTML
 * (background, title, first subtitle) and the sample's audio. Without JavaScript the audio is a plain player under
 * the frame; with it, a play/pause button plays the audio and the start page's renderer (loaded on the first play)
 * draws the short on a canvas over the still frame, the cue of the moment in step with the audio.
 */
export function SampleShort({ template, sample }: { template: ShortTemplate; sample: ShortSample }) {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  const audio = useRef<HTMLAudioElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const staged = useRef<Promise<() => void> | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<State>("idle");

  useEffect(() => {
    setHydrated(true);
    return () => {
      void staged.current?.then((stop) => stop());
      staged.current = null;
    };
  }, []);

  // Another sample (or language) on the same element: the renderer starts again on the next play.
  useEffect(() => {
    void staged.current?.then((stop) => stop());
    staged.current = null;
    setState("idle");
  }, [sample.src]);

  const toggle = async () => {
    const player = audio.current;
    if (!player || !canvas.current) return;
    if (!player.paused) {
      player.pause();
      return;
    }
    // One sample at a time.
    for (const other of document.querySelectorAll<HTMLAudioElement>("audio[data-sample-audio]")) if (other !== player) other.pause();
    try {
      if (!staged.current) {
        setState("loading");
        const canvasEl = canvas.current;
        staged.current = import("./sample-stage").then(({ stageSample }) => stageSample(canvasEl, player, template, lang, sample.seconds));
        await staged.current;
      }
      if (player.ended) player.currentTime = 0;
      await player.play();
    } catch {
      staged.current = null;
      setState("failed");
    }
  };

  const title = template.title[lang];
  return (
    <figure data-testid="sample-short" data-state={state}>
      <div className="relative aspect-[9/16] overflow-hidden rounded-2xl ring-1 ring-white/10">
        <img
          src={template.background}
          alt={t("shorts.sampleAlt", { name: title })}
          width={270}
          height={480}
          loading="lazy"
          className="size-full object-cover"
        />
        <p className="absolute inset-x-0 top-[5%] text-center text-[0.65rem] font-bold [text-shadow:0_1px_3px_#000] sm:text-xs">{title}</p>
        <p
          className="absolute inset-x-[6%] top-[66%] rounded-lg px-2 py-1.5 text-center text-xs font-extrabold [text-shadow:0_0_3px_#0f172a,0_0_3px_#0f172a] sm:text-base"
          style={{ backgroundColor: `${template.accent}d0` }}
        >
          {template.cues[0]![lang]}
        </p>
        {/* The renderer's canvas: shown once the sample has been played (it keeps the last frame when paused). */}
        <canvas
          ref={canvas}
          width={SHORT_SIZE.width}
          height={SHORT_SIZE.height}
          className={`absolute inset-0 size-full ${state === "idle" || state === "loading" || state === "failed" ? "invisible" : ""}`}
          role="img"
          aria-label={t("shorts.sampleAlt", { name: title })}
          data-testid="sample-canvas"
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => void toggle()}
            className="absolute bottom-2 right-2 grid size-11 place-items-center rounded-full bg-black/60 text-lg text-white ring-1 ring-white/40 hover:bg-black/80"
            aria-label={state === "playing" ? t("shorts.samplePause", { name: title }) : t("shorts.samplePlay", { name: title })}
            data-testid="sample-play"
          >
            <span aria-hidden="true">{state === "playing" ? "❚❚" : "▶"}</span>
          </button>
        ) : null}
      </div>
      <figcaption className="mt-2 text-sm">
        <span className="font-semibold">{title}</span>{" "}
        <span className="whitespace-nowrap text-white/60">· {t("shorts.sampleLength", { seconds: template.seconds })}</span>
        {state === "failed" ? <span className="block text-xs text-red-300">{t("shorts.sampleFailed")}</span> : null}
      </figcaption>
      {/* The sample's voice: a plain player without JavaScript; with it, the button above plays it. */}
      <audio
        ref={audio}
        src={sample.src}
        preload="none"
        controls={!hydrated}
        className={hydrated ? "hidden" : "mt-2 w-full"}
        data-sample-audio=""
        data-testid="sample-audio"
        onPlay={() => setState("playing")}
        onPause={() => setState((s) => (s === "playing" ? "paused" : s))}
      >
        {t("shorts.sampleNoAudio")}
      </audio>
    </figure>
  );
}
