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
  | { kind: "made"; blob: Blob; url: string; poster: Blob; mp4: string | null }
  | { kind: "uploading"; blob: Blob; url: string; poster: Blob; mp4: string | null }
  | { kind: "failed"; message: string };

/** The container the recorder writes (the api takes WebM with VP8/VP9/AV1 and Opus). */
function videoType() {
  if (typeof MediaRecorder === "undefined" || typeof HTMLCanvasElement.prototype.captureStream !== "function") return "";
  for (const type of ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

/**
 * MP4 as most phones and editors take it, H.264 video and AAC audio, where this browser's MediaRecorder writes it
 * (Chromium 126+, Safari): "" elsewhere. Recorded beside the WebM and offered as a download only: the api keeps WebM.
 */
function mp4Type() {
  if (typeof MediaRecorder === "undefined") return "";
  for (const type of ["video/mp4;codecs=avc1.42E01F,mp4a.40.2", "video/mp4;codecs=avc1,mp4a.40.2", "video/mp4;codecs=avc1,mp4a"])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

/** A keyframe each second (Chromium 128+; others ignore it): a player seeking a short starts decoding near the spot. */
const RECORDER_OPTIONS = { videoBitsPerSecond: 1_500_000, videoKeyFrameIntervalDuration: 1000 };

/** The recording with its length and a seek index (MediaRecorder writes neither; contracts/webm.ts, loaded on use). */
async function seekableBlob(chunks: Blob[]) {
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  const { checkWebm, seekableWebm } = await import("#contracts/webm");
  const checked = checkWebm(bytes);
  // A recording the check refuses is offered as it is: the api says why when it is saved.
  const out = checked.ok ? seekableWebm(bytes, checked.info, checked.layout) : bytes;
  return new Blob([out as Uint8Array<ArrayBuffer>], { type: "video/webm" });
}

type Graph = { context: AudioContext; stream: MediaStream };

/**
 * A short's result (docs/decisions/0042): the template's background and the script's cues, timed
 * to the converted audio's length, drawn on a 9:16 canvas in step with the audio; "make" records canvas and
 * audio with MediaRecorder to WebM (real time; given its Duration and Cues here so the download seeks, and MP4 beside
 * it where the browser records H.264/AAC), offered as a download, and saved through the letter upload
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
  // Known once the page runs (the server cannot tell, and the first render must be the server's).
  const [mp4, setMp4] = useState<string | null>(null);

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
        setMp4(mp4Type());
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
    if (phase.kind === "made") {
      URL.revokeObjectURL(phase.url);
      if (phase.mp4) URL.revokeObjectURL(phase.mp4);
    }
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
      // The same frames and sound to each container this browser writes: WebM always, MP4 where it can.
      const recording = (mimeType: string) => {
        const recorder = new MediaRecorder(stream, { mimeType, ...RECORDER_OPTIONS });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
        const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
        return { recorder, chunks, stopped };
      };
      const recorders = [recording(type)];
      // An MP4 recorder the browser then refuses to make leaves the WebM short as it is.
      try {
        if (mp4) recorders.push(recording(mp4));
      } catch {
        /* WebM only */
      }
      const ended = new Promise<void>((resolve) => player.addEventListener("ended", () => resolve(), { once: true }));
      for (const r of recorders) r.recorder.start(1000);
      await playFromStart();
      await ended;
      for (const r of recorders) r.recorder.stop();
      await Promise.all(recorders.map((r) => r.stopped));
      for (const track of stream.getVideoTracks()) track.stop();
      const blob = await seekableBlob(recorders[0]!.chunks);
      const mp4Url = recorders[1] ? URL.createObjectURL(new Blob(recorders[1].chunks, { type: "video/mp4" })) : null;
      setPhase({ kind: "made", blob, url: URL.createObjectURL(blob), poster, mp4: mp4Url });
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
      {live && mp4 !== null ? (
        <p className="text-center text-xs text-slate-600" data-testid="short-mp4" data-mp4={mp4 ? "yes" : "no"}>
          {mp4 ? t("shorts.start.result.mp4Also") : t("shorts.start.result.mp4Unsupported")}
        </p>
      ) : null}
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
          {phase.mp4 ? (
            <a
              href={phase.mp4}
              download={`short-${template.id}.mp4`}
              className="rounded-lg px-4 py-2.5 text-brand-700 ring-1 ring-slate-300"
              data-testid="short-download-mp4"
            >
              ↓ {t("shorts.start.result.downloadMp4")}
            </a>
          ) : null}
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
