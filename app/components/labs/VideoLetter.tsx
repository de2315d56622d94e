import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Stage } from "./media-stage";
import { apiClient } from "~/lib/api-client";

/**
 * A keyframe each second (Chromium 128+; others ignore it): the api indexes the letter's keyframes (its Cues), so a
 * player seeking it starts decoding near the spot.
 */
const RECORDER_OPTIONS = { videoBitsPerSecond: 1_000_000, videoKeyFrameIntervalDuration: 1000 };

type Phase = { kind: "idle" } | { kind: "recording" } | { kind: "uploading" } | { kind: "failed"; message: string };

/** The container this browser records a canvas and its sound in (the api takes WebM with VP8/VP9/AV1 and Opus). */
function letterType() {
  if (typeof MediaRecorder === "undefined") return "";
  for (const type of ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"])
    if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

/**
 * A video letter: the stage's canvas and the converted audio recorded to WebM in the browser
 * while the audio plays once from the start, with the first frame as its poster, uploaded to
 * `/api/v1/studio/inferences/:id/video` (checked by content there, and stored with its length and a seek index). The page reloads its data afterwards,
 * so the result shows the letter and its share link.
 */
export function MakeVideoLetter({ stage, inferenceId }: { stage: Stage | null; inferenceId: string }) {
  const { t, i18n } = useTranslation("labs");
  const { revalidate } = useRevalidator();
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  // Known once the page runs: the server cannot tell, and the page's first render in the browser must be the server's
  // (deciding it during render made every STS result's letter a hydration error, React #418/#422).
  // Until then (and without JavaScript, beside the letter's noscript note) the button waits, disabled.
  const [type, setType] = useState<string | null>(null);
  useEffect(() => setType(letterType()), []);

  const record = async () => {
    if (!stage || !type) return;
    setPhase({ kind: "recording" });
    try {
      const poster = dataUrlBlob(stage.poster());
      const stream = stage.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: type, ...RECORDER_OPTIONS });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
      stage.pause();
      stage.audio.currentTime = 0;
      recorder.start(1000);
      await stage.play();
      await new Promise<void>((resolve) => stage.audio.addEventListener("ended", () => resolve(), { once: true }));
      recorder.stop();
      await stopped;
      for (const track of stream.getVideoTracks()) track.stop();
      setPhase({ kind: "uploading" });
      const form = new FormData();
      form.set("file", new File(chunks, "letter.webm", { type: "video/webm" }));
      form.set("poster", new File([poster], "poster", { type: poster.type }));
      const res = await apiClient.apiFetch(`/api/v1/studio/inferences/${encodeURIComponent(inferenceId)}/video`, {
        method: "POST",
        body: form,
        headers: { lang: i18n.language === "en" ? "en" : "kr" },
      });
      const answer = (await res.json()) as { success: boolean; message: string };
      if (!answer.success) throw new Error(answer.message);
      setPhase({ kind: "idle" });
      revalidate();
    } catch (err) {
      setPhase({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
    }
  };

  if (type === "") return <p className="text-sm text-slate-600">{t("letter.unsupported")}</p>;
  return (
    <div className="space-y-2" data-testid="make-letter" data-phase={phase.kind}>
      <button
        type="button"
        disabled={!stage || !type || phase.kind === "recording" || phase.kind === "uploading"}
        onClick={() => void record()}
        className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
      >
        ● {t("letter.make")}
      </button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {phase.kind === "recording" ? t("letter.recording") : phase.kind === "uploading" ? t("letter.uploading") : null}
        {phase.kind === "failed" ? <span className="text-red-600">{t("letter.failed", { message: phase.message })}</span> : null}
      </p>
    </div>
  );
}

function dataUrlBlob(url: string) {
  const [head, body] = url.split(",");
  const bytes = Uint8Array.from(atob(body ?? ""), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: head?.match(/data:([^;]+)/)?.[1] ?? "image/png" });
}
