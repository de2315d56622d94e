import { RECORDING_STOP_MARGIN_S } from "#contracts/sts";

// A recording in the browser (loaded on the first press of the record button, docs/decisions/0050): the microphone,
// MediaRecorder, the live input level and the time limit. The button and the states around it are Recorder.tsx's.

export type MicError = "permissionDenied" | "noDevice";
export type StopReason = "user" | "limit";

/** The container type this browser records in: Opus in WebM (Chrome, Firefox) or Ogg, else MP4 (Safari). */
function recordingType() {
  for (const type of ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"]) if (MediaRecorder.isTypeSupported(type)) return type;
  return "";
}

/**
 * Starts recording with `context` (made by the caller within the click, before any await: a context made later may
 * start suspended under autoplay rules). Reports the input level (0-1, RMS from -60 to 0 dBFS) and the seconds on each
 * frame, stops by itself a little before `maxSeconds` (what the recorder adds after the stop must not round past the
 * time left; contracts/sts.ts), and gives the recording with the reason it stopped. Answers the session's `stop`, or
 * why the microphone could not be had (the context is then closed).
 */
export async function startRecording(
  context: AudioContext,
  {
    maxSeconds,
    onFrame,
    onStopped,
  }: { maxSeconds: number; onFrame: (level: number, seconds: number) => void; onStopped: (blob: Blob, reason: StopReason) => void },
): Promise<{ stop: (reason: StopReason) => void } | MicError> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (err) {
    void context.close().catch(() => {});
    const name = (err as DOMException)?.name;
    return name === "NotFoundError" || name === "OverconstrainedError" ? "noDevice" : "permissionDenied";
  }
  if (context.state === "suspended") await context.resume().catch(() => {});
  const type = recordingType();
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const buffer = new Float32Array(analyser.fftSize);
  const started = performance.now();
  let frame = 0;
  let stopReason: StopReason = "user";
  const tick = () => {
    analyser.getFloatTimeDomainData(buffer);
    let sum = 0;
    for (const v of buffer) sum += v * v;
    const db = 10 * Math.log10(sum / buffer.length + 1e-12);
    const seconds = (performance.now() - started) / 1000;
    if (seconds >= Math.max(0.5, maxSeconds - RECORDING_STOP_MARGIN_S)) {
      stop("limit");
      return;
    }
    onFrame(Math.max(0, Math.min(1, (db + 60) / 60)), seconds);
    frame = requestAnimationFrame(tick);
  };
  const stop = (reason: StopReason) => {
    stopReason = reason;
    cancelAnimationFrame(frame);
    if (recorder.state !== "inactive") recorder.stop();
    stream.getTracks().forEach((track) => track.stop());
    void context.close().catch(() => {});
  };
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  recorder.onstop = () => onStopped(new Blob(chunks, { type: recorder.mimeType || type || "audio/webm" }), stopReason);
  recorder.start(250);
  onFrame(0, 0);
  frame = requestAnimationFrame(tick);
  return { stop };
}
