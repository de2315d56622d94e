// A TTS project's background music (db/schema/studio.ts projectMusic): uploaded, checked as any upload, kept at the
// render rate and the voices' loudness, and mixed under the voice in the joined download (speech/music-bed.ts).
import { eq } from "drizzle-orm";
import { projectMusic } from "#db/schema";
import { MUSIC_LEVEL, MUSIC_UPLOAD } from "#contracts/music";
import { Code, formatDuration } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { encodeWav, normalizeLoudness, resample } from "../../engine/dsp";
import { decodeAudio, type DecodeFailure } from "../../speech/decode";
import { MusicBed, tailSamples } from "../../speech/music-bed";
import { RENDER } from "../../speech/render";
import type { MemberScope } from "../scope";
import { ownProjectOf } from "./projects";

type MusicRow = typeof projectMusic.$inferSelect;

/** Bytes of the 44-byte WAV header encodeWav writes before the 16-bit samples. */
const WAV_HEADER_BYTES = 44;

/** What the editor shows of a project's music. */
export const musicOut = (projectId: string, row: MusicRow | undefined) =>
  row
    ? { name: row.name, durationMs: row.durationMs, level: row.level, audioURL: `/api/v1/studio/projects/${projectId}/music/audio` }
    : null;

export const musicRow = (s: Pick<MemberScope, "db">, projectId: string) =>
  s.db.select().from(projectMusic).where(eq(projectMusic.projectId, projectId));

/** Why a track is refused, by what the decoder found; the messages say "music", not "your voice". */
const REFUSAL: Record<DecodeFailure, Code> = {
  empty: Code.MUSIC_SILENT,
  silent: Code.MUSIC_SILENT,
  "too-large": Code.AUDIO_TOO_LARGE,
  "too-long": Code.MUSIC_TOO_LONG,
  "not-audio": Code.AUDIO_NOT_AUDIO,
  unsupported: Code.AUDIO_UNSUPPORTED,
  corrupt: Code.AUDIO_CORRUPT,
};

/**
 * Sets a TTS project's background music from an uploaded file (replacing the one it had, at the level it had). The
 * track is decoded by its content, resampled to the render rate and brought to the voices' loudness (no pause gate:
 * music's quiet passages are music), so the member's level means the same for every track.
 */
export async function setMusic(s: MemberScope, projectId: string, file: File, name: string): Promise<Result<ReturnType<typeof musicOut>>> {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  if (file.size > MUSIC_UPLOAD.maxBytes) return refusal(Code.AUDIO_TOO_LARGE, { params: { max: MUSIC_UPLOAD.maxBytes / 1024 / 1024 } });
  const decoded = await decodeAudio(new Uint8Array(await file.arrayBuffer()), MUSIC_UPLOAD);
  if (!decoded.ok) {
    if (decoded.detail) console.log("music refused", decoded.reason, decoded.detail);
    const code = REFUSAL[decoded.reason];
    const max =
      code === Code.AUDIO_TOO_LARGE
        ? MUSIC_UPLOAD.maxBytes / 1024 / 1024
        : code === Code.MUSIC_TOO_LONG
          ? formatDuration(MUSIC_UPLOAD.maxSeconds, s.locale)
          : undefined;
    return refusal(code, max === undefined ? {} : { params: { max } });
  }
  const { samples, sampleRate } = decoded.audio;
  const at24k = sampleRate === RENDER.sampleRate ? samples : resample(samples, sampleRate, RENDER.sampleRate);
  const levelled = normalizeLoudness(at24k, RENDER.sampleRate, RENDER.lufs, RENDER.ceilingDbfs, { gate: false });
  const key = `music/${project.id}/${crypto.randomUUID()}.wav`;
  await s.env.MEDIA.put(key, encodeWav(levelled, RENDER.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
  const row = {
    projectId: project.id,
    audioKey: key,
    name: name || "music",
    durationMs: Math.round((levelled.length / RENDER.sampleRate) * 1000),
    level: MUSIC_LEVEL.default,
    createdAt: Date.now(),
  };
  const [saved] = await s.db
    .insert(projectMusic)
    .values(row)
    .onConflictDoUpdate({
      target: projectMusic.projectId,
      set: { audioKey: row.audioKey, name: row.name, durationMs: row.durationMs, createdAt: row.createdAt },
    })
    .returning();
  await sweep(s, project.id, saved!.audioKey);
  return done(musicOut(project.id, saved));
}

/** The music's level (percent of the voices' loudness). */
export async function setMusicLevel(s: MemberScope, projectId: string, level: number) {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const [row] = await s.db.update(projectMusic).set({ level }).where(eq(projectMusic.projectId, project.id)).returning();
  return row ? done(musicOut(project.id, row)) : refusal(Code.NOT_FOUND);
}

/** Takes the music off a project (its file goes). */
export async function removeMusic(s: MemberScope, projectId: string) {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const [row] = await s.db.delete(projectMusic).where(eq(projectMusic.projectId, project.id)).returning();
  if (!row) return refusal(Code.NOT_FOUND);
  await sweep(s, project.id, null);
  return done({ removed: true as const });
}

/** The stored track of the member's project, to play. */
export async function musicAudio(s: MemberScope, projectId: string) {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return undefined;
  const [row] = await musicRow(s, project.id);
  return row;
}

/**
 * Deletes the project's music files but `keep`: a file replaced by a newer upload, or one of two uploads that crossed
 * (each wrote its own file; the row names the one that won). Listed by the project's own prefix, a page at a time.
 */
export async function sweep(s: Pick<MemberScope, "env">, projectId: string, keep: string | null) {
  const listed = await s.env.MEDIA.list({ prefix: `music/${projectId}/`, limit: 100 });
  const gone = listed.objects.map((o) => o.key).filter((key) => key !== keep);
  if (gone.length > 0) await s.env.MEDIA.delete(gone);
}

/**
 * The music bed of a joined download whose voice is `voiceSamples` long, and the samples it adds (its tail), or null
 * when the project has no music. The track is read from storage a range at a time, as the mix reaches it.
 */
export async function musicBedFor(s: Pick<MemberScope, "db" | "env">, projectId: string, voiceSamples: number) {
  const [row] = await musicRow(s, projectId);
  if (!row) return null;
  const head = await s.env.MEDIA.head(row.audioKey);
  if (!head) return null;
  const samples = Math.floor((head.size - WAV_HEADER_BYTES) / 2);
  const read = async (start: number, n: number) => {
    const object = await s.env.MEDIA.get(row.audioKey, { range: { offset: WAV_HEADER_BYTES + start * 2, length: n * 2 } });
    if (!object) throw new Error("the music is missing");
    const bytes = new DataView(await object.arrayBuffer());
    const out = new Float32Array(n);
    for (let i = 0; i < n && i * 2 + 1 < bytes.byteLength; i++) out[i] = bytes.getInt16(i * 2, true) / 32768;
    return out;
  };
  const tail = tailSamples(RENDER.sampleRate);
  const bed = new MusicBed({ samples, read }, row.level / 100, voiceSamples + tail, RENDER.sampleRate);
  return { bed, tailSamples: tail };
}
