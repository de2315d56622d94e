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
const PERIOD_END = "(CASE WHEN usage_period_end <= ?3 THEN CAST(strftime('%s', ?3 / 1000, 'unixepoch', '+1 month') AS INTEGER) * 1000 ELSE usage_period_end END)";

export async function spend(db: D1Database, memberId: string, kind: Kind, amount: number, now = Date.now()): Promise<Spend> {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`amount must be a non-negative integer, got ${amount}`);
  const col = COLUMN[kind];
  const limit = LIMIT[kind];
  // The other counter also restarts with a new period.
  const other = COLUMN[kind === "chars" ? "seconds" : "chars"];
  const row = await db
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
    .bind(memberId, amount, now)
    .first<{ used: number; lim: number }>();
  if (row) return { ok: true, used: row.used, limit: row.lim };
  const state = await usage(db, memberId, kind, now);
  if (!state) return { ok: false, used: 0, limit: 0, reason: "no-member" };
  return { ok: false, ...state, reason: state.used >= state.limit ? "exhausted" : "short" };
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
export const PROJECT_LIMIT_SQL = "(SELECT COALESCE(p.project_limit, 3) FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?2)";

/** Custom voice slots of the member's plan (-1 = unlimited) and how many are used. */
export async function customVoiceSlots(db: D1Database, memberId: string) {
  const row = await db
    .prepare(
      `SELECT COALESCE(p.cv_cnt, 0) AS slots, (SELECT COUNT(*) FROM voices v WHERE v.owner_id = m.id AND v.type = 'custom') AS used
       FROM members m LEFT JOIN plans p ON p.plan = m.plan WHERE m.id = ?1`,
    )
    .bind(memberId)
    .first<{ slots: number; used: number }>();
  return row ? { slots: row.slots, used: row.used, full: row.slots >= 0 && row.used >= row.slots } : null;
}
