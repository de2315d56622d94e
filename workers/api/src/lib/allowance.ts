/**
 * The one place that decides what a member's plan allows and spends AI allowance (spec sections 4
 * and 9: characters or time are deducted on AI use, not on download; monthly allowances do not carry
 * over, except what an upgrade carries into its new period). The limits come from the plan catalogue
 * (`plans.plan_txt`, `plans.plan_time` in minutes, `project_limit`, `cv_cnt`) plus the period's
 * carry-over (`carry_chars`, `carry_seconds`); paid periods follow the payment dates (lib/billing.ts
 * sets `usage_period_end` to the period's end), a Free member's month starts at the first use.
 *
 * Spending is one conditional UPDATE in D1: the period rolls over, the check and the increment happen
 * in the same statement, so concurrent generations can never overspend nor drive a counter negative.
 */

/** What a spend answers: the counter after it (or unchanged when refused), the plan's limit, and why it was refused. */
export type Spend = { ok: boolean; used: number; limit: number; reason?: "exhausted" | "short" | "no-member" };

type Kind = "chars" | "seconds";
const COLUMN: Record<Kind, string> = { chars: "used_chars", seconds: "used_seconds" };
const CARRY: Record<Kind, string> = { chars: "carry_chars", seconds: "carry_seconds" };

/** The counter as the statement sees it: zero once the period has ended (no carry-over). */
const current = (col: string) => `(CASE WHEN usage_period_end <= ?3 THEN 0 ELSE ${col} END)`;

/** The period's allowance of each kind, in the counter's unit: the plan's, plus what an upgrade carried in. */
const LIMIT: Record<Kind, string> = {
  chars: `((SELECT plan_txt FROM plans WHERE plans.plan = members.plan) + ${current(CARRY.chars)})`,
  seconds: `((SELECT plan_time * 60 FROM plans WHERE plans.plan = members.plan) + ${current(CARRY.seconds)})`,
};
/** A new period runs one calendar month from now; an unfinished one keeps its end. */
const PERIOD_END =
  "(CASE WHEN usage_period_end <= ?3 THEN CAST(strftime('%s', ?3 / 1000, 'unixepoch', '+1 month') AS INTEGER) * 1000 ELSE usage_period_end END)";

/** The conditional UPDATE of a spend (?1 member, ?2 amount, ?3 now): it changes the row only when the amount fits. */
function spendStatement(db: D1Database, memberId: string, kind: Kind, amount: number, now: number) {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative integer, got ${amount}`);
  const col = COLUMN[kind];
  const limit = LIMIT[kind];
  // The other counter also restarts with a new period.
  const other = COLUMN[kind === "chars" ? "seconds" : "chars"];
  return db
    .prepare(
      `UPDATE members SET
         ${col} = ${current(col)} + ?2,
         ${other} = ${current(other)},
         carry_chars = ${current("carry_chars")},
         carry_seconds = ${current("carry_seconds")},
         usage_period_end = ${PERIOD_END}
       WHERE id = ?1 AND ${current(col)} + ?2 <= ${limit}
       RETURNING ${col} AS used, ${limit} AS lim`,
    )
    .bind(memberId, amount, now);
}

async function refused(db: D1Database, memberId: string, kind: Kind, now: number): Promise<Spend> {
  const state = await usage(db, memberId, kind, now);
  if (!state) return { ok: false, used: 0, limit: 0, reason: "no-member" };
  return { ok: false, ...state, reason: state.used >= state.limit ? "exhausted" : "short" };
}

export async function spend(db: D1Database, memberId: string, kind: Kind, amount: number, now = Date.now()): Promise<Spend> {
  const row = await spendStatement(db, memberId, kind, amount, now).first<{ used: number; lim: number }>();
  if (row) return { ok: true, used: row.used, limit: row.lim };
  return refused(db, memberId, kind, now);
}

/** Who takes a job item's allowance: the ledger key of the item (`job:item:attempt`) and its job. */
export type Charge = { key: string; jobId: string };

/**
 * Spends for one job item and writes the charge in the ledger (`job_charges`) in the same
 * transaction: the ledger row exists exactly when the allowance was taken, so an interrupted item
 * can be refunded without guessing (docs/decisions/0017). A key already in the ledger is refused.
 */
export async function spendCharge(
  db: D1Database,
  charge: Charge,
  memberId: string,
  kind: Kind,
  amount: number,
  now = Date.now(),
): Promise<Spend> {
  const [spent] = await db.batch<{ used: number; lim: number }>([
    spendStatement(db, memberId, kind, amount, now),
    // changes(): the rows the UPDATE just changed (1 when the amount fit, else 0).
    db
      .prepare(
        `INSERT INTO job_charges (key, job_id, member_id, kind, amount, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE changes() = 1`,
      )
      .bind(charge.key, charge.jobId, memberId, kind, amount, now),
  ]);
  const row = spent?.results[0];
  if (row) return { ok: true, used: row.used, limit: row.lim };
  return refused(db, memberId, kind, now);
}

/** Marks a charge as kept (its result is stored): it is never refunded after that. */
export const settleCharge = (db: D1Database, key: string, now = Date.now()) =>
  db.prepare("UPDATE job_charges SET settled_at = ?2 WHERE key = ?1 AND settled_at IS NULL AND refunded_at IS NULL").bind(key, now).run();

/**
 * Gives back what one job item took, at most once: the counter and the charge's mark change in one
 * transaction, both conditional on the charge being open, so a second call (a second alarm, the
 * cron) changes nothing. Answers "refunded" (this call gave it back), "already" (given back before),
 * "settled" (the result was kept) or "none" (nothing was taken under this key).
 */
export async function refundCharge(db: D1Database, key: string, now = Date.now()): Promise<"refunded" | "already" | "settled" | "none"> {
  const open = (kind: Kind) =>
    `COALESCE((SELECT amount FROM job_charges WHERE key = ?1 AND kind = '${kind}' AND settled_at IS NULL AND refunded_at IS NULL), 0)`;
  const [, marked] = await db.batch<{ key: string }>([
    // Within the same period only: a new period has already started the counter over.
    db
      .prepare(
        `UPDATE members SET used_chars = MAX(0, used_chars - ${open("chars")}), used_seconds = MAX(0, used_seconds - ${open("seconds")})
         WHERE id = (SELECT member_id FROM job_charges WHERE key = ?1) AND usage_period_end > ?2`,
      )
      .bind(key, now),
    db
      .prepare("UPDATE job_charges SET refunded_at = ?2 WHERE key = ?1 AND settled_at IS NULL AND refunded_at IS NULL RETURNING key")
      .bind(key, now),
  ]);
  if (marked?.results.length) return "refunded";
  const row = await db
    .prepare("SELECT settled_at AS settled, refunded_at AS refunded FROM job_charges WHERE key = ?1")
    .bind(key)
    .first<{ settled: number | null; refunded: number | null }>();
  if (!row) return "none";
  return row.refunded !== null ? "already" : "settled";
}

/** Refunds every open charge of a job (a job found dead); answers how many were given back now. */
export async function refundJob(db: D1Database, jobId: string, now = Date.now()) {
  const open = await db
    .prepare("SELECT key FROM job_charges WHERE job_id = ?1 AND settled_at IS NULL AND refunded_at IS NULL")
    .bind(jobId)
    .all<{ key: string }>();
  let refunded = 0;
  for (const { key } of open.results) if ((await refundCharge(db, key, now)) === "refunded") refunded++;
  return refunded;
}

/** Gives back allowance of a generation that failed; never below zero, and only within the same period. */
export async function refund(db: D1Database, memberId: string, kind: Kind, amount: number, now = Date.now()) {
  const col = COLUMN[kind];
  await db
    .prepare(`UPDATE members SET ${col} = MAX(0, ${col} - ?2) WHERE id = ?1 AND usage_period_end > ?3`)
    .bind(memberId, amount, now)
    .run();
}

/** Used and limit of one kind in the current period (used is 0 after the period ended). */
export async function usage(db: D1Database, memberId: string, kind: Kind, now = Date.now()) {
  const col = COLUMN[kind];
  const row = await db
    .prepare(`SELECT ${current(col)} AS used, ${LIMIT[kind]} AS lim FROM members WHERE id = ?1`)
    .bind(memberId, null, now)
    .first<{ used: number; lim: number | null }>();
  return row ? { used: row.used, limit: row.lim ?? 0 } : null;
}

/**
 * The plan's project limit for a member, as SQL with the member's id at ?2 (-1 = unlimited; a
 * member without a plan row gets the Free limit, 3). Project creation checks it in its INSERT.
 */
export const PROJECT_LIMIT_SQL =
  "(SELECT COALESCE(p.project_limit, 3) FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?2)";

/** Custom voice slots of the member's plan (-1 = unlimited) and how many are used. */
/**
 * The custom voices that take a slot (docs/decisions/0034): being made or made, not deleted, not failed. A condition on
 * the `voices` table's own columns, used by every count of used slots (creation, the slots page, the profile's plan state).
 */
export const LIVE_CUSTOM = "voices.type = 'custom' AND voices.deleted_at IS NULL AND voices.status != 'failed'";

export async function customVoiceSlots(db: D1Database, memberId: string) {
  const row = await db
    .prepare(
      `SELECT COALESCE(p.cv_cnt, 0) AS slots, (SELECT COUNT(*) FROM voices WHERE voices.owner_id = m.id AND ${LIVE_CUSTOM}) AS used
       FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?1`,
    )
    .bind(memberId)
    .first<{ slots: number; used: number }>();
  return row ? { slots: row.slots, used: row.used, full: row.slots >= 0 && row.used >= row.slots } : null;
}
