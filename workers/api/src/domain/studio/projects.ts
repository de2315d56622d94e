import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { paragraphs, paragraphTakes, projectMusic, projects, stsSources, voices } from "#db/schema";
import { PROJECT_LIMIT_SQL } from "../../lib/allowance";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { UNTITLED_PROJECT } from "../../lib/labels";
import { releaseAudio } from "../../lib/media";
import { preparedOnce } from "../../lib/prepared";
import { cutCodePoints } from "../../lib/text";
import { checkText, lineLanguage, MAX_CHARACTERS_PER_GENERATION, withoutControls } from "../../lib/tts-text";
import { stripControls } from "../../lib/validate";
import type { Db, MemberScope } from "../scope";

export type ProjectType = "tts" | "sts";
export type ProjectRow = typeof projects.$inferSelect;

/** Largest imported script (a .txt file; contracts/speech-text.ts: the app's page posts use it too). */
export { IMPORT_MAX_BYTES } from "#contracts/speech-text";
/** Most paragraphs of a project (an import or a save with more is refused). */
export const MAX_PARAGRAPHS = 200;

/** How long a deleted project can be brought back ("undo"); after that it is purged. */
export const UNDO_WINDOW_MS = 30_000;

/**
 * The member's own project, or undefined (another member's id is "not found", never "forbidden"). A deleted
 * one waiting for its purge is not found either.
 */
export const ownProject = (s: Pick<MemberScope, "db" | "member">, id: string) => ownProjectQuery(s, id).get();

/** The member's project `id` as a query not yet run, to send in a batch with the reads that go with it. */
export const ownProjectQuery = (s: Pick<MemberScope, "db" | "member">, id: string) =>
  s.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.memberId, s.member.id), isNull(projects.deletedAt)));

/** The member's own project of `type`, or undefined. */
export async function ownProjectOf<T extends ProjectType>(s: Pick<MemberScope, "db" | "member">, id: string, type: T) {
  const project = await ownProject(s, id);
  return project?.type === type ? (project as NonNullable<typeof project> & { type: T }) : undefined;
}

/**
 * Creates a project unless the member's plan limit is reached (spec: Free plan 3 projects). The count
 * and the insert are one statement, so concurrent creates cannot pass the limit together.
 */
export async function createProject(s: Pick<MemberScope, "env" | "member">, name: string, type: ProjectType, now = Date.now()) {
  const id = crypto.randomUUID();
  const inserted = await s.env.DB.prepare(
    `INSERT INTO projects (id, member_id, name, type, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?5
     WHERE ${PROJECT_LIMIT_SQL} < 0 OR (SELECT COUNT(*) FROM projects WHERE member_id = ?2 AND deleted_at IS NULL) < ${PROJECT_LIMIT_SQL}`,
  )
    .bind(id, s.member.id, name, type, now)
    .run();
  return inserted.meta.changes === 1 ? id : null;
}

/** The project list (spec: tabs All, TTS, STS), newest change first, with each one's paragraph count and voices. */
export async function listProjects(s: MemberScope, type: ProjectType | "all", now = Date.now()) {
  const mine = and(eq(projects.memberId, s.member.id), isNull(projects.deletedAt));
  const where = type === "all" ? mine : and(mine, eq(projects.type, type));
  // The purge of projects deleted past their undo time runs beside the list, which never shows them: one round trip.
  const [rows] = await Promise.all([
    s.db
      .select({
        id: projects.id,
        name: projects.name,
        type: projects.type,
        createdAt: projects.createdAt,
        updatedAt: projects.updatedAt,
        // Qualified by hand: inside the subquery an unqualified "id" would be the paragraph's.
        paragraphs: sql<number>`(SELECT COUNT(*) FROM paragraphs p WHERE p.project_id = "projects"."id")`,
        voices: sql<string | null>`(SELECT GROUP_CONCAT(DISTINCT p.voice_id) FROM paragraphs p WHERE p.project_id = "projects"."id")`,
      })
      .from(projects)
      .where(where)
      .orderBy(desc(projects.updatedAt)),
    purgeDeleted(s, now, s.member.id),
  ]);
  return rows.map((r) => ({ ...r, voices: r.voices ? r.voices.split(",") : [] }));
}

/**
 * The member's `n` most recently changed projects, for the dashboard home (GET /member/home,
 * docs/decisions/0043): the list's order and filter, without its per-project counts or the purge of expired deletions.
 */
export function recentProjects(s: { db: Db; member: Pick<MemberScope["member"], "id"> }, n: number) {
  return recentQuery(s.db).all({ member: s.member.id, n });
}

/** The member's most recently changed projects, built once per database (docs/decisions/0051). */
const recentQuery = preparedOnce((db) =>
  db
    .select({ id: projects.id, name: projects.name, type: projects.type, updatedAt: projects.updatedAt })
    .from(projects)
    .where(and(eq(projects.memberId, sql.placeholder("member")), isNull(projects.deletedAt)))
    .orderBy(desc(projects.updatedAt))
    .limit(sql.placeholder("n"))
    .prepare(),
);

/** The first basic voice of a language (the member's, or an imported line's): the voice of a new paragraph. */
async function defaultVoice(db: Db, locale: MemberScope["locale"]) {
  const v = await db
    .select({ id: voices.id })
    .from(voices)
    .where(and(eq(voices.type, "basic"), eq(voices.lang, locale)))
    .orderBy(asc(voices.id))
    .get();
  return v?.id ?? "ko-minjun";
}

/** A new project ("Untitled project" when unnamed); a TTS project starts with one empty paragraph. */
export async function newProject(s: MemberScope, name: string | undefined, type: ProjectType) {
  const id = await createProject(s, name ?? UNTITLED_PROJECT[s.locale], type);
  if (!id) return refusal(Code.PROJECT_LIMIT);
  if (type === "tts") {
    await s.db.insert(paragraphs).values({
      id: crypto.randomUUID(),
      projectId: id,
      position: 0,
      text: "",
      voiceId: await defaultVoice(s.db, s.locale),
      lang: s.locale,
      updatedAt: Date.now(),
    });
  }
  return done({ id });
}

/**
 * Splits imported text into paragraphs: one per non-empty line, long lines cut after the last space
 * of each `max` characters (or at `max` when there is none in its second half). Linear in the text:
 * each line is split into code points once (a 256 KB single line must not cost seconds), and it stops
 * once it has more than `limit` paragraphs (the caller refuses those anyway).
 */
export function scriptToParagraphs(text: string, max = MAX_CHARACTERS_PER_GENERATION, limit = Infinity) {
  const out: string[] = [];
  const space = /\s/;
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const chars = Array.from(raw.trim());
    let from = 0;
    while (chars.length - from > max) {
      let cut = -1;
      for (let i = from + max - 1; i > from + max / 2; i--) {
        if (chars[i] === " ") {
          cut = i;
          break;
        }
      }
      const at = cut > 0 ? cut + 1 : from + max;
      out.push(chars.slice(from, at).join("").trim());
      if (out.length > limit) return out;
      from = at;
      while (from < chars.length && space.test(chars[from]!)) from++;
    }
    if (from < chars.length) out.push(from === 0 ? raw.trim() : chars.slice(from).join(""));
    if (out.length > limit) return out;
  }
  return out;
}

/**
 * The text of a script file as Windows and Mac editors save it: UTF-8 (with or without a BOM), UTF-16 with its BOM
 * (Notepad's "Unicode"), or CP949 (Korean Windows' ANSI, WHATWG's "euc-kr"), tried in that order; null when the bytes
 * are none of them.
 */
export function scriptText(bytes: ArrayBuffer): string | null {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? "utf-16le" : head[0] === 0xfe && head[1] === 0xff ? "utf-16be" : null;
  for (const label of utf16 ? [utf16] : ["utf-8", "euc-kr"]) {
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes);
    } catch {
      // Not this encoding: the next one.
    }
  }
  return null;
}

/** A .txt script (its file name and bytes, see `scriptText`) becomes a TTS project, a paragraph per line. */
export async function importScript(s: MemberScope, fileName: string, bytes: ArrayBuffer) {
  const decoded = scriptText(bytes);
  if (decoded === null) return refusal(Code.BAD_REQUEST);
  const text = withoutControls(decoded);
  const lines = scriptToParagraphs(text, MAX_CHARACTERS_PER_GENERATION, MAX_PARAGRAPHS);
  if (lines.length === 0) return refusal(Code.TEXT_EMPTY);
  if (lines.length > MAX_PARAGRAPHS) return refusal(Code.BAD_REQUEST);
  // The editor's text rules at import time: what can be read is kept as typed; a line that cannot be
  // spoken is refused by its number and characters.
  for (const [i, line] of lines.entries()) {
    const problem = checkText(line);
    if (problem?.code === "invalid") return refusal(Code.PARAGRAPH_TEXT_INVALID, { params: { n: i + 1, chars: problem.chars.join(" ") } });
  }
  const name = cutCodePoints(stripControls(fileName.replace(/\.txt$/i, "")).trim(), 60) || UNTITLED_PROJECT[s.locale];
  const id = await createProject(s, name, "tts");
  if (!id) return refusal(Code.PROJECT_LIMIT);
  // Each line in its own language: Hangul or Latin by share, with a voice of that language; a line
  // of neither (numbers, signs) takes the line before it, or the member's language.
  const voiceFor = { ko: await defaultVoice(s.db, "ko"), en: await defaultVoice(s.db, "en") };
  let previous: "ko" | "en" = s.locale;
  const now = Date.now();
  await s.db.batch(
    lines.map((line, i) => {
      const lang = lineLanguage(line) ?? previous;
      previous = lang;
      return s.db
        .insert(paragraphs)
        .values({ id: crypto.randomUUID(), projectId: id, position: i, text: line, voiceId: voiceFor[lang], lang, updatedAt: now });
    }) as never,
  );
  return done({ id, paragraphs: lines.length });
}

export async function renameProject(s: MemberScope, id: string, name: string) {
  const project = await ownProject(s, id);
  if (!project) return refusal(Code.NOT_FOUND);
  await s.db.update(projects).set({ name, updatedAt: Date.now() }).where(eq(projects.id, project.id));
  return done({ id: project.id });
}

/**
 * Deletes a project: it leaves every list at once and can be restored for UNDO_WINDOW_MS; then it
 * is purged with its paragraphs and checked recordings (and their audio). Its conversions stay in the work history.
 */
export async function deleteProject(s: MemberScope, id: string, now = Date.now()) {
  const project = await ownProject(s, id);
  if (!project) return refusal(Code.NOT_FOUND);
  await s.db.update(projects).set({ deletedAt: now }).where(eq(projects.id, project.id));
  return done({ deleted: true as const, id: project.id, undoUntil: now + UNDO_WINDOW_MS });
}

/** Brings back a project deleted less than UNDO_WINDOW_MS ago, unless the plan's project limit was reached since. */
export async function restoreProject(s: MemberScope, id: string, now = Date.now()) {
  const project = await s.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.memberId, s.member.id), isNotNull(projects.deletedAt)))
    .get();
  if (!project) return refusal(Code.NOT_FOUND);
  if (now - project.deletedAt! > UNDO_WINDOW_MS) return refusal(Code.UNDO_EXPIRED);
  const restored = await s.env.DB.prepare(
    `UPDATE projects SET deleted_at = NULL WHERE id = ?1 AND member_id = ?2 AND deleted_at IS NOT NULL
     AND (${PROJECT_LIMIT_SQL} < 0 OR (SELECT COUNT(*) FROM projects WHERE member_id = ?2 AND deleted_at IS NULL) < ${PROJECT_LIMIT_SQL})`,
  )
    .bind(project.id, s.member.id)
    .run();
  if (restored.meta.changes !== 1) return refusal(Code.PROJECT_LIMIT);
  return done({ id: project.id, type: project.type });
}

/**
 * Purges projects deleted more than UNDO_WINDOW_MS before `now` (one member's when `memberId` is given: the list
 * does it; the daily clean-up does everyone's), releasing their audio.
 */
export async function purgeDeleted(s: Pick<MemberScope, "db" | "env">, now = Date.now(), memberId?: string) {
  const expired = lt(projects.deletedAt, now - UNDO_WINDOW_MS);
  const gone = await s.db
    .select({ id: projects.id })
    .from(projects)
    .where(memberId ? and(eq(projects.memberId, memberId), expired) : expired)
    .limit(100);
  for (const { id } of gone) {
    const [keys, sources, takes, music] = await Promise.all([
      s.db.select({ key: paragraphs.audioKey }).from(paragraphs).where(eq(paragraphs.projectId, id)),
      s.db.select({ key: stsSources.audioKey }).from(stsSources).where(eq(stsSources.projectId, id)),
      s.db.select({ key: paragraphTakes.audioKey }).from(paragraphTakes).where(eq(paragraphTakes.projectId, id)),
      s.db.select({ key: projectMusic.audioKey }).from(projectMusic).where(eq(projectMusic.projectId, id)),
    ]);
    await s.db.delete(projects).where(eq(projects.id, id));
    await releaseAudio(
      s.db,
      s.env.MEDIA,
      [...keys, ...sources, ...takes, ...music].map((k) => k.key),
    );
  }
  return gone.length;
}
