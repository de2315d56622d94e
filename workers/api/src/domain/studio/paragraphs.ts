import { inList } from "../../lib/in-list";
import { and, asc, eq, isNull } from "drizzle-orm";
import { paragraphs, projects, voices } from "#db/schema";
import { paragraphHash, reattachTakes } from "./take-store";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { releaseAudio } from "../../lib/media";
import { checkText } from "../../lib/tts-text";
import type { Db, MemberScope } from "../scope";
import { visibleTo } from "../voices";
import { ownProjectOf, ownProjectQuery } from "./projects";
import { recordVersion, snapshotOf } from "./snapshots";

export type ParagraphRow = typeof paragraphs.$inferSelect;

/** True when the paragraph's audio was made from its current text and settings. */
export const audioCurrent = async (p: ParagraphRow) => !!p.audioKey && p.audioHash === (await paragraphHash(p));

/** A project's paragraphs in order. */
export const projectParagraphs = (db: Db, projectId: string) =>
  db.select().from(paragraphs).where(eq(paragraphs.projectId, projectId)).orderBy(asc(paragraphs.position));

/**
 * A paragraph as the studio gets it; `audioCurrent` says its audio was made from its current text
 * and settings (false: never generated, or edited since).
 */
export const paragraphOut = async (p: ParagraphRow) => ({
  audioCurrent: await audioCurrent(p),
  id: p.id,
  position: p.position,
  text: p.text,
  voice_id: p.voiceId,
  style: p.style,
  lang: p.lang,
  pitch: p.pitch,
  tempo: p.tempo,
  pause_ms: p.pauseMs,
  audioURL: p.audioKey ? `/api/v1/studio/paragraphs/${p.id}/audio` : null,
  duration_ms: p.durationMs,
});

/** A paragraph as the editor saves it (an existing one keeps its id, and its audio while unchanged). */
export type ParagraphInput = {
  id?: string;
  text: string;
  voice_id: string;
  style: ParagraphRow["style"];
  lang: ParagraphRow["lang"];
  pitch: number;
  tempo: number;
  pause_ms: number;
};

/** A project with its paragraphs, as the TTS editor (or the STS page's header) gets it. */
export async function projectOut(project: typeof projects.$inferSelect, rows: ParagraphRow[]) {
  const { deletedAt: _deleted, ...rest } = project;
  return { ...rest, paragraphs: await Promise.all(rows.map(paragraphOut)) };
}

/**
 * The member's project `id` with its paragraphs, or undefined: both asked in one batch (one D1 call, one round trip);
 * the paragraphs (of whichever project has the id) are thrown away unless the project is the member's.
 */
export async function ownProjectWithParagraphs(s: MemberScope, id: string) {
  const [[project], rows] = await s.db.batch([ownProjectQuery(s, id), projectParagraphs(s.db, id)]);
  return project ? projectOut(project, rows) : undefined;
}

/** How a save is made: from which revision (absent: overwrite whatever is there), and whether it is a checkpoint. */
export type SaveOptions = { revision?: number; checkpoint?: boolean; now?: number };

/**
 * Saves the paragraphs of a TTS project in the given order. The first paragraph stays first and
 * cannot be deleted (spec section 5); each text follows the TTS rules (a refusal names the paragraph);
 * voices must be usable by the member. A paragraph that keeps its id keeps its audio (regenerated only
 * when it changed). A save made from `revision` when the project has moved on is a conflict
 * (4600, with the current revision); every save raises the revision and is kept in the version history
 * (snapshots.ts), and a checkpoint answers `undoVersion`, the version that undoes it.
 */
export async function saveParagraphs(s: MemberScope, projectId: string, input: ParagraphInput[], options: SaveOptions = {}) {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return refusal(Code.NOT_FOUND);
  const existing = await projectParagraphs(s.db, project.id);
  const first = existing[0];
  if (first && input[0]?.id !== first.id) return refusal(Code.FIRST_PARAGRAPH);
  const known = new Map(existing.map((p) => [p.id, p]));
  for (const [i, p] of input.entries()) {
    if (p.id && !known.has(p.id)) return refusal(Code.NOT_FOUND);
    // An empty paragraph may be saved (it is being written); it is not generated.
    const problem = p.text.trim() ? checkText(p.text) : null;
    if (problem?.code === "invalid")
      return refusal(Code.PARAGRAPH_TEXT_INVALID, { params: { n: i + 1, chars: problem.chars.join(" ") }, data: { paragraph: i } });
    if (problem?.code === "too-long")
      return refusal(Code.PARAGRAPH_TEXT_TOO_LONG, { params: { n: i + 1, max: problem.max }, data: { paragraph: i } });
  }
  // A voice the project already uses stays allowed even when its creator has deleted it since: the project
  // keeps its paragraphs and audio, and only a new generation with it is refused (docs/decisions/0029).
  const kept = new Set(existing.map((p) => p.voiceId));
  const voiceIds = [...new Set(input.map((p) => p.voice_id))].filter((id) => !kept.has(id));
  const usable = await s.db
    .select({ id: voices.id })
    .from(voices)
    .where(and(inList(voices.id, voiceIds), visibleTo(s.member), isNull(voices.deletedAt)));
  if (usable.length !== voiceIds.length) return refusal(Code.VOICE_NOT_FOUND);

  const now = options.now ?? Date.now();
  // The revision moves first and only from the one the page had: of two tabs saving from the same
  // revision, one wins and the other is told (docs/decisions/0037).
  const moved = await s.env.DB.prepare(
    "UPDATE projects SET revision = revision + 1, updated_at = ?3 WHERE id = ?1 AND (?2 IS NULL OR revision = ?2) RETURNING revision",
  )
    .bind(project.id, options.revision ?? null, now)
    .first<{ revision: number }>();
  if (!moved) {
    const current = await s.env.DB.prepare("SELECT revision FROM projects WHERE id = ?").bind(project.id).first<{ revision: number }>();
    return refusal(Code.PROJECT_CONFLICT, { data: { revision: current?.revision ?? 0 } });
  }
  const keep = new Set(input.map((p) => p.id).filter(Boolean));
  const removed = existing.filter((p) => !keep.has(p.id));
  const db = s.db;
  await db.batch([
    ...removed.map((p) => db.delete(paragraphs).where(eq(paragraphs.id, p.id))),
    ...input.map((p, position) => {
      const values = {
        text: p.text,
        voiceId: p.voice_id,
        style: p.style,
        lang: p.lang,
        pitch: p.pitch,
        tempo: p.tempo,
        pauseMs: p.pause_ms,
        position,
        updatedAt: now,
      };
      return p.id
        ? db.update(paragraphs).set(values).where(eq(paragraphs.id, p.id))
        : db.insert(paragraphs).values({ id: crypto.randomUUID(), projectId: project.id, ...values });
    }),
  ] as never);
  await releaseAudio(
    db,
    s.env.MEDIA,
    removed.map((p) => p.audioKey),
  );
  let rows = await projectParagraphs(db, project.id);
  // A paragraph that says again what one of the project's takes said (a restored version, an edit undone) has its audio.
  if (await reattachTakes(db, project.id, rows)) rows = await projectParagraphs(db, project.id);
  const undoVersion = await recordVersion(
    db,
    project.id,
    moved.revision,
    snapshotOf(existing),
    snapshotOf(rows),
    now,
    !!options.checkpoint,
  );
  return done({ paragraphs: await Promise.all(rows.map(paragraphOut)), revision: moved.revision, undoVersion });
}
