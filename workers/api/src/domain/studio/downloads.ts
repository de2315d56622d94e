import { and, eq, inArray } from "drizzle-orm";
import { paragraphs, projects } from "../../../../../db/schema";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { cutCodePoints } from "../../lib/text";
import { convertWav, fileName, joinedStream, zipStream, type Format } from "../../speech/export";
import { RENDER } from "../../speech/render";
import type { MemberScope } from "../scope";
import { audioCurrent, projectParagraphs, type ParagraphRow } from "./paragraphs";
import { ownProjectOf } from "./projects";

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
  const wanted = rows.filter((r) => (!chosen || chosen.includes(r.id)) && r.text.trim());
  if (wanted.length === 0) return refusal(Code.TEXT_EMPTY);
  let stale = 0;
  for (const r of wanted) if (!(await audioCurrent(r))) stale++;
  if (stale > 0) return refusal(Code.AUDIO_NOT_READY, { params: { count: stale } });
  return done(wanted as Ready[]);
}

/** One joined file of ready paragraphs: its WAV data length comes from the stored sizes. */
async function joined(s: MemberScope, rows: Ready[], format: Format) {
  const heads = await Promise.all(rows.map((r) => s.env.MEDIA.head(r.audioKey)));
  if (heads.some((h) => !h)) return null;
  const dataBytes = heads.reduce((n, h) => n + h!.size - WAV_HEADER_BYTES, 0);
  return joinedStream(
    rows.map((r) => readAudio(s, r.audioKey)),
    format,
    RENDER.sampleRate,
    dataBytes,
  );
}

/** The last generated audio of a paragraph of the member's, and the name to save it under. */
export async function paragraphAudio(s: MemberScope, id: string) {
  const row = await s.db
    .select({ key: paragraphs.audioKey, position: paragraphs.position, project: projects.name })
    .from(paragraphs)
    .innerJoin(projects, eq(projects.id, paragraphs.projectId))
    .where(and(eq(paragraphs.id, id), eq(projects.memberId, s.member.id)))
    .get();
  return row?.key ? { key: row.key, name: `${row.project} - ${ordinal(row.position, 0)}` } : null;
}

/**
 * Several projects at once (the list's "download selected"): a ZIP with each project's paragraphs
 * joined into one file. Every chosen project must be the member's and fully generated.
 */
export async function projectsZip(s: MemberScope, ids: string[], format: Format) {
  const owned = await s.db
    .select()
    .from(projects)
    .where(and(inArray(projects.id, ids), eq(projects.memberId, s.member.id)));
  if (owned.length !== ids.length) return refusal(Code.NOT_FOUND);
  const files: { name: string; data: () => Promise<Uint8Array> }[] = [];
  const taken = new Set<string>();
  for (const project of ids.map((id) => owned.find((p) => p.id === id)!)) {
    const ready = await readyParagraphs(s, project.id);
    if (!ready.ok) return ready;
    const stream = () => joined(s, ready.value, format);
    files.push({
      name: fileName(project.name, format, taken),
      data: async () => {
        const body = await stream();
        if (!body) throw new Error("a recording is missing");
        return new Uint8Array(await new Response(body).arrayBuffer());
      },
    });
  }
  return done({ zip: zipStream(files), name: fileName(owned.length === 1 ? owned[0]!.name : "voice-studio", "zip") });
}

/**
 * A project's audio: the paragraphs joined with their pauses into one WAV or MP3, or with `split` a
 * ZIP of one file per paragraph (numbered, named after their text). Refused, with the number of
 * sentences to generate, while a chosen paragraph has no audio of its current text.
 */
export async function projectAudio(s: MemberScope, id: string, opts: { format: Format; split: boolean; chosen?: string[] }) {
  const { format, split, chosen } = opts;
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
  const stream = await joined(s, rows, format);
  if (!stream) return refusal(Code.NOT_FOUND);
  return done({ stream, name: fileName(project.name, format) });
}
