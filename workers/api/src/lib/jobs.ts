import { refundJob } from "./allowance";
import { Code } from "./codes";
import { refusal } from "./envelope";
import { JOB_LIMITS } from "./rate-limit";

/**
 * A member's work in progress, bounded (docs/decisions/0017): every project generation, conversion
 * and one-call TTS/STS request holds a row of `active_jobs` while it lasts. Each check and its write
 * are one SQL statement, so concurrent requests cannot pass a limit together.
 */

export type JobKind = "tts" | "sts" | "tts-call" | "sts-call" | "voice-call" | "custom-voice";

/** Rows that still count: their heartbeat is recent (?3 is now). */
const LIVE = `heartbeat_at > ?3 - ${JOB_LIMITS.staleMs}`;
const ALL_SLOTS = JOB_LIMITS.running + JOB_LIMITS.waiting;

/** The refusal of a job past the limits (4220), its message with the numbers of `JOB_LIMITS`. */
export const JOB_LIMIT_REFUSAL = refusal(Code.JOB_LIMIT, { params: { running: JOB_LIMITS.running, waiting: JOB_LIMITS.waiting } });

/**
 * Admits a job as waiting for a running slot, if the member has fewer than running + waiting jobs
 * and (for a project generation) the project has no active one. Answers the project's active job
 * instead when there is one, or a refusal.
 */
export async function admitJob(
  db: D1Database,
  job: { id: string; memberId: string; kind: JobKind; projectId?: string | null },
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; activeJobId?: string }> {
  await reapStale(db, job.memberId, now);
  const inserted = await db
    .prepare(
      `INSERT INTO active_jobs (id, member_id, project_id, kind, state, created_at, heartbeat_at)
       SELECT ?1, ?2, ?4, ?5, 'queued', ?3, ?3
       WHERE (SELECT COUNT(*) FROM active_jobs WHERE member_id = ?2 AND ${LIVE}) < ${ALL_SLOTS}
       ON CONFLICT DO NOTHING`,
    )
    .bind(job.id, job.memberId, now, job.projectId ?? null, job.kind)
    .run();
  if (inserted.meta.changes === 1) return { ok: true };
  if (job.kind !== "tts" || !job.projectId) return { ok: false };
  const active = await db
    .prepare("SELECT id FROM active_jobs WHERE project_id = ?1 AND kind = 'tts'")
    .bind(job.projectId)
    .first<{ id: string }>();
  return active ? { ok: false, activeJobId: active.id } : { ok: false };
}

/** The active generation of a project, if any (a dead one is cleaned up first and does not count). */
export async function activeProjectJob(db: D1Database, memberId: string, projectId: string, now = Date.now()) {
  await reapStale(db, memberId, now);
  return (
    (await db.prepare("SELECT id FROM active_jobs WHERE project_id = ?1 AND kind = 'tts'").bind(projectId).first<{ id: string }>())?.id ??
    null
  );
}

/**
 * Takes one of the member's running slots for an admitted job (or keeps the one it has) and beats
 * its heartbeat: "running", "wait" (all slots busy) or "gone" (the row was cleaned up as dead).
 */
export async function claimRun(db: D1Database, jobId: string, memberId: string, now = Date.now()): Promise<"running" | "wait" | "gone"> {
  const claimed = await db
    .prepare(
      `UPDATE active_jobs SET state = 'running', heartbeat_at = ?3
       WHERE id = ?1 AND (state = 'running' OR (SELECT COUNT(*) FROM active_jobs WHERE member_id = ?2 AND state = 'running' AND ${LIVE}) < ${JOB_LIMITS.running})
       RETURNING id`,
    )
    .bind(jobId, memberId, now)
    .first();
  if (claimed) return "running";
  const row = await db.prepare("UPDATE active_jobs SET heartbeat_at = ?2 WHERE id = ?1 RETURNING id").bind(jobId, now).first();
  return row ? "wait" : "gone";
}

/** Keeps a long step's job alive (a conversion reports progress). */
export const heartbeat = (db: D1Database, jobId: string, now = Date.now()) =>
  db.prepare("UPDATE active_jobs SET heartbeat_at = ?2 WHERE id = ?1").bind(jobId, now).run();

/** The job has ended: its slot is free. */
export const finishJob = (db: D1Database, jobId: string) => db.prepare("DELETE FROM active_jobs WHERE id = ?1").bind(jobId).run();

/**
 * A one-call request (POST /studio/tts, /studio/sts) runs under the same limits: admitted as
 * waiting, then it waits up to `callWaitMs` for a running slot. Answers the release function, or
 * null when refused (over the limits, or no slot in time).
 */
export async function runSlot(db: D1Database, memberId: string, kind: "tts-call" | "sts-call" | "voice-call") {
  const id = crypto.randomUUID();
  if (!(await admitJob(db, { id, memberId, kind })).ok) return null;
  const until = Date.now() + JOB_LIMITS.callWaitMs;
  for (;;) {
    const claim = await claimRun(db, id, memberId);
    if (claim === "running") return { id, release: () => finishJob(db, id) };
    if (claim === "gone" || Date.now() > until) {
      await finishJob(db, id);
      return null;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Cleans up jobs that stopped beating (a Durable Object that died for good, a request whose isolate
 * was killed): their open charges are refunded, then the rows deleted. One member's, or everyone's
 * (the daily cron).
 */
export async function reapStale(db: D1Database, memberId: string | null, now = Date.now()) {
  const stale = await db
    .prepare(`SELECT id FROM active_jobs WHERE heartbeat_at <= ?2 - ${JOB_LIMITS.staleMs} AND (?1 IS NULL OR member_id = ?1) LIMIT 200`)
    .bind(memberId, now)
    .all<{ id: string }>();
  for (const { id } of stale.results) {
    await refundJob(db, id, now);
    await finishJob(db, id);
  }
  // A charge left open by a job whose row is already gone (it ended without settling or refunding it).
  const orphans = await db
    .prepare(
      `SELECT DISTINCT job_id AS id FROM job_charges WHERE settled_at IS NULL AND refunded_at IS NULL AND created_at <= ?2 - ${JOB_LIMITS.staleMs}
       AND (?1 IS NULL OR member_id = ?1) AND job_id NOT IN (SELECT id FROM active_jobs) LIMIT 200`,
    )
    .bind(memberId, now)
    .all<{ id: string }>();
  for (const { id } of orphans.results) await refundJob(db, id, now);
  return stale.results.length + orphans.results.length;
}
