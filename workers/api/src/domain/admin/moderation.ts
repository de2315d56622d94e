import { and, desc, eq } from "drizzle-orm";
import { actorApplications, commentReports, members, voiceComments, voiceEvents, voiceReports, voices } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { signQuery } from "../../lib/signed-url";
import { featureVoice, hideComment, hideVoice, restoreComment, restoreVoice, unfeatureVoice } from "../library/moderation";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/**
 * The console's side of the voice library (docs/decisions/0028 for the library, 0032 for the console): the
 * report queue, hiding and restoring a voice or a comment (its creator sees that it is hidden and why),
 * featuring a voice in the Event tab, and the actor applications from /actors. Each change writes an audit row.
 */

const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);

export const REPORT_STATUSES = ["open", "dismissed", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The newest 100 reports of voices and of comments in one status (open by default; `all` for every one), with
 * what they are about, whether it is hidden now and the report's own status.
 */
export async function reportQueue(s: MemberScope, status: ReportStatus | "all" = "open") {
  const [voiceRows, commentRows] = await Promise.all([
    s.db
      .select({
        report: voiceReports,
        voiceName: voices.name,
        hiddenAt: voices.hiddenAt,
        hiddenReason: voices.hiddenReason,
        reporter: members.email,
      })
      .from(voiceReports)
      .innerJoin(voices, eq(voices.id, voiceReports.voiceId))
      .leftJoin(members, eq(members.id, voiceReports.memberId))
      .where(status === "all" ? undefined : eq(voiceReports.status, status))
      .orderBy(desc(voiceReports.createdAt))
      .limit(100),
    s.db
      .select({
        report: commentReports,
        text: voiceComments.text,
        hiddenAt: voiceComments.hiddenAt,
        hiddenReason: voiceComments.hiddenReason,
        reporter: members.email,
      })
      .from(commentReports)
      .innerJoin(voiceComments, eq(voiceComments.id, commentReports.commentId))
      .leftJoin(members, eq(members.id, commentReports.memberId))
      .where(status === "all" ? undefined : eq(commentReports.status, status))
      .orderBy(desc(commentReports.createdAt))
      .limit(100),
  ]);
  return done({
    voices: voiceRows.map((r) => ({
      id: r.report.id,
      voiceId: r.report.voiceId,
      voiceName: r.voiceName,
      status: r.report.status,
      category: r.report.category,
      description: r.report.description,
      reporter: r.reporter,
      createdAt: iso(r.report.createdAt),
      hidden: r.hiddenAt !== null,
      hiddenReason: r.hiddenReason,
    })),
    comments: commentRows.map((r) => ({
      id: r.report.id,
      commentId: r.report.commentId,
      text: r.text,
      status: r.report.status,
      category: r.report.category,
      description: r.report.description,
      reporter: r.reporter,
      createdAt: iso(r.report.createdAt),
      hidden: r.hiddenAt !== null,
      hiddenReason: r.hiddenReason,
    })),
  });
}

/**
 * Hides (with a reason the creator sees) or restores a voice or a comment. Hiding resolves its open reports
 * (they were acted on). One audit row.
 */
export async function moderate(s: MemberScope, kind: "voice" | "comment", id: string, hide: boolean, reason: string, now: number) {
  const table = kind === "voice" ? voices : voiceComments;
  const before = await s.db
    .select({ hiddenAt: table.hiddenAt, hiddenReason: table.hiddenReason })
    .from(table)
    .where(eq(table.id, id))
    .get();
  const result: Result<{ hidden: boolean }> =
    kind === "voice"
      ? hide
        ? await hideVoice(s.db, id, reason, now)
        : await restoreVoice(s.db, id)
      : hide
        ? await hideComment(s.db, id, reason, now)
        : await restoreComment(s.db, id);
  if (!result.ok) return result;
  const after = { hiddenAt: hide ? now : null, hiddenReason: hide ? reason : null };
  const log = entry(
    s.db,
    s.member,
    { action: `${kind}.${hide ? "hide" : "restore"}`, targetType: kind, targetId: id, before: before ?? null, after },
    now,
  );
  if (!hide) await log;
  else {
    const resolved = { status: "resolved" as const, resolvedAt: now, resolvedBy: s.member.id };
    await s.db.batch([
      log,
      kind === "voice"
        ? s.db
            .update(voiceReports)
            .set(resolved)
            .where(and(eq(voiceReports.voiceId, id), eq(voiceReports.status, "open")))
        : s.db
            .update(commentReports)
            .set(resolved)
            .where(and(eq(commentReports.commentId, id), eq(commentReports.status, "open"))),
    ]);
  }
  return result;
}

/** Dismisses one open report (nothing to act on): 404 for an unknown one, 4537 when it was already handled. One audit row. */
export async function dismissReport(s: MemberScope, kind: "voice" | "comment", reportId: string, now: number) {
  const table = kind === "voice" ? voiceReports : commentReports;
  const before = await s.db.select({ status: table.status }).from(table).where(eq(table.id, reportId)).get();
  if (!before) return refusal(Code.NOT_FOUND);
  if (before.status !== "open") return refusal(Code.REPORT_NOT_OPEN);
  const after = { status: "dismissed" as const, resolvedAt: now, resolvedBy: s.member.id };
  const [changed] = await s.db.batch([
    s.db
      .update(table)
      .set(after)
      .where(and(eq(table.id, reportId), eq(table.status, "open")))
      .returning({ id: table.id }),
    entry(s.db, s.member, { action: `${kind}_report.dismiss`, targetType: `${kind}_report`, targetId: reportId, before, after }, now),
  ]);
  // Another operator handled it between the read and the write: the audit row stands for an attempt that changed nothing.
  return changed.length ? done({ id: reportId, status: "dismissed" as const }) : refusal(Code.REPORT_NOT_OPEN);
}

/** Features a voice from `startsAt` to `endsAt` (the Event tab). One audit row. */
export async function feature(s: MemberScope, voiceId: string, startsAt: number, endsAt: number, now: number) {
  const result = await featureVoice(s.db, voiceId, startsAt, endsAt, now);
  if (!result.ok) return result;
  await entry(
    s.db,
    s.member,
    { action: "voice.feature", targetType: "voice", targetId: voiceId, before: null, after: { event: result.value.id, startsAt, endsAt } },
    now,
  );
  return result;
}

/** Ends a feature. One audit row. */
export async function unfeature(s: MemberScope, eventId: string, now: number) {
  const before = await s.db.select().from(voiceEvents).where(eq(voiceEvents.id, eventId)).get();
  const result = await unfeatureVoice(s.db, eventId);
  if (!result.ok) return result;
  await entry(
    s.db,
    s.member,
    { action: "voice.unfeature", targetType: "voice", targetId: before?.voiceId ?? eventId, before: before ?? null, after: null },
    now,
  );
  return result;
}

/** The featured voices (current and future events), soonest ending first. */
export async function featuredVoices(s: MemberScope) {
  const rows = await s.db
    .select({ event: voiceEvents, name: voices.name })
    .from(voiceEvents)
    .innerJoin(voices, eq(voices.id, voiceEvents.voiceId))
    .orderBy(voiceEvents.endsAt)
    .limit(100);
  return done({
    items: rows.map((r) => ({
      id: r.event.id,
      voiceId: r.event.voiceId,
      name: r.name,
      startsAt: new Date(r.event.startsAt).toISOString(),
      endsAt: new Date(r.event.endsAt).toISOString(),
    })),
  });
}

export const APPLICATION_STATUSES = ["received", "contacted", "declined"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The purpose of an actor sample's signed URL (lib/signed-url.ts). */
export const SAMPLE_PURPOSE = "actor-sample";

/**
 * The newest 100 actor applications from /actors in one status (or all), an uploaded sample as a signed URL
 * valid 10 minutes (`/api/v1/actors/samples/:id?exp&sig`, never public; routes/actor-samples.ts).
 */
export async function actorApplicationList(s: MemberScope, status: ApplicationStatus | "all", now: number) {
  const rows = await s.db
    .select()
    .from(actorApplications)
    .where(status === "all" ? undefined : eq(actorApplications.status, status))
    .orderBy(desc(actorApplications.createdAt))
    .limit(100);
  const items = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      contact: r.contact,
      sampleUrl: r.sampleUrl,
      hasSample: r.sampleKey !== null,
      sampleFile: r.sampleKey ? `/api/v1/actors/samples/${r.id}?${await signQuery(s.env.JWT_SECRET, SAMPLE_PURPOSE, r.id, now)}` : null,
      sampleFormat: r.sampleFormat,
      sampleDurationMs: r.sampleDurationMs,
      locale: r.locale,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
  );
  return done({ items });
}

/** Moves an application to received, contacted or declined (a contact with one received application cannot apply again). One audit row. */
export async function setApplicationStatus(s: MemberScope, id: string, status: ApplicationStatus, now: number) {
  const before = await s.db.select({ status: actorApplications.status }).from(actorApplications).where(eq(actorApplications.id, id)).get();
  if (!before) return refusal(Code.NOT_FOUND);
  // Back to received only while the contact has no other received application (the partial unique index).
  const [changed] = await s.db
    .update(actorApplications)
    .set({ status })
    .where(eq(actorApplications.id, id))
    .returning({ id: actorApplications.id })
    .catch(() => [] as { id: string }[]);
  if (!changed) return refusal(Code.ACTOR_ALREADY_APPLIED);
  await entry(
    s.db,
    s.member,
    { action: "actor_application.status", targetType: "actor_application", targetId: id, before, after: { status } },
    now,
  );
  return done({ id, status });
}
