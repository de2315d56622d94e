import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clock, useDuration } from "./Sts";
import { RecorderDialog as Dialog } from "./on-use";
import type { MicError as SessionError, StopReason } from "./recording";

type RecorderState =
  { kind: "idle" } | { kind: "recording"; seconds: number } | { kind: "limit"; blob: Blob } | { kind: "done"; blob: Blob; url: string };
type MicError = SessionError | "unsupported";

/**
 * Recording in the browser (STS step 1): MediaRecorder with a live input level and a timer that stops
 * at the remaining conversion time (`maxSeconds`) and then asks the spec's question, save up to here
 * or record again. A denied microphone is explained. `onRecorded` gets the file to upload.
 */
export function Recorder({
  maxSeconds,
  onRecorded,
  busy,
  onProgress,
}: {
  maxSeconds: number;
  onRecorded: (file: File) => void;
  busy: boolean;
  /** The seconds recorded so far while recording, null when it stops (the shorts' teleprompter follows it). */
  onProgress?: (seconds: number | null) => void;
}) {
  const { t, i18n } = useTranslation("studio");
  const duration = useDuration();
  const [state, setState] = useState<RecorderState>({ kind: "idle" });
  const [level, setLevel] = useState(0);
  /** The loudest level of this recording so far (a quick check that the microphone hears anything). */
  const [peak, setPeak] = useState(0);
  const [error, setError] = useState<MicError | null>(null);
  // Unknown until the page is hydrated: before that the button could not start anything.
  const [supported, setSupported] = useState<boolean | null>(null);
  const session = useRef<{ stop: (reason: StopReason) => void } | null>(null);

  useEffect(() => {
    setSupported(typeof MediaRecorder !== "undefined" && !!navigator.mediaDevices?.getUserMedia);
    return () => session.current?.stop("user");
  }, []);

  const fileOf = (blob: Blob) => {
    const ext = blob.type.includes("mp4") ? "m4a" : blob.type.includes("ogg") ? "ogg" : "webm";
    const stamp = new Intl.DateTimeFormat(i18n.language === "ko" ? "ko-KR" : "en-US", { dateStyle: "short", timeStyle: "medium" })
      .format(new Date())
      .replace(/[/:]/g, "-");
    return new File([blob], `${t("sts.record.fileName", { date: stamp })}.${ext}`, { type: blob.type });
  };

  async function start() {
    setError(null);
    // Made within the click, before any await: a context made later may start suspended (autoplay rules).
    const context = new AudioContext();
    const { startRecording } = await import("./recording");
    setPeak(0);
    const started = await startRecording(context, {
      maxSeconds,
      onFrame: (now, seconds) => {
        setLevel(now);
        setPeak((p) => Math.max(p, now));
        setState({ kind: "recording", seconds });
        onProgress?.(seconds);
      },
      onStopped: (blob, reason) => {
        session.current = null;
        onProgress?.(null);
        setLevel(0);
        setState(reason === "limit" ? { kind: "limit", blob } : { kind: "done", blob, url: URL.createObjectURL(blob) });
      },
    });
    if (typeof started === "string") setError(started);
    else session.current = started;
  }

  const reset = () => {
    if (state.kind === "done") URL.revokeObjectURL(state.url);
    setState({ kind: "idle" });
  };

  if (supported === false) return <p className="text-sm text-slate-600">{t("sts.record.unsupported")}</p>;
  // Why the button cannot be pressed: said next to it and tied to it for screen readers.
  // Before hydration the page's <noscript> note says it (recording needs JavaScript); with JavaScript that moment is brief.
  const disabledWhy = maxSeconds <= 0 ? "disabledNoTime" : busy ? "disabledBusy" : null;
  return (
    <div data-testid="recorder" data-state={state.kind}>
      {state.kind === "idle" ? (
        <>
          <button
            type="button"
            onClick={start}
            disabled={disabledWhy !== null || !supported}
            aria-describedby={disabledWhy ? "record-disabled-why" : undefined}
            className="rounded-lg bg-red-600 px-4 py-2.5 text-sm font-semibold text-white disabled:opacity-50"
          >
            ● {t("sts.record.start")}
          </button>
          {disabledWhy ? (
            <p id="record-disabled-why" className="mt-2 text-sm text-slate-600" data-testid="record-disabled-why">
              {t(`sts.record.${disabledWhy}`)}
            </p>
          ) : null}
        </>
      ) : null}
      {state.kind === "recording" ? (
        <div className="space-y-2">
          <p className="flex items-center gap-2 text-sm font-medium">
            <span className="size-2.5 animate-pulse rounded-full bg-red-600" aria-hidden />
            {t("sts.record.recording")}{" "}
            <span data-testid="record-timer" className="tabular-nums">
              {t("sts.record.timer", { at: clock(state.seconds), max: clock(maxSeconds) })}
            </span>
          </p>
          <meter
            min={0}
            max={1}
            value={level}
            aria-label={t("sts.record.level")}
            className="h-2 w-full"
            data-testid="record-level"
            data-level={level.toFixed(2)}
            data-peak={peak.toFixed(2)}
          />
          <button
            type="button"
            onClick={() => session.current?.stop("user")}
            className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white"
          >
            ■ {t("sts.record.stop")}
          </button>
        </div>
      ) : null}
      {state.kind === "done" ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">{t("sts.record.preview")}</p>
          <audio controls src={state.url} className="w-full" data-testid="record-preview" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => onRecorded(fileOf(state.blob))}
              className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white disabled:opacity-50"
            >
              {t("sts.record.use")}
            </button>
            <button type="button" onClick={reset} className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300">
              {t("sts.record.again")}
            </button>
          </div>
        </div>
      ) : null}
      {state.kind === "limit" ? (
        <Dialog title={t("sts.record.limitTitle")} testId="record-limit-dialog">
          <p>{t("sts.record.limitText", { max: duration(maxSeconds) })}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-3 text-sm font-semibold">
            <button type="button" onClick={reset} className="rounded-lg px-4 py-2 ring-1 ring-slate-300">
              {t("sts.record.again")}
            </button>
            <button type="button" onClick={() => onRecorded(fileOf(state.blob))} className="rounded-lg bg-brand-600 px-4 py-2 text-white">
              {t("sts.record.saveHere")}
            </button>
          </div>
        </Dialog>
      ) : null}
      {error ? (
        <Dialog title={t("sts.record.permissionTitle")} testId="mic-error" role="alertdialog" onDismiss={() => setError(null)}>
          <p>{t(`sts.record.${error}`)}</p>
          <div className="mt-5 flex justify-end text-sm font-semibold">
            <button type="button" onClick={() => setError(null)} className="rounded-lg px-4 py-2 ring-1 ring-slate-300">
              {t("sts.record.close")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
