import { inList } from "../../lib/in-list";
import { and, eq, isNull } from "drizzle-orm";
import { inferences, videoLetters } from "#db/schema";
import { shortTemplate, VIDEO_LIMITS, type VideoLetter } from "#contracts/labs";
import { checkWebm, seekableWebm } from "#contracts/webm";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { decodes, IMAGE_EXTENSION, imageInfo } from "../../lib/image";
import { hit } from "../../lib/rate-limit";
import type { Db, MemberScope } from "../scope";

/**
 * Video letters (docs/decisions/0041): a result's avatar (or a still image) speaking its audio,
 * recorded to WebM in the browser and uploaded here, checked by content and stored seekable with a Duration and Cues
 * (contracts/webm.ts, docs/decisions/0078), kept privately in R2 beside an optional poster image, one per result. Its
 * owner reaches it through the result; anyone with the result's share link through the share page, until the share is
 * revoked.
 */

type Row = typeof videoLetters.$inferSelect;

/** One of the member's results (studio/results.ts imports this module for the history's video column, so not its ownResult). */
const ownResult = (s: MemberScope, id: string) =>
  s.db
    .select({ id: inferences.id })
    .from(inferences)
    // Not one deleted from the history, even within its undo time (studio/results.ts `liveResult`).
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id), isNull(inferences.deletedAt)))
    .get();

const letterOut = (r: Row, base: string): VideoLetter => ({
  videoURL: `${base}/video`,
  posterURL: r.posterKey ? `${base}/poster` : null,
  duration: r.durationMs / 1000,
  width: r.width,
  height: r.height,
  createdAt: r.createdAt,
  template: r.template,
});

/** The letter of one of the member's results, for the result page (null when it has none). */
export async function resultLetter(db: Db, inferenceId: string) {
  const row = await db.select().from(videoLetters).where(eq(videoLetters.inferenceId, inferenceId)).get();
  return row ? letterOut(row, `/api/v1/studio/inferences/${inferenceId}`) : null;
}

/** The letters of several results at once (the work history's video column): result id -> its short's template or null. */
export async function letterIds(db: Db, inferenceIds: string[]) {
  if (!inferenceIds.length) return new Map<string, string | null>();
  const rows = await db
    .select({ id: videoLetters.inferenceId, template: videoLetters.template })
    .from(videoLetters)
    .where(inList(videoLetters.inferenceId, inferenceIds));
  return new Map(rows.map((r) => [r.id, r.template]));
}

/** A short (docs/decisions/0042) is 9:16, as the shorts page draws it; a little slack for an encoder's rounding. */
const isVertical = (width: number, height: number) => height > 0 && Math.abs(width / height - 9 / 16) <= 0.02;

/**
 * Stores (or replaces) the video letter of one of the member's results. `template` names the short template
 * it was made from (a short, docs/decisions/0042): one of SHORT_TEMPLATES, and the video must be 9:16.
 */
export async function saveLetter(s: MemberScope, inferenceId: string, video: File, poster: File | null, template: string | null = null) {
  const result = await ownResult(s, inferenceId);
  if (!result) return refusal(Code.NOT_FOUND);
  if (template !== null && !shortTemplate(template)) return refusal(Code.SHORT_TEMPLATE_UNKNOWN);
  if (!(await hit(s.env, "letterUploadPerMember", s.member.id)).allowed) return refusal(Code.RATE_LIMITED);
  if (video.size > VIDEO_LIMITS.maxBytes) return refusal(Code.VIDEO_TOO_LARGE, { params: { max: VIDEO_LIMITS.maxBytes / 1024 / 1024 } });
  if (poster && poster.size > VIDEO_LIMITS.posterMaxBytes) return refusal(Code.POSTER_INVALID);
  const upload = new Uint8Array(await video.arrayBuffer());
  const checked = checkWebm(upload);
  if (!checked.ok) return refusal(checked.reason === "too-long" ? Code.VIDEO_TOO_LONG : Code.VIDEO_INVALID);
  if (template !== null && !isVertical(checked.info.width, checked.info.height)) return refusal(Code.SHORT_NOT_VERTICAL);
  // Stored as players need it (MediaRecorder writes no length and no index): every client's letter seeks.
  const bytes = seekableWebm(upload, checked.info, checked.layout);
  const posterBytes = poster ? new Uint8Array(await poster.arrayBuffer()) : null;
  const image = posterBytes ? imageInfo(posterBytes) : null;
  // A poster (an avatar's frame, or a still letter's picture) is checked by its bytes: PNG/JPEG/WebP,
  // 1-1920 px a side, decoding whole.
  if (
    posterBytes &&
    (!image ||
      image.width < 1 ||
      image.height < 1 ||
      image.width > VIDEO_LIMITS.maxSide ||
      image.height > VIDEO_LIMITS.maxSide ||
      !(await decodes(posterBytes, image)))
  )
    return refusal(Code.POSTER_INVALID);
  // Files of their own for each upload: a replacement that fails half-way leaves the earlier letter whole (its row
  // names its files until the new row is written; the replaced files go after that).
  const base = `labs/letters/${s.member.id}/${inferenceId}-${crypto.randomUUID().slice(0, 8)}`;
  const videoKey = `${base}.webm`;
  const posterKey = image ? `${base}.poster.${IMAGE_EXTENSION[image.type]}` : null;
  const newFiles = posterKey ? [videoKey, posterKey] : [videoKey];
  const old = await s.db.select().from(videoLetters).where(eq(videoLetters.inferenceId, inferenceId)).get();
  await s.env.MEDIA.put(videoKey, bytes, { httpMetadata: { contentType: "video/webm" } });
  if (posterKey && image) await s.env.MEDIA.put(posterKey, posterBytes!, { httpMetadata: { contentType: image.type } });
  const row: Row = {
    inferenceId,
    memberId: s.member.id,
    videoKey,
    posterKey,
    bytes: bytes.length,
    durationMs: checked.info.durationMs,
    width: checked.info.width,
    height: checked.info.height,
    createdAt: Date.now(),
    template,
  };
  try {
    await s.db.insert(videoLetters).values(row).onConflictDoUpdate({ target: videoLetters.inferenceId, set: row });
  } catch (err) {
    await s.env.MEDIA.delete(newFiles);
    throw err;
  }
  const replaced = old ? [old.videoKey, ...(old.posterKey ? [old.posterKey] : [])].filter((k) => !newFiles.includes(k)) : [];
  if (replaced.length) await s.env.MEDIA.delete(replaced);
  return done(letterOut(row, `/api/v1/studio/inferences/${inferenceId}`));
}

/** Deletes the letter of one of the member's results, with its files. */
export async function deleteLetter(s: MemberScope, inferenceId: string) {
  if (!(await ownResult(s, inferenceId))) return refusal(Code.NOT_FOUND);
  const [row] = await s.db.delete(videoLetters).where(eq(videoLetters.inferenceId, inferenceId)).returning();
  if (!row) return refusal(Code.NOT_FOUND);
  await s.env.MEDIA.delete([row.videoKey, ...(row.posterKey ? [row.posterKey] : [])]);
  return done({ deleted: true as const });
}

/** The stored video or poster of one of the member's results. */
export async function ownLetterFile(s: MemberScope, inferenceId: string, part: "video" | "poster") {
  if (!(await ownResult(s, inferenceId))) return null;
  const row = await s.db.select().from(videoLetters).where(eq(videoLetters.inferenceId, inferenceId)).get();
  return (part === "video" ? row?.videoKey : row?.posterKey) ?? null;
}

/** The letter of a shared result, for the share page (null when it has none). */
export async function sharedLetter(db: Db, shareId: string, inferenceId: string) {
  const row = await db.select().from(videoLetters).where(eq(videoLetters.inferenceId, inferenceId)).get();
  return row ? letterOut(row, `/api/v1/share/${shareId}`) : null;
}

/** The stored video or poster of a result shared under `shareId`, to anyone with the link. */
export async function sharedLetterFile(db: Db, shareId: string, part: "video" | "poster") {
  if (!/^[A-Za-z0-9_-]{22}$/.test(shareId)) return null;
  const row = await db
    .select({ videoKey: videoLetters.videoKey, posterKey: videoLetters.posterKey })
    .from(videoLetters)
    .innerJoin(inferences, eq(inferences.id, videoLetters.inferenceId))
    .where(and(eq(inferences.shareId, shareId), isNull(inferences.deletedAt)))
    .get();
  return (part === "video" ? row?.videoKey : row?.posterKey) ?? null;
}
