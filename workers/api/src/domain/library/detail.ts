// The voice detail (GET /voices/:id, issue 16): the card, the kind's usage terms, the creator, the caller's own
// rating, bookmark and report, the comment count, the current feature period, and for the creator only the
// number of reports (never who made them).
import { and, asc, count, eq, gt, isNull, lte, or } from "drizzle-orm";
import { members, voiceBookmarks, voiceComments, voiceEvents, voiceRatings, voiceReports, voices } from "../../../../../db/schema";
import { VOICE_TERMS, type VoiceDetail } from "../../../../../contracts/voices";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { label, VOICE_TERMS_TEXT } from "../../lib/labels";
import { visibleVoice } from "../voices";
import { voiceCard } from "./cards";
import type { Viewer } from "./list";

export async function voiceDetail(v: Viewer, id: string, now = Date.now()): Promise<Result<VoiceDetail>> {
  const me = v.member?.id ?? "";
  // Everything is asked at once, beside the voice's own visibility check, so a member far from D1 waits one round trip:
  // the creator through the voice's owner, the report count always (it is kept only for the voice's owner), and all of
  // it thrown away when the voice is not one the viewer may see.
  const [voice, creator, bookmark, rating, report, reports, comments, event] = await Promise.all([
    visibleVoice(v.db, v.member, id),
    v.db
      .select({ nickname: members.nickname })
      .from(voices)
      .innerJoin(members, eq(members.id, voices.ownerId))
      .where(eq(voices.id, id))
      .get(),
    v.member
      ? v.db
          .select({ id: voiceBookmarks.voiceId })
          .from(voiceBookmarks)
          .where(and(eq(voiceBookmarks.memberId, me), eq(voiceBookmarks.voiceId, id)))
          .get()
      : Promise.resolve(undefined),
    v.member
      ? v.db
          .select({ score: voiceRatings.score })
          .from(voiceRatings)
          .where(and(eq(voiceRatings.voiceId, id), eq(voiceRatings.memberId, me)))
          .get()
      : Promise.resolve(undefined),
    v.member
      ? v.db
          .select({ id: voiceReports.id })
          .from(voiceReports)
          .where(and(eq(voiceReports.voiceId, id), eq(voiceReports.memberId, me)))
          .get()
      : Promise.resolve(undefined),
    v.member ? v.db.select({ n: count() }).from(voiceReports).where(eq(voiceReports.voiceId, id)) : Promise.resolve(null),
    v.db
      .select({ n: count() })
      .from(voiceComments)
      .where(and(eq(voiceComments.voiceId, id), or(isNull(voiceComments.hiddenAt), eq(voiceComments.memberId, me)))),
    v.db
      .select({ startsAt: voiceEvents.startsAt, endsAt: voiceEvents.endsAt })
      .from(voiceEvents)
      .where(and(eq(voiceEvents.voiceId, id), lte(voiceEvents.startsAt, now), gt(voiceEvents.endsAt, now)))
      .orderBy(asc(voiceEvents.endsAt))
      .get(),
  ]);
  if (!voice) return refusal(Code.VOICE_NOT_FOUND);
  const mine = !!v.member && voice.ownerId === me;
  const terms = VOICE_TERMS[voice.type];
  return done({
    ...voiceCard(voice, v.locale, v.member, !!bookmark),
    terms: { code: terms, text: label(VOICE_TERMS_TEXT, terms, v.locale) },
    creator: creator ? { nickname: creator.nickname } : null,
    myRating: rating?.score ?? null,
    reported: !!report,
    reportCount: mine && reports ? (reports[0]?.n ?? 0) : null,
    commentCount: comments[0]?.n ?? 0,
    event: event ?? null,
  });
}
