// What the operator console (a later issue) calls: feature a voice for a period (the Event tab) or stop
// featuring it, hide or restore a voice or a comment. A hidden voice is gone for everyone but its creator, who
// sees it marked with the reason; a hidden comment likewise shows to its author only (docs/decisions/0028).
import { and, eq, isNull } from "drizzle-orm";
import { voiceComments, voiceEvents, voices } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db } from "../scope";

/** Features a voice (basic or open, not deleted) from `startsAt` until `endsAt` (ms); answers the event's id. */
export async function featureVoice(
  db: Db,
  voiceId: string,
  startsAt: number,
  endsAt: number,
  now = Date.now(),
): Promise<Result<{ id: string }>> {
  if (!Number.isSafeInteger(startsAt) || !Number.isSafeInteger(endsAt) || endsAt <= startsAt) return refusal(Code.FEATURE_PERIOD_INVALID);
  const voice = await db
    .select({ type: voices.type })
    .from(voices)
    .where(and(eq(voices.id, voiceId), isNull(voices.deletedAt)))
    .get();
  // A custom voice is private: it cannot be featured.
  if (!voice || voice.type === "custom") return refusal(Code.VOICE_NOT_FOUND);
  const id = crypto.randomUUID();
  await db.insert(voiceEvents).values({ id, voiceId, startsAt, endsAt, createdAt: now });
  return done({ id });
}

/** Ends a feature (removes the event). */
export async function unfeatureVoice(db: Db, eventId: string): Promise<Result<{ removed: true }>> {
  const [row] = await db.delete(voiceEvents).where(eq(voiceEvents.id, eventId)).returning({ id: voiceEvents.id });
  return row ? done({ removed: true as const }) : refusal(Code.NOT_FOUND);
}

/** Hides a voice from everyone but its creator, with the operator's reason (kept as written). */
export async function hideVoice(db: Db, voiceId: string, reason: string, now = Date.now()): Promise<Result<{ hidden: true }>> {
  const [row] = await db
    .update(voices)
    .set({ hiddenAt: now, hiddenReason: reason })
    .where(and(eq(voices.id, voiceId), isNull(voices.deletedAt)))
    .returning({ id: voices.id });
  return row ? done({ hidden: true as const }) : refusal(Code.VOICE_NOT_FOUND);
}

export async function restoreVoice(db: Db, voiceId: string): Promise<Result<{ hidden: false }>> {
  const [row] = await db
    .update(voices)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(and(eq(voices.id, voiceId), isNull(voices.deletedAt)))
    .returning({ id: voices.id });
  return row ? done({ hidden: false as const }) : refusal(Code.VOICE_NOT_FOUND);
}

/** Hides a comment from everyone but its author, with the operator's reason. */
export async function hideComment(db: Db, commentId: string, reason: string, now = Date.now()): Promise<Result<{ hidden: true }>> {
  const [row] = await db
    .update(voiceComments)
    .set({ hiddenAt: now, hiddenReason: reason })
    .where(eq(voiceComments.id, commentId))
    .returning({ id: voiceComments.id });
  return row ? done({ hidden: true as const }) : refusal(Code.COMMENT_NOT_FOUND);
}

export async function restoreComment(db: Db, commentId: string): Promise<Result<{ hidden: false }>> {
  const [row] = await db
    .update(voiceComments)
    .set({ hiddenAt: null, hiddenReason: null })
    .where(eq(voiceComments.id, commentId))
    .returning({ id: voiceComments.id });
  return row ? done({ hidden: false as const }) : refusal(Code.COMMENT_NOT_FOUND);
}
