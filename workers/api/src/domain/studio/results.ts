import { and, desc, eq, inArray } from "drizzle-orm";
import { inferences, voices } from "../../../../../db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { releaseAudio } from "../../lib/media";
import { letterIds } from "../labs/letters";
import type { MemberScope } from "../scope";

export type ResultRow = typeof inferences.$inferSelect;

/**
 * Results as the work history, the result page and an STS project get them (spec: work history row:
 * date, method, audio, file, voice model, quality, duration, original and converted versions).
 */
export async function resultsOut(s: Pick<MemberScope, "db" | "locale">, rows: ResultRow[]) {
  const ids = [...new Set(rows.map((r) => r.voiceId))];
  const names = ids.length ? await s.db.select({ id: voices.id, name: voices.name }).from(voices).where(inArray(voices.id, ids)) : [];
  const nameOf = new Map(names.map((v) => [v.id, v.name[s.locale]]));
  // The work history's video column (issue 20): the results that have a video letter.
  const lettered = await letterIds(
    s.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    inference_id: r.id,
    project_id: r.projectId,
    method: r.method,
    /** The text spoken (TTS) or the original file's name (STS). */
    text: r.text,
    voice_id: r.voiceId,
    voiceName: nameOf.get(r.voiceId) ?? r.voiceId,
    characters: r.characters,
    seconds: r.seconds,
    duration: r.durationMs / 1000,
    /** Every result is rendered to the same target (speech/render.ts RENDER). */
    quality: "24 kHz · 16-bit · mono",
    createdAt: r.createdAt,
    audioURL: `/api/v1/studio/inferences/${r.id}/audio`,
    sourceURL: r.sourceKey ? `/api/v1/studio/inferences/${r.id}/source` : null,
    /** The checked recording (sts_sources) the original is stored as, when it was one. */
    source_id: r.sourceKey?.match(/^sources\/[^/]+\/([^/]+)\.wav$/)?.[1] ?? null,
    share: r.shareId ? { share_id: r.shareId, url: `/share/${r.shareId}` } : null,
    review: r.reviewScore ? { score: r.reviewScore, text: r.reviewText ?? "" } : null,
    /** It answers another shared result (issue 19, "reply with my voice"). */
    isReply: r.replyTo !== null,
    videoURL: lettered.has(r.id) ? `/api/v1/studio/inferences/${r.id}/video` : null,
    /** The short template its video was made from (docs/decisions/0042), null for a plain letter or none. */
    videoTemplate: lettered.get(r.id) ?? null,
  }));
}

/** The member's own result, or undefined. */
export const ownResult = (s: Pick<MemberScope, "db" | "member">, id: string) =>
  s.db
    .select()
    .from(inferences)
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id)))
    .get();

/** Work history (spec: date, method, audio, voice, duration), newest first, a page at a time. */
export async function history(s: MemberScope, page: number, size: number) {
  const rows = await s.db
    .select()
    .from(inferences)
    .where(eq(inferences.memberId, s.member.id))
    .orderBy(desc(inferences.createdAt), desc(inferences.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  return { items: await resultsOut(s, rows.slice(0, size)), page, hasMore: rows.length > size };
}

/** Deletes a result and its audio (another member's id: 404). */
export async function deleteResult(s: MemberScope, id: string) {
  const [gone] = await s.db
    .delete(inferences)
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id)))
    .returning({ key: inferences.audioKey, source: inferences.sourceKey });
  if (!gone) return refusal(Code.NOT_FOUND);
  await releaseAudio(s.db, s.env.MEDIA, [gone.key, gone.source]);
  return done({ deleted: true as const });
}

/** Spec review: a score from 1 to 5 and a text, one per result (a new review replaces it). */
export async function reviewResult(s: MemberScope, id: string, score: number, text: string) {
  const [row] = await s.db
    .update(inferences)
    .set({ reviewScore: score, reviewText: text, reviewedAt: Date.now() })
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id)))
    .returning({ id: inferences.id });
  return row ? done({ score, text }) : refusal(Code.NOT_FOUND);
}
