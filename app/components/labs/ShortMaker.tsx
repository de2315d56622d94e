import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cueAt, SHORT_SIZE, type ShortTemplate } from "#contracts/labs";
import { drawShortFrame } from "./short-frame";
import { apiClient } from "~/lib/api-client";

/** What tests read (tests/e2e/shorts.spec.ts): the subtitle drawn on the canvas now ("" between cues). */
declare global {
  interface Window {
    __shortsCue?: string;
  }
}

type Phase =
  | { kind: "static" }
  | { kind: "unsupported" }
  | { kind: "ready" }
  | { kind: "previewing" }
  | { kind: "making" }
  | { kind: "made"; blob: Blob; url: string; poster: Blob }
  | { kind: "uploading"; blob: Blob; url: string; poster: Blob }
  | { kind: "failed"; message: string };

/** The container the recorder writes (the api takes WebM with VP8/VP9/AV1 and Opus). */
function videoType() {
  if (typeof MediaRecorder === "undefined" || typeof HTMLCanvasElement.prototype.captureStream !== "function") return "";
  for (const type of ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

type Graph = { context: AudioContext; stream: MediaStream };

/**
 * A short's result (docs/decisions/0042): the template's background and the script's cues, timed
 * to the converted audio's length, drawn on a 9:16 canvas in step with the audio; "make" records canvas and
 * audio with MediaRecorder to WebM (real time), offered as a download, and saved through the letter upload
 * (`/studio/inferences/:id/video` with the template id) so it can be shared. Without JavaScript the server's
 * render says the video needs it, and the plain audio player stays.
 */
export function ShortMaker({
  template,
  inferenceId,
  audioUrl,
  seconds,
}: {
  template: ShortTemplate;
  inferenceId: string;
  audioUrl: string;
  seconds: number;
}) {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  const { revalidate } = useRevalidator();
  const canvas = useRef<HTMLCanvasElement>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const background = useRef<HTMLImageElement | null>(null);
  const graph = useRef<Graph | null>(null);
  const frame = useRef(0);
  const [phase, setPhase] = useState<Phase>({ kind: "static" });

  const draw = () => {
    const ctx = canvas.current?.getContext("2d");
    if (!ctx || !background.current) return;
    const cue = cueAt(template, audio.current?.currentTime ?? 0, seconds);
    drawShortFrame(ctx, background.current, template, cue, lang);
    window.__shortsCue = cue ? cue[lang] : "";
  };
  const loop = () => {
    draw();
    frame.current = requestAnimationFrame(loop);
  };

  useEffect(() => {
    let cancelled = false;
    const player = new Audio();
    player.preload = "auto";
    player.src = audioUrl;
    audio.current = player;
    const image = new Image();
    image.src = template.background;
    image
      .decode()
      .then(() => {
        if (cancelled) return;
        background.current = image;
        draw();
        setPhase(videoType() ? { kind: "ready" } : { kind: "unsupported" });
      })
      .catch((err: unknown) => !cancelled && setPhase({ kind: "failed", message: String(err) }));
    const stop = () => {
      cancelAnimationFrame(frame.current);
      draw();
    };
    player.addEventListener("pause", stop);
    player.addEventListener("ended", stop);
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame.current);
      player.pause();
      void graph.current?.context.close().catch(() => {});
      graph.current = null;
    };
    // The short is drawn again only for another template, audio or language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template.id, audioUrl, lang]);

  /** The audio through Web Audio (made within a click: autoplay rules), to the speakers and to a stream for the recorder. */
  const audioGraph = () => {
    if (!graph.current && audio.current) {
      const context = new AudioContext();
      const source = context.createMediaElementSource(audio.current);
      const out = context.createMediaStreamDestination();
      source.connect(context.destination);
      source.connect(out);
      graph.current = { context, stream: out.stream };
    }
    return graph.current!;
  };

  const playFromStart = async () => {
    const player = audio.current!;
    const { context } = audioGraph();
    if (context.state === "suspended") await context.resume();
    player.pause();
    player.currentTime = 0;
    await player.play();
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(loop);
  };

  const preview = async () => {
    if (phase.kind === "previewing") {
      audio.current?.pause();
      setPhase({ kind: "ready" });
      return;
    }
    setPhase({ kind: "previewing" });
    // Back to ready at the end, unless a recording has started since.
    audio.current?.addEventListener("ended", () => setPhase((p) => (p.kind === "previewing" ? { kind: "ready" } : p)), { once: true });
    await playFromStart().catch((err: unknown) => setPhase({ kind: "failed", message: String(err) }));
  };

  const make = async () => {
    const type = videoType();
    if (!type || !canvas.current || !audio.current) return;
    if (phase.kind === "made") URL.revokeObjectURL(phase.url);
    setPhase({ kind: "making" });
    try {
      const player = audio.current;
      player.pause();
      player.currentTime = 0;
      draw();
      const poster = await new Promise<Blob>((resolve, reject) =>
        canvas.current!.toBlob((b) => (b ? resolve(b) : reject(new Error("poster"))), "image/png"),
      );
      const stream = canvas.current.captureStream(30);
      for (const track of audioGraph().stream.getAudioTracks()) stream.addTrack(track);
      const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 1_500_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
      const ended = new Promise<void>((resolve) => player.addEventListener("ended", () => resolve(), { once: true }));
      recorder.start(1000);
      await playFromStart();
      await ended;
      recorder.stop();
      await stopped;
      for (const track of stream.getVideoTracks()) track.stop();
      const blob = new Blob(chunks, { type: "video/webm" });
      setPhase({ kind: "made", blob, url: URL.createObjectURL(blob), poster });
    } catch (err) {
      setPhase({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  };

  const save = async () => {
    if (phase.kind !== "made") return;
    setPhase({ ...phase, kind: "uploading" });
    try {
      const form = new FormData();
      form.set("file", new File([phase.blob], "short.webm", { type: "video/webm" }));
      form.set("poster", new File([phase.poster], "poster.png", { type: "image/png" }));
      form.set("template", template.id);
      const res = await apiClient.apiFetch(`/api/v1/studio/inferences/${encodeURIComponent(inferenceId)}/video`, {
        method: "POST",
        body: form,
        headers: { lang: lang === "en" ? "en" : "kr" },
      });
      const answer = (await res.json()) as { success: boolean; message: string };
      if (!answer.success) throw new Error(answer.message);
      setPhase({ ...phase, kind: "made" });
      revalidate();
    } catch (err) {
      setPhase({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  };

  const busy = phase.kind === "making" || phase.kind === "uploading";
  const live = phase.kind !== "static" && phase.kind !== "unsupported";
  return (
    <div className="space-y-3" data-testid="short-maker" data-phase={phase.kind}>
      <div className="relative mx-auto aspect-[9/16] w-full max-w-[18rem] overflow-hidden rounded-2xl bg-slate-900 ring-1 ring-slate-200">
        <canvas
          ref={canvas}
          width={SHORT_SIZE.width}
          height={SHORT_SIZE.height}
          className="block size-full"
          role="img"
          aria-label={t("shorts.start.result.canvas")}
          data-testid="short-canvas"
        />
        {phase.kind === "static" ? (
          <p
            className="absolute inset-0 grid place-items-center bg-slate-900/70 p-6 text-center text-sm text-white"
            data-testid="short-needs"
          >
            {t("shorts.start.result.noScript")}
          </p>
        ) : null}
      </div>
      {phase.kind === "unsupported" ? <p className="text-sm text-slate-600">{t("shorts.start.result.unsupported")}</p> : null}
      {live ? (
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void preview()}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
            data-testid="short-preview"
          >
            {phase.kind === "previewing" ? `❚❚ ${t("shorts.start.result.stop")}` : `▶ ${t("shorts.start.result.preview")}`}
          </button>
          <button
            type="button"
            disabled={busy || phase.kind === "previewing"}
            onClick={() => void make()}
            className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white disabled:opacity-50"
          >
            ● {t("shorts.start.result.make")}
          </button>
        </div>
      ) : null}
      <p className="text-center text-sm text-slate-600" aria-live="polite">
        {phase.kind === "making" ? t("shorts.start.result.making") : null}
        {phase.kind === "uploading" ? t("shorts.start.result.uploading") : null}
        {phase.kind === "made" ? t("shorts.start.result.made") : null}
        {phase.kind === "failed" ? (
          <span className="text-red-600">{t("shorts.start.result.failed", { message: phase.message })}</span>
        ) : null}
      </p>
      {phase.kind === "made" || phase.kind === "uploading" ? (
        <div className="flex flex-wrap justify-center gap-2 text-sm font-semibold">
          <a
            href={phase.url}
            download={`short-${template.id}.webm`}
            className="rounded-lg px-4 py-2.5 text-brand-700 ring-1 ring-slate-300"
            data-testid="short-download"
          >
            ↓ {t("shorts.start.result.download")}
          </a>
          <button
            type="button"
            disabled={phase.kind === "uploading"}
            onClick={() => void save()}
            className="rounded-lg px-4 py-2.5 ring-1 ring-slate-300 disabled:opacity-50"
          >
            {t("shorts.start.result.save")}
          </button>
        </div>
      ) : null}
      {/* The converted audio as a plain player: without JavaScript, and for listening alone. */}
      <div>
        <p className="text-xs font-semibold text-slate-600">{t("shorts.start.result.audio")}</p>
        <audio controls preload="none" src={audioUrl} className="mt-1 w-full" data-testid="plain-audio" />
      </div>
    </div>
  );
}
