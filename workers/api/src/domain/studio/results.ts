import { inList } from "../../lib/in-list";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { inferences, videoLetters, voices } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { releaseAudio } from "../../lib/media";
import { letterIds } from "../labs/letters";
import type { MemberScope } from "../scope";

export type ResultRow = typeof inferences.$inferSelect;

/**
 * docs/decisions/0045: a result deleted from the work history can be brought back for this long, then it
 * is purged with its audio. Until then it is in no list, look-up or share page: every reader asks for `liveResult`.
 */
export const RESULT_UNDO_MS = 30_000;
/** The condition every read of results adds: not deleted (not even within its undo window). */
export const liveResult = isNull(inferences.deletedAt);

/**
 * Results as the work history, the result page and an STS project get them (spec: work history row:
 * date, method, audio, file, voice model, quality, duration, original and converted versions).
 */
export async function resultsOut(s: Pick<MemberScope, "db" | "locale">, rows: ResultRow[]) {
  const ids = [...new Set(rows.map((r) => r.voiceId))];
  // Independent look-ups, so they share one round trip to D1.
  const [names, lettered] = await Promise.all([
    ids.length ? s.db.select({ id: voices.id, name: voices.name }).from(voices).where(inList(voices.id, ids)) : [],
    // The work history's video column: the results that have a video letter.
    letterIds(
      s.db,
      rows.map((r) => r.id),
    ),
  ]);
  const nameOf = new Map(names.map((v) => [v.id, v.name[s.locale]]));
  return rows.map((r) => resultOut(r, nameOf.get(r.voiceId), lettered.has(r.id), lettered.get(r.id) ?? null));
}

/** One result as `resultsOut` gives it, from its row and what was looked up beside it. */
function resultOut(r: ResultRow, voiceName: string | undefined, hasVideo: boolean, videoTemplate: string | null) {
  return {
    inference_id: r.id,
    project_id: r.projectId,
    method: r.method,
    /** The text spoken (TTS) or the original file's name (STS). */
    text: r.text,
    voice_id: r.voiceId,
    voiceName: voiceName ?? r.voiceId,
    characters: r.characters,
    seconds: r.seconds,
    duration: r.durationMs / 1000,
    /** Every result is rendered to the same target (speech/render.ts RENDER). */
    quality: "24 kHz · 16-bit · mono",
    createdAt: r.createdAt,
    audioURL: `/api/v1/studio/inferences/${r.id}/audio`,
    sourceURL: r.sourceKey ? `/api/v1/studio/inferences/${r.id}/source` : null,
    /** How a conversion was made: "register" (pitch and timbre moved) or "resynthesis" (spoken again in the voice). */
    conversion: r.conversion,
    /** The checked recording (sts_sources) the original is stored as, when it was one. */
    source_id: r.sourceKey?.match(/^sources\/[^/]+\/([^/]+)\.wav$/)?.[1] ?? null,
    share: r.shareId ? { share_id: r.shareId, url: `/share/${r.shareId}` } : null,
    review: r.reviewScore ? { score: r.reviewScore, text: r.reviewText ?? "" } : null,
    /** It answers another shared result ("reply with my voice"). */
    isReply: r.replyTo !== null,
    videoURL: hasVideo ? `/api/v1/studio/inferences/${r.id}/video` : null,
    /** The short template its video was made from (docs/decisions/0042), null for a plain letter or none. */
    videoTemplate,
  };
}

/** The member's own result, or undefined. */
export const ownResult = (s: Pick<MemberScope, "db" | "member">, id: string) =>
  s.db
    .select()
    .from(inferences)
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id), liveResult))
    .get();

/** Work history (spec: date, method, audio, voice, duration), newest first, a page at a time. */
export async function history(s: MemberScope, page: number, size: number, now = Date.now()) {
  // One round trip to D1: the page, and beside it the purge of results deleted and not brought back in time (the
  // daily clean-up catches the rest), which the page never shows.
  const [items] = await Promise.all([
    resultsWhere(s, and(eq(inferences.memberId, s.member.id), liveResult), { limit: size + 1, offset: (page - 1) * size }),
    purgeDeletedResults(s, now, s.member.id),
  ]);
  return { items: items.slice(0, size), page, hasMore: items.length > size };
}

/**
 * The results `where` selects, newest first, as `resultsOut` gives them, in one statement: each with its voice's name
 * and its video letter joined in rather than looked up after.
 */
export async function resultsWhere(
  s: Pick<MemberScope, "db" | "locale">,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
) {
  const query = s.db
    .select({ result: inferences, voiceName: voices.name, letter: videoLetters.inferenceId, template: videoLetters.template })
    .from(inferences)
    .leftJoin(voices, eq(voices.id, inferences.voiceId))
    .leftJoin(videoLetters, eq(videoLetters.inferenceId, inferences.id))
    .where(where)
    .orderBy(desc(inferences.createdAt), desc(inferences.id));
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map((r) => resultOut(r.result, r.voiceName?.[s.locale], r.letter !== null, r.template));
}

/**
 * Deletes a result (spec: POST /studio/delHistory): it leaves the history, its share page and every
 * look-up at once and can be brought back for RESULT_UNDO_MS; then it is purged with its audio. Another member's id: 404.
 */
export async function deleteResult(s: MemberScope, id: string, now = Date.now()) {
  const [gone] = await s.db
    .update(inferences)
    .set({ deletedAt: now })
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id), liveResult))
    .returning({ id: inferences.id });
  if (!gone) return refusal(Code.NOT_FOUND);
  return done({ deleted: true as const, id: gone.id, undoUntil: now + RESULT_UNDO_MS });
}

/** Brings back a result deleted less than RESULT_UNDO_MS ago (its share page too); later: 4603, another's: 404. */
export async function restoreResult(s: MemberScope, id: string, now = Date.now()) {
  const row = await s.db
    .select({ deletedAt: inferences.deletedAt })
    .from(inferences)
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id), isNotNull(inferences.deletedAt)))
    .get();
  if (!row) return refusal(Code.NOT_FOUND);
  if (now - row.deletedAt! > RESULT_UNDO_MS) return refusal(Code.UNDO_EXPIRED);
  // The window is checked again in the update itself: a purge between the read and here leaves no row to restore.
  const back = await s.db
    .update(inferences)
    .set({ deletedAt: null })
    .where(
      and(
        eq(inferences.id, id),
        eq(inferences.memberId, s.member.id),
        isNotNull(inferences.deletedAt),
        gte(inferences.deletedAt, now - RESULT_UNDO_MS),
      ),
    )
    .returning({ id: inferences.id })
    .get();
  if (!back) return refusal(Code.UNDO_EXPIRED);
  return done({ id });
}

/**
 * Purges results deleted more than RESULT_UNDO_MS before `now` (one member's when `memberId` is given: the history
 * does it; the daily clean-up does everyone's), releasing audio no other row uses. At most 100 a call.
 */
export async function purgeDeletedResults(s: Pick<MemberScope, "db" | "env">, now = Date.now(), memberId?: string) {
  const expired = lt(inferences.deletedAt, now - RESULT_UNDO_MS);
  const gone = await s.db
    .select({ id: inferences.id, key: inferences.audioKey, source: inferences.sourceKey })
    .from(inferences)
    .where(memberId ? and(eq(inferences.memberId, memberId), expired) : expired)
    .limit(100);
  if (gone.length === 0) return 0;
  const ids = gone.map((g) => g.id);
  // Their video letters' rows go with them (cascade); their files are the purge's to delete.
  const letters = await s.db
    .select({ video: videoLetters.videoKey, poster: videoLetters.posterKey })
    .from(videoLetters)
    .where(inArray(videoLetters.inferenceId, ids));
  await s.db.delete(inferences).where(inArray(inferences.id, ids));
  const letterFiles = letters.flatMap((l) => (l.poster ? [l.video, l.poster] : [l.video]));
  if (letterFiles.length) await s.env.MEDIA.delete(letterFiles);
  await releaseAudio(
    s.db,
    s.env.MEDIA,
    gone.flatMap((g) => [g.key, g.source]),
  );
  return gone.length;
}

/** Spec review: a score from 1 to 5 and a text, one per result (a new review replaces it). */
export async function reviewResult(s: MemberScope, id: string, score: number, text: string) {
  const [row] = await s.db
    .update(inferences)
    .set({ reviewScore: score, reviewText: text, reviewedAt: Date.now() })
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id), liveResult))
    .returning({ id: inferences.id });
  return row ? done({ score, text }) : refusal(Code.NOT_FOUND);
}
