import { and, eq, gt } from "drizzle-orm";
import { emailCerts, members, withdrawals, withdrawnEmails } from "#db/schema";
import type { Bindings } from "../../env";
import { Code } from "../../lib/codes";
import { hmacSha256Hex } from "../../lib/crypto";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db } from "../scope";
import { memberById, type MemberRow } from "./members";

/** Spec section 9: an address can register again 30 days after its withdrawal. */
export const REJOIN_WAIT_MS = 30 * 24 * 60 * 60 * 1000;

/** The keyed hash a withdrawn address is kept as (never the address itself). */
export const withdrawnEmailHash = (env: Bindings, email: string) => hmacSha256Hex(env.EMAIL_HASH_KEY, email.trim().toLowerCase());

/** Remembers that `email` withdrew now (a later withdrawal of a re-registered address restarts the wait). */
export async function rememberWithdrawal(env: Bindings, db: Db, email: string, now = Date.now()) {
  const emailHash = await withdrawnEmailHash(env, email);
  await db
    .insert(withdrawnEmails)
    .values({ emailHash, withdrawnAt: now })
    .onConflictDoUpdate({ target: withdrawnEmails.emailHash, set: { withdrawnAt: now } });
}

/** True when `email` withdrew less than 30 days ago, so it cannot register yet. */
export async function withdrewRecently(env: Bindings, db: Db, email: string, now = Date.now()) {
  const emailHash = await withdrawnEmailHash(env, email);
  const row = await db
    .select({ at: withdrawnEmails.withdrawnAt })
    .from(withdrawnEmails)
    .where(and(eq(withdrawnEmails.emailHash, emailHash), gt(withdrawnEmails.withdrawnAt, now - REJOIN_WAIT_MS)))
    .get();
  return !!row;
}

/** True while a paid plan period remains (withdrawal is blocked then, spec section 4). */
export const paidPeriodRemains = (m: Pick<MemberRow, "plan" | "planEndAt">, now = Date.now()) =>
  m.plan !== "Free" && m.planEndAt !== null && m.planEndAt > now;

/** The withdrawal survey (spec: reason_studio, reason_community, opinion). */
export type WithdrawalAnswers = { reason_studio: string; reason_community: string; opinion: string };

/**
 * Withdrawal: refused while a paid plan period remains; otherwise the answers are kept without the
 * member, the account and its sessions are deleted, and the address is kept only as a keyed hash
 * for the 30-day re-signup wait.
 */
export async function withdraw(env: Bindings, db: Db, memberId: string, answers: WithdrawalAnswers): Promise<Result<{ withdrawn: true }>> {
  const m = await memberById(db, memberId);
  if (!m) return refusal(Code.LOGIN_REQUIRED);
  if (paidPeriodRemains(m)) return refusal(Code.WITHDRAW_PLAN_ACTIVE);
  await rememberWithdrawal(env, db, m.email);
  await db.batch([
    db.insert(withdrawals).values({
      reasonStudio: answers.reason_studio,
      reasonCommunity: answers.reason_community,
      opinion: answers.opinion,
      createdAt: Date.now(),
    }),
    db.delete(emailCerts).where(eq(emailCerts.email, m.email)),
    // refresh_tokens go with the member (ON DELETE CASCADE).
    db.delete(members).where(eq(members.id, m.id)),
  ]);
  return done({ withdrawn: true as const });
}
