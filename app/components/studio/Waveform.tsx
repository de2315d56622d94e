import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * An audio player with a waveform (wavesurfer.js). The server renders the browser's own player, so
 * it plays without JavaScript; once the player scrolls into view, the file is fetched once and
 * wavesurfer (loaded on demand, not in the page's bundle) draws the waveform over the same <audio>
 * element, and play, pause and seeking go through it. If the audio cannot be fetched or decoded, the native player stays.
 * A playlist (components/studio/Batch.tsx) reaches that one <audio> element through `mediaRef`, `onPlay` and `onEnded`.
 */
export function Waveform({
  src,
  label,
  testId,
  height = 48,
  audioTestId,
  mediaRef,
  onPlay,
  onEnded,
}: {
  src: string;
  label: string;
  testId?: string;
  height?: number;
  /** A test id on the <audio> element itself. */
  audioTestId?: string;
  /** The <audio> element (the same one before and after the waveform takes over). */
  mediaRef?: (el: HTMLAudioElement | null) => void;
  onPlay?: () => void;
  onEnded?: () => void;
}) {
  const { t } = useTranslation("studio");
  const audio = useRef<HTMLAudioElement | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ at: 0, total: 0 });

  useEffect(() => {
    const media = audio.current;
    const box = container.current;
    const outer = root.current;
    if (!media || !box || !outer || typeof IntersectionObserver === "undefined") return;
    let destroyed = false;
    let cleanup: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // One download for both the waveform and playback: the file (a project's join is built on
        // every request) is fetched once and handed to wavesurfer and the player as a blob URL.
        void Promise.all([
          import("wavesurfer.js"),
          // The api client comes with wavesurfer (not in the first load of a page whose player is its first content).
          import("~/lib/api-client")
            .then(({ apiClient }) => apiClient.apiFetch(src))
            .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status))))),
        ]).then(
          ([{ default: WaveSurfer }, blob]) => {
            if (destroyed) return;
            const url = URL.createObjectURL(blob);
            // Played before wavesurfer took over (a key, the native control), up to the moment it puts its copy in
            // place of the source: that stops the element without a pause event, and it plays on from the copy as soon
            // as the copy starts loading, unless the member paused it meanwhile. The wish is followed through the
            // element's own play and pause events, so a play between here and the swap counts too. (Waiting for
            // "canplay" left it stopped now and then: with preload="none" a stopped element need not get that far.)
            let wanted = !media.paused;
            const onPlay = () => (wanted = true);
            const onPause = () => (wanted = false);
            const onLoadStart = () => {
              if (!media.src.startsWith("blob:")) return;
              media.removeEventListener("play", onPlay);
              media.removeEventListener("pause", onPause);
              media.removeEventListener("loadstart", onLoadStart);
              if (wanted) void media.play().catch(() => undefined);
            };
            media.addEventListener("play", onPlay);
            media.addEventListener("pause", onPause);
            media.addEventListener("loadstart", onLoadStart);
            const ws = WaveSurfer.create({
              container: box,
              media,
              url,
              height,
              waveColor: "#cbd5e1",
              progressColor: "#6d28d9",
              cursorColor: "#4c1d95",
              barWidth: 2,
              barGap: 1,
              barRadius: 2,
              dragToSeek: true,
              mediaControls: false,
            });
            ws.on("ready", (total) => {
              setTime({ at: 0, total });
              setEnhanced(true);
            });
            ws.on("error", () => setEnhanced(false));
            ws.on("timeupdate", (at) => setTime((s) => ({ ...s, at })));
            ws.on("play", () => setPlaying(true));
            ws.on("pause", () => setPlaying(false));
            ws.on("finish", () => setPlaying(false));
            cleanup = () => {
              ws.destroy();
              URL.revokeObjectURL(url);
            };
          },
          () => setEnhanced(false),
        );
      },
      { rootMargin: "200px" },
    );
    // The waveform box is hidden until ready (wavesurfer redraws when it gets its size).
    observer.observe(outer);
    return () => {
      destroyed = true;
      observer.disconnect();
      cleanup?.();
    };
  }, [src, height]);

  const toggle = () => {
    const media = audio.current;
    if (!media) return;
    if (media.paused) void media.play();
    else media.pause();
  };

  return (
    <div ref={root} className="flex min-w-0 flex-1 items-center gap-2" data-testid={testId} data-enhanced={enhanced ? "true" : "false"}>
      {enhanced ? (
        <button
          type="button"
          onClick={toggle}
          aria-label={t(playing ? "player.pause" : "player.play")}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-white"
        >
          <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        </button>
      ) : null}
      <div ref={container} className={enhanced ? "min-w-24 flex-1" : "hidden"} aria-hidden="true" />
      {enhanced ? (
        <span className="shrink-0 font-mono text-xs tabular-nums text-slate-500">
          {clock(time.at)} / {clock(time.total)}
        </span>
      ) : null}
      {/* The player itself: controls until the waveform takes over (and wavesurfer loads it). */}
      <audio
        ref={(el) => {
          audio.current = el;
          mediaRef?.(el);
        }}
        data-testid={audioTestId}
        onPlay={onPlay}
        onEnded={onEnded}
        controls={!enhanced}
        preload="none"
        src={src}
        onError={(e) => {
          const failed = e.currentTarget;
          void import("~/lib/api-client").then(({ apiClient }) => apiClient.mediaFailed(src, failed));
        }}
        aria-label={label}
        className={enhanced ? "hidden" : "h-9 max-w-full"}
      />
    </div>
  );
}

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
