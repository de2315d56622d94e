import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { cancellations, inferences, inquiries, paragraphs, paragraphTakes, payments, projectMusic, projects } from "#db/schema";
import type * as schema from "#db/schema";
import type { Bindings } from "../env";
import { createMailer } from "../integrations/mailer";
import { expireUploads, UPLOAD_KEEP_MS } from "../lib/cleanup";
import { releaseAudio } from "../lib/media";
import { noticeDormant, separateDormant } from "./accounts/dormancy";
import { deleteInquiries } from "./help/inquiries";

/**
 * Retention (spec section 9; the README's retention table; docs/decisions/0032), run by the daily cron after
 * `cleanUp` (which already deletes error reports past 3 months). Each step takes at most `BATCH` rows a run,
 * so one run's work is bounded; a backlog drains over the following days.
 *
 * - uploaded and generated content, 30 days after its last change: checked recordings (`expireUploads`),
 *   results in the work history (a review counts as a change) and their files, and the generated audio of
 *   projects not edited for 30 days (the paragraphs' text stays, its audio goes);
 * - inquiries (complaints), 3 years after their last change, with their images;
 * - payments and cancellations (contracts and payments), 5 years;
 * - dormant accounts: the notice 30 days before, then the separation (domain/accounts/dormancy.ts).
 */
export const RETENTION = {
  contentMs: UPLOAD_KEEP_MS,
  inquiriesMs: 3 * 365 * 86_400_000,
  paymentsMs: 5 * 365 * 86_400_000,
} as const;
const BATCH = 500;

type Db = DrizzleD1Database<typeof schema> & { $client: D1Database };

export async function applyRetention(env: Bindings, db: Db, now: number) {
  const cutoff = now - RETENTION.contentMs;

  const uploads = await expireUploads(db, env.MEDIA, now);

  const oldResults = await db
    .select({ id: inferences.id, audioKey: inferences.audioKey, sourceKey: inferences.sourceKey })
    .from(inferences)
    .where(and(lt(inferences.createdAt, cutoff), or(isNull(inferences.reviewedAt), lt(inferences.reviewedAt, cutoff))))
    .limit(BATCH);
  for (let i = 0; i < oldResults.length; i += 50) {
    await db.delete(inferences).where(
      inArray(
        inferences.id,
        oldResults.slice(i, i + 50).map((r) => r.id),
      ),
    );
  }

  const staleAudio = await db
    .select({ id: paragraphs.id, audioKey: paragraphs.audioKey })
    .from(paragraphs)
    .innerJoin(projects, eq(projects.id, paragraphs.projectId))
    .where(and(isNotNull(paragraphs.audioKey), lt(projects.updatedAt, cutoff)))
    .limit(BATCH);
  for (let i = 0; i < staleAudio.length; i += 50) {
    await db
      .update(paragraphs)
      .set({ audioKey: null, audioHash: null, durationMs: null, sentences: null })
      .where(
        inArray(
          paragraphs.id,
          staleAudio.slice(i, i + 50).map((r) => r.id),
        ),
      );
  }
  // The takes of a project left that long go with its audio.
  const staleTakes = await db
    .select({ id: paragraphTakes.id, audioKey: paragraphTakes.audioKey })
    .from(paragraphTakes)
    .innerJoin(projects, eq(projects.id, paragraphTakes.projectId))
    .where(lt(projects.updatedAt, cutoff))
    .limit(BATCH);
  for (let i = 0; i < staleTakes.length; i += 50) {
    await db.delete(paragraphTakes).where(
      inArray(
        paragraphTakes.id,
        staleTakes.slice(i, i + 50).map((r) => r.id),
      ),
    );
  }
  // And so does its background music.
  const staleMusic = await db
    .select({ projectId: projectMusic.projectId, audioKey: projectMusic.audioKey })
    .from(projectMusic)
    .innerJoin(projects, eq(projects.id, projectMusic.projectId))
    .where(lt(projects.updatedAt, cutoff))
    .limit(BATCH);
  for (let i = 0; i < staleMusic.length; i += 50) {
    await db.delete(projectMusic).where(
      inArray(
        projectMusic.projectId,
        staleMusic.slice(i, i + 50).map((r) => r.projectId),
      ),
    );
  }
  await releaseAudio(db, env.MEDIA, [
    ...oldResults.flatMap((r) => [r.audioKey, r.sourceKey]),
    ...staleAudio.map((r) => r.audioKey),
    ...staleTakes.map((r) => r.audioKey),
    ...staleMusic.map((r) => r.audioKey),
  ]);

  const oldInquiries = await db
    .select({ no: inquiries.no })
    .from(inquiries)
    .where(lt(inquiries.updatedAt, now - RETENTION.inquiriesMs))
    .limit(BATCH);
  for (let i = 0; i < oldInquiries.length; i += 50) {
    await deleteInquiries(
      db,
      env.MEDIA,
      oldInquiries.slice(i, i + 50).map((r) => r.no),
    );
  }

  const [oldPayments, oldCancellations] = await db.batch([
    db.delete(payments).where(lt(payments.createdAt, now - RETENTION.paymentsMs)),
    db.delete(cancellations).where(lt(cancellations.createdAt, now - RETENTION.paymentsMs)),
  ]);

  const noticed = await noticeDormant(db, createMailer(env, db), now);
  const separated = await separateDormant(db, now);

  return {
    uploads,
    results: oldResults.length,
    paragraphAudio: staleAudio.length,
    inquiries: oldInquiries.length,
    payments: oldPayments.meta.changes,
    cancellations: oldCancellations.meta.changes,
    dormantNotices: noticed,
    dormantSeparated: separated,
  };
}
