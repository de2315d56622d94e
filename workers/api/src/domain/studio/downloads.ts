import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { inferences, paragraphs, projects } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { cutCodePoints } from "../../lib/text";
import { hasSpeech } from "../../lib/tts-text";
import { convertWav, fileName, joinedStream, zipStream, type Format } from "../../speech/export";
import { RENDER, sentenceTexts } from "../../speech/render";
import { placeCues, subtitles, type Cue, type SubtitleFormat } from "../../speech/subtitles";
import type { MemberScope } from "../scope";
import { audioCurrent, projectParagraphs, type ParagraphRow } from "./paragraphs";
import { ownProjectOf } from "./projects";
import { musicBedFor } from "./music";
import { liveResult, ownResult, resultsOut } from "./results";
import { conversionName } from "./sts";

type Ready = ParagraphRow & { audioKey: string };

/** Bytes of 16-bit PCM after encodeWav's 44-byte header, from the stored size. */
const WAV_HEADER_BYTES = 44;

/** Number of a paragraph in file names: 01, 02, ... */
const ordinal = (i: number, total: number) => String(i + 1).padStart(Math.max(2, String(total).length), "0");

/** Reads a stored recording. */
const readAudio = (s: MemberScope, key: string) => async () => {
  const object = await s.env.MEDIA.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
};

/**
 * The paragraphs of a project whose audio can be downloaded: every non-empty paragraph (or every
 * chosen one) must have audio made from its current text and settings, so a download never holds
 * audio of a sentence as it was before an edit (4209 with the number of sentences to generate).
 */
async function readyParagraphs(s: MemberScope, projectId: string, chosen?: string[]): Promise<Result<Ready[]>> {
  const rows = await projectParagraphs(s.db, projectId);
  if (chosen && chosen.some((id) => !rows.some((r) => r.id === id))) return refusal(Code.NOT_FOUND);
  const wanted = rows.filter((r) => (!chosen || chosen.includes(r.id)) && hasSpeech(r.text));
  if (wanted.length === 0) return refusal(Code.TEXT_EMPTY);
  let stale = 0;
  for (const r of wanted) if (!(await audioCurrent(r))) stale++;
  if (stale > 0) return refusal(Code.AUDIO_NOT_READY, { params: { count: stale } });
  return done(wanted as Ready[]);
}

/**
 * One joined file of ready paragraphs: its WAV data length comes from the stored sizes. With `music`, the project's
 * background music is mixed under it and plays on for a tail (music.ts).
 */
async function joined(s: MemberScope, projectId: string, rows: Ready[], format: Format, music: boolean) {
  const heads = await Promise.all(rows.map((r) => s.env.MEDIA.head(r.audioKey)));
  if (heads.some((h) => !h)) return null;
  const voiceBytes = heads.reduce((n, h) => n + h!.size - WAV_HEADER_BYTES, 0);
  const bed = music ? await musicBedFor(s, projectId, voiceBytes / 2) : null;
  return joinedStream(
    rows.map((r) => readAudio(s, r.audioKey)),
    format,
    RENDER.sampleRate,
    voiceBytes + (bed ? bed.tailSamples * 2 : 0),
    bed?.bed,
  );
}

/** The length of each paragraph's stored audio in ms, from the stored sizes (fractional: exactly where the join puts it). */
async function audioLengths(s: MemberScope, rows: Ready[]) {
  const heads = await Promise.all(rows.map((r) => s.env.MEDIA.head(r.audioKey)));
  if (heads.some((h) => !h)) return null;
  return heads.map((h) => ((h!.size - WAV_HEADER_BYTES) / 2 / RENDER.sampleRate) * 1000);
}

/** A paragraph's cues in a file whose audio it starts at `offsetMs`. */
const paragraphCues = (r: Ready, offsetMs: number, audioMs: number) =>
  placeCues(offsetMs, r.sentences, { text: sentenceTexts(r.text).join(" "), audioMs, pauseMs: r.pauseMs });

/**
 * A project's subtitles (SRT or WebVTT), timed to its joined audio to the millisecond: each paragraph's sentences where
 * the join puts them (the paragraphs follow one another with no gap, each ending with its own pause), or with `split`
 * a ZIP of one file per paragraph, named as the audio files are. The same paragraphs as the audio, with the same
 * refusals.
 */
export async function projectSubtitles(s: MemberScope, id: string, opts: { format: SubtitleFormat; split: boolean; chosen?: string[] }) {
  const { format, split, chosen } = opts;
  const project = await ownProjectOf(s, id, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const ready = await readyParagraphs(s, project.id, chosen);
  if (!ready.ok) return ready;
  const rows = ready.value;
  const lengths = await audioLengths(s, rows);
  if (!lengths) return refusal(Code.NOT_FOUND);
  if (split) {
    const taken = new Set<string>();
    const files = rows.map((r, i) => {
      const text = new TextEncoder().encode(subtitles(format, paragraphCues(r, 0, lengths[i]!)));
      return { name: fileName(`${ordinal(i, rows.length)} ${cutCodePoints(r.text, 30)}`, format, taken), data: async () => text };
    });
    return done({ zip: zipStream(files), name: fileName(project.name, "zip") });
  }
  const cues: Cue[] = [];
  let offset = 0;
  rows.forEach((r, i) => {
    cues.push(...paragraphCues(r, offset, lengths[i]!));
    offset += lengths[i]!;
  });
  return done({ text: subtitles(format, cues), name: fileName(project.name, format) });
}

/** The last generated audio of a paragraph of the member's, and the name to save it under. */
export async function paragraphAudio(s: MemberScope, id: string) {
  const row = await s.db
    .select({ key: paragraphs.audioKey, position: paragraphs.position, project: projects.name })
    .from(paragraphs)
    .innerJoin(projects, eq(projects.id, paragraphs.projectId))
    .where(and(eq(paragraphs.id, id), eq(projects.memberId, s.member.id), isNull(projects.deletedAt)))
    .get();
  return row?.key ? { key: row.key, name: `${row.project} - ${ordinal(row.position, 0)}` } : null;
}

/** Why a chosen project has nothing to play or download (the list's batch report). */
export type SkipReason = "notGenerated" | "empty" | "noConversions" | "notFound";

/** One chosen project in a batch: what of it is ready (tracks to play, files to save), or why nothing is. */
export type BatchItem = {
  id: string;
  name: string | null;
  type: "tts" | "sts" | null;
  tracks: { title: string; audioURL: string; inferenceId?: string }[];
  skipped: null | { reason: SkipReason; count?: number };
};

/** At most this many projects in one batch (play or download selected). */
export const BATCH_MAX = 50;

/**
 * The list's batch actions (play and download selected understand STS projects): each chosen
 * project in the order given, with what is ready: a TTS project whose every sentence has audio of its
 * current text is one track (its sentences joined); an STS project's conversions are its tracks, oldest
 * first; anything else is skipped with its reason. Another member's or an unknown id is "notFound" and
 * says nothing of the project.
 */
export async function batchItems(s: MemberScope, ids: string[]): Promise<BatchItem[]> {
  const wanted = [...new Set(ids)].slice(0, BATCH_MAX);
  if (wanted.length === 0) return [];
  const owned = await s.db
    .select()
    .from(projects)
    // A project deleted within its undo window is gone from batches as from the list.
    .where(and(inArray(projects.id, wanted), eq(projects.memberId, s.member.id), isNull(projects.deletedAt)));
  const stsIds = owned.filter((p) => p.type === "sts").map((p) => p.id);
  const conversions = stsIds.length
    ? await resultsOut(
        s,
        await s.db
          .select()
          .from(inferences)
          .where(and(inArray(inferences.projectId, stsIds), eq(inferences.memberId, s.member.id), liveResult))
          .orderBy(asc(inferences.createdAt), asc(inferences.id)),
      )
    : [];
  const items: BatchItem[] = [];
  for (const id of wanted) {
    const project = owned.find((p) => p.id === id);
    if (!project) {
      items.push({ id, name: null, type: null, tracks: [], skipped: { reason: "notFound" } });
      continue;
    }
    const base = { id, name: project.name, type: project.type };
    if (project.type === "sts") {
      const tracks = conversions
        .filter((c) => c.project_id === id)
        .map((c) => ({ title: conversionName(c.text, c.voiceName, s.locale), audioURL: c.audioURL, inferenceId: c.inference_id }));
      items.push({ ...base, tracks, skipped: tracks.length ? null : { reason: "noConversions" } });
      continue;
    }
    const ready = await readyParagraphs(s, id);
    if (ready.ok)
      items.push({
        ...base,
        tracks: [{ title: project.name, audioURL: `/api/v1/studio/projects/${id}/download?inline=1` }],
        skipped: null,
      });
    else if (ready.code === Code.AUDIO_NOT_READY)
      items.push({ ...base, tracks: [], skipped: { reason: "notGenerated", count: Number(ready.params?.count ?? 0) } });
    else items.push({ ...base, tracks: [], skipped: { reason: "empty" } });
  }
  return items;
}

/**
 * Several projects at once (the list's "download selected"): a ZIP of what is ready, each TTS project's
 * sentences joined into one file and each conversion of an STS project as its own file ("memo - Seoyeon");
 * what is not ready is left out (the page lists it from `batchItems`). Nothing ready at all: 4620.
 */
export async function projectsZip(s: MemberScope, ids: string[], format: Format) {
  const all = await batchItems(s, ids);
  // None of them the member's: not found, as for any other member's id.
  if (all.every((i) => i.skipped?.reason === "notFound")) return refusal(Code.NOT_FOUND);
  const items = all.filter((i) => !i.skipped);
  if (items.length === 0) return refusal(Code.NOTHING_READY);
  const files: { name: string; data: () => Promise<Uint8Array> }[] = [];
  const taken = new Set<string>();
  for (const item of items) {
    if (item.type === "sts") {
      for (const track of item.tracks) {
        const key = (await ownResult(s, track.inferenceId!))?.audioKey;
        files.push({
          name: fileName(track.title, format, taken),
          data: async () => {
            const bytes = key ? await readAudio(s, key)() : null;
            if (!bytes) throw new Error("a recording is missing");
            return convertWav(bytes, format);
          },
        });
      }
      continue;
    }
    const ready = await readyParagraphs(s, item.id);
    if (!ready.ok) continue;
    files.push({
      name: fileName(item.name!, format, taken),
      data: async () => {
        const body = await joined(s, item.id, ready.value, format, true);
        if (!body) throw new Error("a recording is missing");
        return new Uint8Array(await new Response(body).arrayBuffer());
      },
    });
  }
  return done({ zip: zipStream(files), name: fileName(items.length === 1 ? items[0]!.name! : "voice-studio", "zip") });
}

/**
 * A project's audio: the paragraphs joined with their pauses into one WAV or MP3 (with the project's background music
 * under it unless `music` is false), or with `split` a ZIP of one file per paragraph (numbered, named after their
 * text; voice only). Refused, with the number of sentences to generate, while a chosen paragraph has no audio of its
 * current text.
 */
export async function projectAudio(
  s: MemberScope,
  id: string,
  opts: { format: Format; split: boolean; chosen?: string[]; music?: boolean },
) {
  const { format, split, chosen, music = true } = opts;
  const project = await ownProjectOf(s, id, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const ready = await readyParagraphs(s, project.id, chosen);
  if (!ready.ok) return ready;
  const rows = ready.value;
  if (split) {
    const taken = new Set<string>();
    const files = rows.map((r, i) => ({
      name: fileName(`${ordinal(i, rows.length)} ${cutCodePoints(r.text, 30)}`, format, taken),
      data: async () => {
        const bytes = await readAudio(s, r.audioKey)();
        if (!bytes) throw new Error("a recording is missing");
        return convertWav(bytes, format);
      },
    }));
    return done({ zip: zipStream(files), name: fileName(project.name, "zip") });
  }
  const stream = await joined(s, project.id, rows, format, music);
  if (!stream) return refusal(Code.NOT_FOUND);
  return done({ stream, name: fileName(project.name, format) });
}
