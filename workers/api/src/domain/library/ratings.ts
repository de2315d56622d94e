// Ratings: a score from 1 to 5, one per member and voice; a new one replaces the old. The voice's
// count, sum and average are kept by triggers in the same statement's transaction (migration 0016).
import { eq } from "drizzle-orm";
import { voiceRatings, voices } from "#db/schema";
import { RATING_MAX, RATING_MIN, type RatingAnswer } from "#contracts/voices";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { MemberScope } from "../scope";
import { visibleVoice } from "../voices";
import { ratingAverage } from "./cards";

export const validScore = (score: unknown): score is number =>
  typeof score === "number" && Number.isInteger(score) && score >= RATING_MIN && score <= RATING_MAX;

/** Rates a voice the member may see (not their own); answers the member's score and the voice's new average. */
export async function rateVoice(
  s: Pick<MemberScope, "db" | "member">,
  voiceId: string,
  score: unknown,
  now = Date.now(),
): Promise<Result<RatingAnswer>> {
  if (!validScore(score)) return refusal(Code.RATING_INVALID);
  const voice = await visibleVoice(s.db, s.member, voiceId);
  if (!voice) return refusal(Code.VOICE_NOT_FOUND);
  if (voice.ownerId === s.member.id) return refusal(Code.RATE_OWN_VOICE);
  // One row per (voice, member): the primary key decides between concurrent first ratings.
  await s.db
    .insert(voiceRatings)
    .values({ voiceId, memberId: s.member.id, score, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [voiceRatings.voiceId, voiceRatings.memberId], set: { score, updatedAt: now } });
  const after = await s.db.select({ count: voices.ratingCount, sum: voices.ratingSum }).from(voices).where(eq(voices.id, voiceId)).get();
  return done({ score, ratingAverage: ratingAverage(after?.count ?? 0, after?.sum ?? 0), ratingCount: after?.count ?? 0 });
}
