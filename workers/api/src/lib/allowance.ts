/**
 * The one place that decides whether a member may spend AI allowance, and spends it (spec sections 4
 * and 9: characters or time are deducted on AI use, not on download; monthly allowances do not carry
 * over). The limits come from the plan catalogue (`plans.plan_txt`, `plans.plan_time` in minutes);
 * the billing issue moves the period to the payment dates.
 *
 * Spending is one conditional UPDATE in D1: the period rolls over, the check and the increment happen
 * in the same statement, so concurrent generations can never overspend nor drive a counter negative.
 */

/** What a spend answers: the counter after it (or unchanged when refused), the plan's limit, and why it was refused. */
export type Spend = { ok: boolean; used: number; limit: number; reason?: "exhausted" | "short" | "no-member" };

type Kind = "chars" | "seconds";
const COLUMN: Record<Kind, string> = { chars: "used_chars", seconds: "used_seconds" };
/** The plan's allowance of each kind, in the counter's unit. */
const LIMIT: Record<Kind, string> = {
  chars: "(SELECT plan_txt FROM plans WHERE plans.plan = members.plan)",
  seconds: "(SELECT plan_time * 60 FROM plans WHERE plans.plan = members.plan)",
};

/** The counter as the statement sees it: zero once the period has ended (no carry-over). */
const current = (col: string) => `(CASE WHEN usage_period_end <= ?3 THEN 0 ELSE ${col} END)`;
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
    .prepare(`SELECT ${current(col).replaceAll("?3", "?2")} AS used, ${LIMIT[kind]} AS lim FROM members WHERE id = ?1`)
    .bind(memberId, now)
    .first<{ used: number; lim: number | null }>();
  return row ? { used: row.used, limit: row.lim ?? 0 } : null;
}
