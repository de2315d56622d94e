import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Stage } from "./media-stage";

/** `static`: the server's render and a page without JavaScript (the effect that loads the stage never ran). */
type State = "static" | "loading" | "ready" | "playing" | "nowebgl" | "error";

/**
 * Avatar talk's result: the avatar speaking the converted audio on a simple stage, with
 * play/pause. three and three-vrm come with `avatar-stage.client.ts`, imported here only when the
 * stage mounts in the browser. Without JavaScript or WebGL the page says what it needs and the plain
 * audio player (rendered on the server) stays.
 */
export function AvatarStage({
  avatarUrl,
  audioUrl,
  onStage,
}: {
  avatarUrl: string;
  audioUrl: string;
  onStage?: (stage: Stage | null) => void;
}) {
  const { t } = useTranslation("labs");
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<Stage | null>(null);
  const [state, setState] = useState<State>("static");

  useEffect(() => {
    let cancelled = false;
    setState("loading");
    import("./avatar-stage.client")
      .then(({ createStage }) => createStage(canvas.current!, avatarUrl, audioUrl))
      .then(
        (made) => {
          if (cancelled) return made.dispose();
          stage.current = made;
          made.audio.addEventListener("play", () => setState("playing"));
          made.audio.addEventListener("pause", () => setState("ready"));
          made.audio.addEventListener("ended", () => setState("ready"));
          setState("ready");
          onStage?.(made);
        },
        (err: unknown) => {
          if (cancelled) return;
          console.warn("avatar stage", err);
          setState(err instanceof Error && err.message === "webgl" ? "nowebgl" : "error");
        },
      );
    return () => {
      cancelled = true;
      stage.current?.dispose();
      stage.current = null;
      onStage?.(null);
    };
    // onStage is a callback of the parent; the stage is made again only for another avatar or audio.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [avatarUrl, audioUrl]);

  const live = state === "ready" || state === "playing";
  return (
    <div className="space-y-3" data-testid="avatar-stage" data-state={state}>
      <div className="relative mx-auto aspect-square w-full max-w-md overflow-hidden rounded-2xl bg-indigo-50 ring-1 ring-slate-200">
        <canvas ref={canvas} className="block size-full" aria-label={t("avatar.stage.canvas")} role="img" data-testid="avatar-canvas" />
        {state === "loading" ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-slate-600" aria-live="polite">
            {t("avatar.stage.loading")}
          </p>
        ) : null}
        {state === "nowebgl" || state === "error" ? (
          <p
            className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-slate-700"
            role="status"
            data-testid="stage-unavailable"
          >
            {t(state === "nowebgl" ? "avatar.stage.noWebgl" : "avatar.stage.failed")}
          </p>
        ) : null}
        {state === "static" ? (
          <p className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-slate-700" data-testid="stage-needs">
            {t("avatar.stage.noScript")}
          </p>
        ) : null}
      </div>
      {live ? (
        <div className="flex justify-center">
          <button
            type="button"
            className="rounded-lg bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white"
            data-testid="stage-play"
            onClick={() => (state === "playing" ? stage.current?.pause() : void stage.current?.play())}
          >
            {state === "playing" ? `❚❚ ${t("avatar.stage.pause")}` : `▶ ${t("avatar.stage.play")}`}
          </button>
        </div>
      ) : null}
      {/* The converted audio as a plain player: without JavaScript, without WebGL, or while the stage loads. */}
      {live ? null : <audio controls preload="none" src={audioUrl} className="w-full" data-testid="plain-audio" />}
    </div>
  );
}
