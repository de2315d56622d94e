// Comments on a voice: paged newest first, written, edited and deleted by their author only, at most
// COMMENT_MAX characters, rate limited per member. A hidden comment (an operator's) shows to its author only.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { commentReports, members, voiceComments, voices } from "#db/schema";
import { COMMENT_MAX, type CommentPage, type VoiceComment } from "#contracts/voices";
import type { Member } from "../../env";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { hit } from "../../lib/rate-limit";
import type { Db, MemberScope } from "../scope";
import { visibleTo, visibleVoice } from "../voices";
import type { Viewer } from "./list";
import { codePoints, memberText } from "./text";

type Row = typeof voiceComments.$inferSelect;

const out = (r: Row, nickname: string, member: Member | null, reported: boolean): VoiceComment => {
  const mine = !!member && r.memberId === member.id;
  return {
    id: r.id,
    voiceId: r.voiceId,
    text: r.text,
    author: { nickname },
    mine,
    reported,
    createdAt: r.createdAt,
    editedAt: r.editedAt,
    hidden: mine && r.hiddenAt !== null ? { at: r.hiddenAt, reason: r.hiddenReason ?? "" } : null,
  };
};

/** A comment's text as stored, or why it cannot be (4404 empty, 4405 too long). */
export function commentText(raw: string): Result<string> {
  const text = memberText(raw);
  if (!text) return refusal(Code.COMMENT_EMPTY);
  if (codePoints(text) > COMMENT_MAX) return refusal(Code.COMMENT_TOO_LONG, { params: { max: COMMENT_MAX } });
  return done(text);
}

/** Comments the viewer sees on a voice: not hidden, or their own. */
const shownTo = (member: Member | null) => or(isNull(voiceComments.hiddenAt), eq(voiceComments.memberId, member?.id ?? ""));

/** One page of a voice's comments, newest first (id as the tie-break), for a viewer who may see the voice. */
export async function listComments(v: Viewer, voiceId: string, page: number, limit: number): Promise<Result<CommentPage>> {
  const where = and(eq(voiceComments.voiceId, voiceId), shownTo(v.member));
  // One round trip of two statements: the voice's visibility with the comment count, and the page (with whether the
  // viewer reported each comment) beside it, thrown away when the viewer may not see the voice.
  const [visible, rows] = await Promise.all([
    v.db
      .select({ n: sql<number>`(SELECT COUNT(*) FROM ${voiceComments} WHERE ${where})` })
      .from(voices)
      .where(and(eq(voices.id, voiceId), visibleTo(v.member)))
      .get(),
    v.db
      .select({ c: voiceComments, nickname: members.nickname, reported: commentReports.commentId })
      .from(voiceComments)
      .innerJoin(members, eq(members.id, voiceComments.memberId))
      .leftJoin(commentReports, and(eq(commentReports.commentId, voiceComments.id), eq(commentReports.memberId, v.member?.id ?? "")))
      .where(where)
      .orderBy(desc(voiceComments.createdAt), desc(voiceComments.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  if (!visible) return refusal(Code.VOICE_NOT_FOUND);
  return done({ comments: rows.map((r) => out(r.c, r.nickname, v.member, r.reported !== null)), page, limit, total: visible.n });
}

/** Adds a comment to a voice the member may see (10 comment writes a minute per member). */
export async function addComment(s: MemberScope, voiceId: string, raw: string, now = Date.now()): Promise<Result<VoiceComment>> {
  const text = commentText(raw);
  if (!text.ok) return text;
  if (!(await visibleVoice(s.db, s.member, voiceId))) return refusal(Code.VOICE_NOT_FOUND);
  if (!(await hit(s.env, "commentsPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const [row] = await s.db
    .insert(voiceComments)
    .values({ id: crypto.randomUUID(), voiceId, memberId: s.member.id, text: text.value, createdAt: now })
    .returning();
  return done(out(row!, await nickname(s.db, s.member.id), s.member, false));
}

/**
 * A comment the member may act on: one they can see (not hidden, or theirs) on a voice they can see.
 * Anything else is "not found" (4402), whoever wrote it.
 */
export async function visibleComment(db: Db, member: Member | null, id: string) {
  const row = await db
    .select()
    .from(voiceComments)
    .where(and(eq(voiceComments.id, id), shownTo(member)))
    .get();
  if (!row || !(await visibleVoice(db, member, row.voiceId))) return undefined;
  return row;
}

/** The member's own comment, or why not: 4402 when they cannot see it, 4403 when someone else wrote it. */
async function ownComment(s: Pick<MemberScope, "db" | "member">, id: string): Promise<Result<Row>> {
  const row = await visibleComment(s.db, s.member, id);
  if (!row) return refusal(Code.COMMENT_NOT_FOUND);
  if (row.memberId !== s.member.id) return refusal(Code.COMMENT_NOT_YOURS);
  return done(row);
}

/** Changes the text of the member's own comment (counts as a comment write). */
export async function editComment(s: MemberScope, id: string, raw: string, now = Date.now()): Promise<Result<VoiceComment>> {
  const text = commentText(raw);
  if (!text.ok) return text;
  const own = await ownComment(s, id);
  if (!own.ok) return own;
  if (!(await hit(s.env, "commentsPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const [row] = await s.db
    .update(voiceComments)
    .set({ text: text.value, editedAt: now })
    .where(and(eq(voiceComments.id, id), eq(voiceComments.memberId, s.member.id)))
    .returning();
  if (!row) return refusal(Code.COMMENT_NOT_FOUND);
  return done(out(row, await nickname(s.db, s.member.id), s.member, false));
}

/** Deletes the member's own comment (and the reports of it). */
export async function deleteComment(s: Pick<MemberScope, "db" | "member">, id: string): Promise<Result<{ deleted: true }>> {
  const own = await ownComment(s, id);
  if (!own.ok) return own;
  await s.db.delete(voiceComments).where(and(eq(voiceComments.id, id), eq(voiceComments.memberId, s.member.id)));
  return done({ deleted: true as const });
}

const nickname = async (db: Db, memberId: string) =>
  (await db.select({ nickname: members.nickname }).from(members).where(eq(members.id, memberId)).get())?.nickname ?? "";
