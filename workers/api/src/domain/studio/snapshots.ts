import { and, desc, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import { projectVersions, type paragraphs } from "#db/schema";
import type { Db } from "../scope";

/**
 * The version history's storage (docs/decisions/0037): what a TTS project's paragraphs were after a
 * save. The newest VERSION_LIMIT are kept; a save within VERSION_MERGE_MS of the newest version's start updates
 * it (a typing session is one version, not one per autosave), unless the save is a checkpoint (a paragraph
 * deleted, a version restored): then the state before it and the state after it are versions of their own, so
 * that the step can be undone by restoring the one before.
 */
export const VERSION_LIMIT = 10;
export const VERSION_MERGE_MS = 2 * 60_000;
/** A deleted version can be brought back this long. */
export const VERSION_UNDO_MS = 30_000;

export type SnapshotParagraph = {
  id: string;
  text: string;
  voice_id: string;
  style: (typeof paragraphs.$inferSelect)["style"];
  lang: (typeof paragraphs.$inferSelect)["lang"];
  pitch: number;
  tempo: number;
  pause_ms: number;
};

export const snapshotOf = (rows: (typeof paragraphs.$inferSelect)[]): SnapshotParagraph[] =>
  rows.map((p) => ({
    id: p.id,
    text: p.text,
    voice_id: p.voiceId,
    style: p.style,
    lang: p.lang,
    pitch: p.pitch,
    tempo: p.tempo,
    pause_ms: p.pauseMs,
  }));

const newestVersion = (db: Db, projectId: string) =>
  db
    .select()
    .from(projectVersions)
    .where(and(eq(projectVersions.projectId, projectId), isNull(projectVersions.deletedAt)))
    .orderBy(desc(projectVersions.updatedAt))
    .get();

async function insertVersion(db: Db, projectId: string, revision: number, rows: SnapshotParagraph[], now: number) {
  const id = crypto.randomUUID();
  await db.insert(projectVersions).values({ id, projectId, revision, paragraphs: JSON.stringify(rows), createdAt: now, updatedAt: now });
  return id;
}

/**
 * Records a save: `before` (the paragraphs before it, at `revision - 1`) and `after` (at `revision`). Answers the
 * id of the version holding the state before the save (what "undo" restores), when there is one.
 */
export async function recordVersion(
  db: Db,
  projectId: string,
  revision: number,
  before: SnapshotParagraph[],
  after: SnapshotParagraph[],
  now: number,
  checkpoint: boolean,
) {
  const newest = await newestVersion(db, projectId);
  const beforeJson = JSON.stringify(before);
  let previous: string | null = null;
  // A project never saved (new, imported) gets its first state as a version of its own; so does the state
  // before a checkpoint when the newest version does not hold it (that version was deleted).
  if (!newest || (checkpoint && newest.paragraphs !== beforeJson))
    previous = await insertVersion(db, projectId, revision - 1, before, now - 1);
  else if (checkpoint) previous = newest.id;
  if (newest && !previous && now - newest.createdAt < VERSION_MERGE_MS)
    await db
      .update(projectVersions)
      .set({ revision, paragraphs: JSON.stringify(after), updatedAt: now })
      .where(eq(projectVersions.id, newest.id));
  else await insertVersion(db, projectId, revision, after, now);
  await prune(db, projectId, now);
  return previous;
}

/** Keeps the newest VERSION_LIMIT versions (deleted ones go once their undo time is over). */
async function prune(db: Db, projectId: string, now: number) {
  const keep = await db
    .select({ id: projectVersions.id })
    .from(projectVersions)
    .where(and(eq(projectVersions.projectId, projectId), isNull(projectVersions.deletedAt)))
    .orderBy(desc(projectVersions.updatedAt))
    .limit(VERSION_LIMIT);
  const ids = keep.map((k) => k.id);
  await db
    .delete(projectVersions)
    .where(
      and(
        eq(projectVersions.projectId, projectId),
        or(
          and(isNull(projectVersions.deletedAt), notInArray(projectVersions.id, ids.length ? ids : [""])),
          lt(projectVersions.deletedAt, now - VERSION_UNDO_MS),
        ),
      ),
    );
}
