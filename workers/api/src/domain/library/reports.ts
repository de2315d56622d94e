// Reports of voices and comments (spec: three categories and a description; one per member and voice, a second
// answers "already reported", HTTP 409). The unique index decides, not a read before the write, so two
// concurrent reports by one member store one and answer 409 to the other. Rate limited per member.
import { commentReports, voiceReports } from "#db/schema";
import { REPORT_CATEGORIES, REPORT_DESCRIPTION_MAX, type ReportAnswer, type ReportCategory } from "#contracts/voices";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { hit } from "../../lib/rate-limit";
import type { MemberScope } from "../scope";
import { visibleVoice } from "../voices";
import { visibleComment } from "./comments";
import { codePoints, memberText } from "./text";

export type ReportInput = { category?: unknown; description?: unknown };

/** The report as stored, or why it cannot be (4407 category, 4408 "other" without a description, 4409 too long). */
export function reportInput(input: ReportInput): Result<{ category: ReportCategory; description: string }> {
  const category = REPORT_CATEGORIES.find((c) => c === input.category);
  if (!category) return refusal(Code.REPORT_CATEGORY_INVALID);
  const description = typeof input.description === "string" ? memberText(input.description) : "";
  if (codePoints(description) > REPORT_DESCRIPTION_MAX)
    return refusal(Code.REPORT_DESCRIPTION_TOO_LONG, { params: { max: REPORT_DESCRIPTION_MAX } });
  if (category === "other" && !description) return refusal(Code.REPORT_DESCRIPTION_REQUIRED);
  return done({ category, description });
}

/** Reports a voice the member may see and did not make. */
export async function reportVoice(s: MemberScope, voiceId: string, input: ReportInput, now = Date.now()): Promise<Result<ReportAnswer>> {
  const report = reportInput(input);
  if (!report.ok) return report;
  const voice = await visibleVoice(s.db, s.member, voiceId);
  if (!voice) return refusal(Code.VOICE_NOT_FOUND);
  if (voice.ownerId === s.member.id) return refusal(Code.REPORT_OWN);
  if (!(await hit(s.env, "reportsPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const [stored] = await s.db
    .insert(voiceReports)
    .values({ id: crypto.randomUUID(), voiceId, memberId: s.member.id, ...report.value, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: voiceReports.id });
  return stored ? done({ reported: true as const }) : refusal(Code.VOICE_ALREADY_REPORTED);
}

/** Reports a comment the member may see and did not write. */
export async function reportComment(
  s: MemberScope,
  commentId: string,
  input: ReportInput,
  now = Date.now(),
): Promise<Result<ReportAnswer>> {
  const report = reportInput(input);
  if (!report.ok) return report;
  const comment = await visibleComment(s.db, s.member, commentId);
  if (!comment) return refusal(Code.COMMENT_NOT_FOUND);
  if (comment.memberId === s.member.id) return refusal(Code.REPORT_OWN);
  if (!(await hit(s.env, "reportsPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const [stored] = await s.db
    .insert(commentReports)
    .values({ id: crypto.randomUUID(), commentId, memberId: s.member.id, ...report.value, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: commentReports.id });
  return stored ? done({ reported: true as const }) : refusal(Code.COMMENT_ALREADY_REPORTED);
}
