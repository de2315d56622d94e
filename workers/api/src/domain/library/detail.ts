// The voice detail (GET /voices/:id): the card, the kind's usage terms, the creator, the caller's own
// rating, bookmark and report, the comment count, the current feature period, and for the creator only the
// number of reports (never who made them).
import { and, eq, sql } from "drizzle-orm";
import { voices } from "#db/schema";
import { VOICE_TERMS, type VoiceDetail } from "#contracts/voices";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { label, VOICE_TERMS_TEXT } from "../../lib/labels";
import { visibleTo } from "../voices";
import { voiceCard } from "./cards";
import type { Viewer } from "./list";

export async function voiceDetail(v: Viewer, id: string, now = Date.now()): Promise<Result<VoiceDetail>> {
  const me = v.member?.id ?? "";
  // One statement: the voice where the viewer may see it, and what the page shows beside it as scalar subqueries (the
  // report count is asked always and kept only for the voice's owner). A member far from D1 waits one round trip, and
  // D1 runs one query instead of eight.
  const row = await v.db
    .select({
      voice: voices,
      creator: sql<string | null>`(SELECT m.nickname FROM members m WHERE m.id = "voices"."owner_id")`,
      bookmarked: sql<number>`EXISTS (SELECT 1 FROM voice_bookmarks b WHERE b.voice_id = ${id} AND b.member_id = ${me})`,
      myRating: sql<number | null>`(SELECT r.score FROM voice_ratings r WHERE r.voice_id = ${id} AND r.member_id = ${me})`,
      reported: sql<number>`EXISTS (SELECT 1 FROM voice_reports r WHERE r.voice_id = ${id} AND r.member_id = ${me})`,
      reportCount: sql<number>`(SELECT COUNT(*) FROM voice_reports r WHERE r.voice_id = ${id})`,
      commentCount: sql<number>`(SELECT COUNT(*) FROM voice_comments c WHERE c.voice_id = ${id} AND (c.hidden_at IS NULL OR c.member_id = ${me}))`,
      eventStartsAt: sql<
        number | null
      >`(SELECT e.starts_at FROM voice_events e WHERE e.voice_id = ${id} AND e.starts_at <= ${now} AND e.ends_at > ${now} ORDER BY e.ends_at LIMIT 1)`,
      eventEndsAt: sql<
        number | null
      >`(SELECT e.ends_at FROM voice_events e WHERE e.voice_id = ${id} AND e.starts_at <= ${now} AND e.ends_at > ${now} ORDER BY e.ends_at LIMIT 1)`,
    })
    .from(voices)
    .where(and(eq(voices.id, id), visibleTo(v.member)))
    .get();
  if (!row) return refusal(Code.VOICE_NOT_FOUND);
  const { voice } = row;
  const mine = !!v.member && voice.ownerId === me;
  const terms = VOICE_TERMS[voice.type];
  return done({
    ...voiceCard(voice, v.locale, v.member, !!v.member && !!row.bookmarked),
    terms: { code: terms, text: label(VOICE_TERMS_TEXT, terms, v.locale) },
    creator: row.creator !== null ? { nickname: row.creator } : null,
    myRating: v.member ? (row.myRating ?? null) : null,
    reported: !!v.member && !!row.reported,
    reportCount: mine ? row.reportCount : null,
    commentCount: row.commentCount,
    event: row.eventStartsAt !== null && row.eventEndsAt !== null ? { startsAt: row.eventStartsAt, endsAt: row.eventEndsAt } : null,
  });
}
