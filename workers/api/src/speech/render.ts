import { emphasisRanges, segments, sentences } from "../lib/tts-text";
import { fadeEdges, normalizeLoudness, resample, silence } from "../engine/dsp";
import { OUTPUT_SAMPLE_RATE, PEAK_CEILING_DBFS, TARGET_LUFS } from "../engine/types";
import type { SpeechEngine, SynthesisRequest } from "./types";
import type { Audio } from "./wav";
import type { SpokenSentence } from "#db/schema/types";

/** Every rendered file: 24 kHz mono, -20 LUFS (engine/types.ts TARGET_LUFS), peaks at most -1 dBFS. */
export const RENDER = { sampleRate: OUTPUT_SAMPLE_RATE, lufs: TARGET_LUFS, ceilingDbfs: PEAK_CEILING_DBFS, fadeMs: 5 } as const;

/** Exactly `ms` of silence at the render rate. */
const pause = (ms: number) => silence(ms, RENDER.sampleRate);

export function concat(parts: Float32Array[]) {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The silence between two sentences spoken one by one: what the embedded engine puts between the sentences of one call
 * (measured: 294 ms beyond its edges, in Korean and English), so a passage sounds as it did when spoken whole.
 */
export const SENTENCE_PAUSE_MS = 300;

/**
 * A sentence brought to the target loudness as it will sit in the passage: measured with the pause on either side, so
 * the loudness meter's blocks that straddle a sentence's edges count as they will in the whole file (a short sentence
 * measured alone comes out about 2 LU louder than it sounds in the passage).
 */
function normalizeInContext(samples: Float32Array): Float32Array {
  const edge = Math.round((SENTENCE_PAUSE_MS / 1000) * RENDER.sampleRate);
  const padded = concat([new Float32Array(edge), samples, new Float32Array(edge)]);
  return normalizeLoudness(padded, RENDER.sampleRate, RENDER.lufs, RENDER.ceilingDbfs).slice(edge, edge + samples.length);
}

/**
 * Hears a passage in parts as it is made: consecutive stretches of the final audio (each sentence with the pause before
 * it; the trailing pause last), whose concatenation is exactly what `renderPassage` answers.
 */
export type PartListener = (part: Audio, index: number) => Promise<void> | void;

/** The words of each sentence `renderPassage` speaks of this text, in order, without their marks. */
export function sentenceTexts(text: string): string[] {
  const out: string[] = [];
  for (const piece of segments(text)) {
    if ("pauseMs" in piece) continue;
    let open = false;
    for (const sentence of sentences(piece.text)) {
      const marked = emphasisRanges(sentence, open);
      open = marked.endsOpen;
      out.push(marked.text);
    }
  }
  return out;
}

/** A rendered passage, with where each of its sentences is spoken (the subtitles' cues). */
export type RenderedPassage = Audio & { sentences: SpokenSentence[] };

/**
 * One passage as the product renders it: the text split at its pauses (line breaks, 5+ spaces) and each piece into its
 * sentences; each sentence synthesised, brought to the target loudness (peaks at most -1 dBFS) and faded; the pauses
 * inserted as exact silence (`SENTENCE_PAUSE_MS` between sentences), then `trailingPauseMs`. Sentence by sentence, so a
 * listener (`onPart`) gets the first sentence before the rest are made. Answers the audio with where each sentence is.
 */
export async function renderPassage(
  engine: SpeechEngine,
  request: SynthesisRequest,
  trailingPauseMs = 0,
  onPart?: PartListener,
): Promise<RenderedPassage> {
  const parts: Float32Array[] = [];
  const spoken: SpokenSentence[] = [];
  let at = 0;
  const ms = (samples: number) => Math.round((samples * 1000) / RENDER.sampleRate);
  const push = (samples: Float32Array) => {
    parts.push(samples);
    at += samples.length;
  };
  let published = 0;
  let count = 0;
  const publish = async () => {
    if (!onPart || published === parts.length) return;
    const part = concat(parts.slice(published));
    published = parts.length;
    await onPart({ samples: part, sampleRate: RENDER.sampleRate }, count++);
  };
  for (const piece of segments(request.text)) {
    if ("pauseMs" in piece) {
      push(pause(piece.pauseMs));
      continue;
    }
    // An emphasis mark may open in one sentence and close in a later one of the same piece.
    let open = false;
    for (const [i, sentence] of sentences(piece.text).entries()) {
      if (i > 0) push(pause(SENTENCE_PAUSE_MS));
      const marked = emphasisRanges(sentence, open);
      open = marked.endsOpen;
      const audio = await engine.synthesize({ ...request, text: marked.text, emphasis: marked.ranges });
      // Pieces the engine already brought to the targets are kept as they are (a second pass would change nothing and
      // cost about a sixth of the render, scripts/bench-engine.mjs); others are brought there sentence by sentence, so a
      // part heard early is the final audio's own stretch.
      let samples = resample(audio.samples, audio.sampleRate, RENDER.sampleRate);
      if (!(audio.normalized && audio.sampleRate === RENDER.sampleRate)) samples = normalizeInContext(samples);
      spoken.push({ startMs: ms(at), endMs: ms(at + samples.length), text: marked.text });
      push(fadeEdges(samples, RENDER.sampleRate, RENDER.fadeMs));
      await publish();
    }
  }
  if (trailingPauseMs > 0) push(pause(trailingPauseMs));
  await publish();
  return { samples: concat(parts), sampleRate: RENDER.sampleRate, sentences: spoken };
}
