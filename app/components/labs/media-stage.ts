/**
 * What the labs' two stages share (the avatar's, avatar-stage.client.ts, and the still letter's,
 * still-stage.client.ts; docs/decisions/0041 and 0047): the stage's own audio element through a Web Audio
 * analyser to the speakers and to a stream for recording, a frame loop that counts its frames, and the `Stage` the
 * pages hold (play, pause, poster, capture, stats, dispose). Each stage brings only its drawing. No three here.
 */

export type StageStats = { firstFrameMs: number; frames: number; fps: number };
export type Stage = {
  /** The stage's own audio element (one Web Audio source per element, so the stage makes it). */
  audio: HTMLAudioElement;
  /** Starts the audio (and the lip-sync): resumes the audio context first (a user gesture calls this). */
  play(): Promise<void>;
  pause(): void;
  /** The canvas as a still picture (a data URL): the poster frame. */
  poster(): string;
  /** The canvas's video and the audio's stream, for a video letter (MediaRecorder). */
  captureStream(fps: number): MediaStream;
  stats(): StageStats;
  dispose(): void;
};

/** The stage's audio element for `url`, loading at once. */
export function stageAudio(url: string) {
  const audio = new Audio();
  audio.preload = "auto";
  audio.src = url;
  return audio;
}

export type AudioGraph = { context: AudioContext; analyser: AnalyserNode; toStream: MediaStreamAudioDestinationNode };

/** element -> analyser -> speakers, and the element -> a stream destination for the recording. */
export function audioGraph(audio: HTMLAudioElement, options: { fftSize: number; smoothing: number }): AudioGraph {
  const context = new AudioContext();
  const sourceNode = context.createMediaElementSource(audio);
  const analyser = context.createAnalyser();
  analyser.fftSize = options.fftSize;
  analyser.smoothingTimeConstant = options.smoothing;
  const toStream = context.createMediaStreamDestination();
  sourceNode.connect(analyser);
  analyser.connect(context.destination);
  sourceNode.connect(toStream);
  return { context, analyser, toStream };
}

/**
 * Runs `draw` every animation frame from now (the first at once), counting frames (the first frame's time since
 * `started`, frames per second over each second), then `report`s the counts; answers the `Stage` over it all.
 * `dispose` stops the loop and the audio, closes the audio context, then runs the stage's own `release`.
 */
export function runStage(parts: {
  canvas: HTMLCanvasElement;
  audio: HTMLAudioElement;
  graph: AudioGraph;
  started: number;
  draw: () => void;
  report: (stats: StageStats) => void;
  poster: { type: "image/png" } | { type: "image/jpeg"; quality: number };
  release?: () => void;
}): Stage {
  const { canvas, audio, graph } = parts;
  let frames = 0;
  let firstFrameMs = 0;
  let fpsFrames = 0;
  let fpsSince = performance.now();
  let fps = 0;
  let raf = 0;
  const stats = () => ({ firstFrameMs, frames, fps });
  const frame = () => {
    raf = requestAnimationFrame(frame);
    parts.draw();
    frames++;
    fpsFrames++;
    if (frames === 1) firstFrameMs = performance.now() - parts.started;
    const now = performance.now();
    if (now - fpsSince >= 1000) {
      fps = (fpsFrames * 1000) / (now - fpsSince);
      fpsFrames = 0;
      fpsSince = now;
    }
    parts.report(stats());
  };
  frame();

  return {
    audio,
    async play() {
      await graph.context.resume();
      await audio.play();
    },
    pause() {
      audio.pause();
    },
    poster() {
      return parts.poster.type === "image/jpeg" ? canvas.toDataURL("image/jpeg", parts.poster.quality) : canvas.toDataURL("image/png");
    },
    captureStream(rate: number) {
      const stream = canvas.captureStream(rate);
      for (const track of graph.toStream.stream.getAudioTracks()) stream.addTrack(track);
      return stream;
    },
    stats,
    dispose() {
      cancelAnimationFrame(raf);
      audio.pause();
      void graph.context.close();
      parts.release?.();
    },
  };
}
