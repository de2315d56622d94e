import { desc, eq } from "drizzle-orm";
import { actorApplications, commentReports, members, voiceComments, voiceEvents, voiceReports, voices } from "../../../../../db/schema";
import { done, type Result } from "../../lib/envelope";
import { featureVoice, hideComment, hideVoice, restoreComment, restoreVoice, unfeatureVoice } from "../library/moderation";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/**
 * The console's side of the voice library (docs/decisions/0028 for the library, 0032 for the console): the
 * report queue, hiding and restoring a voice or a comment (its creator sees that it is hidden and why),
 * featuring a voice in the Event tab, and the actor applications from /actors. Each change writes an audit row.
 */

const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);

/** The newest 100 reports of voices and of comments, with what they are about and whether it is hidden now. */
export async function reportQueue(s: MemberScope) {
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
      .orderBy(desc(commentReports.createdAt))
      .limit(100),
  ]);
  return done({
    voices: voiceRows.map((r) => ({
      id: r.report.id,
      voiceId: r.report.voiceId,
      voiceName: r.voiceName,
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
      category: r.report.category,
      description: r.report.description,
      reporter: r.reporter,
      createdAt: iso(r.report.createdAt),
      hidden: r.hiddenAt !== null,
      hiddenReason: r.hiddenReason,
    })),
  });
}

/** Hides (with a reason the creator sees) or restores a voice or a comment. One audit row. */
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
  await entry(
    s.db,
    s.member,
    { action: `${kind}.${hide ? "hide" : "restore"}`, targetType: kind, targetId: id, before: before ?? null, after },
    now,
  );
  return result;
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
      startsAt: iso(r.event.startsAt),
      endsAt: iso(r.event.endsAt),
    })),
  });
}

/** The newest 100 actor applications from /actors (the sample file is not served here yet). */
export async function actorApplicationList(s: MemberScope) {
  const rows = await s.db.select().from(actorApplications).orderBy(desc(actorApplications.createdAt)).limit(100);
  return done({
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      contact: r.contact,
      sampleUrl: r.sampleUrl,
      hasSample: r.sampleKey !== null,
      locale: r.locale,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
  });
}
