import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { paragraphTakes, projectVersions } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { musicOut, musicRow } from "./music";
import type { MemberScope } from "../scope";
import { projectOut, projectParagraphs, saveParagraphs } from "./paragraphs";
import { ownProjectOf, ownProjectQuery } from "./projects";
import { VERSION_UNDO_MS, type SnapshotParagraph } from "./snapshots";

/**
 * A TTS project's version history (docs/decisions/0037): list, restore, delete and undelete. Every
 * operation starts from the member's own TTS project (another member's id: not found).
 */

/** The versions, newest first: when, the revision, how many paragraphs and the first words. */
export async function listVersions(s: MemberScope, projectId: string) {
  // The versions are asked for beside the project (one round trip) and thrown away unless it is the member's.
  const [project, rows] = await Promise.all([ownProjectOf(s, projectId, "tts"), versionRows(s, projectId)]);
  if (!project) return refusal(Code.NOT_FOUND);
  return done({ revision: project.revision, versions: versionsOut(rows, project.revision) });
}

/**
 * The editor's read: the project with its paragraphs and its version history, asked for together (one round trip,
 * one api call) and thrown away unless the project is the member's.
 */
export async function projectWithVersions(s: MemberScope, projectId: string) {
  const [[project], paragraphRows, rows, takes, [music]] = await s.db.batch([
    ownProjectQuery(s, projectId),
    projectParagraphs(s.db, projectId),
    versionRows(s, projectId),
    s.db
      .select({ paragraphId: paragraphTakes.paragraphId, n: count() })
      .from(paragraphTakes)
      .where(eq(paragraphTakes.projectId, projectId))
      .groupBy(paragraphTakes.paragraphId),
    musicRow(s, projectId),
  ]);
  if (!project) return undefined;
  const out = await projectOut(project, paragraphRows);
  // How many takes each paragraph has: the editor offers the list where there is more than one.
  const counts = new Map(takes.map((t) => [t.paragraphId, t.n]));
  return {
    ...out,
    paragraphs: out.paragraphs.map((p) => ({ ...p, takes: counts.get(p.id) ?? 0 })),
    versions: versionsOut(rows, project.revision),
    music: musicOut(project.id, music),
  };
}

const versionRows = (s: MemberScope, projectId: string) =>
  s.db
    .select()
    .from(projectVersions)
    .where(and(eq(projectVersions.projectId, projectId), isNull(projectVersions.deletedAt)))
    .orderBy(desc(projectVersions.updatedAt));

const versionsOut = (rows: (typeof projectVersions.$inferSelect)[], revision: number) =>
  rows.map((v) => {
    const paragraphs = JSON.parse(v.paragraphs) as SnapshotParagraph[];
    const words = paragraphs.map((p) => p.text.trim()).find(Boolean) ?? "";
    return {
      id: v.id,
      revision: v.revision,
      savedAt: v.updatedAt,
      paragraphs: paragraphs.length,
      preview: [...words].slice(0, 60).join(""),
      current: v.revision === revision,
    };
  });

const ownVersion = async (s: MemberScope, projectId: string, versionId: string, deleted: boolean) => {
  const project = await ownProjectOf(s, projectId, "tts");
  if (!project) return null;
  const version = await s.db
    .select()
    .from(projectVersions)
    .where(
      and(
        eq(projectVersions.id, versionId),
        eq(projectVersions.projectId, project.id),
        deleted ? isNotNull(projectVersions.deletedAt) : isNull(projectVersions.deletedAt),
      ),
    )
    .get();
  return version ? { project, version } : null;
};

/**
 * Restores a version: the project's paragraphs become the version's (a checkpoint save, so the restore itself
 * can be undone). The first paragraph keeps its id (it cannot be deleted); the others keep theirs while they
 * exist, and their audio while their text and settings match.
 */
export async function restoreVersion(s: MemberScope, projectId: string, versionId: string, options: { revision?: number; now?: number }) {
  const found = await ownVersion(s, projectId, versionId, false);
  if (!found) return refusal(Code.NOT_FOUND);
  const current = await projectParagraphs(s.db, found.project.id);
  const ids = new Set(current.map((p) => p.id));
  const firstId = current[0]?.id;
  const snapshot = JSON.parse(found.version.paragraphs) as SnapshotParagraph[];
  const input = snapshot.map((p, i) => ({
    ...p,
    id: i === 0 ? firstId : p.id !== firstId && ids.has(p.id) ? p.id : undefined,
  }));
  return saveParagraphs(s, found.project.id, input, { ...options, checkpoint: true });
}

/** Deletes a version from the history; it can be brought back for VERSION_UNDO_MS. */
export async function deleteVersion(s: MemberScope, projectId: string, versionId: string, now = Date.now()) {
  const found = await ownVersion(s, projectId, versionId, false);
  if (!found) return refusal(Code.NOT_FOUND);
  await s.db.update(projectVersions).set({ deletedAt: now }).where(eq(projectVersions.id, found.version.id));
  return done({ deleted: true as const, id: found.version.id, undoUntil: now + VERSION_UNDO_MS });
}

export async function undeleteVersion(s: MemberScope, projectId: string, versionId: string, now = Date.now()) {
  const found = await ownVersion(s, projectId, versionId, true);
  if (!found) return refusal(Code.NOT_FOUND);
  if (now - found.version.deletedAt! > VERSION_UNDO_MS) return refusal(Code.UNDO_EXPIRED);
  await s.db.update(projectVersions).set({ deletedAt: null }).where(eq(projectVersions.id, found.version.id));
  return done({ id: found.version.id });
}
